#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests: initdb into a temporary directory, listening on a
# loopback port and a socket in that directory only, run as a non-root user (PostgreSQL refuses
# root: as root, the cluster runs as Debian's `postgres` user).
#   .ci/postgres-cluster.sh start DIR [PORT]   prints the connection URL on its last line (PORT:
#                                              a free one by default)
#   .ci/postgres-cluster.sh stop DIR
set -euo pipefail
action="${1:?start or stop}"
dir="${2:?a directory for the cluster}"
port="${3:-$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}"
bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
[ -x "$bin/initdb" ] || { echo "postgresql is not installed (apt-get install postgresql)" >&2; exit 1; }
as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
case "$action" in
  start)
    mkdir -p "$dir"
    if [ "$(id -u)" = 0 ]; then
      chown postgres: "$dir"
      runuser -u postgres -- test -x "$dir" || { echo "user postgres cannot reach $dir (make its parents a+x)" >&2; exit 1; }
    fi
    as_owner "$bin/initdb" -D "$dir/data" -U homeward --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; exit 1; }
    # Throwaway: no fsync unless POSTGRES_FSYNC=on (the tests need none; bench/nodes.sh compares
    # durable writes with SQLite's, so it asks for it), a socket in the cluster's own directory,
    # loopback only, with max_pred_locks_per_page and max_pred_locks_per_relation as docs/postgresql.md
    # advises (two nodes' writes otherwise collide). POSTGRES_OPTIONS adds server settings
    # (`-c shared_buffers=1GB`).
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -o \
      "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=${POSTGRES_FSYNC:-off} -c max_connections=200 -c max_pred_locks_per_page=64 -c max_pred_locks_per_relation=256 ${POSTGRES_OPTIONS:-}" start >/dev/null \
      || { cat "$dir/server.log" >&2; exit 1; }
    as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U homeward homeward_test
    echo "postgres://homeward@127.0.0.1:$port/homeward_test"
    ;;
  stop)
    [ -d "$dir/data" ] && as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  *) echo "start or stop" >&2; exit 2 ;;
esac
