"""`time.now`: the local time, date, weekday, UTC offset and zone of a zone or a point.

It answers "what time is it"; here the zone comes from the
question: an explicit `tz` (IANA name or offset), else the zone at lon/lat
(timezonefinder; open sea falls back to the nautical zone Etc/GMT±N), else the default.
"""
from __future__ import annotations

import functools
from datetime import datetime, timedelta, timezone, tzinfo
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

from pydantic import BaseModel, ConfigDict, Field

from metocean.errors import ToolFailure
from metocean.timezones import offset_label, parse_tz

if TYPE_CHECKING:
    from timezonefinder import TimezoneFinder


class TimeNowArgs(BaseModel):
    """Arguments of `time.now`: a zone, a point, a place name, or none (default zone)."""

    model_config = ConfigDict(extra="forbid")

    tz: str | None = Field(default=None, max_length=64, description="IANA name or offset")
    longitude: float | None = Field(default=None, ge=-180, le=180)
    latitude: float | None = Field(default=None, ge=-90, le=90)
    place: str | None = Field(default=None, max_length=80,
                              description="place name: its zone when neither tz nor the point is given")
    after_minutes: int | None = Field(default=None, ge=1, le=1440,
                                      description="minutes from now: the clock then (\"in 4 hours\"), counted on UTC")


class TimeNow(BaseModel):
    """Result of `time.now`."""

    time: str = Field(description="local time HH:MM:SS")
    date: str = Field(description="local date YYYY-MM-DD")
    weekday: str = Field(description="English weekday name, e.g. Monday")
    utc_offset: str = Field(description="±HH:MM")
    tz: str = Field(description="IANA zone, or UTC±HH:MM for a bare offset")
    iso: str = Field(description="ISO-8601 local time with offset")
    place: str | None = Field(default=None, description="place name, when the question gave one")
    after_minutes: int | None = Field(default=None, description="the minutes from now this clock is at, when asked so")
    now: str | None = Field(default=None, description="the clock now HH:MM, when a later one is asked")
    now_offset: str | None = Field(default=None, description="the UTC offset now, when a later clock is asked")


# Not strftime("%A"): that follows the process locale.
_WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


@functools.cache
def _finder() -> "TimezoneFinder":
    # Loading the zone polygons costs ~0.5 s and tens of MB (the import alone ~0.15 s): once per
    # process, on first use.
    from timezonefinder import TimezoneFinder

    return TimezoneFinder(in_memory=True)


def nautical_zone(lon: float) -> str:
    """Return the nautical time zone (Etc/GMT±N, 15° wide) at longitude `lon`."""
    hours = max(-12, min(12, round(lon / 15)))
    # POSIX sign convention: Etc/GMT-8 is UTC+08:00.
    return "Etc/GMT" if hours == 0 else f"Etc/GMT{-hours:+d}"


def parse_zone(text: str) -> tuple[tzinfo, str | None]:
    """Return (tzinfo, IANA name or None) for a zone name or offset the user typed; raises ValueError
    with a short reason otherwise. Adapters read zones through the core, never the engine."""
    return parse_tz(text)


@functools.lru_cache(maxsize=4096)   # a saved spot or a pin asked again: the boundary lookup (~80 µs) once
def tz_at(lon: float, lat: float) -> str:
    """Return the IANA zone name at (lon, lat); a nautical Etc/GMT±N zone at sea."""
    try:
        name = _finder().timezone_at(lng=float(lon), lat=float(lat))
    except ValueError:  # out-of-range coordinates
        name = None
    return name or nautical_zone(float(lon))


def _zone(args: TimeNowArgs, default_tz: str) -> tuple[tzinfo, str]:
    if args.tz:
        try:
            zone, name = parse_tz(args.tz)
        except ValueError as exc:
            raise ToolFailure("INVALID_ARGUMENT", str(exc)) from None
        return zone, name or ""
    if args.longitude is not None and args.latitude is not None:
        name = tz_at(args.longitude, args.latitude)
        return ZoneInfo(name), name
    try:
        zone, name = parse_tz(default_tz)
    except ValueError:
        zone, name = ZoneInfo("Asia/Taipei"), "Asia/Taipei"
    return zone, name or ""


def time_now(args: TimeNowArgs, *, now: datetime | None = None, default_tz: str = "Asia/Taipei") -> TimeNow:
    """Return the TimeNow (time, date, weekday, utc_offset, tz, iso, place) for `args` at `now`.

    `now` (default the clock; a naive value is read as UTC) is the instant to express.
    Raises ToolFailure INVALID_ARGUMENT for an unreadable `tz`.
    """
    zone, name = _zone(args, default_tz)
    instant = now or datetime.now(timezone.utc)
    if instant.tzinfo is None:
        instant = instant.replace(tzinfo=timezone.utc)
    start = instant.astimezone(zone)
    # "in 4 hours": counted on UTC, so over the night the clocks change the hours are real ones (00:40 + 4 h = 05:40)
    local = (instant.astimezone(timezone.utc) + timedelta(minutes=args.after_minutes or 0)).astimezone(zone)
    offset = offset_label(local)
    return TimeNow(time=local.strftime("%H:%M:%S"), date=local.date().isoformat(),
                   weekday=_WEEKDAYS[local.weekday()],
                   utc_offset=offset, tz=name or f"UTC{offset}",
                   iso=local.isoformat(timespec="seconds"), place=args.place, after_minutes=args.after_minutes,
                   now=start.strftime("%H:%M") if args.after_minutes else None,
                   now_offset=offset_label(start) if args.after_minutes else None)
