#!/usr/bin/env python3
"""SOS round trip while another person's large import runs over the API (bench/imports.sh runs it).

  sos_during_import.py PORT RECORDS [BASELINE_SECONDS]

One person (Importer) uploads RECORDS to POST /v1/accounts/{id}/imports; another person, with a
guardian, posts an SOS every 50 ms on a keep-alive connection (as bench/hostile/sos_under_attack.py
does) for BASELINE_SECONDS (10) before the import, during the upload, while the import stores its
fixes, and for BASELINE_SECONDS after it. Prints each phase's SOS count and p50/p99/max round trip
in milliseconds, the import's own figures, and the ratios of the storing phase to the quiet phases
before and after (the peer in the same run).
"""
import http.client
import json
import os
import random
import sys
import threading
import time

SOS_GAP_SECONDS = 0.05


def call(port, method, path, body=None, token=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = "Bearer " + token
    connection.request(method, path, json.dumps(body) if body is not None else None, headers)
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, (json.loads(data) if data else None)


def account(port, name):
    phone = "+4477007%05d" % random.randrange(100000)
    status, created = call(port, "POST", "/v1/accounts", {"phone": phone, "password": "Correct-Horse-9", "name": name})
    assert status == 201, (status, created)
    status, session = call(port, "POST", "/v1/sessions", {"phone": phone, "password": "Correct-Horse-9"})
    assert status in (200, 201), (status, session)
    return created["id"], session["token"], phone


def link(port, person_token, person_phone, guardian_token):
    status, code = call(port, "PUT", "/v1/me/verification-code", {"ttlSeconds": 600}, person_token)
    assert status in (200, 201), (status, code)
    status, linked = call(port, "POST", "/v1/links", {"phone": person_phone, "code": code["code"]}, guardian_token)
    assert status == 201, (status, linked)


class Phase:
    """Which phase the run is in, read by the SOS thread for each sample."""

    def __init__(self):
        self.name = "before"
        self.lock = threading.Lock()

    def set(self, name):
        with self.lock:
            self.name = name

    def get(self):
        with self.lock:
            return self.name


def post_sos(port, token, phase, stop, samples):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"Content-Type": "application/json", "Authorization": "Bearer " + token}
    while not stop.is_set():
        name = phase.get()
        started = time.monotonic()
        try:
            connection.request("POST", "/v1/alerts", json.dumps({"type": "sos", "message": "help"}), headers)
            response = connection.getresponse()
            response.read()
            ok = response.status == 201
        except Exception:
            ok = False
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        # A sample counts for a phase only when the phase did not change while it ran.
        if phase.get() == name:
            samples.setdefault(name, []).append((time.monotonic() - started) * 1000 if ok else None)
        time.sleep(SOS_GAP_SECONDS)


def upload(port, person_id, token, path, answer):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    with open(path, "rb") as body:
        connection.request("POST", "/v1/accounts/%s/imports" % person_id, body,
                           {"Authorization": "Bearer " + token, "Content-Length": str(os.path.getsize(path))})
        response = connection.getresponse()
        answer["status"] = response.status
        answer["body"] = json.loads(response.read() or b"{}")


def pick(values, q):
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


def main(port, records, baseline_seconds):
    importer_id, importer_token, _ = account(port, "Importer")
    _, person_token, person_phone = account(port, "Person")
    _, guardian_token, _ = account(port, "Guardian")
    link(port, person_token, person_phone, guardian_token)

    phase, stop, samples = Phase(), threading.Event(), {}
    sos = threading.Thread(target=post_sos, args=(port, person_token, phase, stop, samples))
    sos.start()
    time.sleep(baseline_seconds)

    phase.set("upload")
    answer = {}
    started = time.monotonic()
    upload(port, importer_id, importer_token, records, answer)
    assert answer.get("status") == 202, answer
    import_id = answer["body"]["id"]
    phase.set("storing")
    stored_from = time.monotonic()
    while True:
        status, state = call(port, "GET", "/v1/accounts/%s/imports/%s" % (importer_id, import_id), token=importer_token)
        assert status == 200, (status, state)
        if state["state"] != "running":
            break
        time.sleep(0.2)
    ended = time.monotonic()
    phase.set("after")
    time.sleep(baseline_seconds)
    stop.set()
    sos.join()

    figures = {}
    for name in ("before", "upload", "storing", "after"):
        values = samples.get(name, [])
        good = sorted(v for v in values if v is not None)
        figures[name] = (pick(good, 0.5), pick(good, 0.99))
        print("%-8s sos=%d failed=%d p50_ms=%.1f p99_ms=%.1f max_ms=%.1f"
              % (name, len(good), len(values) - len(good), pick(good, 0.5), pick(good, 0.99), good[-1] if good else float("nan")))
    positions = state.get("positions", 0)
    print("import state=%s positions=%d duplicates=%d upload_s=%.1f storing_s=%.1f fixes_per_s=%.0f"
          % (state["state"], positions, state.get("duplicates", 0), stored_from - started, ended - stored_from,
             positions / max(1e-9, ended - stored_from)))
    quiet = [figures["before"], figures["after"]]
    print("storing/quiet ratio: p50 %s, p99 %s" % (
        " ".join("%.2f" % (figures["storing"][0] / q[0]) for q in quiet),
        " ".join("%.2f" % (figures["storing"][1] / q[1]) for q in quiet)))


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2], float(sys.argv[3]) if len(sys.argv) > 3 else 10.0)
