#!/usr/bin/env bash
# The database-backed suites against a PostgreSQL server (and Redis where a suite uses it).
# Needs DATABASE_URL; when it is not set, starts the services and uses theirs.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${DATABASE_URL:-}" ]; then
  services=$(bash scripts/services-up.sh)
  export DATABASE_URL=$(sed -n 's/^DATABASE_URL=//p' <<<"$services")
  export REDIS_URL=$(sed -n 's/^REDIS_URL=//p' <<<"$services")
fi
export TURBO_TELEMETRY_DISABLED=1
npx turbo run test --env-mode=loose --concurrency=1 --filter=@smi/db --filter=@smi/api --filter=@smi/gateway
