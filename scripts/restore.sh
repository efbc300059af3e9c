#!/usr/bin/env bash
# Restores a scripts/backup.sh dump into the compose deployment's database, replacing what it holds:
#   scripts/restore.sh FILE
# The api processes and gateways are stopped meanwhile (nothing writes during the restore) and started again after;
# the restore is one transaction: a failed one leaves the database as it was.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/compose-lib.sh
file=${1:?usage: scripts/restore.sh FILE (a dump written by scripts/backup.sh)}
[ -s "$file" ] || { echo "restore: $file is missing or empty" >&2; exit 1; }
$COMPOSE up -d postgres
for _ in $(seq 1 60); do
  $COMPOSE exec -T postgres sh -c 'pg_isready -q -h 127.0.0.1 -U "$POSTGRES_USER" -d "$POSTGRES_DB"' && break
  sleep 2
done
mapfile -t apps < <(app_services)
$COMPOSE stop "${apps[@]}"
$COMPOSE exec -T postgres sh -c 'pg_restore --clean --if-exists --no-owner --single-transaction --exit-on-error -U "$POSTGRES_USER" -d "$POSTGRES_DB"' <"$file"
# the restored tables belong to the superuser that restored them: hand them to the app's role (deploy/db-roles.sql)
$COMPOSE run --rm --no-deps -T db-roles
$COMPOSE up -d --no-build "${apps[@]}"
# nginx resolves its upstreams once, at start: a process that came back on another address (a new postgres container
# may take a stopped one's) would answer 502 until the proxy looks again
$COMPOSE restart proxy >/dev/null
echo "restore: $file restored; started ${apps[*]}"
