"""What the chart and the week tools share: their arguments, normalizing a plan onto the place's
clock, and fetching several local days of `tide.forecast` (local engine or upstream) at once."""
from __future__ import annotations

import asyncio
from datetime import date, datetime, time, timedelta, tzinfo
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from core.reply import Footer, Reply
from core.tools.base import ToolContext, ToolRun, validation_reason
from core.decide.plan_record import PlanArgs
from core.tools.metocean_call import metocean_call, valid_date, where
from core.tools.whose_clock import answer_clock, span_there
from metocean.contract import DATE_PATTERN, StationInfo, TideForecastArgs, TideForecastResult
from metocean.errors import ToolFailure
from core.words.station import borrowed_line, named_station
from core.words.strings import t
from metocean.timezones import offset_label, parse_query_time, parse_tz

if TYPE_CHECKING:
    from core.asked import Asked

MAX_DAYS = 7
_forecast = metocean_call("tide.forecast", TideForecastResult)


class TideDaysArgs(BaseModel):
    """Arguments of tide.chart and tide.week: a point (or station), the first local day, how many days."""

    model_config = ConfigDict(extra="forbid")
    longitude: float | None = Field(default=None, ge=-180, le=180)
    latitude: float | None = Field(default=None, ge=-90, le=90)
    station_id: str | None = Field(default=None, max_length=120, description="tide-database id, local engine only")
    date: str | None = Field(default=None, pattern=DATE_PATTERN, description="first local day; default today in tz")
    days: int = Field(default=1, ge=1, le=MAX_DAYS, description="how many local days from `date` (1-7)")
    tz: str = Field(max_length=64, description="IANA name or offset (+08:00): the zone of the times and days")
    query_time: str | None = Field(default=None, description="ISO-8601 with offset: the moment 'now' means")
    lang: Literal["zh", "en"] = Field(default="en", description="language of the labels")
    place: str | None = Field(default=None, max_length=120, description="the place's name for the title")
    datum: Literal["msl", "chart"] | None = Field(default=None, description="heights above MSL (default) or chart datum")
    units: Literal["cm", "m", "ft"] | None = Field(default=None, description="unit of heights (default cm)")

    @model_validator(mode="after")
    def _where(self) -> "TideDaysArgs":
        if self.station_id is None and (self.longitude is None or self.latitude is None):
            raise ValueError("either longitude and latitude, or station_id, is required")
        return self


def normalize_days(raw: PlanArgs, asked: "Asked", days: int | None) -> dict[str, Any]:
    """Return the call's arguments: the point, the first day and the zone on the place's clock
    (core/tools/whose_clock.py), `days` (None: the span asked, on the place's calendar; clipped to
    1-7), the reply language and the place's name."""
    out = where(raw)
    clock = answer_clock(asked, raw.longitude, raw.latitude)
    first, count = span_there(asked, clock)
    out["date"] = first.isoformat() if asked.slots and asked.slots.date else \
        valid_date(raw.date, clock.now.date().isoformat())
    out["days"] = max(1, min(MAX_DAYS, count if days is None else days))
    out["tz"] = clock.tz
    out["query_time"] = clock.now.isoformat(timespec="seconds")
    out["lang"] = asked.lang
    label = asked.place_label()
    if not label and raw.latitude is not None and raw.longitude is not None:
        label = point_label(raw.longitude, raw.latitude, asked.lang)
    if label:
        out["place"] = label
    question = asked.question
    out.update({k: v for k, v in (("datum", question.datum), ("units", question.units)) if v})
    return out


def point_label(lon: float, lat: float, lang: str) -> str:
    """Return the title of a bare point: the gazetteer's place there (「潮境」), or near it
    (「基隆附近」, "Keelung area"), else the coordinates ("25.14, 121.80")."""
    from core.understand.places_near import NAME_KM, nearest_place

    found = nearest_place(lon, lat)
    if found is None:
        return f"{lat:.2f}, {lon:.2f}"
    place, km = found
    name = (place.name_zh or place.name_en) if lang == "zh" else (place.name_en or place.name_zh)
    return name if km <= NAME_KM else t(lang, "near_place", place=name)


def zone_of(args: TideDaysArgs) -> tzinfo:
    """Return the tzinfo of the arguments' zone; ToolFailure INVALID_ARGUMENT when it does not parse."""
    try:
        return parse_tz(args.tz)[0]
    except ValueError as exc:
        raise ToolFailure("INVALID_ARGUMENT", str(exc)) from None


def first_day(args: TideDaysArgs, tz: tzinfo) -> tuple[date, datetime | None]:
    """Return (the first local day, query_time or None)."""
    now = None
    if args.query_time:
        try:
            now = parse_query_time(args.query_time, tz)
        except (ValueError, OverflowError):
            raise ToolFailure("INVALID_ARGUMENT", f"invalid query_time: {args.query_time[:40]}") from None
    day = date.fromisoformat(args.date) if args.date else (now or datetime.now(tz)).date()
    return day, now


def local_midnight(day: date, tz: tzinfo) -> datetime:
    """Return the start of the local `day` in `tz` (aware)."""
    return datetime.combine(day, time(0), tzinfo=tz)


def forecast_args(args: TideDaysArgs, day: str | None = None) -> TideForecastArgs:
    """Return the tide.forecast arguments for the same point and zone, on local `day` (YYYY-MM-DD)
    or the first day."""
    same = args.model_dump(include={"longitude", "latitude", "station_id", "tz", "query_time"}, exclude_none=True)
    try:
        return TideForecastArgs.model_validate(dict(same, date=day or args.date) if day or args.date else same)
    except ValidationError as exc:
        raise ToolFailure("INVALID_ARGUMENT", validation_reason(exc)) from None


async def fetch_days(ctx: ToolContext, args: TideDaysArgs, first: date, count: int, backend: str | None,
                     query_time: datetime | None, *, offset: int = 0) -> list[ToolRun[TideForecastResult]]:
    """Return the tide.forecast runs of `count` local days from `first + offset`, in order (concurrently)."""
    calls = [_forecast(ctx, forecast_args(args, (first + timedelta(days=offset + i)).isoformat()), backend, query_time)
             for i in range(count)]
    return list(await asyncio.gather(*calls))


def has_tide(results: list[TideForecastResult]) -> bool:
    """Return True when any day's answer holds a high or a low."""
    return any(r.has_tide for r in results)


def days_footer(station: StationInfo | None, place: str | None, args: TideDaysArgs) -> Footer:
    """Return the footer of a chart or week answer: its place, its station (name in the reply
    language, km) and zone."""
    named = named_station(station, args.lang)
    return Footer(place=place or args.place or None, station=named.name if named else None,
                  station_km=named.distance_km if named else None, tz=args.tz or None)


def clock_lines(footer: Footer, first_day: str, lang: str) -> list[str]:
    """Return the lines naming a chart's or week's station and whose clock its times are on
    (「潮位站：基隆（距離 32.9 公里）」, 「時間：Asia/Tokyo（UTC+09:00）」), each short enough
    for a phone's line."""
    said = []
    if footer.station:
        said.append(t(lang, "days_clock.station", name=footer.station, km=f"{footer.station_km or 0:.1f}"))
    if footer.tz:
        try:
            zone = parse_tz(footer.tz)[0]
            noon = datetime.combine(date.fromisoformat(first_day[:10]), time(12), tzinfo=zone)
            said.append(t(lang, "days_clock.zone", zone=footer.tz, offset=offset_label(noon)))
        except ValueError:
            pass   # a zone that does not parse was refused before any answer; nothing to say
    return said


def lead_borrowed(reply: Reply, station: StationInfo | None, asked: "Asked") -> Reply:
    """Return a chart's or week's reply led by the borrowed-station line when its station is
    farther than 10 km from the place asked (core/words/station.py), else the reply as is."""
    borrowed = borrowed_line(station, asked.place_label(), asked.lang)
    if not borrowed:
        return reply
    # The station is said once: the leading line names it, the station note under the table goes.
    said = t(asked.lang, "days_clock.station", name=reply.footer.station,
             km=f"{reply.footer.station_km or 0:.1f}") if reply.footer and reply.footer.station else None
    return reply.model_copy(update={"notes": [n for n in reply.notes if n != said]}).lead(borrowed)


def days_cut(reply: Reply, shown: int, first: str, asked: "Asked") -> Reply:
    """Return a chart's or week's reply with a first note saying it holds fewer days than were asked
    ("a chart for 10 days starting Monday": 7 days, to 12/6), else the reply as is."""
    hint = asked.slots.date if asked.slots else None
    if max(asked.days(), hint.wanted if hint is not None else 0) <= shown:
        return reply
    last = date.fromisoformat(first[:10]) + timedelta(days=shown - 1)
    return reply.model_copy(update={"notes": [t(asked.lang, "days_cut", shown=shown, last=f"{last.month}/{last.day}"),
                                              *reply.notes]})
