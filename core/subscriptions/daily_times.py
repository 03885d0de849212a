"""When a daily subscription fires next: a clock time in its zone.

The next HH:MM on the subscription zone's calendar strictly after a moment, computed on the
local date with zoneinfo, so daylight-saving changes move the UTC instant and not the local
time. A local time that does not exist (spring forward, 02:30 in New York) fires at the first
valid time after it (03:00); one that happens twice (fall back, 01:30) fires once, at the first.
"""
from __future__ import annotations

from datetime import date, datetime, time, timedelta, timezone, tzinfo

from metocean.timezones import parse_tz


def _utc(epoch: float) -> datetime:
    return datetime.fromtimestamp(epoch, timezone.utc)


def zone(tz: str) -> tzinfo:
    """Return the zone named `tz` (an IANA name or a UTC offset)."""
    return parse_tz(tz)[0]


def local_day(epoch: float, tz: str) -> date:
    """Return the calendar day of moment `epoch` in zone `tz`."""
    return _utc(epoch).astimezone(parse_tz(tz)[0]).date()


def local_instant(day: date, hhmm: str, tz: str) -> float:
    """Return the epoch seconds of `hhmm` on `day` in zone `tz`: the first occurrence when the
    local time happens twice, the first valid minute after it when it does not exist."""
    zone, _ = parse_tz(tz)
    hour, minute = (int(p) for p in hhmm.split(":"))
    wall = datetime.combine(day, time(hour, minute))
    first = wall.replace(tzinfo=zone, fold=0)
    back = first.astimezone(timezone.utc).astimezone(zone).replace(tzinfo=None)
    if back == wall:
        return first.timestamp()
    # A gap: fold=1 reads the wall time with the offset after the change, fold=0 with the one
    # before; the change itself lies between them. Walk minute by minute (a gap is <= 2 h).
    lo = min(first.timestamp(), wall.replace(tzinfo=zone, fold=1).timestamp())
    hi = max(first.timestamp(), wall.replace(tzinfo=zone, fold=1).timestamp())
    t = lo
    while t <= hi:
        if _utc(t).astimezone(zone).replace(tzinfo=None) >= wall:
            return t
        t += 60.0
    return hi


def next_daily(hhmm: str, tz: str, after: float) -> float:
    """Return the epoch seconds of the next `hhmm` in zone `tz` strictly after `after`."""
    today = local_day(after, tz)
    for offset in range(-1, 3):
        fire = local_instant(today + timedelta(days=offset), hhmm, tz)
        if fire > after:
            return fire
    raise ValueError(f"no {hhmm} in {tz} after {after}")  # unreachable: every day has its HH:MM or a later time
