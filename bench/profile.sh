#!/usr/bin/env bash
# A short ingest run for profiling and quick comparisons: a fresh database with PHONES phones (5,000) and
# GUARDIANS guardians (10) seeded, 3 s of warm-up, then DURATION (8s) of `wrk -t1 -c64` posting SAMPLES
# fixes per request (bench/ingest/locations.lua); prints wrk's rate and latency. With PERF=1, `perf record`
# samples the server for 6 s of the run into bench/out/profile/perf.data (PERF_CALL_GRAPH, default `-g`;
# `--call-graph dwarf,32768` to see the writer thread's frames). BINARY=path runs another build.
# Also prints the server's CPU time per request over the measured run, by thread kind (from
# /proc/PID/task/*/stat), which is steadier between runs than the request rate on a shared machine.
# Usage: bash bench/profile.sh [SAMPLES]     (SAMPLES defaults to 1)
set -euo pipefail
cd "$(dirname "$0")/.."
SAMPLES=${1:-1}
PHONES=${PHONES:-5000}
GUARDIANS=${GUARDIANS:-10}
DURATION=${DURATION:-8s}
OURS_PORT=${OURS_PORT:-18191}
OUT=$PWD/bench/out/profile
source bench/homeward-server.sh

prepare_homeward
$SEED "$DB" "$OUT/tokens" --phones "$PHONES" --guardians "$GUARDIANS" --dependents-per-guardian 5 >/dev/null
awk '$1 == "phone" { print $4 }' "$OUT/tokens" >"$OUT/phone-tokens"
export HOMEWARD_TOKENS="$OUT/phone-tokens"
start_homeward
HOMEWARD_SAMPLES=$SAMPLES HOMEWARD_BASE_MS=1700000000000 \
    wrk -t1 -c64 -d3s -s bench/ingest/locations.lua "http://127.0.0.1:$OURS_PORT/v1/locations" >/dev/null
# Prints "comm ticks" per thread kind (threads named like http-worker-3 summed as http-worker).
thread_ticks() {
    for stat in /proc/"$OURS_PID"/task/*/stat; do
        # comm is in parentheses; utime and stime are the 12th and 13th fields after it.
        sed -E 's/^[0-9]+ \(([^)]*)\) (.*)$/\1 \2/' "$stat" | awk '{ sub(/-[0-9]+$/, "", $1); print $1, $13 + $14 }'
    done | awk '{ ticks[$1] += $2 } END { for (comm in ticks) print comm, ticks[comm] }'
}
thread_ticks >"$OUT/ticks-before"
HOMEWARD_SAMPLES=$SAMPLES HOMEWARD_BASE_MS=1710000000000 \
    wrk -t1 -c64 -d"$DURATION" -s bench/ingest/locations.lua "http://127.0.0.1:$OURS_PORT/v1/locations" >"$OUT/wrk.txt" &
wrk_pid=$!
if [[ -n "${PERF:-}" ]]; then
    sleep 1
    perf record -F 999 ${PERF_CALL_GRAPH:--g} -p "$OURS_PID" -o "$OUT/perf.data" -- sleep 6 >/dev/null 2>&1
fi
wait "$wrk_pid"
thread_ticks >"$OUT/ticks-after"
curl -fsS "http://127.0.0.1:$OURS_PORT/metrics" 2>/dev/null | grep -E "^homeward_database_(commits|writes)_total" || true
grep -E 'Requests/sec|Latency|Non-2xx' "$OUT/wrk.txt"
requests=$(awk '/requests in/ { print $1 }' "$OUT/wrk.txt")
tick_us=$((1000000 / $(getconf CLK_TCK)))
# CPU µs per request, per thread kind and in total.
awk -v requests="$requests" -v tick_us="$tick_us" '
    FNR == NR { before[$1] = $2; next }
    { spent = ($2 - before[$1]) * tick_us / requests; total += spent; if (spent >= 0.5) line = line sprintf(" %s %.1f", $1, spent) }
    END { printf "CPU us/request: total %.1f;%s\n", total, line }' "$OUT/ticks-before" "$OUT/ticks-after"
