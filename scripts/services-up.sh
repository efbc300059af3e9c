#!/usr/bin/env bash
# Installs (when missing) and starts, on loopback only, the services the test passes need:
# PostgreSQL 15 with a role and database for the tests, Redis, mosquitto-clients, Chromium and poppler.
# Idempotent: running it twice changes nothing the second time. Prints the URLs to use as KEY=VALUE lines.
set -euo pipefail

PG_USER=smi
PG_PASS=smi_test_pw
PG_DB=smi_test
# Redis gets a free loopback port, remembered so a second run finds the same server.
REDIS_PORT_FILE=/tmp/smi-redis.port
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

log() { echo "[services-up] $*" >&2; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

apt_updated=0
need_pkg() { # need_pkg <command-or-path> <debian-package>
  if ! command -v "$1" >/dev/null 2>&1 && [ ! -x "$1" ]; then
    if [ $apt_updated = 0 ]; then as_root apt-get update -qq >&2; apt_updated=1; fi
    log "installing $2"
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "$2" >&2
  fi
}

bash "$(dirname "$0")/test-deps.sh"
need_pkg redis-server redis-server
need_pkg pg_ctlcluster postgresql

# PostgreSQL: start the installed cluster (services never start on install here), then the test role and database.
PG_VER=$(ls /usr/lib/postgresql | sort -V | tail -1)
if ! pg_lsclusters -h 2>/dev/null | grep -q "^$PG_VER main"; then
  as_root pg_createcluster "$PG_VER" main >&2
fi
if ! pg_lsclusters -h | awk -v v="$PG_VER" '$1==v && $2=="main" {print $4}' | grep -q online; then
  log "starting PostgreSQL $PG_VER"
  as_root pg_ctlcluster "$PG_VER" main start >&2
fi
PG_PORT=$(pg_lsclusters -h | awk -v v="$PG_VER" '$1==v && $2=="main" {print $3}')
for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p "$PG_PORT" && break; sleep 0.5; done
psql_su() { as_root su postgres -c "psql -p $PG_PORT -v ON_ERROR_STOP=1 -qtA $*"; }
if [ "$(psql_su "-c \"SELECT 1 FROM pg_roles WHERE rolname='$PG_USER'\"")" != 1 ]; then
  psql_su "-c \"CREATE ROLE $PG_USER LOGIN PASSWORD '$PG_PASS'\"" >&2
fi
if [ "$(psql_su "-c \"SELECT 1 FROM pg_database WHERE datname='$PG_DB'\"")" != 1 ]; then
  psql_su "-c \"CREATE DATABASE $PG_DB OWNER $PG_USER\"" >&2
fi

# Redis on its own loopback port, no persistence, started once.
REDIS_PORT=$(cat "$REDIS_PORT_FILE" 2>/dev/null || true)
if [ -z "$REDIS_PORT" ] || ! redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1; then
  REDIS_PORT=$(free_port)
  echo "$REDIS_PORT" > "$REDIS_PORT_FILE"
  log "starting Redis on 127.0.0.1:$REDIS_PORT"
  redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save '' --appendonly no --daemonize yes \
    --logfile /tmp/smi-redis.log >&2
  for _ in $(seq 1 30); do redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && break; sleep 0.2; done
fi

echo "DATABASE_URL=postgres://$PG_USER:$PG_PASS@127.0.0.1:$PG_PORT/$PG_DB"
echo "REDIS_URL=redis://127.0.0.1:$REDIS_PORT"
