#!/usr/bin/env bash
# The operator's deployment, tested for real: docker-compose.yml as it is (built images, PostgreSQL, Redis, two api
# processes, two gateways, nginx with TLS) started with Docker and driven from outside as the README's operator,
# devices and a browser would. Run as root (it installs Docker from Debian when missing and starts the daemon).
#   bash scripts/compose-test.sh
# No container registry is reachable here, so the official base images the compose file names (node:20-bookworm-slim,
# postgres:15, redis:7, nginx:1.27) are built once per machine as look-alikes from a Debian root file system
# (debootstrap + docker import; scripts/compose-test/*.Dockerfile) under those tags, unless the real ones are there.
# The Node 20 of the node look-alike is this machine's own (Debian bookworm's nodejs is 18).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
started=$(date +%s)
say() { echo "compose-test: $*"; }
die() { echo "compose-test: FAILED: $*" >&2; exit 1; }

# --- Docker, compose and the tools the test drives the system with -------------------------------------------------
missing=()
command -v dockerd >/dev/null || missing+=(docker.io)
command -v docker-compose >/dev/null || docker compose version >/dev/null 2>&1 || missing+=(docker-compose)
command -v debootstrap >/dev/null || missing+=(debootstrap)
command -v mosquitto_pub >/dev/null || missing+=(mosquitto-clients)
command -v curl >/dev/null || missing+=(curl)
command -v openssl >/dev/null || missing+=(openssl)
command -v str2str >/dev/null || missing+=(rtklib)
if [ ${#missing[@]} -gt 0 ]; then
  say "installing ${missing[*]} from Debian"
  SUDO=; [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
if ! docker info >/dev/null 2>&1; then
  say "starting dockerd (log: /var/log/smi-dockerd.log)"
  nohup dockerd >/var/log/smi-dockerd.log 2>&1 &
  for _ in $(seq 1 60); do docker info >/dev/null 2>&1 && break; sleep 1; done
  docker info >/dev/null 2>&1 || die "dockerd did not start (see /var/log/smi-dockerd.log)"
fi
if docker compose version >/dev/null 2>&1; then dc_bin=(docker compose); else dc_bin=(docker-compose); fi

# --- look-alike base images, built once per machine ----------------------------------------------------------------
lookalike_dir=$root/scripts/compose-test
base_tag=smi-lookalike/bookworm:base
have() { docker image inspect "$1" >/dev/null 2>&1; }
build_base() {
  have "$base_tag" && return
  local mirror rootfs
  # the Debian mirror this machine's apt already uses (deb822 .sources or one-line sources.list), never a fixed one
  mirror=$( (sed -n 's/^URIs: *\([^ ]*\).*/\1/p' /etc/apt/sources.list.d/*.sources 2>/dev/null || true) | grep -v security | head -1 || true)
  [ -n "$mirror" ] || mirror=$( (cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null || true) |
    awk '$1 == "deb" && $2 !~ /security/ { print $2; exit }')
  [ -n "$mirror" ] || die "no Debian mirror in this machine's apt sources (/etc/apt/sources.list, /etc/apt/sources.list.d/): debootstrap needs one; add the mirror apt should use there and run again"
  rootfs=$(mktemp -d /var/tmp/smi-rootfs.XXXXXX)
  say "debootstrap bookworm from $mirror (once per machine, a few minutes)"
  debootstrap --variant=minbase --include=ca-certificates,openssl,postgresql-15,redis-server,nginx,libnginx-mod-stream \
    bookworm "$rootfs" "$mirror" >/var/tmp/smi-debootstrap.log 2>&1 || die "debootstrap failed (see /var/tmp/smi-debootstrap.log)"
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
  tar -C "$rootfs" -c . | docker import -c 'CMD ["bash"]' - "$base_tag" >/dev/null
  rm -rf "$rootfs"
}
lookalike() { # tag name [extra context files...]
  local tag=$1 name=$2
  have "$tag" && return
  build_base
  local ctx
  ctx=$(mktemp -d)
  cp "$lookalike_dir/$name.Dockerfile" "$ctx/Dockerfile"
  cp "$lookalike_dir"/*-entrypoint.sh "$ctx/"
  if [ "$name" = node ]; then
    node_bin=$(command -v node)
    [ "$("$node_bin" -p 'process.versions.node.split(".")[0]')" = 20 ] || die "the node look-alike needs this machine's node to be Node 20"
    cp "$(readlink -f "$node_bin")" "$ctx/node"
    cp -r "$(dirname "$(readlink -f "$(command -v npm)")")/.." "$ctx/npm"
    npmrc=$(npm config get globalconfig 2>/dev/null || true)
    if [ -f "$npmrc" ]; then cp "$npmrc" "$ctx/npmrc"; else : >"$ctx/npmrc"; fi
    cp /etc/ssl/certs/ca-certificates.crt "$ctx/ca-certificates.crt"
  fi
  say "building the look-alike $tag"
  docker build -q --label smi.lookalike=1 -t "$tag" "$ctx" >"$ctx.log" 2>&1 || { cat "$ctx.log"; die "building the look-alike $tag failed"; }
  rm -f "$ctx.log"
  rm -rf "$ctx"
}
lookalike node:20-bookworm-slim node
lookalike postgres:15 postgres
lookalike redis:7 redis
lookalike nginx:1.27 nginx
# MinIO has no Debian package: its look-alike serves the S3 API with s3rver (npm) on :9000, MinIO's own port and keys
lookalike minio/minio:RELEASE.2025-04-22T22-12-26Z minio
say "base images ready ($(( $(date +%s) - started )) s)"

# --- configuration: fresh secrets, free ports -----------------------------------------------------------------------
work=$(mktemp -d)
project=smi-compose-test
# below the kernel's ephemeral range (ip_local_port_range), from which every other program's port 0 and outgoing
# connections are served: a test suite running meanwhile (CI's PostgreSQL pass) never takes one of these before
# Docker binds it
free_ports=($(node -e '
  const net = require("node:net");
  const fs = require("node:fs");
  const low = Number((fs.readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/))[0]) || 32768;
  const free = (port) => new Promise((ok) => { const s = net.createServer().once("error", () => ok(false)).listen(port, () => s.close(() => ok(true))); });
  (async () => {
    const ports = [];
    while (ports.length < 5) {
      const port = 10000 + Math.floor(Math.random() * (low - 10000));
      if (!ports.includes(port) && (await free(port))) ports.push(port);
    }
    console.log(ports.join(" "));
  })();'))
https_port=${free_ports[0]} mqtts_port=${free_ports[1]} mqtt_port=${free_ports[2]} ntrip_port=${free_ports[3]} ntrips_port=${free_ports[4]}
base_url=https://localhost:$https_port
cat >"$work/env" <<EOF
POSTGRES_PASSWORD=$(openssl rand -hex 24)
APP_DB_PASSWORD=$(openssl rand -hex 24)
REDIS_PASSWORD=$(openssl rand -hex 24)
DEVICE_ACTIVATION_SECRET=$(openssl rand -hex 32)
JWT_SECRET=$(openssl rand -hex 32)
S3_SECRET_ACCESS_KEY=$(openssl rand -hex 24)
MQTT_SERVICE_SECRET=$(openssl rand -hex 32)
PUBLIC_URL=$base_url
MQTT_PUBLIC_URL=mqtts://localhost:$mqtts_port
TLS_HOSTNAMES=localhost,127.0.0.1
HTTPS_PORT=$https_port
MQTTS_PORT=$mqtts_port
MQTT_PLAIN_PORT=$mqtt_port
NTRIP_PUBLIC_PORT=$ntrip_port
NTRIPS_PORT=$ntrips_port
SMI_TAG=compose-test
EOF
dc=("${dc_bin[@]}" -p "$project" --env-file "$work/env")
export COMPOSE="${dc[*]}"
cleanup() {
  local rc=$?
  if [ $rc -ne 0 ]; then
    say "logs of the failed run:"
    "${dc[@]}" ps || true
    "${dc[@]}" logs --no-color --tail=60 || true
  fi
  if [ -n "${KEEP:-}" ]; then
    say "KEEP is set: left running; $work/env, then ${dc[*]} down -v"
  else
    "${dc[@]}" down -v --remove-orphans >/dev/null 2>&1 || true
    rm -rf "$work"
  fi
  say "took $(( $(date +%s) - started )) s"
  exit $rc
}
trap cleanup EXIT

# a start without a secret is refused, naming it
if (grep -v '^JWT_SECRET=' "$work/env" >"$work/env.nosecret"; "${dc_bin[@]}" -p "$project" --env-file "$work/env.nosecret" config >/dev/null 2>"$work/err"); then
  die "compose accepted a configuration without JWT_SECRET"
fi
grep -q 'JWT_SECRET' "$work/err" || die "the refusal does not name JWT_SECRET: $(cat "$work/err")"
say "a configuration without JWT_SECRET is refused: $(tail -1 "$work/err" | sed 's/.*": //')"

# --- up ---------------------------------------------------------------------------------------------------------------
say "docker-compose up --build"
"${dc[@]}" up -d --build >"$work/up.log" 2>&1 || { tail -40 "$work/up.log"; die "docker-compose up failed"; }
wait_healthy() {
  local deadline=$(( $(date +%s) + ${2:-300} )) state
  for service in $1; do
    while :; do
      state=$(docker inspect -f '{{if .State.Health}}{{.State.Health.Status}}{{else}}{{.State.Status}}{{end}}' "$("${dc[@]}" ps -q "$service")" 2>/dev/null || true)
      [ "$state" = healthy ] && break
      [ "$(date +%s)" -lt "$deadline" ] || die "$service is not healthy ($state)"
      sleep 2
    done
  done
}
wait_healthy "postgres redis minio api1 api2 gateway1 gateway2 proxy"
say "every service healthy ($(( $(date +%s) - started )) s)"

# the images run as non-root (the container's main process: postgres and redis, like the official images, start as
# root only to hand their volume to their user) and carry no secret
for service in api1 api2 gateway1 gateway2 proxy postgres redis; do
  uid=$("${dc[@]}" exec -T "$service" awk '/^Uid:/ { print $2 }' /proc/1/status | tr -d '\r')
  [ -n "$uid" ] && [ "$uid" != 0 ] || die "$service runs as root"
done
image=site-measurement-iot:compose-test
if docker image inspect -f '{{json .Config.Env}}' "$image" | grep -Eiq 'secret|password'; then die "$image has a secret in its environment"; fi
if docker history --no-trunc "$image" | grep -Eq "$(sed -n 's/^JWT_SECRET=//p' "$work/env")"; then die "$image has the JWT secret in a layer"; fi
say "every service's main process runs as non-root; the image's environment holds no secret"

# every container drops its capabilities, cannot gain privileges, and has a read-only root file system
for service in api1 api2 gateway1 gateway2 proxy postgres redis db-roles certs; do
  id=$("${dc[@]}" ps -a -q "$service")
  [ -n "$id" ] || die "no container for $service"
  hc=$(docker inspect -f '{{json .HostConfig.CapDrop}} {{json .HostConfig.SecurityOpt}} {{.HostConfig.ReadonlyRootfs}}' "$id")
  grep -q '"ALL"' <<<"$hc" && grep -q 'no-new-privileges' <<<"$hc" && grep -q ' true$' <<<"$hc" ||
    die "$service is not hardened: $hc (cap_drop ALL, no-new-privileges, read_only)"
done
# the app connects to PostgreSQL as a role that is no superuser
roles=$("${dc[@]}" exec -T postgres sh -c 'psql -tA -U "$POSTGRES_USER" -d "$POSTGRES_DB" -c "SELECT DISTINCT a.usename || '"'"':'"'"' || r.rolsuper::text FROM pg_stat_activity a JOIN pg_roles r ON r.rolname = a.usename WHERE a.client_addr IS NOT NULL"' | tr -d '\r' | paste -sd' ' -)
[ -n "$roles" ] || die "no app connection to PostgreSQL"
grep -q ':true' <<<"$roles" && die "the app connects to PostgreSQL as a superuser ($roles)"
# the Redis password is on no command line
redis_pass=$(sed -n 's/^REDIS_PASSWORD=//p' "$work/env")
for service in redis api1 gateway1; do
  if "${dc[@]}" exec -T "$service" sh -c 'cat /proc/[0-9]*/cmdline 2>/dev/null' | tr '\0' ' ' | grep -qF "$redis_pass"; then
    die "the Redis password is on a command line in $service"
  fi
done
if docker inspect -f '{{json .Config.Cmd}} {{json .Config.Entrypoint}}' "$("${dc[@]}" ps -q redis)" | grep -qF "$redis_pass"; then
  die "the Redis password is in the redis container's command"
fi
# the private CA's key is not where the proxy can read it
"${dc[@]}" exec -T proxy ls /etc/nginx/certs | tr -d '\r' | grep -qx 'ca-key.pem' && die "the CA's key is in the proxy's certificate folder"
say "every container: cap_drop ALL, no-new-privileges, read-only root; the app's database role is no superuser ($roles); the Redis password on no command line; the CA's key not in the proxy's certificates"

# --- HTTPS through the proxy with the generated CA --------------------------------------------------------------------
"${dc[@]}" exec -T proxy cat /etc/nginx/certs/ca.pem >"$work/ca.pem"
curl_() { curl -sS --cacert "$work/ca.pem" -b "$work/cookies" -c "$work/cookies" -H "Origin: $base_url" "$@"; }
email="operator-$(date +%s)@example.com"
status=$(curl_ -o "$work/reply" -w '%{http_code}' -H 'content-type: application/json' \
  -d "{\"name\":\"Operator\",\"email\":\"$email\",\"password\":\"compose-test-1\"}" "$base_url/api/auth/register")
[ "$status" = 201 ] || die "sign-up answered $status: $(cat "$work/reply")"
curl_ -f -o /dev/null "$base_url/api/auth/sendverifyotp"
code=""
for _ in $(seq 1 30); do
  code=$("${dc[@]}" logs --no-color api1 api2 | grep -F "$email" | grep -F 'verif' | grep -oE '\b[0-9]{6}\b' | tail -1 || true)
  [ -n "$code" ] && break
  sleep 1
done
[ -n "$code" ] || die "no verification code in the api logs"
curl_ -f -o "$work/reply" -H 'content-type: application/json' -d "{\"otp\":\"$code\"}" "$base_url/api/auth/verify-email" || die "verify-email: $(cat "$work/reply")"
grep -q 'Email verified successfully' "$work/reply" || die "verify-email: $(cat "$work/reply")"
say "signed up and verified $email over HTTPS through the proxy (curl --cacert ca.pem, code from the mail in the log)"
# two api processes answer: the proxy's log names the upstream of each request
for _ in 1 2 3 4 5 6; do curl_ -f -o /dev/null "$base_url/api/auth/is-auth"; done
upstreams=$("${dc[@]}" logs --no-color proxy | grep -F '"GET /api/auth/is-auth' | grep -oE 'upstream=[0-9.]+:3000' | sort -u | wc -l)
[ "$upstreams" -ge 2 ] || die "requests were answered by $upstreams api process(es), not 2"
say "6 requests answered by $upstreams api processes"
# the web app itself over HTTPS
curl_ -f -s "$base_url/" | grep -qi '<div id="root"' || die "the web app is not served over HTTPS"
say "the web app is served over HTTPS"

# --- devices, browsers, failures --------------------------------------------------------------------------------------
cookie=$(awk '$0 !~ /^#/ || /^#HttpOnly_/ { if (NF >= 7) { print $6 "=" $7 } }' "$work/cookies" | paste -sd';' -)
DEVICE_ACTIVATION_SECRET=$(sed -n 's/^DEVICE_ACTIVATION_SECRET=//p' "$work/env") \
NODE_EXTRA_CA_CERTS=$work/ca.pem BASE_URL=$base_url CA_FILE=$work/ca.pem COOKIE=$cookie MQTTS_PORT=$mqtts_port STATE_FILE=$work/state.json \
  COMPOSE="$(node -e 'console.log(JSON.stringify(process.argv.slice(1)))' "${dc[@]}")" \
  node scripts/compose-test/drive.mjs

# --- NTRIP through the proxy's 2101: a base pushing with str2str, a rover pulling, byte for byte -------------------
capture=apps/gateway/src/ntrip/testing/rtcm3-3.rtcm3
command -v str2str >/dev/null || die "no str2str (rtklib): scripts/test-deps.sh installs it"
NTRIP_PORT=$ntrip_port STATE_FILE=$work/state.json CAPTURE=$capture \
  COMPOSE="$(node -e 'console.log(JSON.stringify(process.argv.slice(1)))' "${dc[@]}")" \
  node scripts/compose-test/ntrip.mjs || die "NTRIP through the proxy"

# --- the edge: a flood from one address does not keep a rover at another out (the PROXY protocol from nginx) -------
network=$(docker inspect -f '{{range $name, $_ := .NetworkSettings.Networks}}{{$name}} {{end}}' "$("${dc[@]}" ps -q proxy)" | awk '{ print $1 }')
NTRIP_PORT=$ntrip_port STATE_FILE=$work/state.json CAPTURE=$capture NETWORK=$network IMAGE=$image \
  node scripts/compose-test/edge.mjs || die "a flood through the proxy"

# --- a point's photo through the proxy into MinIO and back, byte for byte (decision 067) ----------------------------
photo=apps/api/test-fixtures/photos/sideways-orientation-6.jpg
project_id=$(node -p 'JSON.parse(require("fs").readFileSync(process.argv[1],"utf8")).projectId' "$work/state.json")
point_id=$(curl_ -f "$base_url/api/points/$project_id" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).points[0]._id))')
curl_ -f -o "$work/photo.json" -H 'Content-Type: image/jpeg' --data-binary "@$photo" "$base_url/api/points/$project_id/$point_id/photos?name=manhole.jpg" ||
  die "photo upload: $(cat "$work/photo.json" 2>/dev/null)"
photo_url=$(node -p 'JSON.parse(require("fs").readFileSync(process.argv[1],"utf8")).photo.Url' "$work/photo.json")
curl_ -f -o "$work/photo.back" "$base_url$photo_url" || die "photo read back"
cmp -s "$photo" "$work/photo.back" || die "the photo read back through the proxy differs from the one uploaded"
curl_ -f -o /dev/null "$base_url$photo_url/thumbnail" || die "thumbnail read back"
"${dc[@]}" exec -T minio sh -c 'find /data -path "*original*" | head -1' | grep -q . || die "no photo object in MinIO's volume"
say "a photo stored in MinIO through the proxy and read back byte for byte, with its thumbnail"

# --- backup, wipe the database volume, restore ----------------------------------------------------------------------
points_of() { curl_ -f "$base_url/api/points/$1" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const b=JSON.parse(s);const list=b.points??b.data??b;console.log(list.map(p=>p.Name??p.name).sort().join(","))})'; }
before=$(points_of "$project_id")
[ -n "$before" ] || die "no points to back up"
bash scripts/backup.sh "$work/backup.dump"
[ "$(stat -c %a "$work/backup.dump")" = 600 ] || die "the backup is readable by others ($(stat -c %a "$work/backup.dump"))"
"${dc[@]}" stop api1 api2 gateway1 gateway2 postgres >/dev/null 2>&1
"${dc[@]}" rm -f -v postgres >/dev/null
docker volume rm "${project}_pgdata" >/dev/null
"${dc[@]}" up -d --no-build postgres >/dev/null 2>&1
wait_healthy postgres
tables=$("${dc[@]}" exec -T postgres sh -c 'psql -tA -U "$POSTGRES_USER" -d "$POSTGRES_DB" -c "SELECT count(*) FROM information_schema.tables WHERE table_schema = '"'"'public'"'"'"' | tr -d '\r')
[ "$tables" = 0 ] || die "the new database volume is not empty ($tables tables)"
say "database volume ${project}_pgdata removed: a new, empty database"
bash scripts/restore.sh "$work/backup.dump"
wait_healthy "api1 api2 gateway1 gateway2 proxy"
after=$(points_of "$project_id")
[ "$after" = "$before" ] || die "points after the restore ($after) differ from before ($before)"
say "backup, database volume wiped, restore: all $(tr ',' '\n' <<<"$after" | wc -l) points are back"

"${dc[@]}" down -v --remove-orphans >/dev/null 2>&1
say "docker-compose down -v"
say "PASSED in $(( $(date +%s) - started )) s"
