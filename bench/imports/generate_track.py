#!/usr/bin/env python3
"""Writes a history file of N points (default 1,000,000) in FORMAT to stdout, streamed: the same
person's years as generate_records.py (one fix a minute, home at night, work by day, a walk
between, with jitter; deterministic), in the shape each format's exporter writes.

    python3 bench/imports/generate_track.py FORMAT [N] > FILE

FORMAT:
  gpx       GPX 1.1: one <trk>, one <trkseg> a day, <trkpt lat lon> with <ele>, <time>, <hdop>
  geojson   a FeatureCollection of Point features with a timestamp and accuracy (Dawarich-style)
  semantic  Semantic Location History: an activitySegment per 20 points (start and end locations,
            18 simplifiedRawPath points between: 20 fixes) alternating with placeVisits (2 fixes)
  rec       OwnTracks Recorder .rec lines (`time<TAB>*<TAB>{"_type":"location",...}`)
"""
import json
import random
import sys
import time

from commute import position

fmt = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
rng = random.Random(31)
out = sys.stdout


def point(i):
    """(unix seconds, latE7, lonE7, accuracy metres) of the i-th fix."""
    t, lat, lon = position(i, rng)
    return t, lat, lon, rng.randint(5, 40)


def iso(t):
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t))


if fmt == "gpx":
    out.write('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="bench" '
              'xmlns="http://www.topografix.com/GPX/1/1">\n  <trk><name>History</name>\n')
    for i in range(count):
        t, lat, lon, acc = point(i)
        if i % 1440 == 0:
            out.write('%s    <trkseg>\n' % ('    </trkseg>\n' if i else ''))
        out.write('      <trkpt lat="%.7f" lon="%.7f"><ele>%d</ele><time>%s</time><hdop>%.1f</hdop></trkpt>\n'
                  % (lat / 1e7, lon / 1e7, 30 + i % 7, iso(t), acc / 5))
    out.write('    </trkseg>\n  </trk>\n</gpx>\n')
elif fmt == "geojson":
    out.write('{"type": "FeatureCollection", "features": [\n')
    for i in range(count):
        t, lat, lon, acc = point(i)
        out.write('%s  {"type": "Feature", "geometry": {"type": "Point", "coordinates": [%.7f, %.7f]}, '
                  '"properties": {"timestamp": "%s", "horizontal_accuracy": %d, "altitude": %d, "speed": %.1f}}'
                  % (',\n' if i else '', lon / 1e7, lat / 1e7, iso(t), acc, 30 + i % 7, (i % 13) / 10))
    out.write('\n]}\n')
elif fmt == "semantic":
    out.write('{"timelineObjects": [\n')
    i, first = 0, True
    while i < count:
        if (i // 20) % 2 == 0:
            fixes = [point(i + k) for k in range(min(20, count - i))]
            (t0, la0, lo0, _), (t1, la1, lo1, _) = fixes[0], fixes[-1]
            path = ", ".join('{"latE7": %d, "lngE7": %d, "accuracyMeters": %d, "timestamp": "%s"}' % (la, lo, acc, iso(t))
                             for t, la, lo, acc in fixes[1:-1])
            obj = ('{"activitySegment": {"startLocation": {"latitudeE7": %d, "longitudeE7": %d}, '
                   '"endLocation": {"latitudeE7": %d, "longitudeE7": %d}, '
                   '"duration": {"startTimestamp": "%s", "endTimestamp": "%s"}, "distance": 1200, '
                   '"activityType": "WALKING", "confidence": "HIGH", "simplifiedRawPath": {"points": [%s]}}}'
                   % (la0, lo0, la1, lo1, iso(t0), iso(t1), path))
            i += len(fixes)
        else:
            t0, la, lo, _ = point(i)
            t1 = point(i + 1)[0] if i + 1 < count else t0
            obj = ('{"placeVisit": {"location": {"latitudeE7": %d, "longitudeE7": %d, "placeId": "ChIJbench%d", '
                   '"address": "1 Street, London"}, "duration": {"startTimestampMs": "%d", "endTimestampMs": "%d"}, '
                   '"placeConfidence": "HIGH_CONFIDENCE"}}' % (la, lo, i % 7, t0 * 1000, t1 * 1000))
            # A visit stands for the 20 minutes it lasted: two fixes, the points' times skipped.
            i += 20 if i + 20 <= count else count - i
        out.write(('' if first else ',\n') + '  ' + obj)
        first = False
    out.write('\n]}\n')
elif fmt == "rec":
    for i in range(count):
        t, lat, lon, acc = point(i)
        body = json.dumps({"_type": "location", "acc": acc, "alt": 30 + i % 7, "batt": 80 - i % 60, "conn": "w",
                           "lat": round(lat / 1e7, 7), "lon": round(lon / 1e7, 7), "tid": "an", "tst": t, "vac": 3,
                           "vel": i % 9}, separators=(",", ":"))
        out.write('%s\t*                 \t%s\n' % (iso(t), body))
else:
    sys.exit("unknown format %s (gpx, geojson, semantic, rec)" % fmt)
