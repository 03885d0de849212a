"""`tide.chart`: the water level over 1-7 local days as a PNG, with highs and lows, night, sun and moon.

The local engine gives the harmonic curve itself (metocean/curve.py); an upstream answer gives
highs and lows only, so the curve is a cosine interpolation between them (said in the footer).
No tide data there: no picture, and the reply is the tide answer's own no-data reply.
The drawing runs in the chart thread (core/charts/worker.py), never on the event loop.
"""
from __future__ import annotations

import asyncio
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, Field

from core.charts.compose import ChartRequest, all_extremes, compose, day_label, extreme_items, moon_words, when_words
from core.charts.spring_neap import Range, day_range
from core.charts.worker import off_loop
from core.reply import Reply
from core.tools import tide_forecast
from core.decide.locate import point_args
from core.decide.plan_record import Plan, PlanArgs
from core.tools.base import Command, Pictured, PlanRule, Tool, ToolContext, ToolRun
from core.tools.tide_days import (TideDaysArgs, clock_lines, days_cut, days_footer, fetch_days, first_day, forecast_args,
                                  has_tide, lead_borrowed, local_midnight, normalize_days, zone_of)
from core.words.heights import heights_for
from core.words.strings import t
from metocean.contract import MoonPhase, OfficialDay, StationInfo, TideEvent, TideForecastResult

if TYPE_CHECKING:
    from core.understand.slots import Slots
    import numpy as np

    from core.charts.draw import DrawnChart

    from core.asked import Asked

DESCRIPTION = ("Tide chart (PNG image): the water level over 1-7 local days at a point, with highs and lows, "
               "night shading, sun and moon times, moon phase and spring/neap; tz is required.")


class DayRange(BaseModel):
    """A charted day's spring/mid/neap state."""

    date: str
    range: Range | None = None


class ChartMarks(BaseModel):
    """The highs and lows as drawn: (unix s, cm), read back from the figure."""

    highs: list[tuple[float, float]] = Field(default_factory=list)
    lows: list[tuple[float, float]] = Field(default_factory=list)


class TideChart(Pictured):
    """Result of tide.chart: what was drawn (`png`, not in the JSON envelope), or the first day's
    answer (`forecast`) when there is no tide there (`drawn` false)."""

    date: str
    days: int
    tz: str
    drawn: bool
    forecast: TideForecastResult | None = None
    title: str | None = None
    curve: Literal["harmonic", "cosine"] | None = None
    place: str | None = None
    station: StationInfo | None = None
    moonphase: MoonPhase | None = None
    official: OfficialDay | None = None     # the official forecast (CWA) the days came from
    moon: list[str] | None = None
    ranges: list[DayRange] = Field(default_factory=list)
    width: int | None = None
    height: int | None = None
    marks: ChartMarks | None = None
    highs: list[TideEvent] = Field(default_factory=list)
    lows: list[TideEvent] = Field(default_factory=list)


def normalize(raw: PlanArgs, asked: "Asked") -> TideDaysArgs:
    """Return the call's arguments (the model; ValidationError when they do not fit it): point,
    first day and zone on the place's clock, days (1-7), lang, place."""
    return TideDaysArgs.model_validate(normalize_days(raw, asked, None))


def draw_chart(spec: Any) -> "DrawnChart":
    """Return the chart drawn (core.charts.draw); matplotlib and numpy load with the first chart, not at start-up."""
    from core.charts.draw import draw_chart as draw

    return draw(spec)


def _curve(args: TideDaysArgs, days: list[TideForecastResult], edges: list[TideForecastResult], start: datetime,
           end: datetime, local: bool) -> tuple[np.ndarray, np.ndarray, bool]:
    """Return (times, heights, cosine?): the engine's curve at its station, else the cosine through the extremes."""
    from metocean.curve import cosine_curve, time_grid, water_level  # numpy: a chart's cost, not start-up's

    station = days[0].station
    if local and station is not None and station.id:
        level = water_level(station.id, start, end)
        return level.times, level.heights_cm, level.kind == "cosine"
    grid = time_grid(start, end)
    extremes = all_extremes(edges[:1] + days + edges[1:], start.tzinfo)  # type: ignore[arg-type]
    heights = cosine_curve([e[0].timestamp() for e in extremes], [e[1] for e in extremes], grid)
    return grid, heights, True


def point_label(args: TideDaysArgs, days: list[TideForecastResult]) -> str:
    """Return what the chart is of when no place was named: the point ("121.74, 25.15": longitude
    first, as the bot writes points everywhere, set apart from the title's words), else the
    station's name; "" when neither is known."""
    if args.latitude is not None and args.longitude is not None:
        return t(args.lang, "chart.point", lon=f"{args.longitude:.2f}", lat=f"{args.latitude:.2f}")
    station = days[0].station if days else None
    return station.name if station else ""


def _listed(result_days: list[TideForecastResult], start: datetime, end: datetime) -> dict[str, list[TideEvent]]:
    """Return the highs and lows inside the chart, as drawn (ISO time in the chart's zone, cm)."""
    out: dict[str, list[TideEvent]] = {"highs": [], "lows": []}
    for moment, item, kind in extreme_items(result_days, start.tzinfo):  # type: ignore[arg-type]
        if start <= moment < end:   # as drawn: on the chart's clock, CWA's own figure above chart datum kept
            official = {} if item.height_chart_cm is None else {"height_chart_cm": item.height_chart_cm}
            drawn = TideEvent(time=moment.isoformat(), height_cm=item.height_cm, **official)
            out["highs" if kind == "HIGH" else "lows"].append(drawn)
    return out


async def execute(ctx: ToolContext, arguments: TideDaysArgs, backend: str | None,
                  query_time: datetime | None) -> ToolRun[TideChart]:
    """Fetch each day's tides (and sun/moon), build the curve and draw it; `png` holds the picture's bytes."""
    args = arguments
    tz = zone_of(args)
    first, now = first_day(args, tz)
    runs = await fetch_days(ctx, args, first, args.days, backend, query_time)
    days = [run.result for run in runs]
    base: dict[str, Any] = {"date": first.isoformat(), "days": args.days, "tz": args.tz}
    if not has_tide(days):
        return ToolRun(TideChart(**base, drawn=False, forecast=days[0]), runs[0].backend, runs[0].fell_back)
    start, end = local_midnight(first, tz), local_midnight(first + timedelta(days=args.days), tz)
    local = runs[0].backend == "local"
    edges: list[TideForecastResult] = []
    if not (local and days[0].station is not None):
        # Highs and lows only: the day before and after give the curve its two ends.
        edge_runs = await asyncio.gather(fetch_days(ctx, args, first, 1, backend, query_time, offset=-1),
                                         fetch_days(ctx, args, first, 1, backend, query_time, offset=args.days),
                                         return_exceptions=True)
        edges = [r[0].result for r in edge_runs if isinstance(r, list)]
    times, heights, cosine = await asyncio.to_thread(_curve, args, days, edges, start, end, local)
    place = args.place or point_label(args, days)   # a direct (MCP) call may name no place
    scale = heights_for(days[0].station, args.datum, args.units)
    request = ChartRequest(days=days, first_day=first, tz=tz, zone=args.tz, start=start, end=end, times=times,
                           heights_cm=scale.scale(heights), cosine=cosine, place=place, lang=args.lang, now=now,
                           heights=scale)
    spec = compose(request)
    drawn = await off_loop(lambda: draw_chart(spec))
    noon = start + timedelta(hours=12)
    # The phase and spring/neap of one day; a longer chart names each day's own (`ranges`), never the first's for all.
    moon = moon_words(days[0], noon, args.lang) if args.days == 1 else None
    listed = _listed(days, start, end)
    ranges = [DayRange(date=(first + timedelta(days=i)).isoformat(), range=day_range(day, first + timedelta(days=i), tz))
              for i, day in enumerate(days)]
    result = TideChart(**base, drawn=True, title=spec.title, curve="cosine" if cosine else "harmonic", place=place,
                       station=days[0].station, moonphase=days[0].moonphase, moon=list(moon) if moon else None,
                       ranges=ranges, official=_official(days, args.days), width=drawn.width, height=drawn.height,
                       marks=ChartMarks(highs=drawn.highs, lows=drawn.lows), png=drawn.png, highs=listed["highs"],
                       lows=listed["lows"])
    return ToolRun(result, runs[0].backend, any(run.fell_back for run in runs))


def _official(days: list[TideForecastResult], count: int) -> OfficialDay | None:
    """Return CWA's words for the chart: the day's range and lunar date for one day, the source alone for more."""
    official = days[0].official
    if official is None or count == 1:
        return official
    return OfficialDay(source=official.source, dataset=official.dataset, location_id=official.location_id)


def render(result: TideChart, arguments: TideDaysArgs, asked: "Asked") -> Reply:
    """Return the picture with its caption as headline and each day's highs and lows as lines;
    without a picture, the tide answer's own no-data reply (without its buttons)."""
    if not result.drawn:
        forecast = result.forecast or TideForecastResult(region=[], date=result.date, timezone=result.tz)
        reply = tide_forecast.render(forecast, forecast_args(arguments), asked)
        return reply.model_copy(update={"buttons": []})
    lang = asked.lang
    first = datetime.fromisoformat(f"{result.date}T00:00").date()
    days = result.days or 1
    moon = result.moon
    moon_text = t(lang, "chart.caption_moon", phase=moon[0], range=moon[1]) if moon else ""
    place = result.place or arguments.place or ""
    lines = [t(lang, "chart.caption", place=place, when=when_words(first, days, lang), moon=moon_text)]
    heights = heights_for(result.station, arguments.datum, arguments.units)
    by_day: dict[str, list[tuple[str, str, str]]] = {}
    for extremes, kind in ((result.highs, "HIGH"), (result.lows, "LOW")):
        for item in extremes:
            moment = datetime.fromisoformat(item.time)
            by_day.setdefault(moment.date().isoformat(), []).append((moment.strftime("%H:%M"), kind, heights.say(item)))
    for day, items in sorted(by_day.items()):
        words = t(lang, "join").join(t(lang, "chart.extreme_item", kind=t(lang, f"kind.{kind}"), time=hhmm,
                                       height=height) for hhmm, kind, height in sorted(items))
        label = day_label(datetime.fromisoformat(f"{day}T00:00").date(), lang, short=True)
        lines.append(t(lang, "chart.extremes_line", date=label, items=words))
    footer = days_footer(result.station, result.place, arguments)
    lines.extend(tide_forecast.heights_said(result.official, heights, lang))
    reply = Reply(headline=lines[0], lines=lines[1:], image=result.png, image_alt=lines[0],
                  notes=clock_lines(footer, result.date, lang), footer=footer)
    return lead_borrowed(days_cut(reply, days, result.date, asked), result.station, asked)


def locate(slots: "Slots", reason: str) -> Plan | None:
    """Return the plan at the slots' point or place, or None without one."""
    args = point_args(slots, at_sea=True)
    return Plan("mcp_tools", "tide.chart", args, reason) if args else None


TOOL: Tool[TideDaysArgs, TideChart] = Tool(
    share_location=True, name="tide.chart", args=TideDaysArgs, result=TideChart, output_schema=False, backend="metocean",
    description=DESCRIPTION, source="ODB metocean tide model", colour=0x0072B2, at_sea=True, normalize=normalize, execute=execute, render=render,
    commands=(Command("chart", 5, days=True),), rule=PlanRule("tide.forecast", ("tide", "tide_chart")),
    locate=locate,
)
