#!/usr/bin/env python3
"""Replays real people's recorded days through a running Homeward server and scores its alerts.

Input: a GeoLife-layout folder (one folder per person, each with Trajectory/*.plt files; the
GeoLife samples shipped in public repositories use this layout) or, with --csv, CSV files
`person,t,lat,lon[,accuracy]` (Unix seconds).

For each person:
  * home is where the person spends the night (see infer_home);
  * the truth is built from the raw fixes (--truth family, the default; see family_exits): after two
    fixes in a row inside, an exit is the first fix beyond radius + --beyond-metres, with at least 2
    such fixes in that excursion and the person still outside the radius --min-out-seconds later;
    with --truth seen, an exit is a run of fixes outside the home circle that follows a fix inside (at
    most --max-gap-seconds earlier) and stays out for at least --min-out-seconds; either way its
    crossing time is the first fix outside;
  * one account is registered with a home zone of --radius metres in --time-zone, and its fixes are
    posted to POST /v1/locations in time order, in batches of --batch-seconds of fix time.
Then every alert of the account is read back (GET /v1/alerts) and scored:
  * recall: truth exits that claim a left_zone alert, each one alert (the first from the crossing to the
    end of that absence, else the first within --grace-seconds of the exit);
  * delay: alert time minus crossing time (median, p90), for exits the phone saw continuously; and,
    with --truth family, alert time minus the exit fix's time (the first fix beyond radius +
    --beyond-metres, the moment the issue's truth calls the exit);
  * false left_zone: with --truth family, left_zone alerts no exit claimed; with --truth seen, those
    that fall in no absence outside the circle (nor within --grace-seconds of one);
  * wandering alerts of every class per person-day (far_from_home counted apart too).

--inject-wandering replaces 40 minutes of each person's middle day (from 14:00 local) with a random
walk at 0.5-1.0 m/s from where they were, and counts the walks a wandering alert was raised during.

--inject-multipath N adds, for each person, N bursts of fixes 40-120 m outside the home zone for
35-120 s (each starting and ending while the person was at home), the GPS multipath that a
building beside home makes; the truth is built before injection, so any exit they cause is false.

Usage: python3 bench/replay/geolife_replay.py DATA_DIR --port 18095 [--inject-multipath 2]
"""
import argparse
import datetime
import glob
import json
import math
import os
import random
import statistics
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request

EARTH_RADIUS_M = 6_371_008.8


def distance_m(lat1, lon1, lat2, lon2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_RADIUS_M * math.asin(min(1, math.sqrt(a)))


def offset(lat, lon, north_m, east_m):
    return (lat + math.degrees(north_m / EARTH_RADIUS_M),
            lon + math.degrees(east_m / (EARTH_RADIUS_M * math.cos(math.radians(lat)))))


def read_plt(path):
    """The fixes of one GeoLife .plt file as (UTC seconds, latitude text, longitude text)."""
    with open(path) as handle:
        for line in handle.readlines()[6:]:
            parts = line.strip().split(",")
            if len(parts) < 7:
                continue
            moment = datetime.datetime.strptime(parts[5] + " " + parts[6], "%Y-%m-%d %H:%M:%S")
            yield moment.replace(tzinfo=datetime.timezone.utc).timestamp(), parts[0], parts[1]


def read_geolife(folder):
    people = {}
    for person_dir in sorted(glob.glob(os.path.join(folder, "*"))):
        files = sorted(glob.glob(os.path.join(person_dir, "Trajectory", "*.plt")))
        if not files:
            continue
        fixes = [{"t": t, "lat": float(lat), "lon": float(lon)} for path in files for t, lat, lon in read_plt(path)]
        people[os.path.basename(person_dir)] = fixes
    return people


def read_csv(paths):
    people = {}
    for path in paths:
        with open(path) as handle:
            for line in handle:
                parts = line.strip().split(",")
                if len(parts) < 4 or parts[0] == "person":
                    continue
                fix = {"t": float(parts[1]), "lat": float(parts[2]), "lon": float(parts[3])}
                if len(parts) > 4 and parts[4]:
                    fix["accuracy"] = float(parts[4])
                people.setdefault(parts[0], []).append(fix)
    return people


def clean(fixes):
    """Sorted by time, one fix per second (GeoLife files overlap at their ends)."""
    seen, out = set(), []
    for fix in sorted(fixes, key=lambda f: f["t"]):
        if fix["t"] in seen:
            continue
        seen.add(fix["t"])
        out.append(fix)
    return out


def thin(fixes, min_interval_seconds):
    """The fixes at least `min_interval_seconds` after the one kept before (a sparse phone's log)."""
    out = []
    for fix in fixes:
        if not out or fix["t"] - out[-1]["t"] >= min_interval_seconds:
            out.append(fix)
    return out


def local_day(t, utc_offset):
    return int((t + utc_offset) // 86_400)


def infer_home(fixes, radius, utc_offset):
    """Where the person spends the night: the fixes on either side of each silence of at least 3 h
    that spans 04:00 local time (the logger off overnight), the candidate with most others within
    the zone radius, averaged over those; the first and last fixes of each local day without such
    silences."""
    candidates = []
    for before, after in zip(fixes, fixes[1:]):
        if after["t"] - before["t"] < 3 * 3600:
            continue
        four = math.floor((before["t"] + utc_offset - 4 * 3600) / 86_400 + 1) * 86_400 + 4 * 3600 - utc_offset
        if before["t"] < four <= after["t"]:
            candidates += [before, after]
    if len(candidates) < 4:
        by_day = {}
        for fix in fixes:
            by_day.setdefault(local_day(fix["t"], utc_offset), []).append(fix)
        for day_fixes in by_day.values():
            candidates += [day_fixes[0], day_fixes[-1]]
    best = max(candidates, key=lambda c: sum(
        distance_m(c["lat"], c["lon"], o["lat"], o["lon"]) <= radius for o in candidates))
    near = [o for o in candidates if distance_m(best["lat"], best["lon"], o["lat"], o["lon"]) <= radius]
    return statistics.median(o["lat"] for o in near), statistics.median(o["lon"] for o in near)


def truth_exits(fixes, home, radius, min_out, max_gap):
    """[(crossing t, back t)] for absences that follow a fix inside (at most max_gap earlier) and are
    seen outside for at least min_out: fixes outside from the crossing on, none more than max_gap
    apart, until at least min_out after the crossing (a logger switched off is not seen outside)."""
    exits, i = [], 0
    outside = [distance_m(home[0], home[1], f["lat"], f["lon"]) > radius for f in fixes]
    while i < len(fixes):
        if outside[i] and i > 0 and not outside[i - 1] and fixes[i]["t"] - fixes[i - 1]["t"] <= max_gap:
            j, seen = i, fixes[i]["t"]
            while j < len(fixes) and outside[j]:
                if fixes[j]["t"] - seen > max_gap and seen - fixes[i]["t"] < min_out:
                    break
                seen = fixes[j]["t"]
                j += 1
            observed = seen - fixes[i]["t"] >= min_out
            while j < len(fixes) and outside[j]:
                j += 1
            end = fixes[j]["t"] if j < len(fixes) else fixes[j - 1]["t"]
            if observed:
                exits.append((fixes[i]["t"], end))
            i = j
        else:
            i += 1
    return exits


def family_exits(fixes, home, radius, beyond_m, hold_s):
    """The exits a family would call exits: [(crossing t, exit t, back t, continuous)].

    Inside is two fixes in a row within the radius. After being inside, a real exit is the first fix
    beyond radius + beyond_m, when that excursion (the fixes outside the radius until the next one
    within it) holds at least 2 fixes beyond radius + beyond_m and the person is still outside the
    radius hold_s later (the first fix at or after then is outside, and no fix before it came back
    within the radius). The crossing is the excursion's first fix outside the radius; the exit is
    continuous when the fix before the crossing was inside and no two fixes from it to that fix
    hold_s later are more than 120 s apart (the phone saw it all), and only continuous exits are
    timed. A new exit needs inside again."""
    inside_r = [distance_m(home[0], home[1], f["lat"], f["lon"]) <= radius for f in fixes]
    far = [distance_m(home[0], home[1], f["lat"], f["lon"]) > radius + beyond_m for f in fixes]
    exits, was_inside, k, n = [], False, 1, len(fixes)
    while k < n:
        if inside_r[k] and inside_r[k - 1]:
            was_inside = True
        if not (was_inside and not inside_r[k]):
            k += 1
            continue
        start = k
        end = k
        while end < n and not inside_r[end]:
            end += 1
        far_fixes = [j for j in range(start, end) if far[j]]
        back = fixes[end]["t"] if end < n else fixes[-1]["t"]
        if len(far_fixes) >= 2:
            first = far_fixes[0]
            later = [j for j in range(first, n) if fixes[j]["t"] >= fixes[first]["t"] + hold_s]
            if later and later[0] < end:
                continuous = inside_r[start - 1] and all(
                    fixes[j]["t"] - fixes[j - 1]["t"] <= 120 for j in range(start, later[0] + 1))
                exits.append((fixes[start]["t"], fixes[first]["t"], back, continuous))
                was_inside = False
        k = end
    return exits


def absences(fixes, home, radius):
    """[(first t outside, first t back)] for every run outside, however short (for false exits)."""
    runs, start = [], None
    for fix in fixes:
        out = distance_m(home[0], home[1], fix["lat"], fix["lon"]) > radius
        if out and start is None:
            start = fix["t"]
        elif not out and start is not None:
            runs.append((start, fix["t"]))
            start = None
    if start is not None:
        runs.append((start, fixes[-1]["t"]))
    return runs


def inject_multipath(fixes, home, radius, count, rng):
    """Adds count bursts of fixes beside home while the person is inside; returns the new list."""
    inside_runs, start = [], None
    for k, fix in enumerate(fixes):
        inside = distance_m(home[0], home[1], fix["lat"], fix["lon"]) <= radius
        if inside and start is None:
            start = k
        elif not inside and start is not None:
            inside_runs.append((start, k - 1))
            start = None
    if start is not None:
        inside_runs.append((start, len(fixes) - 1))
    long_runs = [r for r in inside_runs if fixes[r[1]]["t"] - fixes[r[0]]["t"] >= 300]
    injected = [dict(f) for f in fixes]
    for _ in range(count):
        if not long_runs:
            break
        first, last = rng.choice(long_runs)
        duration = rng.uniform(35, 120)
        begin = rng.uniform(fixes[first]["t"] + 30, max(fixes[first]["t"] + 31, fixes[last]["t"] - duration - 30))
        bearing = rng.uniform(0, 2 * math.pi)
        beyond = rng.uniform(40, 120)
        moved = [f for f in injected if begin <= f["t"] <= begin + duration]
        for fix in moved:
            wobble = rng.gauss(0, 8)
            lat, lon = offset(home[0], home[1], (radius + beyond + wobble) * math.cos(bearing),
                              (radius + beyond + wobble) * math.sin(bearing))
            fix.update(lat=lat, lon=lon)
    return injected


class Server:
    def __init__(self, port):
        self.base = f"http://127.0.0.1:{port}"

    def call(self, method, path, body=None, token=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", "Bearer " + token)
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            raise SystemExit(f"{method} {path}: {error.code} {error.read()[:300]!r}")

    def person(self, index, name):
        phone = f"+4477009{index:05d}"
        password = "Replay-Horse-9"
        self.call("POST", "/v1/accounts", {"phone": phone, "password": password, "name": name})
        session = self.call("POST", "/v1/sessions", {"phone": phone, "password": password, "deviceName": "replay"})
        return session["account"]["id"], session["token"]

    def alerts(self, token):
        alerts, cursor = [], None
        while True:
            path = "/v1/alerts?limit=1000&status=pending,open,acknowledged,resolved,cancelled"
            if cursor:
                path += "&cursor=" + cursor
            page = self.call("GET", path, token=token)
            alerts += page["alerts"]
            cursor = page.get("nextCursor")
            if not cursor:
                return alerts


def inject_wandering(fixes, utc_offset, rng):
    """Replaces 40 minutes of the person's middle day, from 14:00 local, with a random walk at
    0.5-1.0 m/s (a turn of 30-165 degrees every 8-40 m) that starts where they were, sampled every
    5 s with 4 m of noise; returns the new fixes and the episode's (start, end)."""
    days = sorted({local_day(f["t"], utc_offset) for f in fixes})
    day = days[len(days) // 2]
    start = day * 86_400 + 14 * 3600 - utc_offset
    end = start + 40 * 60
    before = [f for f in fixes if f["t"] < start]
    lat, lon = (before[-1]["lat"], before[-1]["lon"]) if before else (fixes[0]["lat"], fixes[0]["lon"])
    speed, heading, leg, walked = rng.uniform(0.5, 1.0), rng.uniform(0, 2 * math.pi), rng.uniform(8, 40), 0.0
    walk, t, north, east = [], start, 0.0, 0.0
    while t < end:
        step = speed * 5
        north += step * math.cos(heading)
        east += step * math.sin(heading)
        walked += step
        if walked >= leg:
            heading += rng.choice([-1, 1]) * math.radians(rng.uniform(30, 165))
            leg, walked = rng.uniform(8, 40), 0.0
        la, lo = offset(lat, lon, north + rng.gauss(0, 4), east + rng.gauss(0, 4))
        walk.append({"t": t, "lat": la, "lon": lo})
        t += 5
    return sorted([f for f in fixes if not start <= f["t"] < end] + walk, key=lambda f: f["t"]), (start, end)


def replay_over_http(server, args, index, name, fixes, home):
    account, token = server.person(index, f"Person {name}")
    server.call("POST", f"/v1/accounts/{account}/zones", {
        "name": "Home", "center": {"lat": home[0], "lon": home[1]}, "radius": args.radius,
        "home": True, "timeZone": args.time_zone}, token=token)
    batch, batch_start = [], None
    for fix in fixes:
        if batch and fix["t"] - batch_start >= args.batch_seconds:
            server.call("POST", "/v1/locations", {"samples": batch}, token=token)
            batch = []
        if not batch:
            batch_start = fix["t"]
        sample = {"t": fix["t"], "lat": round(fix["lat"], 7), "lon": round(fix["lon"], 7)}
        if "accuracy" in fix:
            sample["accuracy"] = fix["accuracy"]
        batch.append(sample)
    if batch:
        server.call("POST", "/v1/locations", {"samples": batch}, token=token)
    return server.alerts(token)


def replay_locally(args, fixes, home):
    """The alerts `homeward replay` prints for the track, shaped like the API's (raised ones only)."""
    with tempfile.NamedTemporaryFile("w", suffix=".csv") as track:
        track.write("t,lat,lon,accuracy\n")
        for fix in fixes:
            track.write(f"{fix['t']},{fix['lat']:.7f},{fix['lon']:.7f},{fix.get('accuracy', '')}\n")
        track.flush()
        command = [args.replay_binary, "replay", track.name, "--home", f"{home[0]},{home[1]}", "--radius",
                   str(args.radius), "--time-zone", args.time_zone]
        if args.tracker_settings:
            command += ["--tracker-settings", args.tracker_settings]
        output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    alerts = []
    for line in output.splitlines():
        time, change, kind, _, message = line.split("\t")[:5]
        if change == "raised":
            alerts.append({"createdAt": time, "type": kind, "message": message})
    return alerts


def describe_false(name, t, fixes, home, radius, utc_offset):
    """Prints a false left_zone: the fixes from 3 minutes before it to 5 after, as seconds from the
    alert and metres beyond the radius (negative: inside)."""
    when = datetime.datetime.fromtimestamp(t + utc_offset, datetime.timezone.utc).strftime("%Y-%m-%d %H:%M:%S")
    around = [f"{f['t'] - t:+.0f}:{distance_m(home[0], home[1], f['lat'], f['lon']) - radius:.0f}"
              for f in fixes if t - 180 <= f["t"] <= t + 300]
    print(f"  false left_zone, person {name}, {when} local: " + " ".join(around), flush=True)


def parse_time(text):
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("data", nargs="+", help="a GeoLife-layout folder, or CSV files with --csv")
    parser.add_argument("--csv", action="store_true", help="read CSV files person,t,lat,lon[,accuracy]")
    parser.add_argument("--port", type=int, default=18095, help="the running server (default 18095)")
    parser.add_argument("--radius", type=float, default=150, help="home zone radius, metres (default 150)")
    parser.add_argument("--time-zone", default="Asia/Shanghai", help="the people's time zone (default Asia/Shanghai)")
    parser.add_argument("--utc-offset-hours", type=float, default=8, help="for local days (default 8)")
    parser.add_argument("--batch-seconds", type=float, default=30, help="fix time per POST (default 30)")
    parser.add_argument("--truth", choices=["family", "seen"], default="family",
                        help="family: an exit goes beyond radius + --beyond-metres with 2 fixes and is still outside "
                             "the radius --min-out-seconds later, a left_zone with no such exit within --grace-seconds "
                             "is false; seen: the earlier rule, any run outside seen for --min-out-seconds "
                             "(default family)")
    parser.add_argument("--beyond-metres", type=float, default=50,
                        help="family truth: an exit goes this far beyond the radius (default 50)")
    parser.add_argument("--min-out-seconds", type=float, default=180, help="a true exit lasts this long (default 180)")
    parser.add_argument("--max-gap-seconds", type=float, default=120,
                        help="a true exit follows a fix inside at most this much earlier (default 120)")
    parser.add_argument("--grace-seconds", type=float, default=600,
                        help="a left_zone this soon after a short absence still counts as explained (default 600)")
    parser.add_argument("--inject-multipath", type=int, default=0, help="multipath bursts beside home per person")
    parser.add_argument("--inject-wandering", action="store_true",
                        help="replace 40 min of each person's middle day with a random walk and count those found")
    parser.add_argument("--seed", type=int, default=1, help="seed for injection (default 1)")
    parser.add_argument("--min-interval-seconds", type=float, default=0,
                        help="keep a fix only this long after the one kept before: replays a dense log as a phone "
                             "logging every 30 or 60 s would have sent it (truth scored on the kept fixes)")
    parser.add_argument("--json", help="write the per-person figures here")
    parser.add_argument("--list-false", action="store_true",
                        help="print each false left_zone with the fixes' distances beyond the radius around it")
    parser.add_argument("--replay-binary",
                        help="instead of the HTTP API, run `BINARY replay` on each person's track (quick, stores nothing)")
    parser.add_argument("--tracker-settings",
                        help="with --replay-binary: what-if tracker settings, a JSON object (homeward replay --tracker-settings)")
    args = parser.parse_args()

    people = read_csv(args.data) if args.csv else read_geolife(args.data[0])
    server = Server(args.port)
    rng = random.Random(args.seed)
    utc_offset = args.utc_offset_hours * 3600
    delays, exit_delays, missed, hits, false_exits, person_days = [], [], 0, 0, 0, 0
    wandering = {}
    report = []
    injected_found = injected_total = 0
    injected_delays = []
    for index, (name, raw) in enumerate(sorted(people.items())):
        fixes = thin(clean(raw), args.min_interval_seconds)
        if len(fixes) < 10:
            continue
        home = infer_home(fixes, args.radius, utc_offset)
        if args.truth == "family":
            family = family_exits(fixes, home, args.radius, args.beyond_metres, args.min_out_seconds)
        else:
            family = [(c, c, b, True) for c, b in
                      truth_exits(fixes, home, args.radius, args.min_out_seconds, args.max_gap_seconds)]
        runs = absences(fixes, home, args.radius)
        if args.inject_multipath:
            fixes = inject_multipath(fixes, home, args.radius, args.inject_multipath, rng)
        episode = None
        if args.inject_wandering:
            fixes, episode = inject_wandering(fixes, utc_offset, rng)
        days = len({local_day(f["t"], utc_offset) for f in fixes})
        person_days += days
        if args.replay_binary:
            alerts = replay_locally(args, fixes, home)
        else:
            alerts = replay_over_http(server, args, index, name, fixes, home)
        lefts = sorted(parse_time(a["createdAt"]) for a in alerts if a["type"] == "left_zone")
        # Each exit claims one alert (the first raised from its crossing on, else the first within
        # --grace-seconds of it): a second left_zone for the same exit is one too many.
        person_delays, person_found, person_missed, claimed = [], 0, 0, set()
        for crossing, moment, back, continuous in family:
            near = [k for k, t in enumerate(lefts) if k not in claimed
                    and (crossing - 1 <= t <= back or abs(t - moment) <= args.grace_seconds)]
            after = [k for k in near if lefts[k] >= crossing - 1]
            if near:
                chosen = (after or near)[0]
                claimed.add(chosen)
                person_found += 1
                if continuous:
                    person_delays.append(lefts[chosen] - crossing)
                    exit_delays.append(lefts[chosen] - moment)
            else:
                person_missed += 1
        if args.truth == "family":
            person_false = len(lefts) - len(claimed)
            if args.list_false:
                for k, t in enumerate(lefts):
                    if k not in claimed:
                        describe_false(name, t, fixes, home, args.radius, utc_offset)
        else:
            person_false = sum(1 for t in lefts if not any(s - 1 <= t <= e + args.grace_seconds for s, e in runs))
        exits = family
        person_wandering = {}
        for alert in alerts:
            if alert["type"] != "wandering":
                continue
            message = alert.get("message", "")
            kind = "far_from_home" if message.startswith("Far from home") else message.split(" ")[3].rstrip(".") \
                if message.startswith("Movement looks like") else "other"
            person_wandering[kind] = person_wandering.get(kind, 0) + 1
        if episode:
            raised = [parse_time(a["createdAt"]) for a in alerts
                      if a["type"] == "wandering" and episode[0] <= parse_time(a["createdAt"]) <= episode[1] + 300]
            found = bool(raised)
            if raised:
                injected_delays.append(min(raised) - episode[0])
            injected_found += found
            injected_total += 1
        for kind, count in person_wandering.items():
            wandering[kind] = wandering.get(kind, 0) + count
        delays += person_delays
        hits += person_found
        missed += person_missed
        false_exits += person_false
        report.append({"person": name, "days": days, "fixes": len(fixes), "home": home, "exits": len(exits),
                       "detected": person_found, "delays": [round(d) for d in person_delays],
                       "falseLeftZone": person_false, "wandering": person_wandering})
        print(f"person {name}: {days} days, {len(fixes)} fixes, {len(exits)} exits, {person_found} found, "
              f"delays {[round(d) for d in person_delays]}, false left_zone {person_false}, wandering {person_wandering}",
              flush=True)

    total = hits + missed
    wandering_total = sum(wandering.values())
    print()
    print(f"person-days {person_days}, true exits {total}")
    if total:
        print(f"recall {hits / total:.3f}")
    if delays:
        ordered = sorted(delays)
        p90 = ordered[min(len(ordered) - 1, math.ceil(0.9 * len(ordered)) - 1)]
        print(f"exit delay median {statistics.median(ordered):.0f} s, p90 {p90:.0f} s")
        from_exit = sorted(exit_delays)
        p90_exit = from_exit[min(len(from_exit) - 1, math.ceil(0.9 * len(from_exit)) - 1)]
        print(f"delay from the exit fix (the first beyond radius + {args.beyond_metres:.0f} m) median "
              f"{statistics.median(from_exit):.0f} s, p90 {p90_exit:.0f} s")
    print(f"false left_zone {false_exits} ({false_exits / max(1, person_days) * 20:.2f} per 20 person-days)")
    print(f"wandering alerts {wandering_total} ({wandering_total / max(1, person_days) * 10:.2f} per 10 person-days): "
          f"{dict(sorted(wandering.items()))}")
    if injected_total:
        told = sorted(injected_delays)
        after = f", the first alert a median {told[len(told) // 2]:.0f} s after the walk began (p90 {told[int(len(told) * 0.9)]:.0f} s)" if told else ""
        print(f"injected wandering found {injected_found} of {injected_total}{after}")
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(report, handle, indent=1)


if __name__ == "__main__":
    sys.exit(main())
