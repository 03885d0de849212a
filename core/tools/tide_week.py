"""`tide.week`: seven local days of highs and lows, sunrise and sunset, moon phase and spring/neap,
as one table (core/words/week.py); the rows travel in the result too."""
from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, Field

from core.charts.spring_neap import day_range
from core.reply import Reply
from core.tools import tide_forecast
from core.decide.locate import point_args
from core.decide.plan_record import Plan, PlanArgs
from core.tools.base import Command, PlanRule, Tool, ToolContext, ToolRun
from core.tools.tide_days import (MAX_DAYS, TideDaysArgs, clock_lines, days_cut, days_footer, fetch_days, first_day,
                                  forecast_args, has_tide, lead_borrowed, normalize_days, zone_of)
from core.words.heights import heights_for
from core.words.strings import t
from core.words.week import WeekDay, rows_from_results, week_fields, week_table, week_title
from metocean.contract import OfficialDay, StationInfo, TideForecastResult

if TYPE_CHECKING:
    from core.understand.slots import Slots
    from core.asked import Asked

DESCRIPTION = ("Seven local days (or `days`, 1-7) of tide highs and lows (cm relative to MSL) at a point, with "
               "sunrise, sunset, moon phase and spring/neap state, as a table; tz is required.")


class TideWeekArgs(TideDaysArgs):
    """Arguments of tide.week: those of tide.chart, seven days unless told otherwise."""

    days: int = Field(default=MAX_DAYS, ge=1, le=MAX_DAYS, description="how many local days from `date` (1-7)")


class TideWeek(BaseModel):
    """Result of tide.week: the table's rows, or the first day's answer (`forecast`) when there is no tide there."""

    date: str
    days: int
    tz: str
    place: str | None = None
    station: StationInfo | None = None
    rows: list[WeekDay] | None = None
    forecast: TideForecastResult | None = None
    official: OfficialDay | None = None      # the official source (CWA) of the days, when it answered
    datum: Literal["msl", "chart"] | None = None   # the heights' reference and unit the rows are said in
    units: Literal["cm", "m", "ft"] | None = None


def normalize(raw: PlanArgs, asked: "Asked") -> TideWeekArgs:
    """Return the call's arguments (the model; ValidationError when they do not fit it): point,
    first day and zone on the place's clock, the days of the span asked (this week on a Friday:
    to Sunday, as the weather's) else seven, lang, place."""
    hint = asked.slots.date if asked.slots else None
    spans = hint is not None and hint.days > 1 and not asked.question.days
    return TideWeekArgs.model_validate(normalize_days(raw, asked, None if spans else MAX_DAYS))


async def execute(ctx: ToolContext, arguments: TideWeekArgs, backend: str | None,
                  query_time: datetime | None) -> ToolRun[TideWeek]:
    """Fetch the days' tide answers and return their table rows (`rows`), or the first day's answer
    (`forecast`) when there is no tide data there."""
    args = arguments
    tz = zone_of(args)
    first, _ = first_day(args, tz)
    runs = await fetch_days(ctx, args, first, args.days, backend, query_time)
    results = [run.result for run in runs]
    base: dict[str, Any] = {"date": first.isoformat(), "days": args.days, "tz": args.tz, "place": args.place,
                            **({"datum": args.datum} if args.datum else {}), **({"units": args.units} if args.units else {})}
    if not has_tide(results):
        return ToolRun(TideWeek(**base, forecast=results[0]), runs[0].backend, runs[0].fell_back)
    kinds = [day_range(r, datetime.fromisoformat(f"{r.date}T00:00").date(), tz) for r in results]
    rows = rows_from_results(results, kinds)
    official = results[0].official
    return ToolRun(TideWeek(**base, station=results[0].station, rows=rows,
                            official=OfficialDay(source=official.source) if official is not None else None),
                   runs[0].backend, any(run.fell_back for run in runs))


def render(result: TideWeek, arguments: TideWeekArgs, asked: "Asked") -> Reply:
    """Return the week as a table under its title, the heights' datum as a note; without tide
    data, the tide answer's own no-data reply (without its buttons)."""
    if not result.rows:
        forecast = result.forecast or TideForecastResult(region=[], date=result.date, timezone=result.tz)
        reply = tide_forecast.render(forecast, forecast_args(arguments), asked)
        return reply.model_copy(update={"buttons": []})
    rows = result.rows
    place = result.place or arguments.place or ""
    footer = days_footer(result.station, result.place, arguments)
    heights = heights_for(result.station, arguments.datum, arguments.units)
    said = [t(asked.lang, "week.footer")] if heights.is_default and result.official is None else \
        [*tide_forecast.heights_said(result.official, heights, asked.lang), t(asked.lang, "chart.not_for_navigation")]
    reply = Reply(headline=week_title(rows, place, asked.lang), table=week_table(rows, asked.lang, heights, place),
                  notes=[*clock_lines(footer, rows[0].date, asked.lang), *said], footer=footer)
    return lead_borrowed(days_cut(reply, len(rows), rows[0].date, asked), result.station, asked)


def fields(result: TideWeek, lang: str) -> list[tuple[str, str]]:
    """Return one (day, its highs, lows, sun and moon) pair per day, for an embed's fields (plain text)."""
    return week_fields(result.rows or [], lang, heights_for(result.station, result.datum, result.units))


def locate(slots: "Slots", reason: str) -> Plan | None:
    """Return the plan at the slots' point or place, or None without one."""
    args = point_args(slots, at_sea=True)
    return Plan("mcp_tools", "tide.week", args, reason) if args else None


TOOL: Tool[TideWeekArgs, TideWeek] = Tool(
    share_location=True, name="tide.week", args=TideWeekArgs, result=TideWeek, output_schema=False,
    backend="metocean", description=DESCRIPTION, source="ODB metocean tide model", colour=0x1E88E5,
    at_sea=True, normalize=normalize, execute=execute, render=render, preformatted=True, table_fields=fields,
    commands=(Command("week", 6),), rule=PlanRule("tide.forecast", ("tide", "week")),
    locate=locate,
)
