#!/usr/bin/env bash
# Writes .env for the Docker deployment from .env.example, every empty secret filled with its own random value
# (openssl rand -hex). An existing .env is left alone. Then edit PUBLIC_URL, MQTT_PUBLIC_URL and TLS_HOSTNAMES.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -e .env ]; then echo "init-env: .env exists, left as it is"; exit 0; fi
umask 077
while IFS= read -r line; do
  case "$line" in
    POSTGRES_PASSWORD= | APP_DB_PASSWORD= | REDIS_PASSWORD= | S3_SECRET_ACCESS_KEY=) echo "$line$(openssl rand -hex 24)" ;;
    JWT_SECRET= | MQTT_SERVICE_SECRET= | DEVICE_ACTIVATION_SECRET=) echo "$line$(openssl rand -hex 32)" ;;
    *) echo "$line" ;;
  esac
done <.env.example >.env
echo "init-env: wrote .env with new secrets (mode 600); set PUBLIC_URL, MQTT_PUBLIC_URL and TLS_HOSTNAMES to this host's name"
