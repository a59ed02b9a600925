# Sourced by bench/ingest.sh and bench/alerts.sh: a release build of homeward on a fresh database in
# $OUT, started on 127.0.0.1:$OURS_PORT and stopped (with nginx, if $OUT/nginx.pid exists) on exit.
#   prepare_homeward            builds (unless BINARY names one), empties $OUT, migrates $DB
#   start_homeward [flags...]   serves $DB in the background and waits until /healthz answers

SCRATCH=${SCRATCH:-.build-bench}
LOAD="python3 bench/load/homeward_load.py"
SEED="python3 bench/load/seed.py"
# BINARY=path benchmarks another build of homeward (e.g. main before a change) instead of building this tree.
HOMEWARD="${BINARY:-$SCRATCH/release/homeward}"
DB="$OUT/homeward.sqlite"

prepare_homeward() {
    rm -rf "$OUT"
    mkdir -p "$OUT"
    ulimit -n "$(ulimit -Hn)" || true
    [[ -n "${BINARY:-}" ]] || swift build -c release --scratch-path "$SCRATCH" --product homeward >/dev/null
    "$HOMEWARD" migrate --database "$DB" --log-level warning >/dev/null
}

stop_benchmark_servers() {
    [[ -n "${OURS_PID:-}" ]] && kill "$OURS_PID" 2>/dev/null && wait "$OURS_PID" 2>/dev/null || true
    [[ -f "$OUT/nginx.pid" ]] && kill "$(cat "$OUT/nginx.pid")" 2>/dev/null || true
}

start_homeward() {
    trap stop_benchmark_servers EXIT
    # The benchmarks receive webhooks on this machine, which outgoing requests may not reach unless allowed.
    "$HOMEWARD" serve --database "$DB" --port "$OURS_PORT" --log-level warning --outgoing-allow-hosts 127.0.0.1 "$@" >"$OUT/server.log" 2>&1 &
    OURS_PID=$!
    for _ in $(seq 1 50); do curl -fsS "http://127.0.0.1:$OURS_PORT/healthz" >/dev/null 2>&1 && break; sleep 0.2; done
    curl -fsS "http://127.0.0.1:$OURS_PORT/healthz" >/dev/null
}
