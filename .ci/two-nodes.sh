#!/usr/bin/env bash
# Two nodes on one PostgreSQL database behind nginx; node 1 is killed with SIGKILL under load and
# the survivor must have lost no acknowledged fix, fire node 1's countdowns once, and raise no alert
# twice (.ci/two_nodes.py). Starts a throwaway PostgreSQL cluster (.ci/postgres-cluster.sh) and
# nginx on loopback ports, and removes them afterwards.
# Usage: .ci/two-nodes.sh   (env: PHONES=20, SECONDS_UNDER_LOAD=8, SCRATCH=.build)
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="${SCRATCH:-.build}"
swift build -c release --scratch-path "$scratch" --product homeward 2>&1 | tail -1
binary="$PWD/$scratch/release/homeward"
work="$(mktemp -d /tmp/homeward-two-nodes.XXXXXX)"
chmod 755 "$work"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null || true; done
  [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null || true
  .ci/postgres-cluster.sh stop "$work/pg" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

url="$(.ci/postgres-cluster.sh start "$work/pg" | tail -1)"
database="${url%/*}/homeward_two_nodes"
psql "$url" -qc "CREATE DATABASE homeward_two_nodes"
ports=("$(free_port)" "$(free_port)")
proxy="$(free_port)"

# Node 1 first, so the migrations are applied once before node 2 starts; both share the secret.
for index in 0 1; do
  (cd "$work" && exec "$binary" serve --database "$database" --port "${ports[$index]}" --trusted-proxies 127.0.0.1 \
    --secret-file "$work/secret" --vapid-key-file "$work/vapid" >>"$work/node$((index + 1)).log" 2>&1) &
  pids+=($!)
  for _ in $(seq 1 200); do
    curl -fs "http://127.0.0.1:${ports[$index]}/readyz" >/dev/null 2>&1 && break
    sleep 0.05
  done
  curl -fs "http://127.0.0.1:${ports[$index]}/readyz" >/dev/null || { echo "node $((index + 1)) did not start"; cat "$work/node$((index + 1)).log"; exit 1; }
done

cat >"$work/nginx.conf" <<CONF
worker_processes 1;
pid $work/nginx.pid;
error_log $work/nginx-error.log;
events { worker_connections 1024; }
http {
    access_log off;
    upstream homeward {
        server 127.0.0.1:${ports[0]} max_fails=1 fail_timeout=5s;
        server 127.0.0.1:${ports[1]} max_fails=1 fail_timeout=5s;
        keepalive 32;
    }
    server {
        listen 127.0.0.1:$proxy;
        location / {
            proxy_pass http://homeward;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
            proxy_next_upstream error timeout;
        }
    }
}
CONF
nginx -c "$work/nginx.conf"

echo "=== two nodes behind nginx on one PostgreSQL database; node 1 killed with SIGKILL under load"
python3 .ci/two_nodes.py "http://127.0.0.1:$proxy" "http://127.0.0.1:${ports[0]}" "${pids[0]}" "$database" \
  --phones "${PHONES:-20}" --seconds "${SECONDS_UNDER_LOAD:-8}"
