#!/usr/bin/env bash
# Reads and ingest as history grows ten-fold, on SQLite and on PostgreSQL, in the same run.
# PEOPLE phones (two guardians of PEOPLE/2 each) get SMALL stored fixes each (8 s apart, posted in
# batches of 1,000 by bench/growth/history.py), then history grows to LARGE fixes each. At both
# sizes, on each engine:
#   - ingest: the rate of posting the newest SMALL fixes of each phone (batches of 1,000), and of
#     single-sample POST /v1/locations (wrk, 64 connections, SINGLE_ROUNDS rounds of DURATION, each
#     on a day of fix time of its own; the median is reported, every round printed);
#   - reads (wrk, READ_CONNECTIONS connections, DURATION each, as the first guardian, rotating over
#     their people): a person's latest position (GET /v1/accounts/{id}/location), the dependents
#     list (GET /v1/dependents), the newest full day as JSON (its first page of 1,000 fixes) and as
#     GeoJSON (the whole day, 10,800 fixes);
#   - bytes per stored fix: SQLite's file (checkpointed) over the fixes stored; PostgreSQL's
#     `locations` table with its indexes (pg_total_relation_size) over the fixes stored;
#   - the server's RSS after the reads.
# The large-to-small ratios are printed per engine (a read's cost is 1 / its rate).
# PostgreSQL runs with fsync on, in a throwaway cluster (.ci/postgres-cluster.sh).
# Usage: bash bench/growth.sh   (PEOPLE 20, SMALL 20000, LARGE 200000, DURATION 5s, SINGLE_ROUNDS 3,
#        READ_CONNECTIONS 8, ENGINES "sqlite postgresql"; BINARY=path measures another build;
#        SETTLE=1 lets PostgreSQL settle before each measurement: VACUUM (ANALYZE) and a CHECKPOINT,
#        so that the autovacuum and checkpoint a bulk load sets off do not run during it)
set -euo pipefail
cd "$(dirname "$0")/.."
PEOPLE=${PEOPLE:-20}
SMALL=${SMALL:-20000}
LARGE=${LARGE:-200000}
DURATION=${DURATION:-5s}
SINGLE_ROUNDS=${SINGLE_ROUNDS:-3}
READ_CONNECTIONS=${READ_CONNECTIONS:-8}
ENGINES=${ENGINES:-"sqlite postgresql"}
SETTLE=${SETTLE:-}
SPACING_MS=8000
OUT=$PWD/bench/out/growth
SCRATCH=${SCRATCH:-.build-bench}
HOMEWARD="${BINARY:-$SCRATCH/release/homeward}"
[[ -n "${BINARY:-}" ]] || swift build -c release --scratch-path "$SCRATCH" --product homeward >/dev/null
HOMEWARD="$(cd "$(dirname "$HOMEWARD")" && pwd)/$(basename "$HOMEWARD")"
rm -rf "$OUT"; mkdir -p "$OUT"; chmod 755 "$OUT"
ulimit -n "$(ulimit -Hn)" || true
server=""
cleanup() {
    [[ -n "$server" ]] && kill "$server" 2>/dev/null || true
    .ci/postgres-cluster.sh stop "$OUT/pg" >/dev/null 2>&1 || true
}
trap cleanup EXIT

port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
rfc3339() { python3 -c "import datetime, sys; print(datetime.datetime.fromtimestamp($1 / 1000, datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ'))"; }
now_ms=$(( $(date +%s) * 1000 ))
day_ms=86400000
# Phase one's fixes from T0 on; a day for each single-sample round after each phase; phase two's
# from T0 + 1 day; the last single-sample round ends a day before now at the latest.
T0=$(( now_ms - LARGE * SPACING_MS - (3 + SINGLE_ROUNDS) * day_ms ))
T0=$(( T0 - T0 % 1000 ))
T2=$(( T0 + day_ms ))

serve() { # serve DATABASE PORT
    "$HOMEWARD" serve --database "$1" --port "$2" --log-level warning --secret-file "$OUT/seed.sqlite.secret" \
        --vapid-key-file "$OUT/vapid" >>"$OUT/server.log" 2>&1 &
    server=$!
    for _ in $(seq 1 200); do curl -fs "http://127.0.0.1:$2/readyz" >/dev/null 2>&1 && return 0; sleep 0.1; done
    echo "the server did not start"; cat "$OUT/server.log"; exit 1
}
stop_server() { kill "$server"; wait "$server" 2>/dev/null || true; server=""; }
wrk_rate() { awk '/Requests\/sec/ { rate = $2 } /Non-2xx/ { bad = $5 } END { printf "%s %d\n", rate, bad }'; }
read_rate() { # read_rate PATHS_FILE: req/s
    local rate bad
    read -r rate bad < <(HOMEWARD_PATHS="$1" HOMEWARD_TOKEN="$guardian_token" \
        wrk -t1 -c"$READ_CONNECTIONS" -d"$DURATION" --timeout 30s -s bench/growth/reads.lua "$url/v1/dependents" | wrk_rate)
    (( bad == 0 )) || { echo "$bad reads failed ($1)" >&2; exit 1; }
    echo "$rate"
}
single_rate() { # single_rate ENGINE SIZE BASE_MS: single-sample POST req/s, the median of SINGLE_ROUNDS rounds
    local rate bad round rates=()
    for ((round = 0; round < SINGLE_ROUNDS; round++)); do
        read -r rate bad < <(HOMEWARD_TOKENS="$OUT/phone-tokens" HOMEWARD_SAMPLES=1 HOMEWARD_BASE_MS=$(($3 + round * day_ms)) \
            wrk -t1 -c64 -d"$DURATION" -s bench/ingest/locations.lua "$url/v1/locations" | wrk_rate)
        (( bad == 0 )) || { echo "$bad posts failed" >&2; exit 1; }
        rates+=("$rate")
    done
    echo "$1 $2 single-sample rounds (req/s): ${rates[*]}" >>"$OUT/single-rounds"
    printf '%s\n' "${rates[@]}" | sort -g | awk '{ rate[NR] = $1 } END { print rate[int((NR + 1) / 2)] }'
}
post_history() { # post_history FIRST COUNT START_MS: fixes/s
    python3 bench/growth/history.py "$url" "$OUT/tokens" --first "$1" --count "$2" --start-ms "$3" | awk '{ print $6 }'
}
measure() { # measure ENGINE SIZE DAY_END_MS BATCH_RATE SINGLE_BASE_MS
    local engine=$1 size=$2 day_end=$3 batch_rate=$4
    local from to single latest dependents json geojson bytes rss
    from=$(rfc3339 $((day_end - day_ms))); to=$(rfc3339 "$day_end")
    if [[ -n $SETTLE && $engine == postgresql ]]; then psql "$pg" -qc "VACUUM (ANALYZE)" -c "CHECKPOINT"; fi
    awk -v from="$from" -v to="$to" '{ print "/v1/accounts/" $1 "/locations?from=" from "&to=" to "&limit=1000" }' \
        "$OUT/people" >"$OUT/json-paths"
    awk -v from="$from" -v to="$to" '{ print "/v1/accounts/" $1 "/locations?from=" from "&to=" to "&format=geojson" }' \
        "$OUT/people" >"$OUT/geojson-paths"
    single=$(single_rate "$engine" "$size" "$5")
    latest=$(read_rate "$OUT/latest-paths")
    dependents=$(read_rate "$OUT/dependents-paths")
    json=$(read_rate "$OUT/json-paths")
    geojson=$(read_rate "$OUT/geojson-paths")
    rss=$(awk '/VmRSS/ { printf "%.0f", $2 / 1024 }' "/proc/$server/status")
    if [[ $engine == sqlite ]]; then
        stop_server
        bytes=$(python3 -c "
import os, sqlite3
db = sqlite3.connect('$OUT/sqlite.sqlite'); db.execute('PRAGMA wal_checkpoint(TRUNCATE)')
(count,) = db.execute('SELECT count(*) FROM locations').fetchone()
print(count, round(os.path.getsize('$OUT/sqlite.sqlite') / count, 1))")
        serve "$OUT/sqlite.sqlite" "$server_port"
    else
        bytes=$(psql "$pg" -Atc "SELECT count(*) || ' ' || round(pg_total_relation_size('locations')::numeric / count(*), 1) FROM locations")
    fi
    printf "%-10s %8s fixes each: batched %7s fixes/s  single %6s req/s  latest %6s  dependents %6s  day JSON %5s  day GeoJSON %5s req/s  stored %s (fixes, bytes/fix)  RSS %s MiB\n" \
        "$engine" "$size" "$batch_rate" "$single" "$latest" "$dependents" "$json" "$geojson" "$bytes" "$rss" | tee -a "$OUT/results"
    echo "$engine $size $batch_rate $single $latest $dependents $json $geojson $bytes $rss" >>"$OUT/figures"
}

"$HOMEWARD" migrate --database "$OUT/seed.sqlite" --log-level warning >/dev/null
python3 bench/load/seed.py "$OUT/seed.sqlite" "$OUT/tokens" --phones "$PEOPLE" --guardians 2 --dependents-per-guardian $((PEOPLE / 2))
awk '$1 == "phone" { print $4 }' "$OUT/tokens" >"$OUT/phone-tokens"
awk '$1 == "phone" { print $3 }' "$OUT/tokens" | head -n $((PEOPLE / 2)) >"$OUT/people"
guardian_token=$(awk '$1 == "guardian" { print $4; exit }' "$OUT/tokens")
awk '{ print "/v1/accounts/" $1 "/location" }' "$OUT/people" >"$OUT/latest-paths"
echo "/v1/dependents" >"$OUT/dependents-paths"
server_port=$(port)
url="http://127.0.0.1:$server_port"

for engine in $ENGINES; do
    if [[ $engine == sqlite ]]; then
        cp "$OUT/seed.sqlite" "$OUT/sqlite.sqlite"
        database="$OUT/sqlite.sqlite"
    else
        pgurl="$(POSTGRES_FSYNC=on .ci/postgres-cluster.sh start "$OUT/pg" | tail -1)"
        pg="${pgurl%/*}/homeward_growth"
        psql "$pgurl" -qc "CREATE DATABASE homeward_growth"
        "$HOMEWARD" copy --from "$OUT/seed.sqlite" --to "$pg" >/dev/null
        database="$pg"
    fi
    serve "$database" "$server_port"
    small_rate=$(post_history 0 "$SMALL" "$T0")
    measure "$engine" "$SMALL" $((T0 + SMALL * SPACING_MS)) "$small_rate" $((T0 + SMALL * SPACING_MS + 60000))
    post_history "$SMALL" $((LARGE - 2 * SMALL)) "$T2" >/dev/null
    large_rate=$(post_history $((LARGE - SMALL)) "$SMALL" "$T2")
    measure "$engine" "$LARGE" $((T2 + LARGE * SPACING_MS)) "$large_rate" $((T2 + LARGE * SPACING_MS + 60000))
    stop_server
    [[ $engine == postgresql ]] && .ci/postgres-cluster.sh stop "$OUT/pg" >/dev/null
done
echo
cat "$OUT/single-rounds"
echo
echo "large / small (rates; a read's cost ratio is the inverse):"
python3 - "$OUT/figures" <<'PY'
import sys
rows = {}
for line in open(sys.argv[1]):
    f = line.split()
    rows.setdefault(f[0], []).append(f)
names = ["batched ingest", "single ingest", "latest", "dependents", "day JSON", "day GeoJSON"]
for engine, (small, large) in rows.items():
    parts = []
    for i, name in enumerate(names):
        rate = float(large[2 + i]) / float(small[2 + i])
        parts.append(f"{name} x{rate:.2f}" + ("" if i < 2 else f" (cost x{1 / rate:.2f})"))
    print(f"{engine}: " + ", ".join(parts) + f"; bytes per fix {small[9]} -> {large[9]}")
PY
