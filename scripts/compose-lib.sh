# Sourced by scripts/backup.sh and scripts/restore.sh: the compose command of this deployment.
# COMPOSE overrides it (e.g. COMPOSE="docker-compose -p smi --env-file /etc/smi.env"); otherwise `docker compose`
# (v2) when present, else `docker-compose` (v1), run in the checkout with its .env.
if [ -z "${COMPOSE:-}" ]; then
  if docker compose version >/dev/null 2>&1; then COMPOSE="docker compose"; else COMPOSE="docker-compose"; fi
fi
# the services that hold database connections: every one but the database, Redis, the proxy and the one-shot jobs
app_services() {
  $COMPOSE config --services | grep -Ev '^(postgres|redis|proxy|certs|db-roles)$'
}
