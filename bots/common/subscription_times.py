"""When a subscription fires next: a daily clock time in its zone, or MINUTES before a tide extreme.

Daily: the next HH:MM on the subscription zone's calendar strictly after a moment, computed on
the local date with zoneinfo, so daylight-saving changes move the UTC instant and not the
local time. A local time that does not exist (spring forward, 02:30 in New York) fires at the
first valid time after it (03:00); one that happens twice (fall back, 01:30) fires once, at
the first.

Alert: the next high (or low) water from the built-in tide engine (`metocean.tides`) at the
station nearest the point, whose time minus the lead is after the moment; looked for day by
day over the following days.
"""
from __future__ import annotations

from datetime import date, datetime, time, timedelta, timezone
from typing import Literal

from metocean.tides import Station, TideExtreme, load_stations, tide_extremes
from metocean.timezones import parse_tz

Extreme = Literal["high", "low"]

#: How far ahead an alert's extreme is looked for (a diurnal station can skip a low for a day).
SEARCH_DAYS = 8
#: Default nearest-station radius (km) when the caller does not pass the configured one.
DEFAULT_RADIUS_KM = 50.0


def _utc(epoch: float) -> datetime:
    return datetime.fromtimestamp(epoch, timezone.utc)


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
    zone, _ = parse_tz(tz)
    today = _utc(after).astimezone(zone).date()
    for offset in range(-1, 3):
        fire = local_instant(today + timedelta(days=offset), hhmm, tz)
        if fire > after:
            return fire
    raise ValueError(f"no {hhmm} in {tz} after {after}")  # unreachable: every day has its HH:MM or a later time


def station_near(lon: float, lat: float, radius_km: float = DEFAULT_RADIUS_KM) -> tuple[Station, float] | None:
    """Return (nearest tide station, distance km) within `radius_km` of the point, or None (no tide data)."""
    return load_stations().nearest(lon, lat, max_km=radius_km)


def extremes_after(station: Station, kind: Extreme, after: float, days: int = SEARCH_DAYS) -> list[TideExtreme]:
    """Return the station's highs (or lows) at or after `after`, over the next `days` days, in time order."""
    start = _utc(after)
    # One day before the window, as the tide table does, so an extreme near the edge is found the same way.
    found = tide_extremes(station.id, start - timedelta(days=1), start + timedelta(days=days))
    want = "HIGH" if kind == "high" else "LOW"
    return [e for e in found if e.kind == want and e.time.timestamp() >= after]


def next_alert(lon: float, lat: float, kind: Extreme, lead_minutes: int, after: float,
               radius_km: float = DEFAULT_RADIUS_KM) -> tuple[float, TideExtreme] | None:
    """Return (fire time, the extreme it announces): the first high (or low) at the point whose time
    minus `lead_minutes` is strictly after `after`; None when no station is near or none is found."""
    hit = station_near(lon, lat, radius_km)
    if hit is None:
        return None
    lead = 60.0 * lead_minutes
    for ex in extremes_after(hit[0], kind, after + lead):
        fire = ex.time.timestamp() - lead
        if fire > after:
            return fire, ex
    return None


def announced_extreme(lon: float, lat: float, kind: Extreme, lead_minutes: int, fire_at: float,
                      radius_km: float = DEFAULT_RADIUS_KM) -> tuple[Station, TideExtreme] | None:
    """Return (station, extreme) that a firing due at `fire_at` announces: the first high (or low)
    at or after `fire_at + lead` (a second of slack for rounding); None without a station."""
    hit = station_near(lon, lat, radius_km)
    if hit is None:
        return None
    found = extremes_after(hit[0], kind, fire_at + 60.0 * lead_minutes - 1.0, days=2)
    return (hit[0], found[0]) if found else None
