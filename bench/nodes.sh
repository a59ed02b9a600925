#!/usr/bin/env bash
# One node against two, SQLite against PostgreSQL, in the same run: single-sample POST /v1/locations,
# batched POST /v1/locations (BATCH fixes a request, reported as fixes/s) and GET /v1/dependents for
# guardians of DEPENDENTS people (wrk, CONNECTIONS keep-alive connections, ROUNDS × DURATION each)
# against
#   1. one node on the SQLite file, straight;
#   2. one node on PostgreSQL, straight;
#   3. one node on PostgreSQL behind nginx;
#   4. two nodes on the same PostgreSQL database behind nginx (each phone's and guardian's requests
#      kept on one node by their token, `hash $http_authorization`, as docs/deploying.md advises;
#      BALANCE=consistent adds nginx's `consistent`, BALANCE=round-robin alternates);
#   5. (only when SETUPS names it) the control for 4: two nodes balanced as in 4, each alone on a
#      database of its own (two copies of the accounts on the same PostgreSQL server), so they share
#      the machine, the server and nginx but no rows and no relay: what two nodes get from this
#      machine when they do not work together.
# The accounts are seeded into an SQLite file (bench/load/seed.py) and moved to PostgreSQL with
# `homeward copy`, so every setup serves the same people with the same tokens. PostgreSQL runs with
# fsync on (a 2xx is durable on both engines), in a throwaway cluster (.ci/postgres-cluster.sh).
# Usage: bash bench/nodes.sh   (ROUNDS 3, DURATION 10s, CONNECTIONS 64, PHONES 2000, GUARDIANS 200,
#        DEPENDENTS 10, BATCH 1000 (0 leaves the batched POSTs out), BATCH_CONNECTIONS 8;
#        BINARY=path measures another build; SETUPS=12 runs setups 1 and 2 only, SETUPS=345 adds the control;
#        NODE_CPUS=0.5 caps each node at half a core (a cgroup of its own, as on a machine of its own)
#        so that setups 3 and 4 compare one node with two when the nodes, not the two shared cores,
#        are what limits; PostgreSQL, nginx and wrk are not capped; NODE_CPU_PERIOD_US sets the
#        cgroup's period, 10,000 (10 ms) by default: a capped node runs NODE_CPUS of each period and
#        then waits, and at the kernel's own 100,000 a node at 0.3 would stop for 70 ms at a time,
#        which a node with a machine of its own never does); ROUND_DETAIL=1 prints each
#        round's single-post rate with the cores each process used meanwhile (from /proc) and each
#        node's write blocks a group and lost races (from /metrics), the
#        first round of setup 4 being the second node's join); WARMUP=1 rounds (the default) of
#        single posts and reads run before each setup's measured rounds and are not counted: a
#        node's first fix of each person builds their tracker from the database, and in setup 4
#        the second node's join does it again for the people it takes over)
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-64}
PHONES=${PHONES:-2000}
GUARDIANS=${GUARDIANS:-200}
DEPENDENTS=${DEPENDENTS:-10}
BATCH=${BATCH:-1000}
BATCH_CONNECTIONS=${BATCH_CONNECTIONS:-8}
SETUPS=${SETUPS:-1234}
OUT=$PWD/bench/out/nodes
SCRATCH=${SCRATCH:-.build-bench}
HOMEWARD="${BINARY:-$SCRATCH/release/homeward}"
[[ -n "${BINARY:-}" ]] || swift build -c release --scratch-path "$SCRATCH" --product homeward >/dev/null
HOMEWARD="$(cd "$(dirname "$HOMEWARD")" && pwd)/$(basename "$HOMEWARD")"
rm -rf "$OUT"; mkdir -p "$OUT"; chmod 755 "$OUT"
ulimit -n "$(ulimit -Hn)" || true
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    [[ -f "$OUT/nginx.pid" ]] && kill "$(cat "$OUT/nginx.pid")" 2>/dev/null || true
    .ci/postgres-cluster.sh stop "$OUT/pg" >/dev/null 2>&1 || true
    sleep 0.2; rmdir "${CGROUPS:-/nonexistent}"/homeward-node-* 2>/dev/null || true
}
trap cleanup EXIT

DB="$OUT/homeward.sqlite"
"$HOMEWARD" migrate --database "$DB" --log-level warning >/dev/null
python3 bench/load/seed.py "$DB" "$OUT/tokens" --phones "$PHONES" --guardians "$GUARDIANS" --dependents-per-guardian "$DEPENDENTS"
awk '$1 == "phone" { print $4 }' "$OUT/tokens" >"$OUT/phone-tokens"
awk '$1 == "guardian" { print $4 }' "$OUT/tokens" >"$OUT/guardian-tokens"
url="$(POSTGRES_FSYNC=on .ci/postgres-cluster.sh start "$OUT/pg" | tail -1)"
PG="${url%/*}/homeward_nodes"
psql "$url" -qc "CREATE DATABASE homeward_nodes"
"$HOMEWARD" copy --from "$DB" --to "$PG" >/dev/null

port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
NODE_CPUS=${NODE_CPUS:-}
CGROUPS=/sys/fs/cgroup/cpu
capped() { # capped PORT COMMAND...: runs COMMAND in a cgroup of its own limited to NODE_CPUS cores
    local group="$CGROUPS/homeward-node-$1"; shift
    mkdir -p "$group"
    local period=${NODE_CPU_PERIOD_US:-10000}
    echo "$period" >"$group/cpu.cfs_period_us"
    local quota; quota=$(python3 -c "print(int($NODE_CPUS * $period))")
    echo "$quota" >"$group/cpu.cfs_quota_us"
    exec bash -c 'echo $$ >"$0/cgroup.procs" && exec "$@"' "$group" "$@"
}
serve() { # serve DATABASE PORT: starts a node, waits for /readyz
    local run=(); [[ -n "$NODE_CPUS" ]] && run=(capped "$2")
    "${run[@]}" "$HOMEWARD" serve --database "$1" --port "$2" --log-level warning --secret-file "$DB.secret" \
        --vapid-key-file "$OUT/vapid" --trusted-proxies 127.0.0.1 >>"$OUT/node-$2.log" 2>&1 &
    pids+=($!)
    node_ports+=("$2")
    for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$2/readyz" >/dev/null 2>&1 && return 0; sleep 0.1; done
    echo "node on $2 did not start"; cat "$OUT/node-$2.log"; exit 1
}
stop_nodes() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done; pids=(); node_ports=(); }
BALANCE=${BALANCE:-token}
proxy() { # proxy PORT BACKEND_PORTS...: nginx in front of the nodes, each phone kept on one node by
          # its token as docs/deploying.md advises (BALANCE=consistent: by nginx's consistent hash,
          # whose split of two nodes depends on their ports, 52/48 to 59/41 in these runs;
          # BALANCE=round-robin alternates every request)
    local listen=$1; shift
    local servers=""
    case $BALANCE in
        token) servers="hash \$http_authorization; " ;;
        consistent) servers="hash \$http_authorization consistent; " ;;
        round-robin) ;;
        *) echo "BALANCE is token, consistent or round-robin"; exit 1 ;;
    esac
    for backend in "$@"; do servers+="server 127.0.0.1:$backend; "; done
    cat >"$OUT/nginx.conf" <<CONF
worker_processes 1;
pid $OUT/nginx.pid;
error_log $OUT/nginx-error.log;
events { worker_connections 4096; }
http {
    access_log off;
    upstream homeward { $servers keepalive 128; }
    server {
        listen 127.0.0.1:$listen;
        location / { proxy_pass http://homeward; proxy_http_version 1.1; proxy_set_header Connection ""; }
    }
}
CONF
    [[ -f "$OUT/nginx.pid" ]] && { kill "$(cat "$OUT/nginx.pid")" 2>/dev/null || true; sleep 0.5; }
    nginx -c "$OUT/nginx.conf" -p "$OUT" -e "$OUT/nginx-error.log"
}
wrk_rate() { awk '/Requests\/sec/ { rate = $2 } /Non-2xx/ { bad = $5 } END { printf "%s %d\n", rate, bad }'; }
base_index=0
base_ms=0
# Each measurement's fixes start on a day of their own (a year back from now on), so no run posts a
# duplicate or a late fix: next_base DAYS sets base_ms and reserves DAYS days (a batch run needs more
# than one). It sets a variable rather than printing: a command substitution would run it in a
# subshell, and every run would start on the same day, posting the earlier runs' fixes again.
next_base() { local days=${1:-1}; base_ms=$(( $(date +%s) * 1000 - 365 * 86400000 + base_index * 86400000 )); base_index=$((base_index + days)); }
node_ports=()
duplicates() { # the fixes the running nodes counted as duplicates so far
    local total=0 port count
    for port in "${node_ports[@]}"; do
        count=$(curl -fs "http://127.0.0.1:$port/metrics" | awk '/^homeward_ingest_samples_total\{/ && /kind="location"/ && /outcome="duplicate"/ { n += $2 } END { printf "%d", n }')
        total=$((total + count))
    done
    echo "$total"
}
ROUND_DETAIL=${ROUND_DETAIL:-}
group_counts() { # one line "commits writes lost_races" per running node, from its /metrics
    local port
    for port in "${node_ports[@]}"; do
        curl -fs "http://127.0.0.1:$port/metrics" | awk '/^homeward_database_commits_total/ { c = $2 } /^homeward_database_writes_total/ { w = $2 }
            /^homeward_database_lost_races_total/ { l = $2 } END { printf "%d %d %d\n", c, w, l }'
    done
}
groups_since() { # groups_since FILE: each node's write blocks, blocks a group and lost races since FILE was written
    group_counts | python3 -c '
import sys
before = [line.split() for line in open(sys.argv[1])]
out = []
for (c0, w0, l0), line in zip(before, sys.stdin):
    c, w, l = line.split()
    commits, writes = int(c) - int(c0), int(w) - int(w0)
    out.append(f"{writes} write blocks, {writes / max(commits, 1):.1f} a group ({int(l) - int(l0)} lost races)")
print(", ".join(out))
' "$1"
}
cpu_ticks() { # one line "name ticks" per node, for PostgreSQL's and nginx's processes together, and idle
    local pid name
    for pid in "${pids[@]}"; do echo "node-$pid $(awk '{ print $14 + $15 }' "/proc/$pid/stat" 2>/dev/null || echo 0)"; done
    for name in postgres nginx; do
        echo "$name $(for pid in $(pgrep -x "$name"); do awk '{ print $14 + $15 }' "/proc/$pid/stat" 2>/dev/null; done | awk '{ n += $1 } END { print n + 0 }')"
    done
    echo "idle $(awk '/^cpu / { print $5 }' /proc/stat)"
}
cores_since() { # cores_since FILE SECONDS: the cores each line of cpu_ticks used since FILE was written
    cpu_ticks | python3 -c '
import sys
before = dict(line.split() for line in open(sys.argv[1]))
hz, seconds = int(sys.argv[2]), float(sys.argv[3])
print(" ".join(f"{k}={(int(v) - int(before.get(k, 0))) / hz / seconds:.2f}" for k, v in (l.split() for l in sys.stdin)))
' "$1" "$(getconf CLK_TCK)" "$2"
}
WARMUP=${WARMUP:-1}
warm_up() { # warm_up URL: WARMUP rounds of single-sample POSTs and GET /v1/dependents, not counted
    local round
    for round in $(seq 1 "$WARMUP"); do
        next_base
        read -r rate wrong < <(HOMEWARD_TOKENS="$OUT/phone-tokens" HOMEWARD_SAMPLES=1 HOMEWARD_BASE_MS=$base_ms \
            wrk -t1 -c"$CONNECTIONS" -d"$DURATION" -s bench/ingest/locations.lua "$1/v1/locations" | wrk_rate)
        [[ -z "$ROUND_DETAIL" ]] || echo "  warm-up: POST $rate req/s (not counted)"
        HOMEWARD_TOKENS="$OUT/guardian-tokens" wrk -t1 -c"$CONNECTIONS" -d"$DURATION" -s bench/ingest/dependents.lua \
            "$1/v1/dependents" >/dev/null
    done
}
measure() { # measure NAME URL: mean single-sample POST, batched POST and GET /v1/dependents rates over ROUNDS
    local name=$1 target=$2 posts=0 batched=0 reads=0 bad=0 duplicated
    warm_up "$target"
    duplicated=$(duplicates)
    for _ in $(seq 1 "$ROUNDS"); do
        next_base
        [[ -z "$ROUND_DETAIL" ]] || { cpu_ticks >"$OUT/ticks"; group_counts >"$OUT/groups"; started=$(date +%s.%N); }
        read -r rate wrong < <(HOMEWARD_TOKENS="$OUT/phone-tokens" HOMEWARD_SAMPLES=1 HOMEWARD_BASE_MS=$base_ms \
            wrk -t1 -c"$CONNECTIONS" -d"$DURATION" -s bench/ingest/locations.lua "$target/v1/locations" | wrk_rate)
        posts=$(python3 -c "print($posts + $rate)"); bad=$((bad + wrong))
        [[ -z "$ROUND_DETAIL" ]] || echo "  round: POST $rate req/s, cores: $(cores_since "$OUT/ticks" "$(python3 -c "import time; print(time.time() - $started)")"); $(groups_since "$OUT/groups")"
        if (( BATCH > 0 )); then
            next_base 20
            read -r rate wrong < <(HOMEWARD_TOKENS="$OUT/phone-tokens" HOMEWARD_SAMPLES=$BATCH HOMEWARD_BASE_MS=$base_ms \
                wrk -t1 -c"$BATCH_CONNECTIONS" -d"$DURATION" --timeout 30s -s bench/ingest/locations.lua "$target/v1/locations" | wrk_rate)
            batched=$(python3 -c "print($batched + $rate * $BATCH)"); bad=$((bad + wrong))
        fi
        read -r rate wrong < <(HOMEWARD_TOKENS="$OUT/guardian-tokens" \
            wrk -t1 -c"$CONNECTIONS" -d"$DURATION" -s bench/ingest/dependents.lua "$target/v1/dependents" | wrk_rate)
        reads=$(python3 -c "print($reads + $rate)"); bad=$((bad + wrong))
    done
    duplicated=$(( $(duplicates) - duplicated ))
    printf "%-40s POST %8.0f req/s   batched %9.0f fixes/s   GET /v1/dependents %7.0f req/s   non-2xx %d   duplicates %d\n" "$name" \
        "$(python3 -c "print($posts / $ROUNDS)")" "$(python3 -c "print($batched / $ROUNDS)")" \
        "$(python3 -c "print($reads / $ROUNDS)")" "$bad" "$duplicated" | tee -a "$OUT/results"
}

a=$(port); b=$(port); front=$(port)
if [[ $SETUPS == *1* ]]; then serve "$DB" "$a"; measure "1. one node, SQLite" "http://127.0.0.1:$a"; stop_nodes; fi
serve "$PG" "$a"
[[ $SETUPS == *2* ]] && measure "2. one node, PostgreSQL" "http://127.0.0.1:$a"
if [[ $SETUPS == *[34]* ]]; then proxy "$front" "$a"; fi
[[ $SETUPS == *3* ]] && measure "3. one node, PostgreSQL, behind nginx" "http://127.0.0.1:$front"
if [[ $SETUPS == *4* ]]; then serve "$PG" "$b"; proxy "$front" "$a" "$b"; measure "4. two nodes, PostgreSQL, behind nginx" "http://127.0.0.1:$front"; fi
if [[ $SETUPS == *5* ]]; then
    stop_nodes
    psql "$url" -qc "CREATE DATABASE homeward_nodes_b"
    "$HOMEWARD" copy --from "$DB" --to "${url%/*}/homeward_nodes_b" >/dev/null
    serve "$PG" "$a"; serve "${url%/*}/homeward_nodes_b" "$b"; proxy "$front" "$a" "$b"
    measure "5. two nodes, a database each (control)" "http://127.0.0.1:$front"
fi
echo "guardians of $DEPENDENTS; batches of $BATCH fixes over $BATCH_CONNECTIONS connections"
echo "machine: $(nproc) cores; nodes, nginx, PostgreSQL and wrk share them"
[[ -z "$NODE_CPUS" ]] || echo "each node capped at $NODE_CPUS cores (cgroup cpu.cfs_quota_us, period ${NODE_CPU_PERIOD_US:-10000} µs); PostgreSQL, nginx and wrk not capped"
