#!/usr/bin/env python3
"""The clients of .ci/hostile.sh, all on 127.0.0.1.

  clients.py latency PORT SECONDS [MAX_P99_MS]  an ordinary keep-alive client: GET /healthz every 5 ms;
                                                prints p50/p99/max and fails if p99 >= MAX_P99_MS (100)
                                                or a request failed
  clients.py flood PORT SECONDS                 waves of 5,000 connections opened at once and dropped
                                                (half with a reset, half after a partial request line)
  clients.py idle PORT COUNT SECONDS            holds COUNT slowloris sockets: a partial head, one
                                                more header line every 2 s
"""
import http.client
import socket
import struct
import sys
import time

REQUEST_GAP_SECONDS = 0.005
CLIENT_TIMEOUT_SECONDS = 5
IDLE_HEADER_INTERVAL_SECONDS = 2
FLOOD_WAVE_CONNECTIONS = 5000
FLOOD_WAVE_PAUSE_SECONDS = 0.5


def latency(port, seconds, max_p99_ms=100.0):
    samples = []
    errors = 0
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=CLIENT_TIMEOUT_SECONDS)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        start = time.perf_counter()
        try:
            connection.request("GET", "/healthz")
            response = connection.getresponse()
            response.read()
            if response.status != 200:
                errors += 1
        except (OSError, http.client.HTTPException):
            errors += 1
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=CLIENT_TIMEOUT_SECONDS)
            continue
        samples.append((time.perf_counter() - start) * 1000)
        time.sleep(REQUEST_GAP_SECONDS)
    connection.close()
    samples.sort()
    if not samples:
        print("latency: no request succeeded")
        return 1
    p50 = samples[len(samples) // 2]
    p99 = samples[min(len(samples) - 1, int(len(samples) * 0.99))]
    print(f"latency: {len(samples)} requests, p50 {p50:.2f} ms, p99 {p99:.2f} ms, max {samples[-1]:.2f} ms, errors {errors}")
    return 0 if p99 < max_p99_ms and errors == 0 else 1


def flood(port, seconds, wave=FLOOD_WAVE_CONNECTIONS):
    """Waves of `wave` connections opened as fast as possible and then dropped: half with a reset,
    half after a partial request line."""
    opened = 0
    refused = 0
    waves = 0
    reset = struct.pack("ii", 1, 0)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        sockets = []
        for _ in range(wave):
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            try:
                sock.connect(("127.0.0.1", port))
                opened += 1
                sockets.append(sock)
            except OSError:
                refused += 1
                sock.close()
        for index, sock in enumerate(sockets):
            try:
                if index % 2:
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, reset)
                else:
                    sock.send(b"GET /healthz HT")
            except OSError:
                pass
            sock.close()
        waves += 1
        time.sleep(FLOOD_WAVE_PAUSE_SECONDS)
    print(f"flood: {waves} waves of {wave}: {opened} connections opened and dropped in {seconds} s, {refused} refused")
    return 0


def idle(port, count, seconds):
    sockets = []
    for _ in range(count):
        sock = socket.create_connection(("127.0.0.1", port), timeout=CLIENT_TIMEOUT_SECONDS)
        sock.send(b"GET /healthz HTTP/1.1\r\nHost: a\r\n")
        sockets.append(sock)
    print(f"idle: {len(sockets)} slowloris sockets open")
    deadline = time.monotonic() + seconds
    closed = set()
    while time.monotonic() < deadline:
        time.sleep(IDLE_HEADER_INTERVAL_SECONDS)
        for index, sock in enumerate(sockets):
            if index in closed:
                continue
            try:
                sock.send(b"X-Slow: 1\r\n")
            except OSError:
                closed.add(index)
    for sock in sockets:
        sock.close()
    print(f"idle: {len(closed)} of {count} closed by the server within {seconds} s (header timeout)")
    return 0


if __name__ == "__main__":
    mode, port = sys.argv[1], int(sys.argv[2])
    if mode == "latency":
        sys.exit(latency(port, float(sys.argv[3]), float(sys.argv[4]) if len(sys.argv) > 4 else 100.0))
    if mode == "flood":
        sys.exit(flood(port, float(sys.argv[3])))
    if mode == "idle":
        sys.exit(idle(port, int(sys.argv[3]), float(sys.argv[4])))
    sys.exit(__doc__)
