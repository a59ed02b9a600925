#!/usr/bin/env python3
"""The phone simulator: many phones posting location fixes, guardians polling, event streams open.

Each phone posts one fix every `--interval-seconds` (with a random start, so posts spread evenly) and,
like a real phone, keeps what was not acknowledged in an offline buffer and resends it with the next
post, with the same sample ids. Every sample and SOS alert that got a 2xx is appended to the
acknowledgement log (`--acks`), which verify.py checks against the database. Guardians poll
GET /v1/dependents every `--poll-seconds`; `--streams` guardians keep GET /v1/events open.
Connections are kept alive and shared through a pool (`--connections`), as a reverse proxy would.

Prints throughput, p50/p99 latency per request kind, errors, and the server's peak RSS when
`--server-pid` is given. Accounts come from seed.py's tokens file.
"""
import argparse
import asyncio
import json
import random
import time

MAX_SAMPLES_PER_REQUEST = 1000
RESPONSE_HEAD_LIMIT_BYTES = 64 * 1024
STREAM_RECONNECT_SECONDS = 1.0
RSS_SAMPLE_SECONDS = 2.0


def rfc3339(t_ms):
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t_ms // 1000)) + ".%03dZ" % (t_ms % 1000)


def percentile(values, fraction):
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


class Connection:
    """One keep-alive HTTP/1.1 connection."""

    def __init__(self, reader, writer):
        self.reader = reader
        self.writer = writer

    @classmethod
    async def open(cls, host, port):
        reader, writer = await asyncio.open_connection(host, port, limit=RESPONSE_HEAD_LIMIT_BYTES)
        return cls(reader, writer)

    async def request(self, method, path, token, body=None):
        payload = b"" if body is None else json.dumps(body, separators=(",", ":")).encode()
        head = f"{method} {path} HTTP/1.1\r\nHost: load\r\nAuthorization: Bearer {token}\r\n"
        if body is not None:
            head += f"Content-Type: application/json\r\nContent-Length: {len(payload)}\r\n"
        self.writer.write(head.encode() + b"\r\n" + payload)
        await self.writer.drain()
        status_line = await self.reader.readuntil(b"\r\n")
        status = int(status_line.split(b" ", 2)[1])
        headers = {}
        while True:
            line = await self.reader.readuntil(b"\r\n")
            if line == b"\r\n":
                break
            name, _, value = line.decode("latin-1").partition(":")
            headers[name.strip().lower()] = value.strip()
        if headers.get("transfer-encoding", "").lower() == "chunked":
            data = b""
            while True:
                size = int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16)
                chunk = await self.reader.readexactly(size + 2)
                if size == 0:
                    break
                data += chunk[:-2]
        else:
            data = await self.reader.readexactly(int(headers.get("content-length", "0")))
        if headers.get("connection", "").lower() == "close":
            self.close()
            raise ConnectionResetError("server closed the connection")
        return status, data

    def close(self):
        self.writer.close()


class Pool:
    """At most `size` connections, opened on demand and dropped on any error."""

    def __init__(self, host, port, size):
        self.host, self.port = host, port
        self.idle = []
        self.slots = asyncio.Semaphore(size)

    async def request(self, method, path, token, body=None):
        async with self.slots:
            connection = self.idle.pop() if self.idle else await Connection.open(self.host, self.port)
            try:
                result = await connection.request(method, path, token, body)
            except BaseException:
                connection.close()
                raise
            if not connection.writer.is_closing():
                self.idle.append(connection)
            return result


class Run:
    def __init__(self, args):
        self.args = args
        self.pool = Pool(args.host, args.port, args.connections)
        self.deadline = time.monotonic() + args.duration_seconds
        self.latencies = {"locations": [], "alerts": [], "dependents": []}
        self.counts = {"samples_sent": 0, "samples_acknowledged": 0, "samples_rejected": 0,
                       "samples_duplicate": 0, "alerts_acknowledged": 0, "events_received": 0,
                       "errors": 0, "status_503": 0, "status_other": 0}
        self.acks = open(args.acks, "a", buffering=1024 * 1024) if args.acks else None
        self.peak_rss_kib = 0

    async def timed(self, kind, method, path, token, body=None):
        started = time.perf_counter()
        try:
            status, data = await self.pool.request(method, path, token, body)
        except (OSError, asyncio.IncompleteReadError, ValueError, IndexError):
            self.counts["errors"] += 1
            return None, None
        self.latencies[kind].append(time.perf_counter() - started)
        if status == 503:
            self.counts["status_503"] += 1
        elif status >= 300:
            self.counts["status_other"] += 1
        return status, data

    async def phone(self, index, key, token):
        interval = self.args.interval_seconds
        rng = random.Random(index)
        await asyncio.sleep(rng.uniform(0, interval))
        lat, lon = 51.5 + rng.uniform(-0.2, 0.2), -0.12 + rng.uniform(-0.3, 0.3)
        buffer, sequence, last_t_ms = [], 0, 0
        tick = time.monotonic()
        while time.monotonic() < self.deadline:
            sequence += 1
            t_ms = max(last_t_ms + 1, int(time.time() * 1000))
            last_t_ms = t_ms
            lat += rng.uniform(-0.0002, 0.0002)
            lon += rng.uniform(-0.0002, 0.0002)
            buffer.append({"id": f"{key}-{sequence}", "t": rfc3339(t_ms), "lat": round(lat, 7),
                           "lon": round(lon, 7), "accuracy": 8, "battery": 80, "_t_ms": t_ms})
            batch = buffer[:MAX_SAMPLES_PER_REQUEST]
            self.counts["samples_sent"] += len(batch)
            body = {"samples": [{k: v for k, v in s.items() if k != "_t_ms"} for s in batch]}
            status, data = await self.timed("locations", "POST", "/v1/locations", token, body)
            if status == 200:
                result = json.loads(data)
                rejected = {item["index"] for item in result.get("rejected", [])}
                self.counts["samples_rejected"] += len(rejected)
                self.counts["samples_duplicate"] += result.get("duplicates", 0)
                if self.acks:
                    self.acks.write("".join(f"L {key} {s['_t_ms']} {s['id']}\n"
                                            for i, s in enumerate(batch) if i not in rejected))
                self.counts["samples_acknowledged"] += len(batch) - len(rejected)
                del buffer[:len(batch)]
            if self.args.sos_every and sequence % self.args.sos_every == 0:
                status, data = await self.timed("alerts", "POST", "/v1/alerts", token,
                                                {"type": "sos", "message": f"load {key}-{sequence}"})
                if status == 201:
                    self.counts["alerts_acknowledged"] += 1
                    if self.acks:
                        self.acks.write(f"A {key} {json.loads(data)['id']}\n")
            tick += interval
            await asyncio.sleep(max(0.0, tick - time.monotonic()))

    async def guardian(self, index, token):
        rng = random.Random(-index - 1)
        await asyncio.sleep(rng.uniform(0, self.args.poll_seconds))
        tick = time.monotonic()
        while time.monotonic() < self.deadline:
            await self.timed("dependents", "GET", "/v1/dependents", token)
            tick += self.args.poll_seconds
            await asyncio.sleep(max(0.0, tick - time.monotonic()))

    async def stream(self, token):
        while time.monotonic() < self.deadline:
            try:
                reader, writer = await asyncio.open_connection(self.args.host, self.args.port)
            except OSError:
                await asyncio.sleep(STREAM_RECONNECT_SECONDS)
                continue
            writer.write(f"GET /v1/events HTTP/1.1\r\nHost: load\r\nAuthorization: Bearer {token}\r\n"
                         "Accept: text/event-stream\r\n\r\n".encode())
            try:
                while time.monotonic() < self.deadline:
                    remaining = self.deadline - time.monotonic()
                    data = await asyncio.wait_for(reader.read(65536), timeout=max(0.1, remaining))
                    if not data:
                        break
                    self.counts["events_received"] += data.count(b"\nevent: ") + data.startswith(b"event: ")
            except (OSError, asyncio.TimeoutError):
                pass
            writer.close()
            await asyncio.sleep(STREAM_RECONNECT_SECONDS)

    async def watch_rss(self):
        while time.monotonic() < self.deadline:
            try:
                with open(f"/proc/{self.args.server_pid}/status") as status:
                    for line in status:
                        if line.startswith("VmRSS:"):
                            self.peak_rss_kib = max(self.peak_rss_kib, int(line.split()[1]))
            except OSError:
                pass
            await asyncio.sleep(RSS_SAMPLE_SECONDS)

    async def main(self):
        accounts = [line.split() for line in open(self.args.tokens)]
        phones = [(int(a[1]), a[3]) for a in accounts if a[0] == "phone"][:self.args.phones]
        guardians = [a[3] for a in accounts if a[0] == "guardian"][:self.args.guardians]
        tasks = [self.phone(i, key, token) for i, (key, token) in enumerate(phones)]
        tasks += [self.guardian(i, token) for i, token in enumerate(guardians)]
        tasks += [self.stream(token) for token in guardians[:self.args.streams]]
        if self.args.server_pid:
            tasks.append(self.watch_rss())
        started = time.monotonic()
        await asyncio.gather(*tasks)
        return time.monotonic() - started, len(phones), len(guardians)

    def report(self, elapsed, phones, guardians):
        requests = sum(len(v) for v in self.latencies.values())
        lines = [f"phones {phones}, guardians {guardians}, streams {min(self.args.streams, guardians)}, "
                 f"{elapsed:.0f} s, {requests} requests answered, {requests / elapsed:.0f} requests/s"]
        for kind, values in self.latencies.items():
            if values:
                lines.append(f"{kind}: {len(values)} answered, {len(values) / elapsed:.0f}/s, "
                             f"p50 {percentile(values, 0.5) * 1000:.1f} ms, p99 {percentile(values, 0.99) * 1000:.1f} ms")
        lines.append(" ".join(f"{k}={v}" for k, v in self.counts.items()))
        if self.peak_rss_kib:
            lines.append(f"server peak RSS {self.peak_rss_kib / 1024:.0f} MiB")
        print("\n".join(lines), flush=True)
        if self.args.json:
            with open(self.args.json, "w") as out:
                json.dump({"seconds": elapsed, "requests": requests, "counts": self.counts,
                           "peak_rss_kib": self.peak_rss_kib,
                           "latency_ms": {k: {"p50": percentile(v, 0.5) * 1000, "p99": percentile(v, 0.99) * 1000}
                                          for k, v in self.latencies.items()}}, out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--tokens", required=True, help="seed.py's tokens file")
    parser.add_argument("--phones", type=int, default=10_000)
    parser.add_argument("--guardians", type=int, default=0)
    parser.add_argument("--streams", type=int, default=0, help="guardians that keep GET /v1/events open")
    parser.add_argument("--interval-seconds", type=float, default=8.0)
    parser.add_argument("--poll-seconds", type=float, default=5.0)
    parser.add_argument("--duration-seconds", type=float, default=300.0)
    parser.add_argument("--connections", type=int, default=64, help="keep-alive connections shared by all phones")
    parser.add_argument("--sos-every", type=int, default=0, help="each phone raises an SOS every N posts (0: never)")
    parser.add_argument("--acks", help="append acknowledged samples and alerts here, for verify.py")
    parser.add_argument("--server-pid", type=int, help="sample this process's RSS")
    parser.add_argument("--json", help="also write the figures here as JSON")
    args = parser.parse_args()
    run = Run(args)
    elapsed, phones, guardians = asyncio.run(run.main())
    if run.acks:
        run.acks.close()
    run.report(elapsed, phones, guardians)


if __name__ == "__main__":
    main()
