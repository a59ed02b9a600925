#!/usr/bin/env bash
# The book's nginx configuration (docs/deploying.md), run for real: the first ```nginx block of it
# with its ports, certificate and upstream pointed at a throwaway self-signed certificate and a fresh
# release server started with --trusted-proxies 127.0.0.1. Over https through nginx it checks that
# the server answers, that share links are https, that the per-address login limit counts each client
# (clients on 127.0.0.2 and 127.0.0.3; a client's own X-Forwarded-For changes nothing), that /metrics
# is not served through the proxy, that event streams pass unbuffered, and that plain http redirects.
# Usage: .ci/nginx.sh   (env: SCRATCH=.build)
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="${SCRATCH:-.build}"
for tool in nginx:nginx-light openssl:openssl jq:jq curl:curl; do
  if ! command -v "${tool%%:*}" >/dev/null; then
    if [[ $(id -u) -eq 0 ]]; then SUDO=""; else SUDO=sudo; fi
    $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${tool#*:}" >/dev/null
  fi
done
nginx_bin="$(command -v nginx || echo /usr/sbin/nginx)"

swift build -c release --scratch-path "$scratch" --product homeward 2>&1 | tail -1
work="$(mktemp -d)"
chmod 755 "$work"
server=""
proxy=""
cleanup() {
  [ -n "$proxy" ] && kill "$proxy" 2>/dev/null || true
  [ -n "$server" ] && kill "$server" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
port="$(free_port)"; tls_port="$(free_port)"; plain_port="$(free_port)"
failures=0
check() { if eval "$2"; then echo "ok: $1"; else echo "FAILED: $1"; failures=$((failures + 1)); fi; }

openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=homeward.example.org" \
  -addext "subjectAltName=DNS:homeward.example.org" -keyout "$work/key.pem" -out "$work/cert.pem" 2>/dev/null
awk '/^```nginx$/ { inside = 1; found = 1; next } /^```$/ { if (found && inside) exit; inside = 0 } inside' docs/deploying.md \
  | sed -e "s|listen 443 ssl;|listen 127.0.0.1:$tls_port ssl;|" -e "s|listen 80;|listen 127.0.0.1:$plain_port;|" \
        -e "s|/etc/letsencrypt/live/homeward.example.org/fullchain.pem|$work/cert.pem|" \
        -e "s|/etc/letsencrypt/live/homeward.example.org/privkey.pem|$work/key.pem|" \
        -e "s|http://127.0.0.1:8080|http://127.0.0.1:$port|" > "$work/site.conf"
grep -q "listen 127.0.0.1:$tls_port ssl;" "$work/site.conf" || { echo "docs/deploying.md has no nginx block to test"; exit 1; }
mkdir -p "$work/temp" && chmod 777 "$work/temp"
cat > "$work/nginx.conf" <<CONF
pid $work/nginx.pid;
error_log $work/error.log;
events {}
http {
    access_log $work/access.log;
    client_body_temp_path $work/temp/body;
    proxy_temp_path $work/temp/proxy;
    fastcgi_temp_path $work/temp/fastcgi;
    uwsgi_temp_path $work/temp/uwsgi;
    scgi_temp_path $work/temp/scgi;
    include $work/site.conf;
}
CONF
"$nginx_bin" -t -p "$work" -c "$work/nginx.conf" 2>&1 | tail -1

"$scratch/release/homeward" serve --host 127.0.0.1 --port "$port" --database "$work/nginx.sqlite" \
  --trusted-proxies 127.0.0.1 --log-level warning >"$work/server.log" 2>&1 &
server=$!
"$nginx_bin" -p "$work" -c "$work/nginx.conf" -g 'daemon off;' &
proxy=$!
site="https://homeward.example.org:$tls_port"
tls=(--cacert "$work/cert.pem" --resolve "homeward.example.org:$tls_port:127.0.0.1")
for _ in $(seq 1 200); do curl -fs "${tls[@]}" "$site/healthz" >/dev/null 2>&1 && break; sleep 0.1; done

check "https through nginx answers /healthz" '[ "$(curl -s "${tls[@]}" "$site/healthz")" = "{\"status\":\"ok\"}" ]'
curl -s --fail-with-body "${tls[@]}" -X POST "$site/v1/accounts" -H 'Content-Type: application/json' \
  -d '{"phone":"+447700900123","password":"Correct-Horse-9","name":"Ada"}' >/dev/null
token="$(curl -s --fail-with-body "${tls[@]}" -X POST "$site/v1/sessions" -H 'Content-Type: application/json' \
  -d '{"phone":"+447700900123","password":"Correct-Horse-9"}' | jq -r .token)"
url="$(curl -s --fail-with-body "${tls[@]}" -X POST "$site/v1/shares" -H "Authorization: Bearer $token" \
  -H 'Content-Type: application/json' -d '{"scope":"episodes","expiresInSeconds":3600}' | jq -r .url)"
check "a share link made through https is https ($url)" '[[ "$url" == https://homeward.example.org/v1/shared/*/episodes ]]'

login_from() {  # client address, phone suffix, extra curl arguments: the status of one failed login
  curl -s -o "$work/reply.json" -w '%{http_code}' "${tls[@]}" --interface "$1" -X POST "$site/v1/sessions" \
    -H 'Content-Type: application/json' "${@:3}" -d "{\"phone\":\"+4470099$2\",\"password\":\"wrong-password\"}"
}
for i in $(seq 10 29); do login_from 127.0.0.2 "000$i" >/dev/null; done
check "the 21st failed login from one client is 429" '[ "$(login_from 127.0.0.2 00030)" = 429 ]'
check "the 429 says what is limited and when to retry" 'grep -q "Too many failed logins from this address; try again in" "$work/reply.json"'
check "a client's own X-Forwarded-For does not get it out" '[ "$(login_from 127.0.0.2 00031 -H "X-Forwarded-For: 198.51.100.1")" = 429 ]'
check "another client behind the same proxy may still log in" '[ "$(login_from 127.0.0.3 00032)" = 401 ]'

check "/metrics is not served through the proxy" '[ "$(curl -s -o /dev/null -w "%{http_code}" "${tls[@]}" "$site/metrics")" = 404 ]'
check "/metrics answers on loopback" '[ "$(curl -s -o /dev/null -w "%{http_code}" "http://127.0.0.1:$port/metrics")" = 200 ]'
curl -sN --max-time 2 "${tls[@]}" "$site/v1/events" -H "Authorization: Bearer $token" >"$work/events.txt" 2>/dev/null || true
check "an event stream passes through unbuffered" 'grep -q "^: connected" "$work/events.txt"'
check "plain http redirects to https" \
  '[ "$(curl -s -o /dev/null -w "%{http_code} %{redirect_url}" "http://127.0.0.1:$plain_port/healthz" -H "Host: homeward.example.org")" = "301 https://homeward.example.org/healthz" ]'

if [ "$failures" -ne 0 ]; then
  echo "--- nginx error log"; tail -20 "$work/error.log" || true
  echo "--- server log"; tail -20 "$work/server.log" || true
  exit 1
fi
echo "nginx: every check passed"
