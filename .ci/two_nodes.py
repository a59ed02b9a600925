#!/usr/bin/env python3
"""Two Homeward nodes behind nginx on one PostgreSQL database; one is killed with SIGKILL under load.

Registers PHONES people through nginx, starts a countdown for each through node 1 (so only node 1
armed them), then posts fixes from every phone through nginx, kills node 1 mid-load and keeps posting
to the survivor. Afterwards, read straight from PostgreSQL:
  - every fix that got a 200 is stored (0 acknowledged samples lost);
  - every countdown fired (status open), fired once, by the survivor;
  - no person has two active alerts of one cause (each alert once).
Usage: two_nodes.py NGINX_URL NODE1_URL NODE1_PID DATABASE_URL [--phones N] [--seconds S]
"""
import argparse
import json
import os
import signal
import subprocess
import threading
import time
import urllib.error
import urllib.request


def call(method, url, body=None, token=None, timeout=10):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, None
    except (urllib.error.URLError, OSError):
        return 0, None


def psql(database, sql):
    out = subprocess.run(["psql", database, "-At", "-F", "\t", "-c", sql], check=True, capture_output=True, text=True)
    return [line.split("\t") for line in out.stdout.splitlines() if line]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("nginx")
    parser.add_argument("node1")
    parser.add_argument("node1_pid", type=int)
    parser.add_argument("database")
    parser.add_argument("--phones", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=8.0)
    args = parser.parse_args()

    people = []
    for index in range(args.phones):
        phone = "+4477009%05d" % index
        status, account = call("POST", args.nginx + "/v1/accounts",
                               {"phone": phone, "name": "Walker %d" % index, "password": "Correct-Horse-9"})
        assert status == 201, ("registration", status)
        status, session = call("POST", args.nginx + "/v1/sessions", {"phone": phone, "password": "Correct-Horse-9"})
        assert status == 201, ("login", status)
        people.append({"id": account["id"], "token": session["token"]})

    countdown_seconds = 10
    countdowns = []
    for person in people:
        status, alert = call("POST", args.node1 + "/v1/alerts/countdown", {"seconds": countdown_seconds}, person["token"])
        assert status == 201, ("countdown", status)
        countdowns.append(alert["id"])
    started = time.time()

    acknowledged = []
    refused = [0]
    # Samples a 200 turned down (listed in `rejected`): none are expected; they are not acknowledged.
    turned_down = []
    lock = threading.Lock()
    stop = threading.Event()

    def phone_loop(person, offset):
        # A fix a second from two hours back: a phone posting as fast as it can (about 1,200 fixes
        # in a run here) stays in the past, where a fix more than 10 minutes ahead would be rejected.
        t = int(time.time() * 1000) - 7_200_000 + offset
        while not stop.is_set():
            t += 1000
            fix = {"samples": [{"t": t / 1000, "lat": 51.5 + (t % 1000) / 1e6, "lon": -0.12, "accuracy": 8}]}
            status, answer = call("POST", args.nginx + "/v1/locations", fix, person["token"], timeout=5)
            with lock:
                if status == 200 and (answer or {}).get("rejected"):
                    turned_down.append((person["id"], t, answer["rejected"]))
                elif status == 200:
                    acknowledged.append((person["id"], t))
                else:
                    refused[0] += 1

    threads = [threading.Thread(target=phone_loop, args=(person, index)) for index, person in enumerate(people)]
    for thread in threads:
        thread.start()
    time.sleep(args.seconds / 3)
    os.kill(args.node1_pid, signal.SIGKILL)
    killed_at = time.time()
    time.sleep(args.seconds * 2 / 3)
    stop.set()
    for thread in threads:
        thread.join()
    # The survivor re-reads pending countdowns every 5 s: wait past the countdowns' time and one more read.
    time.sleep(max(0, started + countdown_seconds + 7 - time.time()))

    stored = set()
    for account_id, t in psql(args.database,
                              "SELECT a.id, l.t_ms FROM locations l JOIN accounts a ON a.key = l.account_key"):
        stored.add((account_id, int(t)))
    lost = [sample for sample in acknowledged if sample not in stored]
    fired = psql(args.database, "SELECT id, status, fired_at_ms FROM alerts WHERE type = 'danger'")
    statuses = {row[0]: row[1] for row in fired}
    not_fired = [alert for alert in countdowns if statuses.get(alert) != "open"]
    fired_after_kill = [row for row in fired if row[2] and int(row[2]) >= killed_at * 1000]
    doubled = psql(args.database,
                   "SELECT account_key, cause, count(*) FROM alerts WHERE status IN ('pending', 'open', 'acknowledged') "
                   "GROUP BY account_key, cause HAVING count(*) > 1")
    print("phones %d: %d fixes acknowledged, %d refused or cut off while node 1 went away"
          % (len(people), len(acknowledged), refused[0]))
    print("acknowledged fixes lost: %d" % len(lost))
    print("fixes a 200 turned down: %d%s" % (len(turned_down), " (first: %s)" % (turned_down[0],) if turned_down else ""))
    print("countdowns: %d started through node 1, %d fired by the survivor after the kill, %d not fired"
          % (len(countdowns), len(fired_after_kill), len(not_fired)))
    print("people with two active alerts of one cause: %d" % len(doubled))
    ok = (not lost and not turned_down and not not_fired and not doubled and len(fired_after_kill) == len(countdowns)
          and acknowledged)
    print("two nodes: %s" % ("passed" if ok else "FAILED"))
    raise SystemExit(0 if ok else 1)


if __name__ == "__main__":
    main()
