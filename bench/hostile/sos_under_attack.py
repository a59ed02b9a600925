#!/usr/bin/env python3
"""SOS latency while strangers load the server (bench/sos.sh runs it against a fresh server).

  sos_under_attack.py PORT ATTACK SECONDS

ATTACK is one of
  none          nothing else happens (the baseline)
  registering   1,200 connections post sign-ups (argon2id password hashing) back to back
  slow-exports  70 clients ask for a person's whole history as GeoJSON and never read the answer
  streams       one account opens event streams until refused, then holds them
  dead-webhooks three other guardians' webhooks accept the connection and never answer, while their
                people raise an SOS every 50 ms each

Meanwhile a person posts an SOS every 50 ms on a keep-alive connection; their guardian's webhook is a
local receiver (Tests/Receivers/https_receiver.py --plain, its own process). Prints the count and
the p50/p99/max of the SOS round trip in milliseconds, how many SOS posts failed, and the p50/p99/max
of accepted -> delivered at the guardian's webhook (the receiver's clock when it read the request
minus the moment the 201 arrived; both on this machine) with how many were never delivered.
"""
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from sos_timing import SOS_GAP_SECONDS, account, call, link, pick, post_sos_until  # noqa: E402

REGISTERING_CONNECTIONS = 1200
SLOW_EXPORT_CLIENTS = 70


def account_with_phone(port, name):
    return account(port, name, phone_prefix="+4477008")


class Receiver:
    """The webhook receiver in its own process; records when each alert's raised delivery arrived."""

    def __init__(self):
        self.directory = tempfile.mkdtemp(prefix="sos-receiver-")
        script = os.path.join(os.path.dirname(__file__), "..", "..", "Tests", "Receivers", "https_receiver.py")
        self.process = subprocess.Popen([sys.executable, script, "--plain", "--secret", "sos-bench-secret-123",
                                         "--dir", self.directory], stdout=subprocess.PIPE, text=True)
        self.port = int(self.process.stdout.readline().split()[1])
        self.arrivals = {}
        self.lock = threading.Lock()
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        for line in self.process.stdout:
            record = json.loads(line)
            if record.get("event") != "raised":
                continue
            alert = json.loads(record.get("body") or "{}").get("alert", {}).get("id")
            with self.lock:
                self.arrivals.setdefault(alert, record["t"])

    def stop(self):
        self.process.terminate()


def never_answering_socket():
    """A listener that accepts connections and never answers (a dead webhook receiver)."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1024)
    held = []
    def accept():
        while True:
            connection, _ = listener.accept()
            held.append(connection)
    threading.Thread(target=accept, daemon=True).start()
    return listener.getsockname()[1]


async def dead_webhooks(port, stop):
    dead_port = never_answering_socket()
    people = []
    for index in range(3):
        _, person_token, person_phone = account_with_phone(port, "Other person %d" % index)
        _, guardian_token, _ = account_with_phone(port, "Other guardian %d" % index)
        link(port, person_token, person_phone, guardian_token)
        status, _ = call(port, "PUT", "/v1/me/webhook", {"url": "http://127.0.0.1:%d/hook" % dead_port,
                                                          "secret": "a-dead-receivers-secret"}, guardian_token)
        assert status == 200, status
        people.append(person_token)

    def raise_sos(token):
        while not stop.is_set():
            try:
                call(port, "POST", "/v1/alerts", {"type": "sos", "message": "elsewhere"}, token)
            except Exception:
                pass
            time.sleep(SOS_GAP_SECONDS)
    await asyncio.gather(*(asyncio.to_thread(raise_sos, token) for token in people))


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
    deadline = time.monotonic() + seconds
    samples, accepted = post_sos_until(port, token, lambda: time.monotonic() >= deadline)
    values = samples.get("all", [])
    return [v for v in values if v is not None], sum(1 for v in values if v is None), accepted


async def main(port, attack, seconds):
    person_id, person_token, person_phone = account_with_phone(port, "Person")
    _, stranger_token, _ = account(port, "Stranger", phone_prefix="+4477009")
    _, guardian_token, _ = account_with_phone(port, "Guardian")
    link(port, person_token, person_phone, guardian_token)
    receiver = Receiver()
    status, _ = call(port, "PUT", "/v1/me/webhook", {"url": "http://127.0.0.1:%d/hook" % receiver.port,
                                                      "secret": "sos-bench-secret-123"}, guardian_token)
    assert status == 200, status
    if attack == "slow-exports":
        seed_history(port, person_token)
    stop = asyncio.Event()
    tasks = {
        "none": lambda: asyncio.sleep(0),
        "registering": lambda: registering(port, stop),
        "slow-exports": lambda: slow_exports(port, stop, person_id, person_token),
        "streams": lambda: streams(port, stop, stranger_token),
        "dead-webhooks": lambda: dead_webhooks(port, stop),
    }
    task = asyncio.ensure_future(tasks[attack]())
    await asyncio.sleep(2)
    samples, failures, accepted = await asyncio.to_thread(measure_sos, port, person_token, seconds)
    await asyncio.sleep(3)
    stop.set()
    try:
        await asyncio.wait_for(task, 10)
    except Exception:
        pass
    receiver.stop()
    with receiver.lock:
        delivered = sorted((receiver.arrivals[alert] - at) * 1000 for alert, at in accepted.items() if alert in receiver.arrivals)
    samples.sort()
    print("attack=%s sos=%d failed=%d p50_ms=%.1f p99_ms=%.1f max_ms=%.1f | webhook delivered=%d missing=%d p50_ms=%.1f p99_ms=%.1f max_ms=%.1f"
          % (attack, len(samples), failures, pick(samples, 0.5), pick(samples, 0.99), samples[-1] if samples else float("nan"),
             len(delivered), len(accepted) - len(delivered), pick(delivered, 0.5), pick(delivered, 0.99),
             delivered[-1] if delivered else float("nan")))


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]), sys.argv[2], float(sys.argv[3])))
