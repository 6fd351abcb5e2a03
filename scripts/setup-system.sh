#!/usr/bin/env bash
# Optional system packages on Debian/Ubuntu: Chromium for the browser tests, Apertium with its language
# pairs for offline translation, ffmpeg for media probing, and Redis and Postgres for the scale-out topology.
set -euo pipefail
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
$SUDO apt-get update
$SUDO apt-get install -y --no-install-recommends chromium ffmpeg \
  apertium apertium-en-es apertium-es-pt apertium-fr-es apertium-es-it cg3 \
  redis-server postgresql
