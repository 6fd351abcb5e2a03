#!/usr/bin/env bash
# Optional system packages on Debian/Ubuntu: Chromium for the browser tests, Apertium with its language
# pairs for offline translation, ffmpeg for live packaging, restreaming, recordings and uploads,
# pocketsphinx with its English model and recorded test speech for captions, and Redis and Postgres for
# the scale-out topology; Prometheus's promtool checks the /metrics output in the tests; wrk loads the
# reads benchmark; gcc builds the capacity benchmarks' native listeners.
set -euo pipefail
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
$SUDO apt-get update
$SUDO apt-get install -y --no-install-recommends chromium ffmpeg \
  apertium apertium-en-es apertium-es-pt apertium-fr-es apertium-es-it cg3 \
  pocketsphinx pocketsphinx-en-us pocketsphinx-testdata \
  redis-server postgresql prometheus wrk gcc libc6-dev
