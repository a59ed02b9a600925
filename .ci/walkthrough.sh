#!/usr/bin/env bash
# The book's walkthrough (docs/api.md, "Walkthrough: a first session to paste"), run as written: the
# blocks fenced with "```sh walkthrough" are joined into one script and run with `set -euo pipefail`
# against a fresh release server, so the book cannot drift from what the server does. Fails when a
# block fails (a curl --fail-with-body on a non-2xx, a `jq -e` that finds nothing), when there are no
# blocks, or when README.md or another file of docs/ holds such a block (it would not be run).
# Usage: .ci/walkthrough.sh   (env: SCRATCH=.build)
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="${SCRATCH:-.build}"
for tool in jq curl; do
  if ! command -v "$tool" >/dev/null; then
    if [[ $(id -u) -eq 0 ]]; then SUDO=""; else SUDO=sudo; fi
    $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$tool" >/dev/null
  fi
done

swift build -c release --scratch-path "$scratch" --product homeward 2>&1 | tail -1
work="$(mktemp -d)"
server=""
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

walkthrough_doc=docs/api.md
awk '/^```sh walkthrough$/ { inside = 1; next } /^```$/ { inside = 0 } inside' "$walkthrough_doc" > "$work/walkthrough.sh"
blocks=$(grep -c '^```sh walkthrough$' "$walkthrough_doc" || true)
if [ "$blocks" -eq 0 ]; then echo "$walkthrough_doc has no walkthrough blocks"; exit 1; fi
elsewhere=$(grep -l '^```sh walkthrough$' README.md docs/*.md | grep -vx "$walkthrough_doc" || true)
if [ -n "$elsewhere" ]; then echo "walkthrough blocks outside $walkthrough_doc would not run: $elsewhere"; exit 1; fi

port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
"$scratch/release/homeward" serve --host 127.0.0.1 --port "$port" --database "$work/walkthrough.sqlite" \
  --log-level warning >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 1 200); do curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break; sleep 0.1; done

echo "running $blocks walkthrough blocks ($(wc -l < "$work/walkthrough.sh") lines) against http://127.0.0.1:$port"
HOMEWARD="http://127.0.0.1:$port" bash -euo pipefail "$work/walkthrough.sh"
if grep -E "handler failed|fatal|Fatal" "$work/server.log"; then
  echo "the server logged failures (above)"
  exit 1
fi
echo "walkthrough: every block ran"
