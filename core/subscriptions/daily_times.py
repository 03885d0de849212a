"""When a daily subscription fires next: a clock time in its zone.

The next HH:MM on the subscription zone's calendar strictly after a moment, computed on the
local date with zoneinfo, so daylight-saving changes move the UTC instant and not the local
time. A local time that does not exist (spring forward, 02:30 in New York) fires at the first
valid time after it (03:00); one that happens twice (fall back, 01:30) fires once, at the first.
Moments are aware datetimes (in UTC when this module makes them), zones are `tzinfo` objects.
"""
from __future__ import annotations

from datetime import date, datetime, time, timedelta, timezone, tzinfo

from metocean.timezones import parse_tz


def zone(tz: str) -> tzinfo:
    """Return the zone named `tz` (an IANA name or a UTC offset)."""
    return parse_tz(tz)[0]


def local_day(moment: datetime, where: tzinfo) -> date:
    """Return the calendar day of `moment` in zone `where`."""
    return moment.astimezone(where).date()


def local_instant(day: date, hhmm: str, where: tzinfo) -> datetime:
    """Return the moment (UTC) of `hhmm` on `day` in zone `where`: the first occurrence when the
    local time happens twice, the first valid minute after it when it does not exist."""
    hour, minute = (int(p) for p in hhmm.split(":"))
    wall = datetime.combine(day, time(hour, minute))
    first = wall.replace(tzinfo=where, fold=0)
    if first.astimezone(timezone.utc).astimezone(where).replace(tzinfo=None) == wall:
        return first.astimezone(timezone.utc)
    # A gap: fold=1 reads the wall time with the offset after the change, fold=0 with the one
    # before; the change itself lies between them. Walk minute by minute (a gap is <= 2 h).
    ends = sorted((first.astimezone(timezone.utc), wall.replace(tzinfo=where, fold=1).astimezone(timezone.utc)))
    moment = ends[0]
    while moment <= ends[1]:
        if moment.astimezone(where).replace(tzinfo=None) >= wall:
            return moment
        moment += timedelta(minutes=1)
    return ends[1]


def next_daily(hhmm: str, where: tzinfo, after: datetime) -> datetime:
    """Return the moment (UTC) of the next `hhmm` in zone `where` strictly after `after`."""
    today = local_day(after, where)
    for offset in range(-1, 3):
        fire = local_instant(today + timedelta(days=offset), hhmm, where)
        if fire > after:
            return fire
    raise ValueError(f"no {hhmm} in {where} after {after}")  # unreachable: every day has its HH:MM or a later time
