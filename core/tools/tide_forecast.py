"""`tide.forecast`: one local day of highs and lows, the state now, sun and moon (metocean MCP)."""
from __future__ import annotations

import contextlib
from datetime import date, datetime, time, timedelta
from typing import TYPE_CHECKING

from core.decide.locate import point_args
from core.understand.zone_points import default_point
from core.decide.plan_record import Heard, Plan, PlanArgs
from core.reply import Button, Footer, Reply
from core.tools.base import AskedFor, Command, PlanStep, Tool
from core.tools.metocean_call import metocean_call, valid_date, where
from core.tools.moon_night import night_day, night_line
from core.tools.whose_clock import answer_clock, day_there, is_local_clock, now_there, place_zone, written_zone
from core.understand.clock_times import find_clocks
from core.words.place import sea_line, where_line
from core.words.station import borrowed_line, named_station, station_name
from core.words.strings import t
from core.understand.place_naming import qualified_name
from core.words.heights import Heights, heights_for
from core.words.official import official_lines
from core.words.lunar import lunar_line
from core.words.tide import TideView, choose_mode, moon_phase_sentence, tide_parts
from metocean.contract import TOOL_DESCRIPTIONS, OfficialDay, TideForecastArgs, TideForecastResult
from metocean.errors import ToolFailure
from metocean.notes import Note
from metocean.timezones import offset_label

if TYPE_CHECKING:
    from core.asked import Asked
    from core.understand.slots import Slots

# The variant answering with sun and moon times only (`/sun`, "今天日落幾點"): the Question and
# Context field of the same name asks for it.
SUN_MOON_ONLY = "sun_moon_only"
# The plan reason of a moon question with no place, answered at the asker's zone's home city.
HOME_CITY = "moon_home_city"


def normalize(raw: PlanArgs, asked: "Asked") -> TideForecastArgs:
    """Return the call's arguments (the model; ValidationError when they do not fit it): the point (or station), the asked day, tz and query_time."""
    out = where(raw)
    clock = answer_clock(asked, raw.longitude, raw.latitude)
    slots = asked.slots
    out["date"] = night_day(asked, day_there(asked, clock), raw.longitude, raw.latitude, clock.tz).isoformat() \
        if slots and slots.date else valid_date(raw.date, clock.now.date().isoformat())   # tonight's moonrise at 00:18
    out["tz"] = clock.tz
    out["query_time"] = clock.now.isoformat(timespec="seconds")
    return TideForecastArgs.model_validate(out)


def _station_name(result: TideForecastResult, lang: str) -> TideForecastResult:
    """Return the result with the station named in the reply language (Keelung → 基隆 in zh)."""
    named = named_station(result.station, lang)
    if named is None:
        return result
    if result.official is not None:   # CWA's forecast point: the agency named in words
        named = named.model_copy(update={"source": t(lang, "official.agency")})
    copy = result.model_copy(update={"station": named})
    return copy.with_read_notes(result.coded_notes()) if result.notes is None else copy


TAIWAN_BOX = (118.0, 21.5, 122.5, 26.5)   # Taiwan, Penghu, Kinmen and Matsu: CWA's tide tables cover them


def _nearest_note(result: TideForecastResult) -> Note | None:
    """Return the no-tide note (`no_station`: none within the radius, or `inland`), or None.

    The engine's names the nearest station at any distance (metocean/notes.py); upstream's,
    read from its prose by the client, names none."""
    return next((n for n in result.coded_notes() if n.code in ("no_station", "inland")), None)


def _no_tide_help(lead: str, result: TideForecastResult, arguments: TideForecastArgs, asked: "Asked") -> list[str]:
    """Return the leading no-tide line followed by why and where to look instead: the nearest
    station the engine named, the online service (not for inland points: it has no tides on
    land either), and CWA for Taiwan."""
    lines = [lead]
    lon, lat = arguments.longitude, arguments.latitude
    if lon is None or lat is None:
        return lines
    why = _nearest_note(result)
    if why is not None:
        code, nearest = why.code, why.nearest
        if nearest is not None and nearest.name:
            name = station_name(nearest.name, asked.lang)
            km = f"{nearest.distance_km:.0f}"
            key = "no_tide_nearest" if code == "no_station" else "tide_help.nearest_inland"
            lines.append(t(asked.lang, key, name=name, km=km))
        if code == "no_station":
            lines.append(t(asked.lang, "no_tide_online"))
    w, s, e, n = TAIWAN_BOX
    if w <= lon <= e and s <= lat <= n:
        lines.append(t(asked.lang, "no_tide_cwa"))
    return lines


def on_reference(result: TideForecastResult, heights: Heights) -> TideForecastResult:
    """Return the result without the notes saying heights are on MSL when they are said above chart datum."""
    if not heights.on_chart:
        return result
    kept = [n for n in result.coded_notes() if n.code not in ("heights_msl", "heights_reference")]
    if result.notes is not None:
        return result.model_copy(update={"notes": kept})
    return result.model_copy().with_read_notes(kept)


def heights_said(official: OfficialDay | None, heights: Heights, lang: str) -> list[str]:
    """Return the lines a tide answer ends with: CWA's day words and source (at its points), and the
    unit and reference of the heights whenever they are not the old default or come from CWA."""
    said_official = official_lines(official, lang)
    said = heights.line(lang) if said_official or not heights.is_default else ""
    return [line for line in (*said_official[:-1], said, *said_official[-1:]) if line]


def _asks_moon_phase(asked: "Asked") -> bool:
    plan, signals = asked.plan, asked.signals
    return bool((plan is not None and plan.reason == "moon_phase_default_place") or
                (signals is not None and signals.moon_phase))


def _asks_lunar_date(asked: "Asked") -> bool:
    return bool(asked.signals is not None and asked.signals.lunar_date)


def _next_moons(day: str, now: datetime, arguments: TideForecastArgs, asked: "Asked") -> str | None:
    """Return "next full moon <day>, next new moon <day>" (the place's local days), or None when
    they cannot be computed. Counted from now when the asked day is today, else from its start."""
    after = now
    if day != now.date().isoformat():
        with contextlib.suppress(ValueError):
            after = datetime.combine(date.fromisoformat(day), time(0), tzinfo=now.tzinfo)
    from metocean.astro import next_phases  # numpy and the ephemeris: moon questions only

    try:
        phases = next_phases(after, arguments.tz or asked.tz)
    except ToolFailure:
        return None   # an ephemeris or zone problem: the day's phase was said, the rest is a bonus
    first = {name: moment.date().isoformat() for moment, name in reversed(phases)}
    if "Full Moon" not in first or "New Moon" not in first:
        return None
    return t(asked.lang, "tide_help.next_moons", full=first["Full Moon"], new=first["New Moon"])


def buttons(arguments: TideForecastArgs, asked: "Asked", *, chart: bool) -> list[Button]:
    """Return the buttons under a tide answer: the next day, save the place as home, and (when
    there is a tide to draw) the chart; none without a point and a day."""
    if arguments.longitude is None or arguments.latitude is None or arguments.date is None:
        return []
    point = (arguments.longitude, arguments.latitude)
    day = date.fromisoformat(arguments.date)
    place = asked.slots.place if asked.slots else None
    lang = asked.lang
    after = day + timedelta(days=1)
    # "明天" only under today's answer: under another day's the button is that day's next, named by date.
    label = t(lang, "chat.button_tomorrow") if day == now_there(arguments.tz, asked).date() else \
        t(lang, "chat.button_next_day", md=f"{after.month}/{after.day}")
    name = qualified_name(place) if place else None   # every button keeps the place it is about
    out = [Button(action="tomorrow", label=label, point=point, date=after.isoformat(), place=name),
           Button(action="save_home", label=t(lang, "chat.button_save_home"), point=point, place=name)]
    if chart:
        out.append(Button(action="chart", label=t(lang, "chat.button_chart"), point=point, date=day.isoformat(),
                          place=name))
    return out


def _asked_clock(asked: "Asked") -> str:
    """Return the one clock time the question asks the tide at ("HH:MM"), or "" (none, or a range of two)."""
    clocks = [c for c in find_clocks(asked.query) if c.valid]
    return clocks[0].hhmm if len(clocks) == 1 else ""


def render(result: TideForecastResult, arguments: TideForecastArgs, asked: "Asked") -> Reply:
    """Return the tide/sun/moon reply: relative for today, summary for another day, astro-only on
    request; the place line as headline, the station in the footer too, buttons under it."""
    wants_tide = not (asked.plan and asked.plan.variant == SUN_MOON_ONLY)
    now = now_there(arguments.tz, asked)
    day = result.date or arguments.date or now.date().isoformat()
    moon_next = (_next_moons(day, now, arguments, asked) or "") if _asks_moon_phase(asked) else ""
    # The lunar date asked: on the place's calendar (its local day), said first, so not again beside the phase.
    lunar = (lunar_line(day, now.date().isoformat(), asked.lang) or "") if _asks_lunar_date(asked) else ""
    phase = moon_phase_sentence(result, asked.lang, lunar=not lunar)
    if asked.plan is not None and asked.plan.reason == "moon_phase_default_place" and phase:
        # The phase is the same everywhere: no home city's sunrise, only whose date it is.
        zone = arguments.tz or asked.tz
        dated = t(asked.lang, "date_line", date=day) + t(asked.lang, "end") if day != now.date().isoformat() else ""
        return Reply(headline=t(asked.lang, "understand.moon_anywhere", zone=zone),
                     lines=[line for line in (lunar, dated + phase, moon_next) if line], footer=Footer(tz=zone))
    heights = heights_for(result.station, asked.question.datum, asked.question.units)
    no_tide = wants_tide and not result.has_tide
    # Another place's station: said once, first, and the tide then said as that station's (never
    # the place's own); a sun or moon question needs no word about tide stations at all.
    borrowed = borrowed_line(result.station, asked.place_label(), asked.lang) \
        if wants_tide and not no_tide else None
    named = _station_name(on_reference(result, heights), asked.lang)
    where = t(asked.lang, "borrowed_station.where", name=named.station.name) \
        if borrowed and named.station is not None else asked.place_label()
    view = TideView(mode=choose_mode(day, now, wants_tide=wants_tide), show_tide=wants_tide, where=where,
                    today=now.date().isoformat(), moon_next=moon_next, heights=heights, station_line=not borrowed,
                    lunar_line=lunar, at=_asked_clock(asked))
    parts = tide_parts(named, view, asked.lang)
    lines = parts.lines
    if wants_tide and not no_tide:
        lines.extend(heights_said(result.official, heights, asked.lang))
    if no_tide and lines:
        lines[0:1] = _no_tide_help(lines[0], result, arguments, asked)
    if written_zone(asked) == arguments.tz and arguments.tz != place_zone(asked, arguments.longitude, arguments.latitude):
        # The zone the question wrote for its times, not the place's: said, so the times are read on it.
        lines.insert(0, t(asked.lang, "written_clock", zone=arguments.tz, offset=offset_label(now)))
    elif is_local_clock(arguments.tz, asked):
        # Another zone than the asker's: say whose clock the times are on (core/tools/whose_clock.py).
        lines.insert(0, t(asked.lang, "local_clock", zone=arguments.tz, offset=offset_label(now)))
    if asked.slots is not None and asked.slots.date is not None and (night := night_line(
            asked, day_there(asked, answer_clock(asked, arguments.longitude, arguments.latitude)), day,
            arguments.longitude, arguments.latitude, arguments.tz or asked.tz)):
        lines.insert(0, night)   # tonight's moonrise at 00:18 tomorrow: the day answered is said to be the night's
    if wants_tide and (far_sea := sea_line(asked, arguments.longitude, arguments.latitude)):
        lines.insert(0, far_sea)     # Kolkata's tides are its estuary's, 47 km off: said, with the point
    place_line = where_line(asked)
    if place_line:
        lines.insert(0, place_line)  # the resolved place, so a wrong guess is visible at once
    if borrowed:
        lines.insert(0, borrowed)    # another place's tides: said before anything else
    station, km = parts.station or (None, None)
    footer = Footer(place=asked.place_label() or None, station=station, station_km=km,
                    tz=arguments.tz or None)
    return Reply(headline=lines[0] if lines else "", lines=lines[1:], notes=parts.notes, footer=footer,
                 buttons=buttons(arguments, asked, chart=not no_tide))


NAME = "tide.forecast"


def _tide_sun_moon(heard: Heard) -> Plan | None:
    """A tide, sun/moon or moon-phase word: the day's report at the place (sun and moon only when
    no tide word); the tides of a whole sea are explained; the moon's phase (and when the next
    spring tide comes) needs no place: the asker's home city, as does when the moon rises (said
    so); else "where?"."""
    s, slots = heard.signals, heard.slots
    if not (s.tide or s.astro or s.moon_phase):
        return None
    if s.astro_purpose and (s.rain or s.weather or s.sst) and not (s.tide or s.moon_phase):
        return None   # 「會下雨嗎 想去看夕陽」: the weather is asked, the sunset is what the trip is for (a part after it);
        # 「日出前的海溫」: the sea's temperature is asked, the sunrise only when
    if s.tide_purpose and s.rain and not (s.astro or s.moon_phase or s.sst):
        return None   # "will it rain? we want to walk out at low tide": the rain is asked, the low tide what it is for
    args = point_args(slots, at_sea=True)
    if args is None and s.tide and slots.region and slots.date is None:
        return Plan("explain", reason="tide_over_region")
    # when it rises or sets is asked of a place even where a phase word stands by (「오늘 달 뜨는 시간」: today's moon)
    rises = s.moon_times and not s.spring_dates
    if args is None and (s.moon_phase and not rises and (not s.tide or s.spring_dates) or slots.windows is not None):
        lon, lat = default_point(heard.tz)
        return Plan("mcp_tools", NAME, PlanArgs(longitude=lon, latitude=lat), "moon_phase_default_place",
                    variant=SUN_MOON_ONLY)
    if args is not None and s.spring_dates and slots.place is not None and slots.place.kind == "country":
        # the spring tides' days in a whole country ("台灣 12月的大潮是哪幾天" asked from abroad): the moon's
        # phases in its zone, not the tides at its capital, which may lie inland
        return Plan("mcp_tools", NAME, args, "moon_phase_default_place", variant=SUN_MOON_ONLY)
    if args is None and s.moon_times and not s.tide:
        lon, lat = default_point(heard.tz)   # moonrise with no place: the home city, said so
        return Plan("mcp_tools", NAME, PlanArgs(longitude=lon, latitude=lat), HOME_CITY, variant=SUN_MOON_ONLY)
    if args is None:
        return Plan("fallback", tool=NAME, reason="tide_without_location", static="need_location",
                    variant=None if s.tide else SUN_MOON_ONLY)
    return Plan("mcp_tools", NAME, args, "tide_keywords", variant=None if s.tide else SUN_MOON_ONLY)


def _lunar_date(heard: Heard) -> Plan | None:
    """The lunar date asked (「今天農曆幾號」): the day's moon report, before an explanation claims
    the lunar words; with a tide word or a why it asks about the tide's lunar days instead."""
    s = heard.signals
    if not s.lunar_date or s.tide or s.why:
        return None
    return _tide_sun_moon(heard)


#: The plan reason of a surf or wave question at a place: its tide, the waves declined in one line.
SEA_STATE_TIDE = "sea_state_tide"


def _surf_at_place(heard: Heard) -> Plan | None:
    """Waves asked for going into the sea at a place (surfing, diving), with no wind, tide, SST or
    sun word: the bot has no wave data, so the tide there, the waves declined first in one line; the waves' size
    asked outright ("how big's the swell") is declined alone (the weather tool's rule).
    Waves alone ("海況？") get the fixed reply (seed 001, T7); with a wind word the weather tool's
    rule answers with the wind."""
    s = heard.signals
    if not (s.sea_state and s.sea_activity) or s.sea_size or s.wind or s.tide or s.sst or s.astro or s.zone_conversion:
        return None   # "surf trip boat leaves 7am fiji time, what's that in california time": the clocks asked
    args = point_args(heard.slots, at_sea=True)
    return Plan("mcp_tools", NAME, args, SEA_STATE_TIDE) if args is not None else None


def _bare_location(heard: Heard) -> Plan | None:
    """A bare location to an ocean bot: the day's tide, sun and moon there."""
    args = point_args(heard.slots, at_sea=True) if heard.slots.point or heard.slots.place else None
    return Plan("mcp_tools", NAME, args, "inferred_location") if args is not None else None


def locate(slots: "Slots", reason: str) -> Plan | None:
    """Return the day's report at the slots' point or place, or None without one."""
    args = point_args(slots, at_sea=True)
    return Plan("mcp_tools", NAME, args, reason) if args else None


TOOL: Tool[TideForecastArgs, TideForecastResult] = Tool(
    share_location=True, name=NAME, args=TideForecastArgs, result=TideForecastResult, backend="metocean",
    description=TOOL_DESCRIPTIONS["tide.forecast"], source="ODB metocean tide model", colour=0x1E88E5,
    at_sea=True, normalize=normalize, execute=metocean_call("tide.forecast", TideForecastResult), render=render,
    per_day=True,
    commands=(Command("tide", 1), Command("sun", 2, variant=SUN_MOON_ONLY)), variants=(SUN_MOON_ONLY,),
    llm_hint="For tide/sun/moon questions choose tide.forecast.",
    steps=(PlanStep(19, _surf_at_place), PlanStep(65, _lunar_date), PlanStep(100, _tide_sun_moon)), inferred=PlanStep(30, _bare_location), locate=locate,
    asked_for=AskedFor(10, lambda s: s.tide or s.astro, lambda s: None if s.tide else SUN_MOON_ONLY),
)
