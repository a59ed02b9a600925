#!/usr/bin/env python3
"""A stand-in for Open-Meteo's forecast (/v1/forecast) and historical archive (/v1/archive) APIs for
Homeward's tests, over plain HTTP.

Checks each request as Open-Meteo documents it: latitude (-90..90) and longitude (-180..180) as
numbers, `hourly` a comma-separated list of variables the API has (the archive has no uv_index),
start_date and end_date as yyyy-mm-dd with end_date not before start_date, and timezone and
wind_speed_unit from the values Open-Meteo accepts. A wrong request gets Open-Meteo's 400
{"error": true, "reason": "..."}; a right one gets {"latitude", "longitude", "generationtime_ms",
"utc_offset_seconds", "timezone", "timezone_abbreviation", "elevation", "hourly_units", "hourly"} with
one entry per hour of the days asked ("time": ["2026-11-21T00:00", ...]) and, for each variable asked,
a value that the test can predict from the hour h and the latitude:
temperature_2m = 10 + h / 2 + latitude / 100, relative_humidity_2m = 40 + h, wind_speed_10m = 2.5 (m/s)
or 9.0 (km/h, the default unit), uv_index = h / 4.

Prints "PORT <n>", then one JSON line per request: {"path", "query": {name: value}, "status"}.

--mode ok answers; --mode fail answers 500 with an error body; --mode hang never answers (the
connection is held until the process ends); --fail-first N answers the first N requests 500 and then
as --mode ok.
"""
import argparse, datetime, json, sys, threading, time, urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

parser = argparse.ArgumentParser()
parser.add_argument("--dir", required=True)
parser.add_argument("--mode", choices=["ok", "fail", "hang"], default="ok")
parser.add_argument("--fail-first", type=int, default=0)
args = parser.parse_args()
lock = threading.Lock()
seen = [0]

VARIABLES = {
    "/v1/forecast": {"temperature_2m": "°C", "relative_humidity_2m": "%", "wind_speed_10m": None, "uv_index": ""},
    "/v1/archive": {"temperature_2m": "°C", "relative_humidity_2m": "%", "wind_speed_10m": None},
}
WIND_UNITS = {"kmh": "km/h", "ms": "m/s", "mph": "mp/h", "kn": "kn"}


def report(record):
    with lock:
        sys.stdout.write(json.dumps(record) + "\n")
        sys.stdout.flush()


def parse_date(text, name):
    try:
        return datetime.date.fromisoformat(text)
    except (TypeError, ValueError):
        raise ValueError(f"Invalid date format for parameter '{name}': {text}")


def answer_body(path, query):
    def number(name, low, high):
        try:
            value = float(query[name])
        except (KeyError, ValueError):
            raise ValueError(f"Parameter '{name}' is required and must be a number")
        if not low <= value <= high:
            raise ValueError(f"Latitude must be in range of -90 to 90°. Given: {value}." if name == "latitude"
                             else f"Longitude must be in range of -180 to 180°. Given: {value}.")
        return value
    latitude = number("latitude", -90, 90)
    longitude = number("longitude", -180, 180)
    known = VARIABLES[path]
    hourly = [v for v in query.get("hourly", "").split(",") if v]
    for variable in hourly:
        if variable not in known:
            raise ValueError(f"Cannot initialize WeatherVariable from invalid String value {variable} for key hourly")
    if query.get("timezone", "GMT") not in ("GMT", "UTC", "auto"):
        raise ValueError("Invalid timezone")
    wind_unit = query.get("wind_speed_unit", "kmh")
    if wind_unit not in WIND_UNITS:
        raise ValueError(f"Cannot initialize WindspeedUnit from invalid String value {wind_unit}")
    if "start_date" not in query or "end_date" not in query:
        raise ValueError("Parameter 'start_date' and 'end_date' must be set together" if path == "/v1/forecast"
                         else "Parameter 'start_date' is required")
    start = parse_date(query["start_date"], "start_date")
    end = parse_date(query["end_date"], "end_date")
    if end < start:
        raise ValueError("End-date must be larger or equals than start-date")
    times, series = [], {v: [] for v in hourly}
    day = start
    while day <= end:
        for h in range(24):
            times.append(f"{day.isoformat()}T{h:02d}:00")
            for variable in hourly:
                if variable == "temperature_2m":
                    value = round(10 + h / 2 + latitude / 100, 2)
                elif variable == "relative_humidity_2m":
                    value = 40 + h
                elif variable == "wind_speed_10m":
                    value = 2.5 if wind_unit == "ms" else 9.0
                else:
                    value = h / 4
                series[variable].append(value)
        day += datetime.timedelta(days=1)
    units = {"time": "iso8601"}
    for variable in hourly:
        units[variable] = WIND_UNITS[wind_unit] if variable == "wind_speed_10m" else known[variable]
    return {"latitude": latitude, "longitude": longitude, "generationtime_ms": 0.05, "utc_offset_seconds": 0,
            "timezone": "GMT", "timezone_abbreviation": "GMT", "elevation": 38.0,
            "hourly_units": units, "hourly": dict({"time": times}, **series)}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *_):
        pass

    def answer(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        url = urllib.parse.urlparse(self.path)
        query = {name: values[-1] for name, values in urllib.parse.parse_qs(url.query).items()}
        with lock:
            seen[0] += 1
            number = seen[0]
        if args.mode == "hang":
            report({"path": url.path, "query": query, "status": None})
            time.sleep(3600)
            return
        if url.path not in VARIABLES:
            report({"path": url.path, "query": query, "status": 404})
            return self.answer(404, {"error": True, "reason": "Not Found"})
        if args.mode == "fail" or number <= args.fail_first:
            report({"path": url.path, "query": query, "status": 500})
            return self.answer(500, {"error": True, "reason": "stand-in failure"})
        try:
            body = answer_body(url.path, query)
        except ValueError as error:
            report({"path": url.path, "query": query, "status": 400})
            return self.answer(400, {"error": True, "reason": str(error)})
        report({"path": url.path, "query": query, "status": 200})
        self.answer(200, body)


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(f"PORT {server.server_address[1]}", flush=True)
server.serve_forever()
