#!/usr/bin/env bash
# Crash durability: the phone simulator posts fixes and SOS alerts while the server is killed with
# SIGKILL at random moments and restarted; afterwards every sample and alert that got a 2xx must be
# in the database exactly once and `PRAGMA integrity_check` must be ok (bench/load/verify.py).
# Then, as root, a full disk: the database on a small tmpfs filled up must answer 503, lose nothing
# acknowledged, and accept writes again once space returns.
# Usage: .ci/crash.sh   (env: KILLS=20, PHONES=300, SCRATCH=.build; only 127.0.0.1; ≤ 5 minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
kills="${KILLS:-20}"
phones="${PHONES:-300}"
scratch="${SCRATCH:-.build}"

swift build -c release --scratch-path "$scratch" --product homeward 2>&1 | tail -1
binary="$scratch/release/homeward"
work="$(mktemp -d)"
server=""
load=""
cleanup() {
  [ -n "$load" ] && kill "$load" 2>/dev/null || true
  [ -n "$server" ] && kill -9 "$server" 2>/dev/null || true
  if mountpoint -q "$work/disk" 2>/dev/null; then umount "$work/disk"; fi
  rm -rf "$work"
}
trap cleanup EXIT
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"

# Starts the server on $1 (the database) and waits until /healthz answers.
start_server() {
  "$binary" serve --host 127.0.0.1 --port "$port" --database "$1" >>"$work/server.log" 2>&1 &
  server=$!
  for _ in $(seq 1 200); do
    curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && return 0
    sleep 0.05
  done
  echo "the server did not start"; tail -20 "$work/server.log"; exit 1
}

echo "=== SIGKILL ×$kills under load ($phones phones posting every 0.5 s, each an SOS every 20th post)"
"$binary" migrate --database "$work/crash.sqlite" >/dev/null
python3 bench/load/seed.py "$work/crash.sqlite" "$work/tokens" --phones "$phones" --guardians 10
start_server "$work/crash.sqlite"
duration=$(( kills * 2 + 20 ))
python3 bench/load/phones.py --port "$port" --tokens "$work/tokens" --phones "$phones" --guardians 10 \
  --streams 5 --interval-seconds 0.5 --poll-seconds 1 --duration-seconds "$duration" --connections 16 \
  --sos-every 20 --acks "$work/crash.acks" > "$work/load.out" &
load=$!
started=$(date +%s)
for i in $(seq 1 "$kills"); do
  sleep "$(python3 -c 'import random; print(round(random.uniform(0.3, 1.8), 2))')"
  kill -9 "$server"; wait "$server" 2>/dev/null || true
  start_server "$work/crash.sqlite"
done
echo "killed and restarted $kills times in $(( $(date +%s) - started )) s"
wait "$load"; load=""
cat "$work/load.out"
kill "$server"; wait "$server" 2>/dev/null || true; server=""
python3 bench/load/verify.py "$work/crash.sqlite" "$work/crash.acks"

echo "=== full disk"
if [ "$(id -u)" != 0 ]; then
  echo "SKIPPED: the full-disk check mounts a tmpfs and needs root (CI runs as root)"
  exit 0
fi
mkdir "$work/disk"
mount -t tmpfs -o size=24m tmpfs "$work/disk"
database="$work/disk/full.sqlite"
"$binary" migrate --database "$database" >/dev/null
python3 bench/load/seed.py "$database" "$work/disk-tokens" --phones 50
start_server "$database"
run_phones() {
  python3 bench/load/phones.py --port "$port" --tokens "$work/disk-tokens" --phones 50 \
    --interval-seconds 0.2 --duration-seconds "$1" --connections 8 --sos-every 10 \
    --acks "$work/disk.acks" --json "$work/$2.json"
}
run_phones 3 before
dd if=/dev/zero of="$work/disk/filler" bs=64k 2>/dev/null || true
echo "disk full: $(df -h --output=avail "$work/disk" | tail -1 | tr -d ' ') available"
run_phones 5 full
full_503=$(python3 -c "import json; print(json.load(open('$work/full.json'))['counts']['status_503'])")
full_other=$(python3 -c "import json; print(json.load(open('$work/full.json'))['counts']['status_other'])")
rm "$work/disk/filler"
run_phones 5 after
after_ok=$(python3 -c "import json; c = json.load(open('$work/after.json'))['counts']; print(c['samples_acknowledged'] if c['status_503'] + c['status_other'] == 0 else 0)")
kill "$server"; wait "$server" 2>/dev/null || true; server=""
python3 bench/load/verify.py "$database" "$work/disk.acks"
echo "while full: $full_503 answers 503, $full_other other errors; after space returned: $after_ok samples acknowledged"
if [ "$full_503" = 0 ] || [ "$full_other" != 0 ] || [ "$after_ok" = 0 ]; then
  echo "FAILED: a full disk must answer 503 (and nothing else) and the server must recover"
  tail -20 "$work/server.log"
  exit 1
fi
