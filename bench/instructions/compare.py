#!/usr/bin/env python3
"""Instructions per upload of two callgrind profiles (bench/instructions.sh), in total and by the
inclusive count of the largest steps of the single-sample path, A beside B.

Uploads are counted as the calls of `IngestService.write` (one per upload, inside the writer's
transaction) in each profile, so requests in flight when the counters were zeroed or dumped are
counted as callgrind saw them.
Usage: compare.py A/callgrind.out.1 B/callgrind.out.1 [ROWS]
"""
import collections
import re
import subprocess
import sys

UPLOAD = re.compile(r"^\$s8Homeward13IngestServiceV5write")


def load(path):
    """Each function's inclusive instructions (its own and its callees', recursion counted once),
    the calls of the upload function, and the total."""
    names, inclusive, total, uploads = {}, collections.Counter(), 0, collections.Counter()
    function = callee = None
    after_calls = False

    def name(token):
        match = re.match(r"\((\d+)\)(?: (.*))?", token)
        if match.group(2):
            names[match.group(1)] = match.group(2)
        return names[match.group(1)]

    for line in open(path):
        line = line.rstrip("\n")
        if line.startswith("summary:"):
            total = int(line.split()[1])
        elif line.startswith("fn="):
            function = name(line[3:])
        elif line.startswith("cfn="):
            callee = name(line[4:])
        elif line.startswith("calls="):
            after_calls = True
            if UPLOAD.search(callee):
                uploads[callee] += int(line[6:].split()[0])
        elif line and (line[0].isdigit() or line[0] in "+-*") and function:
            parts = line.split()
            if len(parts) < 2:
                continue
            if after_calls:
                after_calls = False
                if callee == function:
                    continue
            inclusive[function] += int(parts[1])
    return inclusive, max(uploads.values()), total


def main():
    (a, a_uploads, a_total), (b, b_uploads, b_total) = load(sys.argv[1]), load(sys.argv[2])
    rows = int(sys.argv[3]) if len(sys.argv) > 3 else 40
    print(f"uploads counted: A {a_uploads}, B {b_uploads}")
    print(f"instructions per upload: A {a_total / a_uploads:,.0f}, B {b_total / b_uploads:,.0f}, "
          f"B / A {(b_total / b_uploads) / (a_total / a_uploads):.3f}")
    steps = [k for k in set(a) | set(b) if "Homeward" in k]
    steps = sorted(steps, key=lambda k: -max(a[k] / a_uploads, b[k] / b_uploads))[:rows]
    shown = subprocess.run(["swift", "demangle", "--simplified", "--compact"], input="\n".join(steps),
                           capture_output=True, text=True).stdout.split("\n")
    print(f"{'A':>9} {'B':>9} {'B / A':>6}  step (inclusive instructions per upload)")
    for key, label in zip(steps, shown):
        per_a, per_b = a[key] / a_uploads, b[key] / b_uploads
        ratio = f"{per_b / per_a:6.3f}" if per_a else "     -"
        print(f"{per_a:9,.0f} {per_b:9,.0f} {ratio}  {label[:120]}")


if __name__ == "__main__":
    main()
