#!/usr/bin/env bash
# Builds the libFuzzer targets with AddressSanitizer and runs each for a bounded time.
# Usage: Tests/Fuzz/run.sh [SECONDS_PER_TARGET]   (default 60)
# The corpus folders hold real requests and every input that once crashed a target (regressions):
# libFuzzer replays them all first. A crash fails the run and leaves its input in corpus/crashes/.
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-60}"
scratch="../../.build-fuzz"
targets=(http-parser-fuzzer ingest-json-fuzzer)
corpora=(http-parser ingest-json)

# The flags reach the build tools too: the schema embedder (a plugin of the Homeward library) is then
# built with the sanitizers, which gold cannot link (lld can) and whose leak check fails the build.
for target in "${targets[@]}"; do
  log="$(mktemp)"
  if ! ASAN_OPTIONS=detect_leaks=0 swift build --scratch-path "$scratch" -c release \
       -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld --product "$target" > "$log" 2>&1; then
    cat "$log"
    echo "$target: the build failed"
    exit 1
  fi
  tail -1 "$log"
  rm -f "$log"
done

mkdir -p corpus/crashes
status=0
for i in "${!targets[@]}"; do
  target="${targets[$i]}"
  work="$(mktemp -d)"
  echo "fuzzing $target for ${seconds}s"
  # The Swift backtracer, beside ASan, hides the report under its own (and can hang on a pipe).
  if ! SWIFT_BACKTRACE=enable=no "$scratch/release/$target" -max_total_time="$seconds" -max_len=8192 -print_final_stats=1 \
       -artifact_prefix=corpus/crashes/ "$work" "corpus/${corpora[$i]}" > "$work.log" 2>&1; then
    tail -40 "$work.log"
    echo "$target: crash; the input is in Tests/Fuzz/corpus/crashes/ (add it to corpus/${corpora[$i]})"
    status=1
  else
    grep -E "stat::number_of_executed_units|Done" "$work.log" | tail -2
  fi
  rm -rf "$work" "$work.log"
done
exit $status
