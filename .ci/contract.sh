#!/usr/bin/env bash
# Contract: schemathesis (pinned, from PyPI, in a private venv) against the server on loopback with a
# fresh database and an account registered and logged in over HTTP, with every check: no 5xx,
# responses valid against schema/openapi.yaml, status codes and content types documented.
# Usage: .ci/contract.sh   (env: MAX_EXAMPLES=15, SCRATCH=.build; about 5 minutes on 2 cores)
set -euo pipefail
cd "$(dirname "$0")/.."
schemathesis_version="4.32.5"
max_examples="${MAX_EXAMPLES:-15}"
scratch="${SCRATCH:-.build}"
venv="$scratch/contract-venv"

swift build -c release --scratch-path "$scratch" --product homeward 2>&1 | tail -1
# CPython 3.11 raises "SystemError: AST constructor recursion depth mismatch" when Hypothesis parses
# a source file after changing the recursion limit (a bug fixed in later releases): the venv takes
# the newest CPython at hand.
python=python3
for candidate in python3.13 python3.12 "$(ls -d "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.1[23].*/bin/python3 2>/dev/null | sort -V | tail -1)"; do
  if [ -n "$candidate" ] && command -v "$candidate" >/dev/null 2>&1 && "$candidate" -c 'import venv, ensurepip' 2>/dev/null; then
    python="$candidate"; break
  fi
done
fresh_venv=false
"$venv/bin/st" --version 2>/dev/null | grep -q "$schemathesis_version" || fresh_venv=true
if [ "$python" != python3 ] && ! "$venv/bin/python" -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null; then
  fresh_venv=true
fi
if $fresh_venv; then
  rm -rf "$venv"
  "$python" -m venv "$venv"
  "$venv/bin/pip" install -q "schemathesis==$schemathesis_version"
fi
work="$(mktemp -d)"
server=""
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
base="http://127.0.0.1:$port"
"$scratch/release/homeward" serve --host 127.0.0.1 --port "$port" --database "$work/contract.sqlite" \
  --log-level warning >"$work/server.log" 2>&1 &
server=$!
until curl -fs "$base/healthz" >/dev/null 2>&1; do sleep 0.1; done

password="Contract-Horse-$RANDOM$RANDOM"
curl -fsS -X POST "$base/v1/accounts" -H 'Content-Type: application/json' \
  -d "{\"phone\":\"+447700900123\",\"password\":\"$password\",\"name\":\"Contract\"}" >/dev/null
token="$(curl -fsS -X POST "$base/v1/sessions" -H 'Content-Type: application/json' \
  -d "{\"phone\":\"+447700900123\",\"password\":\"$password\",\"deviceName\":\"schemathesis\"}" \
  | python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])')"

status=0
"$venv/bin/st" --config-file .ci/schemathesis.toml run schema/openapi.yaml --url "$base" -H "Authorization: Bearer $token" \
  --checks all --max-examples "$max_examples" --workers 2 --seed 1 \
  --suppress-health-check all --warnings off --no-color || status=$?
if grep -E "handler failed|fatal|Fatal" "$work/server.log"; then
  echo "the server logged failures (above)"
  status=1
fi
exit $status
