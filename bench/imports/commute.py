"""The person both history generators write: one fix a minute from 2014-05, home at night, work by
day, a walk between, with jitter (deterministic, from the caller's seeded generator)."""

HOME = (515007000, -1246000)
WORK = (515136000, -983000)
START = 1_400_000_000  # 2014-05


def position(i, rng):
    """(unix seconds, latE7, lonE7) of the i-th fix; draws two numbers from `rng`."""
    t = START + i * 60
    minute = (t // 60) % 1440
    if minute < 480 or minute >= 1050:
        lat, lon = HOME
    elif minute < 510:
        f = (minute - 480) / 30
        lat, lon = int(HOME[0] + f * (WORK[0] - HOME[0])), int(HOME[1] + f * (WORK[1] - HOME[1]))
    elif minute < 1020:
        lat, lon = WORK
    else:
        f = (minute - 1020) / 30
        lat, lon = int(WORK[0] + f * (HOME[0] - WORK[0])), int(WORK[1] + f * (HOME[1] - WORK[1]))
    return t, lat + rng.randint(-600, 600), lon + rng.randint(-900, 900)
