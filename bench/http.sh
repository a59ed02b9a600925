#!/usr/bin/env bash
# HTTP benchmark: the homeward binary's GET /healthz (answered on the I/O thread) against nginx serving
# the same JSON, on loopback.
# wrk -t1 -c64 -d10s against each, alternating, 3 rounds; then the server's RSS with 10,000 idle
# keep-alive connections. Usage: bash bench/http.sh   (ROUNDS, DURATION, CONNECTIONS, IDLE override)
set -euo pipefail
cd "$(dirname "$0")/.."

ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-64}
IDLE=${IDLE:-10000}
OURS_PORT=${OURS_PORT:-18081}
NGINX_PORT=${NGINX_PORT:-18082}
SCRATCH=${SCRATCH:-.build-bench}
OUT=bench/out
mkdir -p "$OUT"

ulimit -n "$(ulimit -Hn)" || true

swift build -c release --scratch-path "$SCRATCH" --product homeward >/dev/null
SERVER_BIN="$SCRATCH/release/homeward"

sed -e "s|@PORT@|$NGINX_PORT|" -e "s|@OUT@|$PWD/$OUT|g" bench/nginx.conf > "$OUT/nginx.conf"

cleanup() {
    [[ -n "${OURS_PID:-}" ]] && kill "$OURS_PID" 2>/dev/null || true
    [[ -f "$OUT/nginx.pid" ]] && kill "$(cat "$OUT/nginx.pid")" 2>/dev/null || true
}
trap cleanup EXIT

rm -f "$OUT"/http-bench.sqlite*
# Warning level: no access log, as nginx runs with access_log off.
"$SERVER_BIN" serve --port "$OURS_PORT" --database "$OUT/http-bench.sqlite" --log-level warning \
    --max-connections 65536 >"$OUT/server.log" 2>&1 &
OURS_PID=$!
nginx -c "$PWD/$OUT/nginx.conf" -p "$PWD/$OUT" -e "$PWD/$OUT/nginx-error.log"
sleep 1
curl -fsS "http://127.0.0.1:$OURS_PORT/healthz" >/dev/null
curl -fsS "http://127.0.0.1:$NGINX_PORT/healthz" >/dev/null

requests_per_second() {
    wrk -t1 -c"$CONNECTIONS" -d"$DURATION" "http://127.0.0.1:$1/healthz" | awk '/Requests\/sec/ { print $2 }'
}

ours_total=0
nginx_total=0
for round in $(seq 1 "$ROUNDS"); do
    ours=$(requests_per_second "$OURS_PORT")
    theirs=$(requests_per_second "$NGINX_PORT")
    echo "round $round: homeward $ours req/s, nginx $theirs req/s"
    ours_total=$(echo "$ours_total + $ours" | bc -l)
    nginx_total=$(echo "$nginx_total + $theirs" | bc -l)
done
ours_mean=$(echo "$ours_total / $ROUNDS" | bc -l)
nginx_mean=$(echo "$nginx_total / $ROUNDS" | bc -l)
printf 'mean: homeward %.0f req/s, nginx %.0f req/s, ratio %.2f\n' "$ours_mean" "$nginx_mean" "$(echo "$ours_mean / $nginx_mean" | bc -l)"

rss_kib() { awk '/VmRSS/ { print $2 }' "/proc/$1/status"; }
before=$(rss_kib "$OURS_PID")
python3 bench/idle_connections.py "$OURS_PORT" "$IDLE" "$OURS_PID"
after=$(rss_kib "$OURS_PID")
echo "RSS: ${before} KiB before, ${after} KiB with the idle connections just closed (peak reported above)"
