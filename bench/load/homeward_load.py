#!/usr/bin/env python3
"""Phone simulator and load generator for a Homeward server on 127.0.0.1 (bench/README.md, "Load").

Accounts come from bench/load/seed.py's tokens file (written into the database before the server
starts). Subcommands:
  run     N phones post locations every few seconds over a pool of keep-alive connections, some go
          offline and resend whole buffers twice (duplicates on purpose), guardians poll
          GET /v1/dependents, optional SSE streams stay open; prints throughput and latency p50/p99,
          then checks the database: samples lost / duplicated against what got a 200 (must be 0 / 0);
  day     posts a day of 8-second fixes (10,800) for one seeded guardian account, for export timing;
  alerts  time from the fix that confirms a zone exit to the left_zone alert on an open SSE stream
          (with many other streams open) and at a webhook receiver.
Every address is 127.0.0.1; every phase is bounded by --duration or a timeout.
"""

import argparse
import asyncio
import json
import random
import sqlite3
import sys
import time

try:
    import uvloop
except ImportError:
    uvloop = None

HOST = "127.0.0.1"
REQUEST_TIMEOUT_SECONDS = 30.0


def percentile(values, fraction):
    """The value below which `fraction` of `values` lie (nearest rank); None when empty."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def describe_latencies(name, values):
    p50, p99 = percentile(values, 0.50), percentile(values, 0.99)
    if p50 is None:
        return f"{name}: no samples"
    return f"{name}: n={len(values)} p50={p50:.2f} ms p99={p99:.2f} ms max={max(values):.2f} ms"


def load_accounts(path):
    """seed.py's tokens file (`role account_key account_id token` per line) as phones and guardians."""
    accounts = {"phone": [], "guardian": []}
    for line in open(path):
        role, key, account_id, token = line.split()
        accounts[role].append({"key": int(key), "id": account_id, "token": token})
    return {"phones": accounts["phone"], "guardians": accounts["guardian"]}


# --- a minimal HTTP/1.1 keep-alive client -------------------------------------------------------

class Connection:
    """One keep-alive connection; one request at a time."""

    def __init__(self, reader, writer):
        self.reader, self.writer = reader, writer

    @classmethod
    async def open(cls, port):
        reader, writer = await asyncio.open_connection(HOST, port, limit=1 << 22)
        return cls(reader, writer)

    async def request(self, method, path, token, body=None):
        head = f"{method} {path} HTTP/1.1\r\nHost: {HOST}\r\nAuthorization: Bearer {token}\r\n"
        if body is not None:
            head += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
        self.writer.write((head + "\r\n").encode() + (body or b""))
        status, headers = await self.read_head()
        return status, await self.read_body(headers)

    async def read_head(self):
        raw = await self.reader.readuntil(b"\r\n\r\n")
        lines = raw.decode("latin-1").split("\r\n")
        status = int(lines[0].split(" ", 2)[1])
        headers = {}
        for line in lines[1:]:
            if ":" in line:
                name, value = line.split(":", 1)
                headers[name.strip().lower()] = value.strip()
        return status, headers

    async def read_body(self, headers):
        if "content-length" in headers:
            return await self.reader.readexactly(int(headers["content-length"]))
        if headers.get("transfer-encoding", "").lower() == "chunked":
            parts = []
            while True:
                size = int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16)
                if size == 0:
                    await self.reader.readuntil(b"\r\n")
                    return b"".join(parts)
                parts.append(await self.reader.readexactly(size))
                await self.reader.readexactly(2)
        return b""

    def close(self):
        self.writer.close()


class ConnectionPool:
    """A fixed number of keep-alive connections shared by all simulated clients."""

    def __init__(self, port, size):
        self.port, self.size = port, size
        self.idle = asyncio.Queue()

    async def open(self):
        for connection in await asyncio.gather(*(Connection.open(self.port) for _ in range(self.size))):
            self.idle.put_nowait(connection)

    async def request(self, method, path, token, body=None):
        connection = await self.idle.get()
        try:
            result = await asyncio.wait_for(connection.request(method, path, token, body), REQUEST_TIMEOUT_SECONDS)
        except BaseException:
            connection.close()
            self.idle.put_nowait(await Connection.open(self.port))
            raise
        self.idle.put_nowait(connection)
        return result

    async def close(self):
        while not self.idle.empty():
            self.idle.get_nowait().close()


async def open_event_stream(port, token):
    """An open GET /v1/events: (reader, writer) positioned after the response head."""
    reader, writer = await asyncio.open_connection(HOST, port, limit=1 << 20)
    writer.write(f"GET /v1/events HTTP/1.1\r\nHost: {HOST}\r\nAuthorization: Bearer {token}\r\n"
                 "Accept: text/event-stream\r\n\r\n".encode())
    head = await reader.readuntil(b"\r\n\r\n")
    if not head.startswith(b"HTTP/1.1 200"):
        raise RuntimeError(f"event stream refused: {head[:60]!r}")
    return reader, writer


# --- run: phones, guardians, streams ------------------------------------------------------------

class Ledger:
    """What the server acknowledged, for the final check against the database."""

    def __init__(self):
        self.acknowledged = {}      # account key -> set of t_ms whose sample came back in a 200
        self.unanswered = {}        # account key -> set of t_ms sent in a request that failed
        self.reported_accepted = 0
        self.reported_duplicates = 0
        self.samples_sent = 0
        self.resent = 0
        self.latencies = {"post single": [], "post batch": [], "dependents": []}
        self.errors = {}
        self.events = 0

    def error(self, what):
        self.errors[what] = self.errors.get(what, 0) + 1


class Phone:
    """A phone walking around a random start point, posting every `interval` seconds."""

    def __init__(self, account, args, ledger, pool, rng):
        self.account, self.args, self.ledger, self.pool, self.rng = account, args, ledger, pool, rng
        self.lat = 51.3 + rng.random() * 0.4
        self.lon = -0.4 + rng.random() * 0.6
        self.last_t_ms = 0
        self.sequence = 0
        self.buffer = []
        self.offline_until = 0.0

    def fix(self):
        t_ms = max(int(time.time() * 1000), self.last_t_ms + 1)
        self.last_t_ms = t_ms
        self.sequence += 1
        self.lat += self.rng.uniform(-1e-4, 1e-4)
        self.lon += self.rng.uniform(-1e-4, 1e-4)
        return {"id": f"{self.account['id'][:8]}-{self.sequence}", "t": round(t_ms / 1000, 3),
                "lat": round(self.lat, 7), "lon": round(self.lon, 7), "accuracy": round(self.rng.uniform(4, 30), 1),
                "speed": round(self.rng.uniform(0, 2), 2), "battery": 80}

    async def post(self, samples, kind):
        body = json.dumps({"samples": samples}, separators=(",", ":")).encode()
        key = self.account["key"]
        times = {int(round(s["t"] * 1000)) for s in samples}
        self.ledger.samples_sent += len(samples)
        started = time.perf_counter()
        try:
            status, answer = await self.pool.request("POST", "/v1/locations", self.account["token"], body)
        except Exception as error:
            self.ledger.error(f"POST /v1/locations: {type(error).__name__}")
            self.ledger.unanswered.setdefault(key, set()).update(times)
            return None
        self.ledger.latencies[kind].append((time.perf_counter() - started) * 1000)
        if status != 200:
            self.ledger.error(f"POST /v1/locations: {status}")
            self.ledger.unanswered.setdefault(key, set()).update(times)
            return None
        result = json.loads(answer)
        self.ledger.reported_accepted += result["accepted"]
        self.ledger.reported_duplicates += result["duplicates"]
        if result["rejected"]:
            self.ledger.error("rejected samples")
        self.ledger.acknowledged.setdefault(key, set()).update(times)
        return result

    async def live(self, deadline):
        await asyncio.sleep(self.rng.uniform(0, self.args.interval))
        fixes_per_post = self.args.samples_per_post
        while time.monotonic() < deadline:
            for _ in range(fixes_per_post):
                self.buffer.append(self.fix())
                await asyncio.sleep(self.args.interval / fixes_per_post)
            now = time.monotonic()
            if now < self.offline_until:
                continue
            if self.rng.random() < self.args.offline_fraction:
                self.offline_until = now + self.rng.uniform(3, 6) * self.args.interval
                continue
            batch, self.buffer = self.buffer, []
            kind = "post single" if len(batch) == 1 else "post batch"
            result = await self.post(batch, kind)
            if result is not None and len(batch) > fixes_per_post:
                self.ledger.resent += len(batch)
                again = await self.post(batch, "post batch")
                if again is not None and again["accepted"] != 0:
                    self.ledger.error("a resent batch was accepted again")
            elif result is None:
                self.buffer = batch + self.buffer


async def guardian_polls(guardian, args, ledger, pool, deadline, rng):
    await asyncio.sleep(rng.uniform(0, args.poll_seconds))
    while time.monotonic() < deadline:
        started = time.perf_counter()
        try:
            status, _ = await pool.request("GET", "/v1/dependents", guardian["token"])
            if status == 200:
                ledger.latencies["dependents"].append((time.perf_counter() - started) * 1000)
            else:
                ledger.error(f"GET /v1/dependents: {status}")
        except Exception as error:
            ledger.error(f"GET /v1/dependents: {type(error).__name__}")
        await asyncio.sleep(args.poll_seconds)


async def stream_reader(reader, ledger):
    try:
        while True:
            line = await reader.readline()
            if not line:
                return
            if line.startswith(b"event:"):
                ledger.events += 1
    except (asyncio.CancelledError, ConnectionError):
        return


def verify(db_path, ledger, since_ms):
    """Lost = acknowledged samples missing from the database; duplicated = rows beyond one per sample."""
    connection = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    stored, rows = {}, 0
    for key, t_ms in connection.execute("SELECT account_key, t_ms FROM locations WHERE t_ms >= ?", (since_ms,)):
        stored.setdefault(key, []).append(t_ms)
        rows += 1
    connection.close()
    lost = sum(len(times - set(stored.get(key, ()))) for key, times in ledger.acknowledged.items())
    duplicated = sum(len(times) - len(set(times)) for times in stored.values())
    unexplained = sum(
        len(set(times) - ledger.acknowledged.get(key, set()) - ledger.unanswered.get(key, set()))
        for key, times in stored.items())
    return rows, lost, duplicated, unexplained


async def run(args):
    seeded = load_accounts(args.tokens)
    phones_seeded = seeded["phones"][: args.phones]
    guardians = seeded["guardians"][: args.guardians]
    rng = random.Random(args.seed)
    ledger = Ledger()
    pool = ConnectionPool(args.port, args.connections)
    await pool.open()
    streams = []
    for index in range(args.streams):
        streams.append(await open_event_stream(args.port, guardians[index % len(guardians)]["token"]))
    readers = [asyncio.create_task(stream_reader(reader, ledger)) for reader, _ in streams]

    deadline = time.monotonic() + args.duration
    started = time.monotonic()
    started_ms = int(time.time() * 1000)
    phones = [Phone(account, args, ledger, pool, random.Random(rng.random())) for account in phones_seeded]
    tasks = [asyncio.create_task(phone.live(deadline)) for phone in phones]
    tasks += [asyncio.create_task(guardian_polls(g, args, ledger, pool, deadline, random.Random(rng.random())))
              for g in guardians]
    await asyncio.wait(tasks, timeout=args.duration + REQUEST_TIMEOUT_SECONDS + args.interval)
    elapsed = time.monotonic() - started
    for task in tasks + readers:
        task.cancel()
    for _, writer in streams:
        writer.close()
    await pool.close()

    posts = len(ledger.latencies["post single"]) + len(ledger.latencies["post batch"])
    print(f"phones {len(phones)}, guardians {len(guardians)}, connections {args.connections}, "
          f"streams {args.streams}, {elapsed:.1f} s")
    print(f"throughput: {posts / elapsed:.0f} location posts/s, {ledger.samples_sent / elapsed:.0f} samples/s sent, "
          f"{ledger.reported_accepted / elapsed:.0f} accepted/s, "
          f"{len(ledger.latencies['dependents']) / elapsed:.0f} dependents polls/s, {ledger.events} stream events")
    for name, values in ledger.latencies.items():
        print(describe_latencies(name, values))
    print(f"resent in offline batches: {ledger.resent} samples; reported accepted {ledger.reported_accepted}, "
          f"duplicates {ledger.reported_duplicates}")
    rows, lost, duplicated, unexplained = verify(args.db, ledger, started_ms)
    print(f"database: {rows} rows from this run; lost {lost}, duplicated {duplicated}, stored without a 200 {unexplained}")
    if ledger.errors:
        print(f"errors: {ledger.errors}")
    ok = lost == 0 and duplicated == 0 and rows >= ledger.reported_accepted and not ledger.errors
    print("verification: " + ("OK (lost 0, duplicated 0)" if ok else "FAILED"))
    return 0 if ok else 1


# --- day: a day of history for one account --------------------------------------------------------

async def day(args):
    """Posts `--fixes` fixes 8 s apart ending an hour ago, in batches of 1000; prints the history path."""
    account = load_accounts(args.tokens)["guardians"][0]
    pool = ConnectionPool(args.port, 1)
    await pool.open()
    spacing_ms = 8000
    first_ms = (int(time.time()) - 3600) * 1000 - args.fixes * spacing_ms
    rng = random.Random(args.seed)
    lat, lon = 51.5, -0.12
    fixes = []
    for index in range(args.fixes):
        lat += rng.uniform(-5e-5, 5e-5)
        lon += rng.uniform(-5e-5, 5e-5)
        fixes.append({"id": f"day-{index}", "t": (first_ms + index * spacing_ms) / 1000, "lat": round(lat, 7),
                      "lon": round(lon, 7), "accuracy": 6, "speed": 1.1, "battery": 70})
    for start in range(0, len(fixes), 1000):
        status, answer = await pool.request("POST", "/v1/locations", account["token"],
                                            json.dumps({"samples": fixes[start:start + 1000]}).encode())
        assert status == 200 and json.loads(answer)["rejected"] == [], answer
    await pool.close()
    last_ms = first_ms + (args.fixes - 1) * spacing_ms
    print(f"/v1/accounts/{account['id']}/locations?format=geojson&from={first_ms / 1000:.3f}&to={(last_ms + 1) / 1000:.3f} "
          f"{account['token']}")
    return 0


# --- alerts: zone exit to SSE and webhook -------------------------------------------------------

class WebhookReceiver:
    """An HTTP server on 127.0.0.1 that answers 204 and notes when each alert id arrived."""

    def __init__(self):
        self.arrivals = {}

    async def handle(self, reader, writer):
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                length = 0
                for line in head.split(b"\r\n"):
                    if line.lower().startswith(b"content-length:"):
                        length = int(line.split(b":")[1])
                body = await reader.readexactly(length)
                arrived = time.perf_counter()
                alert = json.loads(body).get("alert", {})
                self.arrivals.setdefault(alert.get("id"), arrived)
                writer.write(b"HTTP/1.1 204 No Content\r\n\r\n")
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError):
            writer.close()


async def alerts(args):
    seeded = load_accounts(args.tokens)
    person = seeded["phones"][0]
    guardians = seeded["guardians"][: args.streams]
    watcher = guardians[0]
    pool = ConnectionPool(args.port, 2)
    await pool.open()

    receiver = WebhookReceiver()
    server = await asyncio.start_server(receiver.handle, HOST, 0)
    webhook_port = server.sockets[0].getsockname()[1]
    status, body = await pool.request("PUT", "/v1/me/webhook", watcher["token"], json.dumps(
        {"url": f"http://{HOST}:{webhook_port}/hook", "secret": "bench-webhook-secret-0123456789"}).encode())
    assert status == 200, body
    centre = (51.5, -0.12)
    status, body = await pool.request("POST", f"/v1/accounts/{person['id']}/zones", person["token"], json.dumps(
        {"name": "Day centre", "center": {"lat": centre[0], "lon": centre[1]}, "radius": 100}).encode())
    assert status == 201, body

    streams = [await open_event_stream(args.port, g["token"]) for g in guardians]
    watcher_reader = streams[0][0]
    arrivals = {}

    async def watch():
        alert_id = None
        while True:
            line = await watcher_reader.readline()
            if line.startswith(b"data:") and alert_id == "pending":
                payload = json.loads(line[5:])
                if payload.get("type") == "left_zone" and payload.get("status") == "open":
                    arrivals.setdefault(payload["id"], time.perf_counter())
                alert_id = None
            elif line.startswith(b"event: alert"):
                alert_id = "pending"

    drains = [asyncio.create_task(drain(reader)) for reader, _ in streams[1:]]
    watcher_task = asyncio.create_task(watch())

    # Fix times start far enough back that every trial's fixes (at most 2 × fixes-per-leg, 10 s apart)
    # stay in the past: a fix from the future would date its alert, and the webhook delivery, ahead.
    t_ms = int(time.time() * 1000) - (args.trials + 1) * 2 * args.fixes_per_leg * 10_000 - 60_000
    sse, hook, round_trips = [], [], []

    async def post_fix(lat, lon):
        nonlocal t_ms
        t_ms += 10_000
        sample = {"t": t_ms / 1000, "lat": lat, "lon": lon, "accuracy": 5}
        started = time.perf_counter()
        status, answer = await pool.request("POST", "/v1/locations", person["token"],
                                            json.dumps({"samples": [sample]}).encode())
        assert status == 200, answer
        return (time.perf_counter() - started) * 1000

    # The tracker's signal filter re-anchors only after a few fixes far from the smoothed position, and
    # an exit needs several fixes outside, so the walk goes out fix by fix until the alert comes; the
    # latency is taken from the POST of the fix after which it came.
    for trial in range(args.trials + 1):
        for _ in range(args.fixes_per_leg):
            await post_fix(*centre)
        before = set(arrivals)
        alert_id, sent, round_trip = None, 0.0, 0.0
        for _ in range(args.fixes_per_leg):
            sent = time.perf_counter()
            round_trip = await post_fix(centre[0] + 0.005, centre[1])
            settle = time.monotonic() + args.settle_seconds
            while time.monotonic() < settle and len(arrivals) == len(before):
                await asyncio.sleep(0.0005)
            if len(arrivals) > len(before):
                alert_id = (set(arrivals) - before).pop()
                break
        if alert_id is None:
            print(f"trial {trial}: no left_zone alert on the stream after {args.fixes_per_leg} fixes outside")
            continue
        deadline = time.monotonic() + args.timeout
        while time.monotonic() < deadline and alert_id not in receiver.arrivals:
            await asyncio.sleep(0.0005)
        if trial == 0:
            continue  # the first exit warms up the tracker and the webhook connection
        round_trips.append(round_trip)
        sse.append((arrivals[alert_id] - sent) * 1000)
        if alert_id in receiver.arrivals:
            hook.append((receiver.arrivals[alert_id] - sent) * 1000)
        else:
            print(f"trial {trial}: webhook did not arrive within {args.timeout} s")

    watcher_task.cancel()
    for task in drains:
        task.cancel()
    for _, writer in streams:
        writer.close()
    server.close()
    await pool.close()
    print(f"{len(streams)} open event streams, {args.trials} zone exits")
    print(describe_latencies("POST of the confirming fix (round trip, the peer)", round_trips))
    print(describe_latencies("fix to alert on the stream", sse))
    print(describe_latencies("fix to alert at the webhook", hook))
    return 0 if len(sse) == args.trials and len(hook) == args.trials else 1


async def drain(reader):
    try:
        while await reader.read(65536):
            pass
    except (asyncio.CancelledError, ConnectionError):
        return


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    running = commands.add_parser("run", help="phones, guardians and streams against a running server")
    running.add_argument("--port", type=int, required=True)
    running.add_argument("--tokens", required=True, help="seed.py's tokens file")
    running.add_argument("--db", required=True, help="the server's database file, read at the end")
    running.add_argument("--phones", type=int, default=1000)
    running.add_argument("--guardians", type=int, default=200)
    running.add_argument("--connections", type=int, default=64)
    running.add_argument("--streams", type=int, default=0)
    running.add_argument("--duration", type=float, default=30, help="seconds of load")
    running.add_argument("--interval", type=float, default=5, help="seconds between a phone's posts")
    running.add_argument("--samples-per-post", type=int, default=1, help="fixes a phone takes per interval")
    running.add_argument("--offline-fraction", type=float, default=0.05,
                         help="chance per post that a phone goes offline for 3 to 6 intervals")
    running.add_argument("--poll-seconds", type=float, default=5, help="seconds between a guardian's polls")
    running.add_argument("--seed", type=int, default=1)

    alerting = commands.add_parser("alerts", help="zone exit to alert latency on streams and a webhook")
    alerting.add_argument("--port", type=int, required=True)
    alerting.add_argument("--tokens", required=True, help="seed.py's tokens file")
    alerting.add_argument("--streams", type=int, default=1000)
    alerting.add_argument("--trials", type=int, default=30)
    alerting.add_argument("--timeout", type=float, default=10, help="seconds to wait for one webhook delivery")
    alerting.add_argument("--fixes-per-leg", type=int, default=10, help="fixes inside, then at most this many outside")
    alerting.add_argument("--settle-seconds", type=float, default=0.3,
                          help="seconds to wait for the alert after each fix outside before sending the next")

    history = commands.add_parser("day", help="a day of 8-second fixes for the first seeded guardian")
    history.add_argument("--port", type=int, required=True)
    history.add_argument("--tokens", required=True, help="seed.py's tokens file")
    history.add_argument("--fixes", type=int, default=10_800)
    history.add_argument("--seed", type=int, default=1)

    args = parser.parse_args()
    if uvloop is not None:
        uvloop.install()
    return asyncio.run({"run": run, "day": day, "alerts": alerts}[args.command](args))


if __name__ == "__main__":
    sys.exit(main())
