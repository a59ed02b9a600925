#!/usr/bin/env bash
# Import throughput and peak memory: a 5-million-point Records.json into a fresh SQLite database
# with a release build; then SOS latency while the same file is imported over the API by another
# person, against the quiet moments before and after (bench/imports/sos_during_import.py).
# Usage: bash bench/imports.sh [POINTS]  (default 5000000; RECORDS=path reuses a file; BINARY=path
# measures another build; SOS=0 skips the second part)
set -euo pipefail
cd "$(dirname "$0")/.."
points=${1:-5000000}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
records=${RECORDS:-$dir/Records.json}   # RECORDS=path reuses a file generated before
[ -f "$records" ] || python3 bench/imports/generate_records.py "$points" > "$records"
ls -l "$records"
bin=${BINARY:-.build/release/homeward}
"$bin" migrate --database "$dir/h.sqlite" > /dev/null
now=$(date +%s%3N)
sqlite3 "$dir/h.sqlite" "INSERT INTO accounts (id, phone, name, password_hash, created_at_ms, updated_at_ms)
  VALUES ('bench', '+447700900001', 'Bench', '\$argon2id\$v=19\$m=19456,t=2,p=1\$x\$y', $now, $now)"
start=$(date +%s.%N)
/usr/bin/time -v "$bin" import --account bench "$records" --database "$dir/h.sqlite" 2> "$dir/time.txt" | tail -3
end=$(date +%s.%N)
grep -E 'Maximum resident|Elapsed|User time|System time|Percent of CPU' "$dir/time.txt"
stored=$(sqlite3 "$dir/h.sqlite" "SELECT count(*) FROM locations")
echo "stored $stored fixes in $(echo "$end - $start" | bc) s: $(echo "$stored / ($end - $start)" | bc) fixes/s"

[ "${SOS:-1}" = 0 ] && exit 0
OUT=$dir/server
OURS_PORT=${OURS_PORT:-18231}
BINARY=$bin
source bench/homeward-server.sh
prepare_homeward
start_homeward
trap 'stop_benchmark_servers; rm -rf "$dir"' EXIT
python3 bench/imports/sos_during_import.py "$OURS_PORT" "$records" "${QUIET_SECONDS:-10}"
