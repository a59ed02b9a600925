#!/usr/bin/env python3
"""Writes a Google Takeout Records.json of N points (default 5,000,000) to stdout, streamed.

A person's years shaped like the real file: one fix a minute, home at night, work by day, a walk
between them, with jitter, accuracy, the occasional activity block, both `timestamp` (RFC 3339)
and, for the first half, the older `timestampMs`. Deterministic (seeded).

    python3 bench/imports/generate_records.py 5000000 > /tmp/Records.json
"""
import random
import sys
import time

count = int(sys.argv[1]) if len(sys.argv) > 1 else 5_000_000
rng = random.Random(31)
home = (515007000, -1246000)
work = (515136000, -983000)
start = 1_400_000_000  # 2014-05
out = sys.stdout
out.write('{\n  "locations": [')
for i in range(count):
    t = start + i * 60
    minute = (t // 60) % 1440
    if minute < 480 or minute >= 1050:
        lat, lon = home
    elif minute < 510:
        f = (minute - 480) / 30
        lat, lon = int(home[0] + f * (work[0] - home[0])), int(home[1] + f * (work[1] - home[1]))
    elif minute < 1020:
        lat, lon = work
    else:
        f = (minute - 1020) / 30
        lat, lon = int(work[0] + f * (home[0] - work[0])), int(work[1] + f * (home[1] - work[1]))
    lat += rng.randint(-600, 600)
    lon += rng.randint(-900, 900)
    if i < count // 2:
        stamp = '"timestampMs": "%d"' % (t * 1000)
    else:
        stamp = '"timestamp": "%s"' % time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime(t))
    activity = ''
    if i % 50 == 0:
        activity = ',\n    "activity": [{\n      "activity": [{\n        "type": "STILL",\n        "confidence": 100\n      }],\n      "timestamp": "%s"\n    }]' % time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime(t))
    out.write('%s{\n    "latitudeE7": %d,\n    "longitudeE7": %d,\n    "accuracy": %d,\n    "source": "WIFI",\n    "deviceTag": 1234567890%s,\n    %s\n  }'
              % (', ' if i else '', lat, lon, rng.randint(5, 40), activity, stamp))
out.write(']\n}\n')
