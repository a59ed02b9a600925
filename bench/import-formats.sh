#!/usr/bin/env bash
# Import throughput and peak memory of every large-history format against Records.json, the peer
# in the same run: the same person's years (bench/imports/generate_track.py, one fix a minute)
# written as Records.json, GPX, GeoJSON, Semantic Location History and an OwnTracks .rec, each
# imported by `homeward import` into a fresh SQLite database with a release build.
# Usage: bash bench/import-formats.sh [POINTS]  (default 1000000; BINARY=path measures another
# build; FORMATS="gpx rec" picks some; DIR=path keeps the generated files there for another run).
# vs_records compares fixes per CPU-second (user + system), steadier than wall time on a shared machine.
set -euo pipefail
cd "$(dirname "$0")/.."
points=${1:-1000000}
bin=${BINARY:-.build/release/homeward}
dir=${DIR:-$(mktemp -d)}
[ -n "${DIR:-}" ] || trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir"
declare -A names=([records]=Records.json [gpx]=history.gpx [geojson]=history.geojson [semantic]=2014_MAY.json [rec]=history.rec)
printf '%-9s %12s %10s %8s %10s %8s %14s %13s %9s\n' format bytes fixes seconds fixes/s cpu_s fixes/cpu_s peak_rss_kib vs_records
records_rate=
for format in records ${FORMATS:-gpx geojson semantic rec}; do
    file=$dir/${names[$format]}
    if [ ! -f "$file" ]; then
        if [ "$format" = records ]; then python3 bench/imports/generate_records.py "$points" > "$file"
        else python3 bench/imports/generate_track.py "$format" "$points" > "$file"; fi
    fi
    db=$dir/$format.sqlite
    rm -f "$db" "$db-wal" "$db-shm"
    "$bin" migrate --database "$db" > /dev/null
    now=$(date +%s%3N)
    sqlite3 "$db" "INSERT INTO accounts (id, phone, name, password_hash, created_at_ms, updated_at_ms)
      VALUES ('bench', '+447700900001', 'Bench', '\$argon2id\$v=19\$m=19456,t=2,p=1\$x\$y', $now, $now)"
    start=$(date +%s.%N)
    /usr/bin/time -v "$bin" import --account bench "$file" --database "$db" > "$dir/$format.out" 2> "$dir/$format.time"
    end=$(date +%s.%N)
    stored=$(sqlite3 "$db" "SELECT count(*) FROM locations")
    seconds=$(echo "$end - $start" | bc -l)
    rate=$(echo "$stored / $seconds" | bc)
    rss=$(awk -F': ' '/Maximum resident/ {print $2}' "$dir/$format.time")
    cpu=$(awk -F': ' '/User time|System time/ {s += $2} END {print s}' "$dir/$format.time")
    per_cpu=$(echo "$stored / $cpu" | bc)
    # The ratio is of fixes per CPU-second, steadier than wall time on a shared machine.
    [ -n "$records_rate" ] || records_rate=$per_cpu
    printf '%-9s %12d %10d %8.2f %10d %8.2f %14d %13d %9.2f\n' "$format" "$(stat -c %s "$file")" "$stored" "$seconds" "$rate" \
        "$cpu" "$per_cpu" "$rss" "$(echo "$per_cpu / $records_rate" | bc -l)"
    rm -f "$db" "$db-wal" "$db-shm"
done
