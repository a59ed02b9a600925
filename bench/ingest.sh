#!/usr/bin/env bash
# Ingest and view benchmark: homeward (release build, fresh database, seeded accounts) against nginx in
# the same run, on 127.0.0.1 only.
#  1. single-sample POST /v1/locations over 64 keep-alive connections (wrk + bench/ingest/locations.lua),
#     alternating with nginx GET /healthz and nginx answering the same POSTs, ROUNDS rounds;
#  2. POSTs of 500 samples (durable rows counted in the database), against nginx answering the same bodies;
#  3. on-disk bytes per stored sample with PHONES accounts interleaved (homeward stats);
#  4. GET /v1/dependents p99 (wrk --latency) while a second wrk ingests about 5,000 samples/s; then
#     the phone simulator (offline buffers resent) with the lost/duplicated check against the database;
#  5. a day of 8-second samples (10,800) as GeoJSON, against nginx serving the same bytes as a file.
# Usage: bash bench/ingest.sh   (ROUNDS, DURATION, CONNECTIONS, PHONES, LOAD_SECONDS, EXPORT_RUNS,
#        INGEST_DELAY_MS, POLL_DELAY_MS override)
set -euo pipefail
cd "$(dirname "$0")/.."

ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-64}
PHONES=${PHONES:-5000}
GUARDIANS=${GUARDIANS:-1000}
LOAD_SECONDS=${LOAD_SECONDS:-30}
EXPORT_RUNS=${EXPORT_RUNS:-30}
INGEST_DELAY_MS=${INGEST_DELAY_MS:-12}
POLL_DELAY_MS=${POLL_DELAY_MS:-4}
OURS_PORT=${OURS_PORT:-18091}
NGINX_PORT=${NGINX_PORT:-18092}
OUT=$PWD/bench/out/ingest
source bench/homeward-server.sh

# CPU time the hypervisor gave to other machines (steal, /proc/stat), so a slow run can be told apart.
steal_ticks() { awk '/^cpu / { print $9 }' /proc/stat; }
steal_start=$(steal_ticks)
run_start=$(date +%s)

prepare_homeward
mkdir -p "$OUT/static"
$SEED "$DB" "$OUT/tokens" --phones "$PHONES" --guardians "$GUARDIANS" --dependents-per-guardian 5
awk '$1 == "phone" { print $4 }' "$OUT/tokens" >"$OUT/phone-tokens"
export HOMEWARD_TOKENS="$OUT/phone-tokens"

start_homeward
sed -e "s|@PORT@|$NGINX_PORT|" -e "s|@OUT@|$OUT|g" bench/nginx-ingest.conf >"$OUT/nginx.conf"
nginx -c "$OUT/nginx.conf" -p "$OUT" -e "$OUT/nginx-error.log"
curl -fsS "http://127.0.0.1:$NGINX_PORT/healthz" >/dev/null

rows() { sqlite3 "file:$DB?mode=ro" "SELECT count(*) FROM locations"; }
now_ms() { echo $(( $(date +%s) * 1000 )); }
# wrk's summary: requests/s, and the count of non-2xx answers (0 when wrk prints none).
wrk_rate() { awk '/Requests\/sec/ { rate = $2 } /Non-2xx/ { bad = $5 } END { printf "%s %d\n", rate, bad }'; }

# Each wrk run starts its fixes at its own base time, days in the past, so no run repeats another's samples.
base_index=0
next_base_ms() { base_index=$((base_index + 1)); echo $(( $(now_ms) - 20 * 86400000 + base_index * 86400000 )); }

echo "== 1. single-sample POST /v1/locations, $CONNECTIONS connections, $PHONES accounts =="
ours_total=0; healthz_total=0; post_total=0
for round in $(seq 1 "$ROUNDS"); do
    read -r ours ours_bad < <(HOMEWARD_SAMPLES=1 HOMEWARD_BASE_MS=$(next_base_ms) \
        wrk -t1 -c"$CONNECTIONS" -d"$DURATION" -s bench/ingest/locations.lua "http://127.0.0.1:$OURS_PORT/v1/locations" | wrk_rate)
    read -r healthz _ < <(wrk -t1 -c"$CONNECTIONS" -d"$DURATION" "http://127.0.0.1:$NGINX_PORT/healthz" | wrk_rate)
    read -r post _ < <(HOMEWARD_SAMPLES=1 HOMEWARD_BASE_MS=0 \
        wrk -t1 -c"$CONNECTIONS" -d"$DURATION" -s bench/ingest/locations.lua "http://127.0.0.1:$NGINX_PORT/v1/locations" | wrk_rate)
    echo "round $round: homeward $ours req/s ($ours_bad non-2xx), nginx GET /healthz $healthz req/s, nginx same POST $post req/s"
    ours_total=$(echo "$ours_total + $ours" | bc -l)
    healthz_total=$(echo "$healthz_total + $healthz" | bc -l)
    post_total=$(echo "$post_total + $post" | bc -l)
done
printf 'mean: homeward %.0f req/s; nginx /healthz %.0f req/s (ratio %.2f); nginx same POST %.0f req/s (ratio %.2f)\n' \
    "$(echo "$ours_total / $ROUNDS" | bc -l)" "$(echo "$healthz_total / $ROUNDS" | bc -l)" \
    "$(echo "$ours_total / $healthz_total" | bc -l)" "$(echo "$post_total / $ROUNDS" | bc -l)" \
    "$(echo "$ours_total / $post_total" | bc -l)"

echo "== 2. POST /v1/locations with 500 samples, $CONNECTIONS connections =="
for round in $(seq 1 "$ROUNDS"); do
    before=$(rows)
    started=$(date +%s.%N)
    read -r ours ours_bad < <(HOMEWARD_SAMPLES=500 HOMEWARD_BASE_MS=$(next_base_ms) \
        wrk -t1 -c"$CONNECTIONS" -d"$DURATION" -s bench/ingest/locations.lua "http://127.0.0.1:$OURS_PORT/v1/locations" | wrk_rate)
    elapsed=$(echo "$(date +%s.%N) - $started" | bc -l)
    stored=$(( $(rows) - before ))
    read -r post _ < <(HOMEWARD_SAMPLES=500 HOMEWARD_BASE_MS=0 \
        wrk -t1 -c"$CONNECTIONS" -d"$DURATION" -s bench/ingest/locations.lua "http://127.0.0.1:$NGINX_PORT/v1/locations" | wrk_rate)
    printf 'round %d: homeward %s req/s (%s non-2xx) = %.0f samples/s answered; %d rows stored in %.1f s = %.0f durable samples/s; nginx same POST %s req/s (ratio %.2f)\n' \
        "$round" "$ours" "$ours_bad" "$(echo "$ours * 500" | bc -l)" "$stored" "$elapsed" "$(echo "$stored / $elapsed" | bc -l)" \
        "$post" "$(echo "$ours / $post" | bc -l)"
done

echo "== 3. on-disk size, $PHONES accounts interleaved =="
"$HOMEWARD" stats --database "$DB" --log-level warning | grep -E "locations|bytes"

echo "== 4. GET /v1/dependents p99 (wrk) while wrk ingests about 5,000 samples/s =="
# Two wrk processes at once: 16 connections posting 5 fixes each every ~${INGEST_DELAY_MS} ms (rows counted
# in the database give the real rate), and 4 guardians' connections polling GET /v1/dependents every
# ${POLL_DELAY_MS} ms, whose latency percentiles wrk measures itself.
awk '$1 == "guardian" { print $4 }' "$OUT/tokens" >"$OUT/guardian-tokens"
before=$(rows)
started=$(date +%s.%N)
HOMEWARD_SAMPLES=5 HOMEWARD_DELAY_MS=$INGEST_DELAY_MS HOMEWARD_BASE_MS=$(next_base_ms) \
    wrk -t1 -c16 -d"${LOAD_SECONDS}s" -s bench/ingest/locations.lua "http://127.0.0.1:$OURS_PORT/v1/locations" >"$OUT/wrk-ingest.txt" &
ingest_pid=$!
HOMEWARD_TOKENS="$OUT/guardian-tokens" HOMEWARD_DELAY_MS=$POLL_DELAY_MS \
    wrk -t1 -c4 -d"${LOAD_SECONDS}s" --latency -s bench/ingest/dependents.lua "http://127.0.0.1:$OURS_PORT/v1/dependents" >"$OUT/wrk-dependents.txt"
wait "$ingest_pid"
elapsed=$(echo "$(date +%s.%N) - $started" | bc -l)
stored=$(( $(rows) - before ))
ingest_bad=$(awk '/Non-2xx/ { print $5 }' "$OUT/wrk-ingest.txt")
printf 'ingest: %d rows stored in %.1f s = %.0f samples/s (%d non-2xx)\n' "$stored" "$elapsed" "$(echo "$stored / $elapsed" | bc -l)" "${ingest_bad:-0}"
awk '/Requests\/sec/ { rate = $2 } /^ +50%/ { p50 = $2 } /^ +99%/ { p99 = $2 } /Latency +[0-9]/ { max = $4 }
     END { printf "dependents: %s req/s, p50 %s, p99 %s, max %s\n", rate, p50, p99, max }' "$OUT/wrk-dependents.txt"
grep -q "Non-2xx" "$OUT/wrk-dependents.txt" && { echo "dependents answered non-2xx:"; grep Non-2xx "$OUT/wrk-dependents.txt"; }

echo "== 4b. the phone simulator (Python): offline buffers resent, lost/duplicated check =="
$LOAD run --port "$OURS_PORT" --tokens "$OUT/tokens" --db "$DB" --phones "$PHONES" --guardians "$GUARDIANS" \
    --connections "$CONNECTIONS" --duration "$LOAD_SECONDS" --interval 5 --samples-per-post 5 --poll-seconds 5

echo "== 5. a day of 8-second samples as GeoJSON =="
read -r path token < <($LOAD day --port "$OURS_PORT" --tokens "$OUT/tokens")
curl -fsS -o "$OUT/static/day.geojson" -H "Authorization: Bearer $token" "http://127.0.0.1:$OURS_PORT$path"
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print("export:", sum(len(f["geometry"]["coordinates"]) for f in d["features"]), "points")' "$OUT/static/day.geojson"
echo "export: $(stat -c %s "$OUT/static/day.geojson") bytes"
timings() {
    for _ in $(seq 1 "$EXPORT_RUNS"); do curl -fsS -o /dev/null -w '%{time_total}\n' "$@"; done | sort -n |
        awk '{ t[NR] = $1 * 1000 } END { printf "%.1f %.1f\n", t[int((NR + 1) / 2)], t[NR] }'
}
read -r ours_median ours_max < <(timings -H "Authorization: Bearer $token" "http://127.0.0.1:$OURS_PORT$path")
read -r nginx_median nginx_max < <(timings "http://127.0.0.1:$NGINX_PORT/static/day.geojson")
printf 'GeoJSON day (%d runs, curl): homeward median %s ms, max %s ms; nginx same file median %s ms, max %s ms (ratio of medians %.1f)\n' \
    "$EXPORT_RUNS" "$ours_median" "$ours_max" "$nginx_median" "$nginx_max" "$(echo "$ours_median / $nginx_median" | bc -l)"
printf 'CPU stolen by the hypervisor during the run: %.0f %%\n' \
    "$(echo "($(steal_ticks) - $steal_start) / $(getconf CLK_TCK) / ($(date +%s) - $run_start) / $(nproc) * 100" | bc -l)"
