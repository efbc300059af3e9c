#!/bin/sh
# The proxy's TLS pair, generated on a first start when the operator has not put one in the certificate folder
# (TLS_CERT_DIR, mounted at /certs): a private CA (ca.pem, for curl --cacert / mosquitto --cafile / the devices)
# and a server certificate it signs, for every name in TLS_HOSTNAMES (comma separated; names or IP addresses).
# The CA's key goes to CA_DIR (/ca: a volume only this job mounts), never beside the proxy's pair: whoever reads the
# proxy's files must not be able to sign certificates the devices trust. An operator's fullchain.pem + privkey.pem
# are left untouched.
set -eu
dir=${CERT_DIR:-/certs}
ca_dir=${CA_DIR:-/ca}
umask 077
# a pair generated before kept the CA's key in the proxy's folder: it moves out
if [ -f "$dir/ca-key.pem" ]; then
  cp "$dir/ca-key.pem" "$ca_dir/ca-key.pem"
  rm -f "$dir/ca-key.pem"
  echo "certs: moved the CA's key out of the proxy's folder to $ca_dir"
fi
if [ -s "$dir/fullchain.pem" ] && [ -s "$dir/privkey.pem" ]; then
  echo "certs: using $dir/fullchain.pem and $dir/privkey.pem"
  exit 0
fi
names=${TLS_HOSTNAMES:-localhost}
san=""
first=""
for n in $(echo "$names" | tr ',' ' '); do
  case "$n" in
    *[!0-9.]*) case "$n" in *:*) entry="IP:$n" ;; *) entry="DNS:$n" ;; esac ;;
    *) entry="IP:$n" ;;
  esac
  san="${san:+$san,}$entry"
  first=${first:-$n}
done
tmp=$(mktemp -d)
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 3650 -subj "/CN=Site Measurement IoT local CA" \
  -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" \
  -keyout "$tmp/ca-key.pem" -out "$tmp/ca.pem" 2>/dev/null
openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj "/CN=$first" -keyout "$tmp/privkey.pem" -out "$tmp/req.pem" 2>/dev/null
printf 'subjectAltName=%s\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n' "$san" >"$tmp/ext"
openssl x509 -req -in "$tmp/req.pem" -CA "$tmp/ca.pem" -CAkey "$tmp/ca-key.pem" -CAcreateserial -days 825 -extfile "$tmp/ext" \
  -out "$tmp/cert.pem" 2>/dev/null
cat "$tmp/cert.pem" "$tmp/ca.pem" >"$tmp/fullchain.pem"
chmod 644 "$tmp/ca.pem" "$tmp/fullchain.pem"
mv "$tmp/ca-key.pem" "$ca_dir/"
mv "$tmp/ca.pem" "$tmp/fullchain.pem" "$tmp/privkey.pem" "$dir/"
rm -rf "$tmp"
echo "certs: generated a self-signed CA ($dir/ca.pem) and a certificate for $san"
