#!/usr/bin/env python3
"""Measures the reporting rhythm (status.reporting, "silent by rhythm") on real recorded days.

Each GeoLife trajectory file is one recording of the logger. A `silent` called between two fixes of
the same file is a silence while the logger was nominally recording: a wrong one if the phone would
have kept reporting, but GeoLife loggers send no heartbeats, so every such gap (all of them 30 min to
5 h here) is also a real absence of reports; they are counted apart. The gap between two files is the
logger switched off, a real stop of reporting, and the time from its last fix to `silent` is how
soon the stop is noticed.
The fixes go, per person and in time order, through `homeward-geo-bench rhythm`
(bench/geo/RhythmOnTracks.swift: `ReportingRhythm` with the server's defaults, --silent-after-seconds
1800 and --silent-max-after-seconds 43200).

Usage: python3 bench/replay/rhythm.py DATA_DIR [--bench .build/release/homeward-geo-bench]
"""
import argparse
import glob
import os
import statistics
import subprocess
import tempfile

from geolife_replay import read_plt


def read_segments(person_dir):
    fixes, seen = [], set()
    for segment, path in enumerate(sorted(glob.glob(os.path.join(person_dir, "Trajectory", "*.plt")))):
        fixes += [(t, lat, lon, segment) for t, lat, lon in read_plt(path)]
    out = []
    for fix in sorted(fixes):
        if fix[0] not in seen:
            seen.add(fix[0])
            out.append(fix)
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("data", help="a GeoLife-layout folder")
    parser.add_argument("--bench", default=".build/release/homeward-geo-bench", help="the homeward-geo-bench binary")
    parser.add_argument("--utc-offset-hours", type=float, default=8, help="for local days (default 8)")
    args = parser.parse_args()
    person_days = gaps = silent_within = stops = unnoticed = 0
    delays = []
    with tempfile.TemporaryDirectory() as folder:
        paths = []
        for person_dir in sorted(glob.glob(os.path.join(args.data, "*"))):
            fixes = read_segments(person_dir)
            if len(fixes) < 10:
                continue
            person_days += len({int((t + args.utc_offset_hours * 3600) // 86_400) for t, *_ in fixes})
            path = os.path.join(folder, os.path.basename(person_dir) + ".csv")
            with open(path, "w") as handle:
                handle.writelines(f"{t},{lat},{lon},{segment}\n" for t, lat, lon, segment in fixes)
            paths.append(path)
        output = subprocess.run([args.bench, "rhythm", *paths], check=True, capture_output=True, text=True).stdout
    for line in output.splitlines():
        fields = dict(field.split(" ", 1) for field in line.split("\t")[1:])
        print(os.path.basename(line.split("\t")[0]), {k: v for k, v in fields.items() if k != "delays"})
        gaps += int(fields["gaps"])
        silent_within += int(fields["silent_within"])
        stops += int(fields["stops"])
        unnoticed += int(fields["unnoticed"])
        delays += [int(d) for d in fields["delays"].strip("[]").split(",") if d.strip()]
    print()
    print(f"person-days {person_days}, gaps within recordings {gaps}, stops between recordings {stops}")
    print(f"silent inside a recording {silent_within} ({silent_within / max(1, person_days):.3f} per person-day; each a gap of at least 30 min without a fix)")
    if delays:
        ordered = sorted(delays)
        p90 = ordered[min(len(ordered) - 1, -(-9 * len(ordered) // 10) - 1)]
        print(f"stops noticed {len(delays)} of {stops} (the others resumed before silent), "
              f"delay median {statistics.median(ordered):.0f} s, p90 {p90:.0f} s")


if __name__ == "__main__":
    main()
