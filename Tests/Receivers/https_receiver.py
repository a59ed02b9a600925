#!/usr/bin/env python3
"""A webhook receiver for Homeward's tests: HTTPS with a throwaway CA made by trustme (or plain HTTP
with --plain), checking X-Homeward-Signature against --secret.

Writes ca.pem (the CA that signed the server's certificate, for 127.0.0.1 and localhost) and
other-ca.pem (an unrelated CA) into --dir, prints "PORT <n>" and then one JSON line per request:
{"path", "signature_ok", "event", "idempotency_key", "body", "t", "peer_port"} (t: Unix seconds when
it was read; peer_port: the client's TCP port, the same for requests on one connection; --quiet
leaves out the body).

Paths: /hold waits until /release is requested (or 60 s) before answering; /redirect answers 302 to
/hook; /fail answers 500; /message speaks Gotify's documented API (POST /message with the application
token as ?token=, X-Gotify-Key or a bearer token, against --gotify-token; a JSON body whose "message"
is required, "title" and integer "priority" optional, other fields ignored; 200 with the stored
message, 401 or 400 with Gotify's error body) and adds {"gotify": {title, message, priority}} to its
record; POST / speaks ntfy's "publish as JSON" (a JSON body with a valid "topic"; "message",
"title", integer "priority" 1-5, "tags" (strings), "click" (a URL) and "actions" optional and typed
as ntfy checks them; with --ntfy-token the topic wants `Authorization: Bearer <token>`; 200 with the
message ntfy would store, 400/403 with ntfy's error body) and adds {"ntfy": {...}}; POST
/bot<token>/sendMessage and /bot<token>/sendLocation speak the Telegram Bot API (token against
--telegram-token, chat_id and text or latitude/longitude required; {"ok": true, "result": ...} or
{"ok": false, "error_code", "description"}) and add {"telegram": {"method", ...}}; everything else
answers 204 when the signature is right and 401 when not.
"""
import argparse, hashlib, hmac, json, os, ssl, sys, threading, time, urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

parser = argparse.ArgumentParser()
parser.add_argument("--secret", default="")
parser.add_argument("--dir", required=True)
parser.add_argument("--plain", action="store_true")
parser.add_argument("--quiet", action="store_true")
parser.add_argument("--gotify-token", default="")
parser.add_argument("--ntfy-token", default="")
parser.add_argument("--telegram-token", default="")
args = parser.parse_args()
released = threading.Event()
out_lock = threading.Lock()


def report(record):
    with out_lock:
        sys.stdout.write(json.dumps(record) + "\n")
        sys.stdout.flush()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *_):
        pass

    def answer(self, status, headers=(), body=b""):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def gotify(self, body, record):
        """Gotify's POST /message (gotify/server api/message.go, model.MessageExternal)."""
        query = urllib.parse.parse_qs(urllib.parse.urlparse(self.path).query)
        bearer = self.headers.get("Authorization", "")
        token = (query.get("token", [""])[0] or self.headers.get("X-Gotify-Key", "")
                 or (bearer[7:] if bearer.startswith("Bearer ") else ""))
        if not args.gotify_token or token != args.gotify_token:
            error = {"error": "Unauthorized", "errorCode": 401,
                     "errorDescription": "you need to provide a valid access token or user credentials to access this api"}
            return 401, error
        try:
            message = json.loads(body)
        except ValueError:
            message = None
        priority = message.get("priority", 0) if isinstance(message, dict) else None
        if not isinstance(message, dict) or not isinstance(message.get("message"), str) or not message["message"] \
                or not isinstance(message.get("title", ""), str) or not isinstance(priority, int) or isinstance(priority, bool):
            return 400, {"error": "Bad Request", "errorCode": 400, "errorDescription": "Field 'message' is required"}
        record["gotify"] = {"title": message.get("title", ""), "message": message["message"], "priority": priority}
        return 200, {"id": 1, "appid": 1, "message": message["message"], "title": message.get("title", ""),
                     "priority": priority, "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}

    def ntfy(self, body, record):
        """ntfy's publish as JSON (server/server.go handlePublish with a JSON body, docs.ntfy.sh/publish)."""
        def error(status, code, text):
            return status, {"code": code, "http": status, "error": text, "link": "https://ntfy.sh/docs/publish/#publish-as-json"}
        try:
            message = json.loads(body)
        except ValueError:
            return error(400, 40017, "invalid request: request body must be message JSON")
        topic = message.get("topic") if isinstance(message, dict) else None
        if not isinstance(topic, str) or not topic or len(topic) > 64 \
                or not all(c.isascii() and (c.isalnum() or c in "-_") for c in topic):
            return error(400, 40009, "invalid request: topic invalid")
        if args.ntfy_token and self.headers.get("Authorization", "") != "Bearer " + args.ntfy_token:
            return error(403, 40301, "forbidden")
        priority = message.get("priority", 3)
        tags = message.get("tags", [])
        actions = message.get("actions", [])
        if not isinstance(priority, int) or isinstance(priority, bool) or not 1 <= priority <= 5:
            return error(400, 40007, "invalid request: priority invalid")
        if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
            return error(400, 40017, "invalid request: request body must be message JSON")
        for name in ("message", "title", "click"):
            if not isinstance(message.get(name, ""), str):
                return error(400, 40017, "invalid request: request body must be message JSON")
        if message.get("click") and not message["click"].startswith(("http://", "https://")):
            return error(400, 40013, "invalid request: click URL invalid")
        if not isinstance(actions, list) or not all(isinstance(a, dict) and a.get("action") in ("view", "broadcast", "http")
                                                    and isinstance(a.get("label"), str) and a.get("label") for a in actions):
            return error(400, 40018, "invalid request: actions invalid")
        stored = {"id": "hw" + str(int(time.time() * 1000)), "time": int(time.time()), "event": "message", "topic": topic,
                  "message": message.get("message", "triggered"), "title": message.get("title", ""), "priority": priority,
                  "tags": tags, "click": message.get("click", ""), "actions": actions}
        record["ntfy"] = stored
        return 200, stored

    def telegram(self, path, body, record):
        """The Telegram Bot API's sendMessage and sendLocation (core.telegram.org/bots/api)."""
        token, _, method = path[len("/bot"):].partition("/")
        if not args.telegram_token or token != args.telegram_token:
            return 401, {"ok": False, "error_code": 401, "description": "Unauthorized"}
        try:
            call = json.loads(body)
        except ValueError:
            call = None
        if not isinstance(call, dict) or not isinstance(call.get("chat_id"), (str, int)) or call.get("chat_id") == "":
            return 400, {"ok": False, "error_code": 400, "description": "Bad Request: chat_id is empty"}
        chat = {"id": int(call["chat_id"]) if str(call["chat_id"]).lstrip("-").isdigit() else 1, "type": "private"}
        result = {"message_id": 1, "date": int(time.time()), "chat": chat}
        if method == "sendMessage":
            if not isinstance(call.get("text"), str) or not call["text"].strip():
                return 400, {"ok": False, "error_code": 400, "description": "Bad Request: message text is empty"}
            result["text"] = call["text"]
        elif method == "sendLocation":
            lat, lon = call.get("latitude"), call.get("longitude")
            if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (lat, lon)) \
                    or not -90 <= lat <= 90 or not -180 <= lon <= 180:
                return 400, {"ok": False, "error_code": 400, "description": "Bad Request: wrong latitude or longitude"}
            result["location"] = {"latitude": lat, "longitude": lon}
        else:
            return 404, {"ok": False, "error_code": 404, "description": "Not Found"}
        record["telegram"] = dict(call, method=method)
        return 200, {"ok": True, "result": result}

    def do_GET(self):
        if self.path == "/release":
            released.set()
        report({"path": self.path, "method": "GET"})
        self.answer(200)

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        expected = "sha256=" + hmac.new(args.secret.encode(), body, hashlib.sha256).hexdigest()
        signature_ok = hmac.compare_digest(expected, self.headers.get("X-Homeward-Signature", ""))
        record = {
            "path": self.path, "method": "POST", "signature_ok": signature_ok,
            "event": self.headers.get("X-Homeward-Event", ""),
            "idempotency_key": self.headers.get("Idempotency-Key", ""),
            "t": time.time(), "peer_port": self.client_address[1],
        }
        if not args.quiet:
            record["body"] = body.decode("utf-8", "replace")
        path = urllib.parse.urlparse(self.path).path
        service = (self.gotify(body, record) if path == "/message" else self.ntfy(body, record) if path == "/"
                   else self.telegram(path, body, record) if path.startswith("/bot") else None)
        if service:
            status, answer = service
            record["status"] = status
            report(record)
            self.answer(status, [("Content-Type", "application/json")], json.dumps(answer).encode())
            return
        if self.path == "/hold":
            report(dict(record, path="/hold", holding=True))
            released.wait(60)
        report(record)
        if self.path == "/redirect":
            self.answer(302, [("Location", "/hook")])
        elif self.path == "/fail":
            self.answer(500)
        else:
            self.answer(204 if signature_ok else 401)


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
if not args.plain:
    import trustme
    ca = trustme.CA()
    ca.cert_pem.write_to_path(os.path.join(args.dir, "ca.pem"))
    trustme.CA().cert_pem.write_to_path(os.path.join(args.dir, "other-ca.pem"))
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ca.issue_cert("127.0.0.1", "localhost").configure_cert(context)
    server.socket = context.wrap_socket(server.socket, server_side=True)
print(f"PORT {server.server_address[1]}", flush=True)
server.serve_forever()
