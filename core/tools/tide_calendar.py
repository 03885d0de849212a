"""`tide.calendar`: a place's highs and lows (and, when asked, sunrise and sunset) for 1-31 local
days as an iCalendar file (core/words/ical.py) to import into a phone's or desktop calendar.

The file travels as the reply's attachment; the result carries the same events and the file's
text, so MCP clients and `--json` get them too.
"""
from __future__ import annotations

import re
from datetime import datetime, tzinfo
from typing import TYPE_CHECKING

from pydantic import BaseModel, Field

from core.decide.plan_record import PlanArgs
from core.reply import Attachment, Reply
from core.tools import tide_forecast
from core.tools.base import Command, PlanRule, Tool, ToolContext, ToolRun
from core.tools.tide_days import (TideDaysArgs, clock_lines, days_footer, fetch_days, first_day, forecast_args,
                                  has_tide, lead_borrowed, normalize_days, zone_of)
from core.words.ical import CalendarEvent, EventKind, write_ics
from core.words.heights import Heights, heights_for
from core.words.strings import t
from metocean.contract import StationInfo, TideForecastResult

if TYPE_CHECKING:
    from core.asked import Asked

MAX_CALENDAR_DAYS = 31
#: The variant adding sunrise and sunset: the Question's boolean field of that name asks for it.
WITH_SUN = "with_sun"
DEFAULT_DAYS = 7
DESCRIPTION = ("An iCalendar (.ics) file of the tide highs and lows (cm relative to MSL) at a point for 1-31 local "
               "days from `date`, optionally with sunrise and sunset; tz is required.")


class TideCalendarArgs(TideDaysArgs):
    """Arguments of tide.calendar: those of tide.week, up to 31 days, and whether to add the sun."""

    days: int = Field(default=DEFAULT_DAYS, ge=1, le=MAX_CALENDAR_DAYS,
                      description="how many local days from `date` (1-31)")
    sun: bool = Field(default=False, description="add sunrise and sunset events")


class TideCalendarResult(BaseModel):
    """The calendar: its first day, day count, zone, place, station, events and the file's text."""

    date: str
    days: int
    tz: str
    place: str | None = None
    station: StationInfo | None = None
    events: list[CalendarEvent] = Field(default_factory=list)
    ics: str = ""
    forecast: TideForecastResult | None = Field(default=None, description="the first day's answer when there is no tide")


def normalize(raw: PlanArgs, asked: "Asked") -> TideCalendarArgs:
    """Return the call's arguments (the model; ValidationError when they do not fit it): those of tide.week with 1-31 days (default 7) and the sun flag."""
    # A span the question names ("3 days", 下週) counts; a single day or none means a week.
    days = raw.days or (asked.days() if asked.days() > 1 else DEFAULT_DAYS)
    out = normalize_days(raw, asked, 1)
    out["days"] = max(1, min(MAX_CALENDAR_DAYS, int(days)))
    # Sunrise and sunset go in when asked for (`--sun`, the with_sun variant) or named in the question (日出, sunrise).
    if raw.sun or (asked.plan is not None and asked.plan.variant == WITH_SUN) or \
            (asked.signals is not None and asked.signals["astro"]):
        out["sun"] = True
    return TideCalendarArgs.model_validate(out)


def _events(results: list[TideForecastResult], with_sun: bool, tz: tzinfo, heights: Heights) -> list[CalendarEvent]:
    """Return every day's highs and lows (and sunrise/sunset) in time order, on the zone `tz`
    (so the file names the zone, Asia/Taipei, not a bare offset)."""
    events: list[CalendarEvent] = []
    for result in results:
        for kind, extremes in (("high", result.tide.highs), ("low", result.tide.lows)):
            tide_kind: EventKind = kind  # type: ignore[assignment]
            for extreme in extremes:
                events.append(CalendarEvent(kind=tide_kind, time=datetime.fromisoformat(extreme.time).astimezone(tz),
                                            height_cm=heights.cm(extreme)))
        sun = result.sun if with_sun else None
        for kind, when in (("sunrise", sun.rise if sun else None), ("sunset", sun.set if sun else None)):
            if when:
                sun_kind: EventKind = kind  # type: ignore[assignment]
                events.append(CalendarEvent(kind=sun_kind, time=datetime.fromisoformat(when).astimezone(tz)))
    return sorted(events, key=lambda e: e.time)


async def execute(ctx: ToolContext, args: TideCalendarArgs, backend: str | None,
                  query_time: datetime | None) -> ToolRun[TideCalendarResult]:
    """Fetch the days' tide answers and return the calendar's events and file, or the first
    day's answer (`forecast`) when there is no tide data there."""
    tz = zone_of(args)
    first, _ = first_day(args, tz)
    runs = await fetch_days(ctx, args, first, args.days, backend, query_time)
    results = [run.result for run in runs]
    # Every field given (set), as the envelope writes them all.
    result = TideCalendarResult(date=first.isoformat(), days=args.days, tz=args.tz, place=args.place, station=None,
                                events=[], ics="", forecast=None)
    if not has_tide(results):
        result.forecast = results[0]
        return ToolRun(result, runs[0].backend, runs[0].fell_back)
    result.station = results[0].station
    heights = heights_for(results[0].station, args.datum, args.units)
    result.events = _events(results, args.sun, tz, heights)
    place = args.place or f"{args.latitude:.2f}, {args.longitude:.2f}"
    source = ", ".join(dict.fromkeys(r.reference for r in results if r.reference))
    result.ics = write_ics(result.events, place=place, lon=args.longitude or 0.0, lat=args.latitude or 0.0,
                           lang=args.lang, reference=t(args.lang, "calendar.msl") if not heights.on_chart
                           else heights.reference(args.lang), source=source or "ODB metocean",
                           units=heights.units).decode("utf-8")
    return ToolRun(result, runs[0].backend, any(run.fell_back for run in runs))


def filename(place: str, first: str, days: int) -> str:
    """Return the file's name: ASCII letters of the place (or "tides"), the first day and the count."""
    stem = re.sub(r"[^A-Za-z0-9]+", "-", place).strip("-").lower() or "tides"
    return f"{stem}-{first}-{days}d.ics"


def render(calendar: TideCalendarResult, arguments: TideCalendarArgs, asked: "Asked") -> Reply:
    """Return a short summary of the calendar with the .ics file attached; without tide data,
    the tide answer's own no-data reply."""
    if not calendar.events:
        forecast = calendar.forecast or TideForecastResult(region=[], date=calendar.date, timezone=calendar.tz)
        return tide_forecast.render(forecast, forecast_args(arguments), asked).model_copy(update={"buttons": []})
    place = calendar.place or arguments.place or ""
    highs = sum(1 for e in calendar.events if e.kind == "high")
    lows = sum(1 for e in calendar.events if e.kind == "low")
    sun = sum(1 for e in calendar.events if e.kind in ("sunrise", "sunset"))
    footer = days_footer(calendar.station, calendar.place, arguments)
    lines = [t(asked.lang, "calendar.counts", highs=highs, lows=lows)]
    if sun:
        lines.append(t(asked.lang, "calendar.sun_counts", count=sun))
    lines.append(t(asked.lang, "calendar.how"))
    reply = Reply(headline=t(asked.lang, "calendar.title", place=place or t(asked.lang, "calendar.here"),
                             days=calendar.days, first=calendar.date),
                  lines=lines, notes=clock_lines(footer, calendar.date, asked.lang), footer=footer,
                  attachment=Attachment(filename=filename(arguments.place or "", calendar.date, calendar.days),
                                        mime="text/calendar", data=calendar.ics.encode("utf-8")))
    return lead_borrowed(reply, calendar.station, asked)


TOOL: Tool[TideCalendarArgs, TideCalendarResult] = Tool(
    share_location=True, name="tide.calendar", args=TideCalendarArgs, result=TideCalendarResult, output_schema=False,
    backend="metocean", description=DESCRIPTION, source="ODB metocean tide model", colour=0x00897B,
    at_sea=True, normalize=normalize, execute=execute, render=render,
    commands=(Command("calendar", 7, days=True),), variants=(WITH_SUN,), rule=PlanRule("tide.forecast", ("tide", "calendar")),
)
