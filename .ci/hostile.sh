#!/usr/bin/env bash
# Hostile clients on loopback (bench/README.md, "Hostile clients"): builds the release homeward,
# serves it on 127.0.0.1 with a fresh database, and while slowhttptest runs slowloris (-H), slow-body
# (-B) and slow-read (-X) with 1,000 connections each, then a connection flood, then 1,000 idle
# slowloris sockets, an ordinary keep-alive client measures GET /healthz. Fails if that client's
# p99 reaches MAX_P99_MS, one of its requests fails, or the server dies. Prints the figures.
# Usage: .ci/hostile.sh            (env: PORT, SCRATCH, ATTACK_SECONDS, MAX_P99_MS)
set -euo pipefail
cd "$(dirname "$0")/.."
PORT="${PORT:-18181}"
SCRATCH="${SCRATCH:-.build}"
ATTACK_SECONDS="${ATTACK_SECONDS:-20}"
RAMP_SECONDS=5
MAX_P99_MS="${MAX_P99_MS:-100}"
CONNECTIONS=1000
CLIENTS=bench/hostile/clients.py

if ! command -v slowhttptest > /dev/null; then
  export DEBIAN_FRONTEND=noninteractive
  if [[ $(id -u) -eq 0 ]]; then SUDO=""; else SUDO=sudo; fi
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq slowhttptest > /dev/null
fi
ulimit -n "$(ulimit -Hn)"

swift build --scratch-path "$SCRATCH" -c release --product homeward 2>&1 | tail -1
OUT="$(mktemp -d)"
"$SCRATCH/release/homeward" serve --port "$PORT" --database "$OUT/hostile.sqlite" --log-level warning \
  --max-connections 65536 > "$OUT/server.log" 2>&1 &
SERVER=$!
ATTACKER=""
cleanup() {
  [[ -n "$ATTACKER" ]] && kill "$ATTACKER" 2> /dev/null || true
  kill "$SERVER" 2> /dev/null || true
  wait 2> /dev/null || true
  rm -rf "$OUT"
}
trap cleanup EXIT
for _ in $(seq 50); do
  curl -fs "http://127.0.0.1:$PORT/healthz" > /dev/null 2>&1 && break
  sleep 0.1
done

failed=0
alive() {
  if ! kill -0 "$SERVER" 2> /dev/null || ! curl -fs -m 5 "http://127.0.0.1:$PORT/healthz" > /dev/null; then
    echo "FAIL: the server died or stopped answering after $1"
    failed=1
  fi
}
measure() {
  if ! python3 "$CLIENTS" latency "$PORT" "$1" "$MAX_P99_MS"; then
    echo "FAIL: p99 >= $MAX_P99_MS ms or a request failed during $2"
    failed=1
  fi
}

echo "== baseline"
measure 3 baseline

for mode in H B X; do
  case $mode in
    H) name="slowloris (-H)"; extra=(-H -i 5) ;;
    B) name="slow body (-B)"; extra=(-B -i 5 -s 8192) ;;
    X) name="slow read (-X)"; extra=(-X -k 10 -n 1 -w 1 -y 32 -z 16) ;;
  esac
  echo "== $name, $CONNECTIONS connections, ${ATTACK_SECONDS} s"
  slowhttptest "${extra[@]}" -c "$CONNECTIONS" -r 200 -l "$ATTACK_SECONDS" -p 3 \
    -u "http://127.0.0.1:$PORT/healthz" > "$OUT/slow-$mode.log" 2>&1 &
  ATTACKER=$!
  sleep "$RAMP_SECONDS"
  measure "$((ATTACK_SECONDS - RAMP_SECONDS - 1))" "$name"
  wait "$ATTACKER" || true
  ATTACKER=""
  sed 's/\x1b\[[0-9;]*m//g' "$OUT/slow-$mode.log" | awk '
    /^(connected|closed|error):/ { last[$1] = $2 }
    /^connected:/ && $2 > peak { peak = $2 }
    /^service available:/ { checks++; if ($3 != "YES") unavailable++ }
    /^Exit status:/ { sub(/^Exit status: /, ""); status = $0 }
    END { printf "   slowhttptest: peak %d connected, at the end %d connected, %d closed, %d errors; its probe found the service unavailable %d of %d times; %s\n", peak, last["connected:"], last["closed:"], last["error:"], unavailable, checks, status }'
  if ! grep -q "Exit status" "$OUT/slow-$mode.log"; then
    echo "FAIL: slowhttptest did not run: $(tail -2 "$OUT/slow-$mode.log")"
    failed=1
  fi
  alive "$name"
done

echo "== connection flood, 10 s"
python3 "$CLIENTS" flood "$PORT" 10 &
FLOOD=$!
sleep 1
measure 8 "the connection flood"
wait "$FLOOD"
alive "the connection flood"

echo "== $CONNECTIONS idle slowloris sockets, 15 s"
python3 "$CLIENTS" idle "$PORT" "$CONNECTIONS" 15 &
IDLE=$!
sleep 2
measure 12 "the idle slowloris sockets"
wait "$IDLE"
alive "the idle slowloris sockets"

echo "server RSS at the end: $(awk '/VmHWM/ {print $2 " kB peak"}' "/proc/$SERVER/status")"
if [[ $failed -ne 0 ]]; then
  echo "hostile: FAILED"
  exit 1
fi
echo "hostile: passed (every p99 under $MAX_P99_MS ms, no failed request, server alive)"
