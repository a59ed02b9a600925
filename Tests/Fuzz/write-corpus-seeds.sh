#!/usr/bin/env bash
# Writes every request of Tests/HomewardHTTPTests/Corpus (the smuggling and malformed corpora) as a
# seed of the parser fuzzer into corpus/http-parser/, so the corpus test and the fuzzer share the bytes.
set -euo pipefail
cd "$(dirname "$0")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cat > "$work/main.swift" <<'SWIFT'
import Foundation
let folder = CommandLine.arguments[1]
for request in HostileCorpus.all {
    try Data(request.bytes).write(to: URL(fileURLWithPath: folder).appendingPathComponent(request.name))
}
print("wrote \(HostileCorpus.all.count) seeds to \(folder)")
SWIFT
swiftc -o "$work/write-seeds" ../HomewardHTTPTests/Corpus/HostileRequest.swift ../HomewardHTTPTests/Corpus/HostileCorpus.swift "$work/main.swift"
"$work/write-seeds" corpus/http-parser
