#!/usr/bin/env bash
# What the default test line needs beyond npm packages: Debian's Chromium (Playwright e2e), mosquitto_pub
# (publishing real MQTT in the gateway tests), pdftotext (reading PDF exports back) and redis-server (a private
# Redis in process tests), ogrinfo (GDAL reading exports back), str2str (RTKLIB: a real NTRIP server, client and
# caster for the NTRIP tests), PROJ, xmllint and unzip (geodesy and export references), ezdxf (design import). Installed
# when missing.
set -euo pipefail
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v mosquitto_pub >/dev/null 2>&1 || missing+=(mosquitto-clients)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
command -v str2str >/dev/null 2>&1 || missing+=(rtklib)
command -v cs2cs >/dev/null 2>&1 || missing+=(proj-bin)
command -v cct >/dev/null 2>&1 || missing+=(proj-bin)
command -v ogrinfo >/dev/null 2>&1 || missing+=(gdal-bin)
# PROJ's grids (EGM96, BETA2007, ntf_r93, CHENYX06, nzgd2kgrid0005) and xmllint: references of the geodesy/export tests
[ -f /usr/share/proj/egm96_15.gtx ] || missing+=(proj-data)
command -v xmllint >/dev/null 2>&1 || missing+=(libxml2-utils)
# Info-ZIP's unzip reads back the zip of a points file with its photos
command -v unzip >/dev/null 2>&1 || missing+=(unzip)
# ezdxf writes the CAD drawing the design import is tested on (Debian's python3, not a pyenv one)
/usr/bin/python3 -c 'import ezdxf' >/dev/null 2>&1 || missing+=(python3-ezdxf)
if [ ${#missing[@]} -gt 0 ]; then
  echo "[test-deps] installing ${missing[*]}" >&2
  as_root apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi
