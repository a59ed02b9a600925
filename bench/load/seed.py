#!/usr/bin/env python3
"""Seeds a migrated Homeward database with phones and guardians for the load and crash runs.

Registering 10,000 accounts over HTTP would spend minutes in argon2id, which is not what the load
run measures, so the accounts, their sessions and the guardian links go straight into the file,
exactly as registration and login would leave them: only the HMAC-SHA256 of each bearer token under
the server secret is stored. The secret is the server's default file beside the database
(`DATABASE.secret`); it is made here, as the server would make it, when it does not exist yet.
These accounts never log in with a password, so their password hash is a fixed, unmatchable argon2id
string. Writes one line per account to the tokens file: `role account_key account_id token`.

Usage: seed.py DATABASE TOKENS_FILE --phones N [--guardians G]
Every guardian watches `--dependents-per-guardian` phones (default 2).
"""
import argparse
import hashlib
import hmac
import os
import secrets
import sqlite3
import time

UNMATCHABLE_PASSWORD_HASH = "$argon2id$v=19$m=8,t=1,p=1$c2VlZGVkLWxvYWQ$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
SESSION_LIFETIME_MS = 30 * 24 * 3600 * 1000


def server_secret(database):
    """The key in DATABASE.secret (64 hexadecimal characters), created with mode 0600 if absent."""
    path = database + ".secret"
    if not os.path.exists(path):
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w") as out:
            out.write(secrets.token_hex(32) + "\n")
    with open(path) as secret:
        return bytes.fromhex(secret.read().strip())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("database")
    parser.add_argument("tokens")
    parser.add_argument("--phones", type=int, required=True)
    parser.add_argument("--guardians", type=int, default=0)
    parser.add_argument("--dependents-per-guardian", type=int, default=2)
    args = parser.parse_args()

    now = int(time.time() * 1000)
    key_bytes = server_secret(args.database)
    db = sqlite3.connect(args.database)
    db.execute("PRAGMA foreign_keys = ON")
    lines = []
    keys = {"phone": [], "guardian": []}
    with db:
        (serial,) = db.execute("SELECT coalesce(max(key), 0) FROM accounts").fetchone()
        for role, count in (("phone", args.phones), ("guardian", args.guardians)):
            for _ in range(count):
                account_id = secrets.token_hex(16)
                token = secrets.token_urlsafe(32)
                serial += 1
                phone = "+4479%09d" % serial
                cursor = db.execute(
                    "INSERT INTO accounts (id, phone, name, password_hash, created_at_ms, updated_at_ms)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    (account_id, phone, f"Load {role}", UNMATCHABLE_PASSWORD_HASH, now, now))
                key = cursor.lastrowid
                db.execute(
                    "INSERT INTO sessions (id, account_key, token_sha256, device_name, created_at_ms,"
                    " last_used_at_ms, expires_at_ms) VALUES (?, ?, ?, 'load', ?, ?, ?)",
                    (secrets.token_hex(16), key, hmac.new(key_bytes, token.encode(), hashlib.sha256).digest(), now, now,
                     now + SESSION_LIFETIME_MS))
                keys[role].append(key)
                lines.append(f"{role} {key} {account_id} {token}\n")
        phones = keys["phone"]
        for index, guardian in enumerate(keys["guardian"]):
            for offset in range(min(args.dependents_per_guardian, len(phones))):
                dependent = phones[(index * args.dependents_per_guardian + offset) % len(phones)]
                db.execute(
                    "INSERT OR IGNORE INTO links (id, guardian_key, dependent_key, created_at_ms) VALUES (?, ?, ?, ?)",
                    (secrets.token_hex(16), guardian, dependent, now))
    db.close()
    with open(args.tokens, "w") as out:
        out.writelines(lines)


if __name__ == "__main__":
    main()
