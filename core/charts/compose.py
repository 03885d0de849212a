"""From tide answers to a `ChartSpec`: the curve, the marks, night and twilight, sun and moon
ticks, title and footer, worded in the reply language (every sentence from the strings files).

Input: the tide.forecast results of each local day drawn (local engine or upstream, the same
shape), the curve to draw and its kind, the answer's zone and "now". Output: a ChartSpec for
`core.charts.draw.draw_chart`.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta, tzinfo
from typing import TYPE_CHECKING, Literal

from core.charts.spec import ChartSpec, Extreme, Span, Tick
from core.charts.spring_neap import day_range, moon_age, tide_range
from core.words.heights import Heights
from core.words.station import named_station
from core.words.strings import moon_phase_name, t, table
from metocean.contract import MoonEvents, SunEvents, TideEvent, TideForecastResult
from metocean.timezones import offset_label

if TYPE_CHECKING:  # annotations only: the words of a chart need no numpy
    import numpy as np

MULTI_DAY_TICK_HOURS = 6


@dataclass(frozen=True)
class ChartRequest:
    """What to chart: the days' tide answers, the curve, and how to word it."""

    days: list[TideForecastResult]  # tide.forecast results, one per local day, in order
    first_day: date
    tz: tzinfo
    zone: str                       # the zone's name as the answer says it (IANA or offset)
    start: datetime                 # local midnight of the first day (aware)
    end: datetime                   # local midnight after the last day (aware)
    times: np.ndarray               # unix seconds
    heights_cm: np.ndarray
    cosine: bool                    # True: interpolated between extremes (upstream / secondary port)
    place: str
    lang: str
    now: datetime | None = None
    heights: Heights = Heights()    # the unit and reference of the curve (already scaled) and labels


def _when(iso: str | None, tz: tzinfo) -> datetime | None:
    if not iso:
        return None
    try:
        moment = datetime.fromisoformat(iso)
    except ValueError:
        return None
    return moment.astimezone(tz) if moment.tzinfo else None


def day_label(day: date, lang: str, *, short: bool = False) -> str:
    """Return a day as the chart and the week table say it: "2025-11-14（五）" / "Fri 2025-11-14"."""
    weekday = table(lang, "local_time.weekdays")[day.weekday()]
    if lang != "zh":
        weekday = weekday[:3]
    if short:
        return t(lang, "chart.short_day", md=f"{day.month}/{day.day}", weekday=weekday)
    return t(lang, "chart.day", date=day.isoformat(), weekday=weekday)


def moon_words(result: TideForecastResult, at: datetime, lang: str) -> tuple[str, str] | None:
    """Return (phase name, 大潮/中潮/小潮) for a day's answer at `at`, or None when it has no moon phase."""
    phase = result.moonphase
    kind = day_range(result, at.date(), at.tzinfo) if at.tzinfo else tide_range(moon_age(phase, at))
    if phase is None or not phase.current or kind is None:
        return None
    return moon_phase_name(phase.current, lang), t(lang, f"chart.range.{kind}")


def all_extremes(days: list[TideForecastResult], tz: tzinfo) -> list[tuple[datetime, float, str]]:
    """Return every (time, height cm above MSL, HIGH|LOW) of the days' answers, sorted by time, without repeats."""
    return [(moment, item.height_cm, kind) for moment, item, kind in extreme_items(days, tz)]


def extreme_items(days: list[TideForecastResult], tz: tzinfo) -> list[tuple[datetime, TideEvent, str]]:
    """Return every (time, the extreme as answered, HIGH|LOW) of the days' answers, sorted, without repeats."""
    seen: dict[str, tuple[datetime, TideEvent, str]] = {}
    for result in days:
        for kind, items in (("HIGH", result.tide.highs), ("LOW", result.tide.lows)):
            for item in items:
                moment = _when(item.time, tz)
                if moment is not None:
                    seen[moment.isoformat()] = (moment, item, kind)
    return sorted(seen.values(), key=lambda e: e[0])


def _night(days: list[TideForecastResult], start: datetime, end: datetime,
           tz: tzinfo) -> tuple[list[Span], list[Span]]:
    """Return (night spans, civil-twilight spans) from each day's dawn, sunrise, sunset and dusk."""
    nights: list[Span] = []
    twilights: list[Span] = []
    cursor: float | None = start.timestamp()   # the night before the first dawn began before the chart
    for result in days:
        sun = result.sun or SunEvents()
        dawn = _when(sun.begin_civil_twilight, tz)
        rise = _when(sun.rise, tz)
        sunset = _when(sun.set, tz)
        dusk = _when(sun.end_civil_twilight, tz)
        if cursor is not None and dawn is not None:
            nights.append((cursor, dawn.timestamp()))
        if dawn is not None and rise is not None:
            twilights.append((dawn.timestamp(), rise.timestamp()))
        if sunset is not None and dusk is not None:
            twilights.append((sunset.timestamp(), dusk.timestamp()))
        cursor = dusk.timestamp() if dusk is not None else None
    if cursor is not None:
        nights.append((cursor, end.timestamp()))
    return nights, twilights


def _sun_moon_ticks(request: ChartRequest, labelled: bool) -> tuple[list[Tick], list[Tick]]:
    lang, tz = request.lang, request.tz
    sun: list[Tick] = []
    moon: list[Tick] = []
    for result in request.days:
        sky: tuple[SunEvents | MoonEvents, SunEvents | MoonEvents] = (result.sun or SunEvents(),
                                                                      result.moon or MoonEvents())
        for out, events, names in ((sun, sky[0], ("sunrise", "sunset")), (moon, sky[1], ("moonrise", "moonset"))):
            for word, value in zip(names, (events.rise, events.set)):
                moment = _when(value, tz)
                if moment is None:
                    continue
                clock = moment.strftime("%H:%M")
                label = t(lang, "chart.tick", label=t(lang, word), time=clock) if labelled else ""
                out.append((moment.timestamp(), label))
    return sun, moon


def _x_ticks(request: ChartRequest, n_days: int) -> tuple[list[Tick], list[float]]:
    """Return x ticks at local wall-clock hours (every 3 h for one day; 6 h, dated at midnight, for more)."""
    step = 3 if n_days == 1 else MULTI_DAY_TICK_HOURS
    ticks: list[Tick] = []
    midnights: list[float] = []
    for offset in range(n_days):
        day = request.first_day + timedelta(days=offset)
        for hour in range(0, 24, step):
            moment = datetime(day.year, day.month, day.day, hour, tzinfo=request.tz)
            at = moment.timestamp()
            if n_days > 1 and hour == 0:
                label = day_label(day, request.lang, short=True)
                if offset:
                    midnights.append(at)
            elif n_days > 2:
                label = ""
            else:
                label = f"{hour:02d}"
            ticks.append((at, label))
    if n_days == 1:
        ticks.append((request.end.timestamp(), "24"))
    return ticks, midnights


def _footer(request: ChartRequest) -> list[str]:
    lang = request.lang
    station = named_station(request.days[0].station, lang) if request.days else None
    source = t(lang, "chart.station", name=station.name, km=f"{station.distance_km:.1f}") \
        if station else t(lang, "chart.model")
    noon = datetime.combine(request.first_day, datetime.min.time().replace(hour=12), tzinfo=request.tz)
    heights = request.heights
    clock = t(lang, "chart.clock", zone=request.zone, offset=offset_label(noon)) if heights.is_default else \
        t(lang, "chart.clock_ref", unit=t(lang, f"heights.unit.{heights.units}"), ref=heights.reference(lang),
          zone=request.zone, offset=offset_label(noon))
    sep = t(lang, "chart.sep")
    first_line = [request.place.strip(), source] if request.place else [source]
    if request.cosine:
        first_line.append(t(lang, "chart.cosine"))
    if request.days and request.days[0].official is not None:   # CWA's forecast: its source named on the picture too
        first_line.append(t(lang, "official.source"))
    return [sep.join(first_line), sep.join([clock, t(lang, "chart.not_for_navigation")])]


def day_notes(request: ChartRequest) -> list[Tick]:
    """Return each day's spring/neap word at its local noon (a week can run from 大潮 into 小潮)."""
    notes: list[Tick] = []
    for offset, result in enumerate(request.days):
        day = request.first_day + timedelta(days=offset)
        kind = day_range(result, day, request.tz)
        if kind is not None:
            noon = datetime.combine(day, datetime.min.time().replace(hour=12), tzinfo=request.tz)
            notes.append((noon.timestamp(), t(request.lang, f"chart.range.{kind}")))
    return notes


def when_words(first: date, n_days: int, lang: str) -> str:
    """Return the day or range a chart covers, worded: one day with its weekday, or "first – last"."""
    if n_days == 1:
        return day_label(first, lang)
    last = first + timedelta(days=n_days - 1)
    return t(lang, "chart.days", first=day_label(first, lang, short=True), last=day_label(last, lang, short=True))


def compose(request: ChartRequest) -> ChartSpec:
    """Return the ChartSpec of `request`: every mark placed in time and every label worded."""
    lang, tz = request.lang, request.tz
    n_days = max(1, len(request.days))
    small = n_days > 2
    extremes = []
    heights = request.heights
    for moment, item, kind in extreme_items(request.days, tz):
        if request.start <= moment < request.end:
            key = "chart.extreme_short" if small else "chart.extreme"
            label = t(lang, key, time=moment.strftime("%H:%M"), height=heights.say(item))
            height = float(heights.scale(item.height_cm))
            extremes.append(Extreme(moment.timestamp(), height, kind, label))  # type: ignore[arg-type]
    title = t(lang, "chart.title", place=request.place or t(lang, "chart.here"),  # tide_chart names a point
              when=when_words(request.first_day, n_days, lang))
    noon = datetime.combine(request.first_day, datetime.min.time().replace(hour=12), tzinfo=tz)
    # One day: its phase and spring/neap in the title. Several: each day says its own under the curve.
    moon = moon_words(request.days[0], noon, lang) if request.days and n_days == 1 else None
    if moon is not None:
        title = f"{title}　{t(lang, 'chart.title_moon', phase=moon[0], range=moon[1])}"
    nights, twilights = _night(request.days, request.start, request.end, tz)
    sun, moon_ticks = _sun_moon_ticks(request, labelled=n_days == 1)
    kinds: tuple[tuple[Literal["sun", "moon"], list[Tick]], ...] = (("sun", sun), ("moon", moon_ticks))
    legend = [] if n_days == 1 else [(kind, t(lang, f"chart.legend.{kind}")) for kind, ticks in kinds if ticks]
    x_ticks, midnights = _x_ticks(request, n_days)
    now = request.now.timestamp() if request.now is not None else None
    now_label = t(lang, "chart.tick", label=t(lang, "chart.now"),
                  time=request.now.astimezone(tz).strftime("%H:%M")) if request.now is not None else ""
    return ChartSpec(start=request.start.timestamp(), end=request.end.timestamp(), times=request.times,
                     heights_cm=request.heights_cm, extremes=extremes, title=title, footer=_footer(request),
                     y_label=t(lang, "chart.y_label") if heights.is_default else heights.axis(lang), x_ticks=x_ticks, now=now, now_label=now_label,
                     nights=nights, twilights=twilights, sun_ticks=sun, moon_ticks=moon_ticks, day_lines=midnights,
                     small_labels=small, min_span=heights.size(20.0), day_notes=day_notes(request) if n_days > 1 else [], legend=legend)
