#!/usr/bin/env bash
# Two builds of homeward measured at the same moments: each serves its own fresh database, seeded
# alike (PHONES phones, GUARDIANS guardians), and gets its own `wrk -t1 -cCONNECTIONS` posting SAMPLES
# fixes per request (bench/ingest/locations.lua), both wrk runs at once, for ROUNDS rounds of DURATION
# after 3 s of warm-up. Prints each build's req/s per round and the ratio B / A.
#
# On a shared machine whose speed drifts by a third from one minute to the next (bench/README.md),
# runs one after the other compare minutes as much as builds; side by side, a slow minute slows both
# alike. Each build gets about half the machine, so the absolute figures are not ingest.sh's.
# Also prints, per round, each server's CPU time per request (user + system, all its threads, from
# /proc/PID/stat) and their ratio B / A (lower is cheaper): the request rates follow how the kernel
# shares the cores between the two, the CPU per request what each build spends on a request. And
# the share of the machine's CPU time that went to neither server nor wrk (other work) or was stolen
# by the hypervisor (steal), so a busy round can be told apart. With PERF=1, `perf record -g`
# samples both servers for PERF_SECONDS (6) of the first round into bench/out/compare/{a,b}.perf.data.
# Usage: BINARY_A=path BINARY_B=path bash bench/compare.sh [SAMPLES]
#        (SAMPLES defaults to 1; ROUNDS 3, DURATION 10s, PHONES 5000, GUARDIANS 10, CONNECTIONS 64)
set -euo pipefail
cd "$(dirname "$0")/.."
SAMPLES=${1:-1}
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-10s}
PHONES=${PHONES:-5000}
GUARDIANS=${GUARDIANS:-10}
CONNECTIONS=${CONNECTIONS:-64}
OUT=$PWD/bench/out/compare
SEED="python3 bench/load/seed.py"
declare -A PORT=([a]=18401 [b]=18402)
declare -A BINARY=([a]=${BINARY_A:?BINARY_A names the first build} [b]=${BINARY_B:?BINARY_B names the second build})

rm -rf "$OUT"
mkdir -p "$OUT"
ulimit -n "$(ulimit -Hn)" || true
servers=()
trap 'kill "${servers[@]}" 2>/dev/null || true; wait "${servers[@]}" 2>/dev/null || true' EXIT

for side in a b; do
    db="$OUT/$side.sqlite"
    "${BINARY[$side]}" migrate --database "$db" --log-level warning >/dev/null
    $SEED "$db" "$OUT/$side-tokens" --phones "$PHONES" --guardians "$GUARDIANS" --dependents-per-guardian 5 >/dev/null
    awk '$1 == "phone" { print $4 }' "$OUT/$side-tokens" >"$OUT/$side-phone-tokens"
    "${BINARY[$side]}" serve --database "$db" --port "${PORT[$side]}" --log-level warning >"$OUT/$side.log" 2>&1 &
    servers+=($!)
done
for side in a b; do
    for _ in $(seq 1 50); do curl -fsS "http://127.0.0.1:${PORT[$side]}/healthz" >/dev/null 2>&1 && break; sleep 0.2; done
    curl -fsS "http://127.0.0.1:${PORT[$side]}/healthz" >/dev/null
done

# Both builds at once for $1, fixes starting at $2 (ms); leaves wrk's output in $OUT/{a,b}.txt.
run_both() {
    local clients=()
    for side in a b; do
        HOMEWARD_TOKENS="$OUT/$side-phone-tokens" HOMEWARD_SAMPLES=$SAMPLES HOMEWARD_BASE_MS=$2 \
            wrk -t1 -c"$CONNECTIONS" -d"$1" -s bench/ingest/locations.lua \
            "http://127.0.0.1:${PORT[$side]}/v1/locations" >"$OUT/$side.txt" &
        clients+=($!)
    done
    wait "${clients[@]}"
}
# CPU ticks (user + system) of a process, all threads; with `children`, of its children waited for
# (here wrk, which run_both waits for, and the few short commands between rounds).
ticks() { sed -E 's/^.*\) //' "/proc/$1/stat" | awk -v children="${2:-}" '{ print children ? $14 + $15 : $12 + $13 }'; }
# The machine's ticks: all, idle (with iowait), steal.
machine_ticks() { awk '/^cpu / { print $2 + $3 + $4 + $5 + $6 + $7 + $8 + $9, $5 + $6, $9 }' /proc/stat; }
rate() { awk '/Requests\/sec/ { rate = $2 } /Non-2xx/ { bad = $5 } END { printf "%s %d\n", rate, bad }' "$OUT/$1.txt"; }

run_both 3s 1700000000000
echo "A = ${BINARY[a]}, B = ${BINARY[b]}; $SAMPLES sample(s) per POST, $CONNECTIONS connections each"
tick_us=$((1000000 / $(getconf CLK_TCK)))
for round in $(seq 1 "$ROUNDS"); do
    a_before=$(ticks "${servers[0]}") b_before=$(ticks "${servers[1]}")
    read -r all_before idle_before steal_before < <(machine_ticks)
    wrk_before=$(ticks $$ children)
    recorders=()
    if [[ -n "${PERF:-}" && $round == 1 ]]; then
        for index in 0 1; do
            side=$([[ $index == 0 ]] && echo a || echo b)
            (sleep 1; perf record -F 999 -g -p "${servers[$index]}" -o "$OUT/$side.perf.data" -- sleep "${PERF_SECONDS:-6}" >/dev/null 2>&1) &
            recorders+=($!)
        done
    fi
    run_both "$DURATION" $((1710000000000 + round * 86400000))
    [[ ${#recorders[@]} == 0 ]] || wait "${recorders[@]}"
    a_spent=$(($(ticks "${servers[0]}") - a_before)) b_spent=$(($(ticks "${servers[1]}") - b_before))
    read -r all_after idle_after steal_after < <(machine_ticks)
    wrk_spent=$(($(ticks $$ children) - wrk_before))
    read -r a_rate a_bad < <(rate a)
    read -r b_rate b_bad < <(rate b)
    a_requests=$(awk '/requests in/ { print $1 }' "$OUT/a.txt") b_requests=$(awk '/requests in/ { print $1 }' "$OUT/b.txt")
    a_cpu=$(echo "$a_spent * $tick_us / $a_requests" | bc -l) b_cpu=$(echo "$b_spent * $tick_us / $b_requests" | bc -l)
    # Other work: the machine's busy time that neither server nor wrk took (0 when the ticks' rounding
    # makes it a little less).
    all=$((all_after - all_before))
    other=$((all - (idle_after - idle_before) - (steal_after - steal_before) - a_spent - b_spent - wrk_spent))
    other=$((other < 0 ? 0 : other))
    printf 'round %d: A %s req/s (%d non-2xx), B %s req/s (%d non-2xx), B / A %.2f\n' \
        "$round" "$a_rate" "$a_bad" "$b_rate" "$b_bad" "$(echo "$b_rate / $a_rate" | bc -l)"
    printf '  CPU per request A %.1f µs, B %.1f µs, B / A %.2f; machine: servers %.0f %%, wrk %.0f %%, other work %.0f %%, idle %.0f %%, steal %.0f %%\n' \
        "$a_cpu" "$b_cpu" "$(echo "$b_cpu / $a_cpu" | bc -l)" "$(echo "($a_spent + $b_spent) * 100 / $all" | bc -l)" \
        "$(echo "$wrk_spent * 100 / $all" | bc -l)" "$(echo "$other * 100 / $all" | bc -l)" \
        "$(echo "($idle_after - $idle_before) * 100 / $all" | bc -l)" "$(echo "($steal_after - $steal_before) * 100 / $all" | bc -l)"
done
