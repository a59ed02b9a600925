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

from commute import position

count = int(sys.argv[1]) if len(sys.argv) > 1 else 5_000_000
rng = random.Random(31)
out = sys.stdout
out.write('{\n  "locations": [')
for i in range(count):
    t, lat, lon = position(i, rng)
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
