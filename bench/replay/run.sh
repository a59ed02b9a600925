#!/usr/bin/env bash
# Replays real recorded days through a fresh server and prints recall, exit delay, false left_zone
# and wandering alerts per person-day (see geolife_replay.py). DATA is a GeoLife-layout folder.
# Usage: DATA=/path/to/geolife bash bench/replay/run.sh [geolife_replay.py flags...]
set -euo pipefail
cd "$(dirname "$0")/../.."
OURS_PORT=${OURS_PORT:-18095}
OUT=$PWD/bench/out/replay
source bench/homeward-server.sh
prepare_homeward
start_homeward --monitor-interval-seconds 3600
python3 bench/replay/geolife_replay.py "${DATA:?set DATA to a GeoLife-layout folder}" --port "$OURS_PORT" "$@"
