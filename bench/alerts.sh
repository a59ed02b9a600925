#!/usr/bin/env bash
# Alert latency: time from the POST of the fix that confirms a zone exit to the left_zone alert on an
# open event stream (while STREAMS streams of other guardians of the same person are open and receive
# every event) and at a webhook receiver, over TRIALS exits; 127.0.0.1 only, release build, fresh database.
# Peer in the same run: the round trip of a plain POST /v1/locations (the fix alone), which the alert
# latency contains. Usage: bash bench/alerts.sh   (STREAMS, TRIALS override)
set -euo pipefail
cd "$(dirname "$0")/.."

STREAMS=${STREAMS:-1000}
TRIALS=${TRIALS:-40}
OURS_PORT=${OURS_PORT:-18093}
OUT=$PWD/bench/out/alerts
source bench/homeward-server.sh

prepare_homeward
# One person, STREAMS guardians who all watch that person.
$SEED "$DB" "$OUT/tokens" --phones 1 --guardians "$STREAMS" --dependents-per-guardian 1
start_homeward --webhook-first-retry-seconds 1

timeout 600 $LOAD alerts --port "$OURS_PORT" --tokens "$OUT/tokens" --streams "$STREAMS" --trials "$TRIALS"
