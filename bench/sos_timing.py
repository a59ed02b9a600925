"""The SOS timing loop the SOS benchmarks share (bench/hostile/sos_under_attack.py, bench/imports/
sos_during_import.py), and the few API calls they make to set a person and a guardian up.

A person posts an SOS every SOS_GAP_SECONDS on one keep-alive connection, as a phone would; each
round trip is a sample, in milliseconds (None when the post failed), filed under the label the
caller's `label()` gave when it began, and kept only when the label was the same when it ended (so
a sample never straddles two phases). `pick` reads a percentile from sorted samples.
"""
import http.client
import json
import random
import time

SOS_GAP_SECONDS = 0.05


def call(port, method, path, body=None, token=None, timeout=60):
    """One request on a fresh connection; returns (status, decoded JSON body or None)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = "Bearer " + token
    connection.request(method, path, json.dumps(body) if body is not None else None, headers)
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, (json.loads(data) if data else None)


def account(port, name, phone_prefix="+4477007"):
    """Signs up `name` with a random phone under `phone_prefix`; returns (id, token, phone)."""
    phone = "%s%05d" % (phone_prefix, random.randrange(100000))
    status, created = call(port, "POST", "/v1/accounts", {"phone": phone, "password": "Correct-Horse-9", "name": name})
    assert status == 201, (status, created)
    status, session = call(port, "POST", "/v1/sessions", {"phone": phone, "password": "Correct-Horse-9"})
    assert status in (200, 201), (status, session)
    return created["id"], session["token"], phone


def link(port, person_token, person_phone, guardian_token):
    """Makes the holder of `guardian_token` a guardian of the person, with the person's code."""
    status, code = call(port, "PUT", "/v1/me/verification-code", {"ttlSeconds": 600}, person_token)
    assert status in (200, 201), (status, code)
    status, linked = call(port, "POST", "/v1/links", {"phone": person_phone, "code": code["code"]}, guardian_token)
    assert status == 201, (status, linked)


def post_sos_until(port, token, finished, label=lambda: "all"):
    """Posts an SOS every SOS_GAP_SECONDS until `finished()`; returns ({label: [ms or None]},
    {alert id: wall-clock time its 201 arrived})."""
    samples, accepted = {}, {}
    headers = {"Content-Type": "application/json", "Authorization": "Bearer " + token}
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    while not finished():
        name = label()
        started = time.monotonic()
        took = None
        try:
            connection.request("POST", "/v1/alerts", json.dumps({"type": "sos", "message": "help"}), headers)
            response = connection.getresponse()
            body = response.read()
            if response.status == 201:
                took = (time.monotonic() - started) * 1000
                accepted[json.loads(body)["id"]] = time.time()
        except Exception:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        if label() == name:
            samples.setdefault(name, []).append(took)
        time.sleep(SOS_GAP_SECONDS)
    return samples, accepted


def pick(values, q):
    """The `q` quantile of sorted `values` (NaN when empty)."""
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")
