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
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from sos_timing import account, call, link, pick, post_sos_until  # noqa: E402


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


def upload(port, person_id, token, path, answer):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    with open(path, "rb") as body:
        connection.request("POST", "/v1/accounts/%s/imports" % person_id, body,
                           {"Authorization": "Bearer " + token, "Content-Length": str(os.path.getsize(path))})
        response = connection.getresponse()
        answer["status"] = response.status
        answer["body"] = json.loads(response.read() or b"{}")


def main(port, records, baseline_seconds):
    importer_id, importer_token, _ = account(port, "Importer")
    _, person_token, person_phone = account(port, "Person")
    _, guardian_token, _ = account(port, "Guardian")
    link(port, person_token, person_phone, guardian_token)

    phase, stop, samples = Phase(), threading.Event(), {}
    sos = threading.Thread(target=lambda: samples.update(post_sos_until(port, person_token, stop.is_set, phase.get)[0]))
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
