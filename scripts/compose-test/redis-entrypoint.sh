#!/bin/bash
set -euo pipefail
if [ "${1:0:1}" = '-' ]; then set -- redis-server "$@"; fi
if [ "$1" = redis-server ]; then
  shift
  conf=()
  if [ $# -gt 0 ] && [ "${1:0:1}" != '-' ]; then conf=("$1"); shift; fi
  if [ "$(id -u)" = 0 ]; then chown -R redis:redis /data; exec setpriv --reuid=redis --regid=redis --init-groups redis-server "${conf[@]}" --protected-mode no "$@"; fi
  exec redis-server "${conf[@]}" --protected-mode no "$@"
fi
exec "$@"
