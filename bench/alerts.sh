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
SCRATCH=${SCRATCH:-.build-bench}
OUT=$PWD/bench/out/alerts
LOAD="python3 bench/load/homeward_load.py"

rm -rf "$OUT"
mkdir -p "$OUT"
ulimit -n "$(ulimit -Hn)" || true

swift build -c release --scratch-path "$SCRATCH" --product homeward >/dev/null
HOMEWARD="$SCRATCH/release/homeward"
DB="$OUT/homeward.sqlite"

cleanup() {
    [[ -n "${OURS_PID:-}" ]] && kill "$OURS_PID" 2>/dev/null && wait "$OURS_PID" 2>/dev/null || true
}
trap cleanup EXIT

"$HOMEWARD" migrate --database "$DB" --log-level warning >/dev/null
# One person, STREAMS guardians who all watch that person.
$LOAD seed --db "$DB" --phones 1 --guardians "$STREAMS" --dependents-per-guardian 1 --out "$OUT/accounts.json"

"$HOMEWARD" serve --database "$DB" --port "$OURS_PORT" --log-level warning \
    --webhook-first-retry-seconds 1 >"$OUT/server.log" 2>&1 &
OURS_PID=$!
for _ in $(seq 1 50); do curl -fsS "http://127.0.0.1:$OURS_PORT/healthz" >/dev/null 2>&1 && break; sleep 0.2; done
curl -fsS "http://127.0.0.1:$OURS_PORT/healthz" >/dev/null

timeout 600 $LOAD alerts --port "$OURS_PORT" --tokens "$OUT/accounts.json" --streams "$STREAMS" --trials "$TRIALS"
