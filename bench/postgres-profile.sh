#!/usr/bin/env bash
# Where a PostgreSQL node's time goes: one node on a throwaway cluster (fsync on, pg_stat_statements
# loaded) serving the 2,000 phones of bench/nodes.sh, wrk posting SAMPLES fixes a request over
# CONNECTIONS connections for DURATION after 2 s of warm-up; prints wrk's rate, the CPU seconds the
# node and the PostgreSQL server processes spent meanwhile (from /proc), the 14 costliest statements
# (calls, total ms, ms a call, rows) and the size of `locations`. PERF=1 also records the node with
# `perf record -g` for 5 s into $OUT/perf.data. ENGINE=sqlite serves the same people from the SQLite
# file instead, under the same load (the node's CPU per request the same way, no statements listed).
# Both print the mean number of write blocks a group commit held (/metrics) over the measurement.
# Usage: BINARY=.build/release/homeward bash bench/postgres-profile.sh [SAMPLES (1)] [CONNECTIONS (64)] [DURATION (8s)]
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="$(cd "$(dirname "${BINARY:?a release build}")" && pwd)/$(basename "$BINARY")"
SAMPLES=${1:-1}; CONNS=${2:-64}; DURATION=${3:-8s}
ENGINE=${ENGINE:-postgresql}
OUT=$PWD/bench/out/postgres-profile
.ci/postgres-cluster.sh stop $OUT/pg >/dev/null 2>&1 || true
rm -rf $OUT/run; mkdir -p $OUT/run; chmod 755 $OUT $OUT/run
DB=$OUT/run/h.sqlite
if [[ ! -f $OUT/seed.sqlite ]]; then
  $BIN migrate --database $OUT/seed.sqlite --log-level warning >/dev/null
  python3 bench/load/seed.py $OUT/seed.sqlite $OUT/tokens --phones 2000 --guardians 200 --dependents-per-guardian 10 >/dev/null
  awk '$1 == "phone" { print $4 }' $OUT/tokens > $OUT/phone-tokens
fi
cp $OUT/seed.sqlite $DB; cp $OUT/seed.sqlite.secret $DB.secret 2>/dev/null || true
url="$(POSTGRES_FSYNC=on .ci/postgres-cluster.sh start $OUT/pg | tail -1)"
# Started again with pg_stat_statements loaded, with the options the cluster script gave it.
bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
as_owner() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
options="$(as_owner cat $OUT/pg/data/postmaster.opts | sed -E 's/^[^ ]+ //; s/"//g')"
as_owner "$bin/pg_ctl" -D $OUT/pg/data -w -o "$options -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=all" restart >/dev/null
PG="${url%/*}/homeward_prof"
psql "$url" -qc "CREATE DATABASE homeward_prof"
psql "$PG" -qc "CREATE EXTENSION pg_stat_statements"
$BIN migrate --database $DB --log-level warning >/dev/null
$BIN copy --from $DB --to "$PG" >/dev/null
port=18377
served="$PG"; [[ $ENGINE == sqlite ]] && served=$DB
$BIN serve --database "$served" --port $port --log-level warning --secret-file $DB.secret --vapid-key-file $OUT/run/vapid >$OUT/run/node.log 2>&1 &
node=$!
trap 'kill $node 2>/dev/null; .ci/postgres-cluster.sh stop $OUT/pg >/dev/null 2>&1 || true' EXIT
for _ in $(seq 1 100); do curl -fs http://127.0.0.1:$port/readyz >/dev/null 2>&1 && break; sleep 0.1; done
HOMEWARD_TOKENS=$OUT/phone-tokens HOMEWARD_SAMPLES=$SAMPLES HOMEWARD_BASE_MS=$(( ($(date +%s) - 400*86400) * 1000 )) \
  wrk -t1 -c$CONNS -d2s --timeout 30s -s bench/ingest/locations.lua http://127.0.0.1:$port/v1/locations >/dev/null
psql "$PG" -qAtc "SELECT pg_stat_statements_reset()" >/dev/null
ticks() { # node ticks, postgres ticks
  local n p=0
  n=$(awk '{print $14+$15}' /proc/$node/stat)
  for pid in $(pgrep -u postgres); do p=$((p + $(awk '{print $14+$15}' /proc/$pid/stat 2>/dev/null || echo 0))); done
  echo "$n $p"
}
groups() { # write blocks, group commits (from /metrics)
  curl -fs http://127.0.0.1:$port/metrics | awk '$1 == "homeward_database_writes_total" { w = $2 } $1 == "homeward_database_commits_total" { c = $2 } END { print w + 0, c + 0 }'
}
read -r w0 c0 < <(groups)
read -r n0 p0 < <(ticks)
if [[ -n "${PERF:-}" ]]; then (sleep 1; perf record -F 999 -g -p $node -o $OUT/perf.data -- sleep 5 >/dev/null 2>&1) & fi
HOMEWARD_TOKENS=$OUT/phone-tokens HOMEWARD_SAMPLES=$SAMPLES HOMEWARD_BASE_MS=$(( ($(date +%s) - 300*86400) * 1000 )) \
  wrk -t1 -c$CONNS -d$DURATION --timeout 30s -s bench/ingest/locations.lua http://127.0.0.1:$port/v1/locations > $OUT/run/wrk.txt
read -r n1 p1 < <(ticks)
read -r w1 c1 < <(groups)
grep -E "Requests/sec|Non-2xx|Latency" $OUT/run/wrk.txt
echo "node CPU s: $(( (n1-n0) ))/100   postgres CPU s: $(( (p1-p0) ))/100"
requests=$(awk '$1 == "Requests/sec:" { print $2 }' $OUT/run/wrk.txt)
seconds=${DURATION%s}
awk -v n=$((n1-n0)) -v p=$((p1-p0)) -v r="$requests" -v s="$seconds" -v w=$((w1-w0)) -v c=$((c1-c0)) 'BEGIN {
  printf("node CPU per request: %.1f us   postgres CPU per request: %.1f us   blocks per group commit: %s (%d blocks, %d commits)\n",
    n * 10000 / (r * s), p * 10000 / (r * s), (c > 0 ? sprintf("%.1f", w / c) : "-"), w, c) }'
[[ $ENGINE == sqlite ]] && exit 0
psql "$PG" -qAt -F ' | ' -c "SELECT calls, round(total_exec_time::numeric,0) AS ms, round((total_exec_time/calls)::numeric,3) AS ms_per, rows, left(regexp_replace(query, '\s+', ' ', 'g'), 110) FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 14"
psql "$PG" -qAtc "SELECT pg_size_pretty(pg_total_relation_size('locations')), (SELECT count(*) FROM locations)"
