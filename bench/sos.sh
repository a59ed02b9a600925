#!/usr/bin/env bash
# SOS round trip while strangers load the server: no attack, 1,200 connections signing up, 70 slow
# export readers, one account opening streams until refused, three other guardians' webhooks that never answer;
# each on a fresh release server; also the SOS webhook's accepted -> delivered time.
# Usage: bash bench/sos.sh   (SECONDS_PER_ATTACK overrides 20; BINARY=path measures another build)
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_PER_ATTACK=${SECONDS_PER_ATTACK:-20}
OURS_PORT=${OURS_PORT:-18097}
OUT=$PWD/bench/out/sos
source bench/homeward-server.sh

for attack in none registering slow-exports streams dead-webhooks; do
    prepare_homeward
    start_homeward
    python3 bench/hostile/sos_under_attack.py "$OURS_PORT" "$attack" "$SECONDS_PER_ATTACK"
    stop_benchmark_servers
    OURS_PID=
done
