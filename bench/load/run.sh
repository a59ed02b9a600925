#!/usr/bin/env bash
# The load run: a release server on a fresh database, PHONES simulated phones posting a fix every
# 8 s for DURATION seconds, GUARDIANS guardians polling GET /v1/dependents every 5 s, STREAMS of them
# with GET /v1/events open. Prints throughput, p50/p99 latency, the server's peak RSS, the database's
# growth, and lost/duplicated samples (bench/load/verify.py; must be 0/0).
# Usage: bench/load/run.sh   (env: PHONES=10000 GUARDIANS=1000 STREAMS=500 DURATION=300 SCRATCH=.build)
set -euo pipefail
cd "$(dirname "$0")/../.."
phones="${PHONES:-10000}"
guardians="${GUARDIANS:-1000}"
streams="${STREAMS:-500}"
duration="${DURATION:-300}"
scratch="${SCRATCH:-.build}"

swift build -c release --scratch-path "$scratch" --product homeward 2>&1 | tail -1
binary="$scratch/release/homeward"
work="$(mktemp -d)"
server=""
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
database="$work/load.sqlite"

"$binary" migrate --database "$database" >/dev/null
python3 bench/load/seed.py "$database" "$work/tokens" --phones "$phones" --guardians "$guardians"
size_bytes() { du -cb "$database"* | tail -1 | cut -f1; }
before=$(size_bytes)
"$binary" serve --host 127.0.0.1 --port "$port" --database "$database" --log-level warning >"$work/server.log" 2>&1 &
server=$!
until curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; do sleep 0.1; done
python3 bench/load/phones.py --port "$port" --tokens "$work/tokens" --phones "$phones" --guardians "$guardians" \
  --streams "$streams" --interval-seconds 8 --poll-seconds 5 --duration-seconds "$duration" \
  --connections 64 --acks "$work/acks" --server-pid "$server"
kill "$server"; wait "$server" 2>/dev/null || true; server=""
after=$(size_bytes)
python3 bench/load/verify.py "$database" "$work/acks"
echo "database grew by $(( (after - before) / 1024 )) KiB ($(( (after - before) / $(grep -c '^L' "$work/acks" || echo 1) )) bytes per acknowledged sample, WAL included)"
