#!/bin/bash
# What the official postgres image's entrypoint does that compose relies on: a first start initialises PGDATA with
# POSTGRES_USER / POSTGRES_PASSWORD (scram over TCP) and creates POSTGRES_DB; then postgres runs as the postgres user.
set -euo pipefail
if [ "${1:0:1}" = '-' ]; then set -- postgres "$@"; fi
if [ "$1" = postgres ] && [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" && chown -R postgres:postgres "$PGDATA" && chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi
if [ "$1" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?Database is uninitialized and superuser password is not specified.}"
  user=${POSTGRES_USER:-postgres} db=${POSTGRES_DB:-${POSTGRES_USER:-postgres}}
  initdb --username="$user" --pwfile=<(printf '%s\n' "$POSTGRES_PASSWORD") --auth-local=trust --auth-host=scram-sha-256 -D "$PGDATA" >/dev/null
  echo "listen_addresses = '*'" >>"$PGDATA/postgresql.conf"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
  if [ "$db" != postgres ]; then psql -v ON_ERROR_STOP=1 --username "$user" --dbname postgres -c "CREATE DATABASE \"$db\"" >/dev/null; fi
  pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  echo "PostgreSQL init process complete; ready for start up."
fi
exec "$@"
