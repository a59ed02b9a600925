#!/usr/bin/env python3
"""SOS latency while strangers load the server (bench/sos.sh runs it against a fresh server).

  sos_under_attack.py PORT ATTACK SECONDS

ATTACK is one of
  none          nothing else happens (the baseline)
  registering   1,200 connections post sign-ups (argon2id password hashing) back to back
  slow-exports  70 clients ask for a person's whole history as GeoJSON and never read the answer
  streams       one account opens event streams until refused, then holds them

Meanwhile a person posts an SOS every 50 ms on a keep-alive connection; prints the count and the
p50/p99/max of its round trip in milliseconds, and how many SOS posts failed.
"""
import asyncio
import http.client
import json
import random
import sys
import time

REGISTERING_CONNECTIONS = 1200
SLOW_EXPORT_CLIENTS = 70
SOS_GAP_SECONDS = 0.05


def call(port, method, path, body=None, token=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = "Bearer " + token
    connection.request(method, path, json.dumps(body) if body is not None else None, headers)
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, (json.loads(data) if data else None)


def account(port, name):
    phone = "+4477009%05d" % random.randrange(100000)
    status, created = call(port, "POST", "/v1/accounts", {"phone": phone, "password": "Correct-Horse-9", "name": name})
    assert status == 201, (status, created)
    status, session = call(port, "POST", "/v1/sessions", {"phone": phone, "password": "Correct-Horse-9"})
    assert status in (200, 201), (status, session)
    return created["id"], session["token"]


def seed_history(port, token, count=20000):
    now = time.time()
    for start in range(0, count, 1000):
        samples = [{"t": now - 86000 + (start + i) * 4, "lat": 51.5 + (start + i) * 1e-6, "lon": -0.12, "accuracy": 8}
                   for i in range(1000)]
        status, _ = call(port, "POST", "/v1/locations", {"samples": samples}, token)
        assert status == 200, status


async def registering(port, stop):
    async def one(index):
        while not stop.is_set():
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
                while not stop.is_set():
                    body = json.dumps({"phone": "+4478%09d" % random.randrange(10**9), "password": "Correct-Horse-9",
                                       "name": "Flood"}).encode()
                    writer.write(b"POST /v1/accounts HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n"
                                 b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
                    head = await reader.readuntil(b"\r\n\r\n")
                    length = int([line.split(b":")[1] for line in head.split(b"\r\n")
                                  if line.lower().startswith(b"content-length")][0])
                    await reader.readexactly(length)
            except Exception:
                await asyncio.sleep(0.1)
    await asyncio.gather(*(one(i) for i in range(REGISTERING_CONNECTIONS)))


async def slow_exports(port, stop, person_id, token):
    writers = []
    for _ in range(SLOW_EXPORT_CLIENTS):
        reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=1024)
        writer.transport.set_write_buffer_limits(0)
        sock = writer.get_extra_info("socket")
        import socket
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        writer.write(("GET /v1/accounts/%s/locations?format=geojson HTTP/1.1\r\nHost: a\r\nAuthorization: Bearer %s\r\n\r\n"
                      % (person_id, token)).encode())
        writers.append((reader, writer))
    await stop.wait()
    for _, writer in writers:
        writer.close()


async def streams(port, stop, token):
    held = []
    for _ in range(1000):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(("GET /v1/events HTTP/1.1\r\nHost: a\r\nAuthorization: Bearer %s\r\n\r\n" % token).encode())
        line = await reader.readline()
        held.append(writer)
        if b" 429 " in line:
            break
    await stop.wait()
    for writer in held:
        writer.close()


def measure_sos(port, token, seconds):
    samples, failures = [], 0
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Content-Type": "application/json", "Authorization": "Bearer " + token}
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        started = time.monotonic()
        try:
            connection.request("POST", "/v1/alerts", json.dumps({"type": "sos", "message": "help"}), headers)
            response = connection.getresponse()
            response.read()
            if response.status != 201:
                failures += 1
            else:
                samples.append((time.monotonic() - started) * 1000)
        except Exception:
            failures += 1
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        time.sleep(SOS_GAP_SECONDS)
    return samples, failures


async def main(port, attack, seconds):
    person_id, person_token = account(port, "Person")
    _, stranger_token = account(port, "Stranger")
    if attack == "slow-exports":
        seed_history(port, person_token)
    stop = asyncio.Event()
    tasks = {
        "none": lambda: asyncio.sleep(0),
        "registering": lambda: registering(port, stop),
        "slow-exports": lambda: slow_exports(port, stop, person_id, person_token),
        "streams": lambda: streams(port, stop, stranger_token),
    }
    task = asyncio.ensure_future(tasks[attack]())
    await asyncio.sleep(2)
    samples, failures = await asyncio.to_thread(measure_sos, port, person_token, seconds)
    stop.set()
    try:
        await asyncio.wait_for(task, 10)
    except Exception:
        pass
    samples.sort()
    def pick(q):
        return samples[min(len(samples) - 1, int(q * len(samples)))] if samples else float("nan")
    print("attack=%s sos=%d failed=%d p50_ms=%.1f p99_ms=%.1f max_ms=%.1f"
          % (attack, len(samples), failures, pick(0.5), pick(0.99), samples[-1] if samples else float("nan")))


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]), sys.argv[2], float(sys.argv[3])))
