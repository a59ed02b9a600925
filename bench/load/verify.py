#!/usr/bin/env python3
"""Checks an acknowledgement log from phones.py against the database, after any number of crashes.

Every sample that got a 200 must be in `locations` exactly once (same account, time and id hash),
every SOS alert that got a 201 must be in `alerts` exactly once, no (account, time) may hold two
rows (each simulated phone never sends two fixes with the same time), and `PRAGMA integrity_check`
must say ok. Prints the figures; exits 1 on any loss, duplicate or corruption.

Usage: verify.py DATABASE ACKS
"""
import sqlite3
import sys


def sample_hash(identifier):
    """SampleIdentity.hash(of:): FNV-1a over the UTF-8 bytes, as a signed 32-bit value, never 0."""
    value = 2166136261
    for byte in identifier.encode():
        value = ((value ^ byte) * 16777619) & 0xFFFFFFFF
    signed = value - (1 << 32) if value >= (1 << 31) else value
    return 1 if signed == 0 else signed


def main():
    database, acks = sys.argv[1], sys.argv[2]
    samples, alerts = set(), set()
    for line in open(acks):
        fields = line.split()
        if fields[0] == "L":
            samples.add((int(fields[1]), int(fields[2]), sample_hash(fields[3])))
        elif fields[0] == "A":
            alerts.add(fields[2])
    db = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    integrity = db.execute("PRAGMA integrity_check").fetchone()[0]
    db.execute("CREATE TEMP TABLE acked_samples (account_key INTEGER, t_ms INTEGER, sample_hash INTEGER)")
    db.executemany("INSERT INTO acked_samples VALUES (?, ?, ?)", samples)
    db.execute("CREATE TEMP TABLE acked_alerts (id TEXT)")
    db.executemany("INSERT INTO acked_alerts VALUES (?)", ((a,) for a in alerts))
    (lost_samples,) = db.execute(
        "SELECT count(*) FROM acked_samples a WHERE NOT EXISTS (SELECT 1 FROM locations l WHERE"
        " l.account_key = a.account_key AND l.t_ms = a.t_ms AND l.sample_hash = a.sample_hash)").fetchone()
    (duplicated_samples,) = db.execute(
        "SELECT count(*) FROM (SELECT 1 FROM locations GROUP BY account_key, t_ms HAVING count(*) > 1)").fetchone()
    (lost_alerts,) = db.execute(
        "SELECT count(*) FROM acked_alerts a WHERE NOT EXISTS (SELECT 1 FROM alerts WHERE id = a.id)").fetchone()
    (duplicated_alerts,) = db.execute(
        "SELECT count(*) FROM (SELECT 1 FROM alerts GROUP BY id HAVING count(*) > 1)").fetchone()
    (stored_samples,) = db.execute("SELECT count(*) FROM locations").fetchone()
    print(f"acknowledged samples {len(samples)}, stored {stored_samples}, lost {lost_samples}, "
          f"duplicated {duplicated_samples}; acknowledged alerts {len(alerts)}, lost {lost_alerts}, "
          f"duplicated {duplicated_alerts}; integrity_check {integrity}")
    if lost_samples or duplicated_samples or lost_alerts or duplicated_alerts or integrity != "ok":
        sys.exit(1)


if __name__ == "__main__":
    main()
