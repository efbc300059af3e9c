#!/usr/bin/env bash
# What the default test line needs beyond npm packages: Debian's Chromium (Playwright e2e), mosquitto_pub
# (publishing real MQTT in the gateway tests), pdftotext (reading PDF exports back) and redis-server (a private
# Redis in process tests), ogrinfo (GDAL reading DXF exports back). Installed when missing.
set -euo pipefail
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v mosquitto_pub >/dev/null 2>&1 || missing+=(mosquitto-clients)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
command -v cs2cs >/dev/null 2>&1 || missing+=(proj-bin)
command -v cct >/dev/null 2>&1 || missing+=(proj-bin)
command -v ogrinfo >/dev/null 2>&1 || missing+=(gdal-bin)
if [ ${#missing[@]} -gt 0 ]; then
  echo "[test-deps] installing ${missing[*]}" >&2
  as_root apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi
