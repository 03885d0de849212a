"""When the smart alerts fire, and what they announce.

A threshold alert fires at a clock time (default 20:00) the evening before each local day that
has a low (or high) water below (or above) a height, optionally only between that day's sunrise
and sunset; the firing announces every such extreme of that day, so each one is announced once.
A spring-tide alert fires in the morning (default 06:00) of the first day of each 大潮 period,
the days `core.charts.spring_neap.day_range` calls spring (the week table's own rule), and
lists the period's days with their daylight lows. Everything is read from `tide.forecast`
day by day on the caller's router (its backend), the sun times from the same results. Moments
are aware datetimes.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any, Literal

from core.charts.spring_neap import day_range
from core.subscriptions.daily_times import local_day, local_instant, zone
from core.subscriptions.alert_times import TideEvent, TideForecastResult, ToolRunner, day_tides, extremes_of

__all__ = ["SPRING_HHMM", "THRESHOLD_HHMM", "SpringDay", "Threshold", "ThresholdFiring", "announced_day",
           "daylight_lows", "height_on", "in_daylight", "next_spring", "next_threshold", "qualifying", "spring_period"]

#: Default clock times: the evening before a threshold tide, the morning a spring-tide period starts.
THRESHOLD_HHMM = "20:00"
SPRING_HHMM = "06:00"
#: How many local days ahead a qualifying tide (or a spring-tide period) is looked for; when none
#: is found the alert wakes up at the end of that span and looks again (a firing that announces nothing).
THRESHOLD_SEARCH_DAYS = 31
SPRING_SEARCH_DAYS = 31
#: A spring-tide period is never longer than this many days (the rule gives 4-6).
MAX_SPRING_DAYS = 8


Datum = Literal["msl", "chart"]


def height_on(event: TideEvent, datum: Datum) -> float | None:
    """Return an extreme's height in cm above `datum`: mean sea level, or the station's chart datum
    (the official figure where the source gives one); None when that datum is not known there."""
    if datum == "msl" or event.height_cm is None:
        return event.height_cm
    if event.height_chart_cm is not None:
        return event.height_chart_cm
    return event.height_cm + event.chart_datum[1] if event.chart_datum else None


@dataclass(frozen=True)
class Threshold:
    """Which extremes a threshold alert announces: lows (highs) below (above) `cm` above `datum`, in
    daylight only or not."""

    extreme: Literal["high", "low"]
    direction: Literal["below", "above"]
    cm: float
    daylight: bool = False
    datum: Datum = "msl"

    def passes(self, event: TideEvent) -> bool:
        """Return True when an extreme's height on the threshold's datum is beyond it (strictly); False
        when that height is not known."""
        height = height_on(event, self.datum)
        if height is None:
            return False
        return height < self.cm if self.direction == "below" else height > self.cm


@dataclass(frozen=True)
class ThresholdFiring:
    """A threshold alert's next firing: when, the local day it announces, and that day's qualifying
    extremes (empty: nothing within the search span, the firing only looks again)."""

    fire_at: datetime
    day: date
    events: tuple[TideEvent, ...]


@dataclass(frozen=True)
class SpringDay:
    """One day of a spring-tide period and its lows between sunrise and sunset."""

    day: date
    lows: tuple[TideEvent, ...]


def _moment(value: Any) -> datetime | None:
    try:
        moment = datetime.fromisoformat(str(value))
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else None


def in_daylight(result: TideForecastResult, at: datetime) -> bool:
    """Return True when moment `at` lies between the day's sunrise and sunset in a `tide.forecast`
    result; False when the result gives no rise or set (polar day or night, or sun data unavailable:
    not known to be daylight). Older upstream names (`sunrise`/`sunset`) are read at the client."""
    sun = result.sun
    rise, sunset = (_moment(sun.rise), _moment(sun.set)) if sun is not None else (None, None)
    return rise is not None and sunset is not None and rise <= at <= sunset


def qualifying(result: TideForecastResult, threshold: Threshold) -> tuple[TideEvent, ...]:
    """Return the extremes of one day's `tide.forecast` result the threshold announces, in time order."""
    return tuple(e for e in extremes_of(result, threshold.extreme)
                 if threshold.passes(e) and (not threshold.daylight or in_daylight(result, e.at)))


def daylight_lows(result: TideForecastResult) -> tuple[TideEvent, ...]:
    """Return one day's lows between sunrise and sunset."""
    return tuple(e for e in extremes_of(result, "low") if in_daylight(result, e.at))


def announced_day(fire_at: datetime, tz: str) -> date:
    """Return the local day a threshold firing due at `fire_at` announces: the next one."""
    return local_day(fire_at, zone(tz)) + timedelta(days=1)


async def next_threshold(runner: ToolRunner, lon: float, lat: float, threshold: Threshold, hhmm: str,
                         after: datetime, tz: str, days: int = THRESHOLD_SEARCH_DAYS) -> ThresholdFiring | None:
    """Return the first firing strictly after `after`: `hhmm` on the evening before the first local
    day with qualifying extremes; with none in `days` days, a firing at the end of the span that
    only looks again. None when the point has no tides (raises ToolFailure when the backend fails)."""
    where = zone(tz)
    start = local_day(after, where)
    for offset in range(days + 1):
        day = start + timedelta(days=offset)
        fire = local_instant(day - timedelta(days=1), hhmm, where)
        if fire <= after:
            continue
        result = await day_tides(runner, lon, lat, day, tz)
        if not result.has_tide:
            return None
        events = qualifying(result, threshold)
        if events:
            return ThresholdFiring(fire, day, events)
    last = start + timedelta(days=days)
    return ThresholdFiring(local_instant(last - timedelta(days=1), hhmm, where), last, ())


async def _range(runner: ToolRunner, lon: float, lat: float, day: date, tz: str) -> tuple[str | None, TideForecastResult]:
    result = await day_tides(runner, lon, lat, day, tz)
    return day_range(result, day, zone(tz)), result


async def spring_period(runner: ToolRunner, lon: float, lat: float, first: date, tz: str) -> list[SpringDay]:
    """Return the spring-tide period starting on local day `first` (its days and daylight lows); [] when
    `first` is not the first day of one."""
    before, _ = await _range(runner, lon, lat, first - timedelta(days=1), tz)
    if before == "spring":
        return []
    period: list[SpringDay] = []
    for offset in range(MAX_SPRING_DAYS):
        day = first + timedelta(days=offset)
        kind, result = await _range(runner, lon, lat, day, tz)
        if kind != "spring":
            break
        period.append(SpringDay(day, daylight_lows(result)))
    return period


async def next_spring(runner: ToolRunner, lon: float, lat: float, hhmm: str, after: datetime, tz: str,
                      days: int = SPRING_SEARCH_DAYS) -> datetime | None:
    """Return when the next spring-tide message is due: `hhmm` on the first day of the next 大潮
    period, strictly after `after` (with none in `days` days, the end of the span, which looks
    again); None when the point has no tides."""
    where = zone(tz)
    start = local_day(after, where)
    previous, _ = await _range(runner, lon, lat, start - timedelta(days=1), tz)
    for offset in range(days + 1):
        day = start + timedelta(days=offset)
        kind, result = await _range(runner, lon, lat, day, tz)
        if not result.has_tide:
            return None
        fire = local_instant(day, hhmm, where)
        if kind == "spring" and previous != "spring" and fire > after:
            return fire
        previous = kind
    return local_instant(start + timedelta(days=days + 1), hhmm, where)
