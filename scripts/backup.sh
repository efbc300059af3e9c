#!/usr/bin/env bash
# A consistent backup of the PostgreSQL database of the compose deployment, while it runs:
#   scripts/backup.sh [FILE]        default backups/smi-YYYYmmdd-HHMMSS.dump (pg_dump custom format)
# BACKUP_KEEP_DAYS=N also deletes backups/smi-*.dump older than N days. Schedule it with cron, e.g.
#   15 3 * * * cd /srv/site-measurement-iot && scripts/backup.sh >>backups/backup.log 2>&1
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/compose-lib.sh
file=${1:-backups/smi-$(date -u +%Y%m%d-%H%M%S).dump}
# a dump holds every account's password hash and every point: readable by its owner only, like DATA_DIR
umask 077
mkdir -p "$(dirname "$file")"
tmp="$file.partial"
# pg_dump runs inside the postgres container as its superuser over the local socket: no password leaves .env
$COMPOSE exec -T postgres sh -c 'pg_dump --format=custom --no-owner -U "$POSTGRES_USER" -d "$POSTGRES_DB"' >"$tmp"
# a dump that pg_restore cannot list is not a backup
$COMPOSE exec -T postgres pg_restore --list <"$tmp" >/dev/null
mv "$tmp" "$file"
echo "backup: $file ($(wc -c <"$file") bytes)"
if [ -n "${BACKUP_KEEP_DAYS:-}" ]; then
  find "$(dirname "$file")" -maxdepth 1 -name 'smi-*.dump' -mtime +"$BACKUP_KEEP_DAYS" -print -delete
fi
