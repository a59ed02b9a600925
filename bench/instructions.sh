#!/usr/bin/env bash
# Instructions per single-sample upload, counted by callgrind: a measure the shared machine's drift
# and other work do not change (this VM has no hardware counters for `perf stat`). Each build serves
# its own fresh database with PHONES (500) seeded phones under valgrind; `wrk -t1 -c8` posts for
# WARMUP (20s), the counters are zeroed, then COUNTED (30s) of posts are counted and the profile
# dumped. Both builds run at once (valgrind runs each on one core). Prints instructions per upload
# in total and, by callgrind's inclusive counts, for the largest steps of the path, A beside B.
# valgrind 3.19 cannot read the DWARF 5 of these builds: it is given `objcopy --strip-debug` copies
# (the symbols stay). The counts depend a little on timing (a session is read from the database
# again 5 s after its last read, so a slower run reads more), which the per-step lines show apart.
# Needs valgrind (Debian's `valgrind` package) besides wrk.
# Usage: BINARY_A=path BINARY_B=path bash bench/instructions.sh
set -euo pipefail
cd "$(dirname "$0")/.."
PHONES=${PHONES:-500}
WARMUP=${WARMUP:-20s}
COUNTED=${COUNTED:-30s}
OUT=$PWD/bench/out/instructions
declare -A PORT=([a]=18501 [b]=18502)
declare -A BINARY=([a]=${BINARY_A:?BINARY_A names the first build} [b]=${BINARY_B:?BINARY_B names the second build})

rm -rf "$OUT"
mkdir -p "$OUT"
# Serves side $1 under callgrind, posts, and leaves its profile in $OUT/$1/callgrind.out.1. Run in
# the background: its server is stopped when it returns or fails.
count() {
    local side=$1 dir=$OUT/$1
    mkdir -p "$dir"
    objcopy --strip-debug "${BINARY[$side]}" "$dir/homeward"
    "$dir/homeward" migrate --database "$dir/db.sqlite" --log-level warning >/dev/null
    python3 bench/load/seed.py "$dir/db.sqlite" "$dir/tokens" --phones "$PHONES" --guardians 10 --dependents-per-guardian 5 >/dev/null
    awk '$1 == "phone" { print $4 }' "$dir/tokens" >"$dir/phone-tokens"
    valgrind --tool=callgrind --callgrind-out-file="$dir/callgrind.out" \
        "$dir/homeward" serve --database "$dir/db.sqlite" --port "${PORT[$side]}" --log-level warning >"$dir/server.log" 2>&1 &
    local pid=$!
    trap "kill $pid 2>/dev/null || true" EXIT
    for _ in $(seq 1 120); do curl -fsS "http://127.0.0.1:${PORT[$side]}/healthz" >/dev/null 2>&1 && break; sleep 0.5; done
    curl -fsS "http://127.0.0.1:${PORT[$side]}/healthz" >/dev/null
    HOMEWARD_TOKENS="$dir/phone-tokens" HOMEWARD_SAMPLES=1 HOMEWARD_BASE_MS=1700000000000 \
        wrk -t1 -c8 -d"$WARMUP" -s bench/ingest/locations.lua "http://127.0.0.1:${PORT[$side]}/v1/locations" >"$dir/warm.txt"
    callgrind_control -z "$pid" >/dev/null
    HOMEWARD_TOKENS="$dir/phone-tokens" HOMEWARD_SAMPLES=1 HOMEWARD_BASE_MS=1710000000000 \
        wrk -t1 -c8 -d"$COUNTED" -s bench/ingest/locations.lua "http://127.0.0.1:${PORT[$side]}/v1/locations" >"$dir/wrk.txt"
    callgrind_control -d "$pid" >/dev/null
    kill "$pid"
    wait "$pid" 2>/dev/null || true
}

count a & counting=($!)
count b & counting+=($!)
wait "${counting[@]}"
echo "A = ${BINARY[a]}, B = ${BINARY[b]}; $PHONES phones, 8 connections, $COUNTED counted after $WARMUP"
python3 bench/instructions/compare.py "$OUT/a/callgrind.out.1" "$OUT/b/callgrind.out.1"
