#!/usr/bin/env python3
"""A Web Push service stand-in for Homeward's tests (RFC 8030 push, RFC 8291 aes128gcm, RFC 8292
VAPID), on HTTPS with a throwaway CA made by trustme (or plain HTTP with --plain), using only the
`cryptography` package.

Plays the browser's side too: it makes a subscription (a P-256 key pair and a 16-byte auth secret)
and writes its public keys to subscription.json ({"p256dh", "auth"}, URL-safe base64 without
padding) in --dir, with ca.pem (the CA that signed its certificate for 127.0.0.1 and localhost).
Then prints "PORT <n>" and one JSON line per request:
{"path", "status", "vapid_ok", "vapid_error", "k", "claims", "decrypted_ok", "decrypt_error",
 "payload" (the decrypted bytes as text), "ttl", "urgency", "content_encoding", "content_type",
 "body_bytes"}.

A POST is answered 201 when all is right: Content-Encoding aes128gcm, a TTL, an Urgency among
very-low|low|normal|high, an `Authorization: vapid t=<JWT>, k=<key>` whose JWT is ES256 over k with
aud equal to this server's origin, exp in the future and at most 24 h ahead, and sub a mailto: or
https: URL, and a body that decrypts with the subscription's keys. Otherwise 401 (no or malformed
VAPID header), 403 (a JWT that does not verify or whose claims are wrong) or 400 (the body does not
decrypt, or a header is missing or wrong). A POST to a path under /gone/ answers 410 Gone, as a push
service does for a subscription the browser dropped.
"""
import argparse, base64, json, os, ssl, struct, sys, threading, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from cryptography.exceptions import InvalidSignature, InvalidTag
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

parser = argparse.ArgumentParser()
parser.add_argument("--dir", required=True)
parser.add_argument("--plain", action="store_true")
args = parser.parse_args()
out_lock = threading.Lock()

MAX_VAPID_LIFETIME_SECONDS = 24 * 3600
URGENCIES = {"very-low", "low", "normal", "high"}


def b64url_decode(text):
    if "=" in text:
        raise ValueError("padding in URL-safe base64")
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def b64url_encode(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def public_bytes(key):
    return key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)


subscription_key = ec.generate_private_key(ec.SECP256R1())
subscription_public = public_bytes(subscription_key)
auth_secret = os.urandom(16)


def hkdf(salt, ikm, info, length):
    return HKDF(algorithm=hashes.SHA256(), length=length, salt=salt, info=info).derive(ikm)


def decrypt(body):
    """RFC 8291 §3 and RFC 8188 §2, as a browser does it; raises ValueError on anything wrong."""
    if len(body) < 21:
        raise ValueError("body shorter than the aes128gcm header")
    salt, record_size, key_id_length = body[:16], struct.unpack(">I", body[16:20])[0], body[20]
    if key_id_length != 65:
        raise ValueError(f"key id length {key_id_length}, not 65")
    sender_public = body[21:86]
    records = body[86:]
    if record_size < 18:
        raise ValueError(f"record size {record_size}")
    if len(records) > record_size:
        raise ValueError(f"{len(records)} bytes of records, more than one record of {record_size}")
    sender = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), sender_public)
    shared = subscription_key.exchange(ec.ECDH(), sender)
    ikm = hkdf(auth_secret, shared, b"WebPush: info\x00" + subscription_public + sender_public, 32)
    key = hkdf(salt, ikm, b"Content-Encoding: aes128gcm\x00", 16)
    nonce = hkdf(salt, ikm, b"Content-Encoding: nonce\x00", 12)
    try:
        plain = AESGCM(key).decrypt(nonce, records, None)
    except InvalidTag:
        raise ValueError("the record does not decrypt (wrong keys or auth secret)")
    stripped = plain.rstrip(b"\x00")
    if not stripped or stripped[-1] != 2:
        raise ValueError("no 0x02 delimiter ending the last record")
    return stripped[:-1]


def check_vapid(header, origin):
    """RFC 8292 §3: returns (status, error, k, claims); status None when it checks out."""
    if not header.startswith("vapid "):
        return 401, "no vapid Authorization header", None, None
    parameters = {}
    for part in header[len("vapid "):].split(","):
        name, _, value = part.strip().partition("=")
        parameters[name] = value
    token, k = parameters.get("t"), parameters.get("k")
    if not token or not k:
        return 401, "t or k missing", k, None
    try:
        encoded_header, encoded_claims, encoded_signature = token.split(".")
        jwt_header = json.loads(b64url_decode(encoded_header))
        claims = json.loads(b64url_decode(encoded_claims))
        signature = b64url_decode(encoded_signature)
        public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), b64url_decode(k))
    except (ValueError, TypeError) as error:
        return 401, f"malformed token: {error}", k, None
    if jwt_header != {"typ": "JWT", "alg": "ES256"}:
        return 403, f"JWT header {jwt_header}", k, claims
    if len(signature) != 64:
        return 403, f"signature of {len(signature)} bytes, not 64 (r||s)", k, claims
    r, s = int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big")
    try:
        public.verify(encode_dss_signature(r, s), f"{encoded_header}.{encoded_claims}".encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        return 403, "the signature does not verify with k", k, claims
    now = time.time()
    if claims.get("aud") != origin:
        return 403, f"aud {claims.get('aud')} is not {origin}", k, claims
    exp = claims.get("exp")
    if not isinstance(exp, int) or isinstance(exp, bool) or exp <= now or exp > now + MAX_VAPID_LIFETIME_SECONDS:
        return 403, f"exp {exp} is not within 24 h from now ({int(now)})", k, claims
    subject = claims.get("sub")
    if not isinstance(subject, str) or not (subject.startswith("mailto:") or subject.startswith("https:")):
        return 403, f"sub {subject}", k, claims
    return None, None, k, claims


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *_):
        pass

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        scheme = "http" if args.plain else "https"
        origin = f"{scheme}://127.0.0.1:{self.server.server_address[1]}"
        status, vapid_error, k, claims = check_vapid(self.headers.get("Authorization", ""), origin)
        record = {
            "path": self.path, "vapid_ok": status is None, "vapid_error": vapid_error, "k": k, "claims": claims,
            "ttl": self.headers.get("TTL"), "urgency": self.headers.get("Urgency"),
            "content_encoding": self.headers.get("Content-Encoding"), "content_type": self.headers.get("Content-Type"),
            "body_bytes": len(body), "decrypted_ok": False, "decrypt_error": None, "payload": None,
        }
        try:
            payload = decrypt(body)
            record["decrypted_ok"] = True
            record["payload"] = payload.decode("utf-8", "replace")
        except ValueError as error:
            record["decrypt_error"] = str(error)
        if self.path.startswith("/gone/"):
            status = 410
        if status is None:
            ttl = record["ttl"]
            if record["content_encoding"] != "aes128gcm" or not (ttl or "").isdigit() \
                    or record["urgency"] not in URGENCIES or not record["decrypted_ok"]:
                status = 400
            else:
                status = 201
        record["status"] = status
        with out_lock:
            sys.stdout.write(json.dumps(record) + "\n")
            sys.stdout.flush()
        self.send_response(status)
        self.send_header("Content-Length", "0")
        if status == 201:
            self.send_header("Location", f"{origin}/message/{int(time.time() * 1000)}")
        self.end_headers()


with open(os.path.join(args.dir, "subscription.json"), "w") as file:
    json.dump({"p256dh": b64url_encode(subscription_public), "auth": b64url_encode(auth_secret)}, file)
server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
if not args.plain:
    import trustme
    ca = trustme.CA()
    ca.cert_pem.write_to_path(os.path.join(args.dir, "ca.pem"))
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ca.issue_cert("127.0.0.1", "localhost").configure_cert(context)
    server.socket = context.wrap_socket(server.socket, server_side=True)
print(f"PORT {server.server_address[1]}", flush=True)
server.serve_forever()
