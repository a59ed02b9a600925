#!/usr/bin/env python3
"""Posts a stretch of history for the seeded phones and prints the ingest rate.

Every phone of TOKENS (bench/load/seed.py's file) gets COUNT fixes, SPACING_MS apart, its index-th fix
at START_MS + index * SPACING_MS (index from FIRST on), in batches of BATCH fixes a request
(POST /v1/locations), posted over THREADS keep-alive connections, the phones interleaved as they
would be on a real server. The bodies are built before the clock starts, so the rate printed is the
server's: `fixes N seconds S fixes_per_second R`. Any answer other than 200, or a fix not
accepted as new, stops the run with an error.
"""
import argparse
import http.client
import json
import queue
import sys
import threading
import time
from urllib.parse import urlparse


def body(index_of_phone, first, count, start_ms, spacing_ms):
    parts = []
    for index in range(first, first + count):
        t_ms = start_ms + index * spacing_ms
        parts.append(
            '{"id":"g%d-%d","t":%d.%03d,"lat":%.7f,"lon":%.7f,"accuracy":%d,"speed":1.%d,"battery":%d}'
            % (index_of_phone, index, t_ms // 1000, t_ms % 1000,
               48.85 + index_of_phone * 1e-3 + (index % 50) * 1e-5, 2.35 + (index % 37) * 1e-5,
               5 + index % 20, index % 10, max(30, 100 - (index // 500) % 70)))
    return ('{"samples":[' + ",".join(parts) + "]}").encode()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url")
    parser.add_argument("tokens")
    parser.add_argument("--first", type=int, required=True)
    parser.add_argument("--count", type=int, required=True)
    parser.add_argument("--start-ms", type=int, required=True)
    parser.add_argument("--spacing-ms", type=int, default=8000)
    parser.add_argument("--batch", type=int, default=1000)
    parser.add_argument("--threads", type=int, default=4)
    args = parser.parse_args()

    tokens = [line.split()[3] for line in open(args.tokens) if line.startswith("phone ")]
    work = queue.Queue()
    for first in range(args.first, args.first + args.count, args.batch):
        count = min(args.batch, args.first + args.count - first)
        for phone, token in enumerate(tokens):
            work.put((token, count, body(phone, first, count, args.start_ms, args.spacing_ms)))
    target = urlparse(args.url)
    failures = []
    accepted = [0]
    lock = threading.Lock()

    def poster():
        connection = http.client.HTTPConnection(target.hostname, target.port, timeout=120)
        while not failures:
            try:
                token, count, payload = work.get_nowait()
            except queue.Empty:
                return
            connection.request("POST", "/v1/locations", payload, {
                "Authorization": "Bearer " + token, "Content-Type": "application/json"})
            response = connection.getresponse()
            answer = response.read()
            if response.status != 200:
                failures.append(f"{response.status} {answer[:200]!r}")
                return
            stored = json.loads(answer)["accepted"]
            if stored != count:
                failures.append(f"{stored} of {count} fixes accepted: {answer[:200]!r}")
                return
            with lock:
                accepted[0] += stored

    started = time.monotonic()
    threads = [threading.Thread(target=poster) for _ in range(args.threads)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    seconds = time.monotonic() - started
    if failures:
        sys.exit("history.py: " + failures[0])
    print(f"fixes {accepted[0]} seconds {seconds:.2f} fixes_per_second {accepted[0] / seconds:.0f}")


if __name__ == "__main__":
    main()
