#!/usr/bin/env python3
"""A mail server for Homeward's tests, on aiosmtpd: STARTTLS (the default), implicit TLS (--tls
implicit) or no TLS at all (--tls none), with a throwaway CA made by trustme.

Writes ca.pem (the CA that signed the server's certificate, for 127.0.0.1 and localhost) and
other-ca.pem (an unrelated CA) into --dir, prints "PORT <n>" and then one JSON line per message it
accepted: {"mail_from", "rcpt_tos", "from", "to", "subject", "message_id", "date", "content_type",
"text", "html", "tls", "login", "max_line_octets", "bare_line_feed"}: the header fields decoded
(RFC 2047), the text/plain and text/html parts decoded, whether the session was encrypted, the
user it authenticated as (null without AUTH), the longest line of the message as sent (without its
CRLF) and whether any line ended in a bare LF.

--user and --password make AUTH (PLAIN or LOGIN, only over TLS) a requirement; --reject answers
"550 5.1.1 <address>: Recipient address rejected: User unknown" to a RCPT TO containing it.
"""
import argparse, asyncio, email, email.policy, json, os, ssl, sys

import trustme
from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword

parser = argparse.ArgumentParser()
parser.add_argument("--dir", required=True)
parser.add_argument("--tls", choices=["starttls", "implicit", "none"], default="starttls")
parser.add_argument("--user", default="")
parser.add_argument("--password", default="")
parser.add_argument("--reject", default="")
args = parser.parse_args()


def report(record):
    sys.stdout.write(json.dumps(record) + "\n")
    sys.stdout.flush()


def authenticate(server, session, envelope, mechanism, auth_data):
    accepted = isinstance(auth_data, LoginPassword) and auth_data.login.decode() == args.user \
        and auth_data.password.decode() == args.password
    return AuthResult(success=accepted, handled=False, auth_data=auth_data)


def part(message, subtype):
    body = message.get_body(preferencelist=(subtype,))
    return body.get_content() if body is not None and body.get_content_subtype() == subtype else None


class Handler:
    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if args.reject and args.reject in address:
            return f"550 5.1.1 <{address}>: Recipient address rejected: User unknown"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        raw = envelope.original_content
        message = email.message_from_bytes(raw, policy=email.policy.default)
        lines = raw.split(b"\r\n")
        report({
            "mail_from": envelope.mail_from, "rcpt_tos": envelope.rcpt_tos,
            "from": str(message["From"]), "to": str(message["To"]), "subject": str(message["Subject"]),
            "message_id": str(message["Message-ID"]), "date": str(message["Date"]),
            "mime_version": str(message["MIME-Version"]), "content_type": message.get_content_type(),
            "text": part(message, "plain"), "html": part(message, "html"),
            "tls": server.transport.get_extra_info("ssl_object") is not None,
            "login": session.auth_data.login.decode() if isinstance(session.auth_data, LoginPassword) else None,
            "max_line_octets": max(len(line) for line in lines),
            "bare_line_feed": any(b"\n" in line for line in lines),
        })
        return "250 2.0.0 Ok: queued"


async def main():
    ca = trustme.CA()
    ca.cert_pem.write_to_path(os.path.join(args.dir, "ca.pem"))
    trustme.CA().cert_pem.write_to_path(os.path.join(args.dir, "other-ca.pem"))
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ca.issue_cert("127.0.0.1", "localhost").configure_cert(context)
    requires_auth = bool(args.user)

    def session():
        return SMTP(
            Handler(), hostname="receiver.test",
            tls_context=context if args.tls == "starttls" else None,
            require_starttls=args.tls == "starttls",
            authenticator=authenticate if requires_auth else None, auth_required=requires_auth,
            # Implicit TLS is encrypted from the first byte, which aiosmtpd does not see by itself.
            auth_require_tls=args.tls == "starttls")

    loop = asyncio.get_running_loop()
    server = await loop.create_server(
        session, host="127.0.0.1", port=0, ssl=context if args.tls == "implicit" else None)
    print(f"PORT {server.sockets[0].getsockname()[1]}", flush=True)
    await server.serve_forever()


asyncio.run(main())
