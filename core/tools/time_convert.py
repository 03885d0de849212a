"""`time.convert`: the time difference between two places, or what a given time in one is in another.

"台北和倫敦差幾小時", "9 pm in Taipei is what time in LA", "what's the time difference between
Tokyo and New York": two zones (places named in the question, or the asker's own zone for
the one not named), an optional clock time belonging to one of them, and the answer in both.
"""
from __future__ import annotations

from datetime import date, datetime, time, timedelta
from typing import TYPE_CHECKING, Any, NamedTuple

from pydantic import BaseModel, ConfigDict, Field

from core.decide.plan_record import Heard, Plan, PlanArgs
from core.reply import Reply
from core.tools.base import PlanStep, Tool, ToolContext, ToolRun
from core.understand.clock_times import find_clocks
from core.understand.clock_times import words as clock_words
from core.understand.places import Place, find_place, find_place_and_region
from core.understand.zone_words import HERE, time_word_end, zone_mentions
from core.words.strings import t, table
from metocean.errors import ToolFailure
from core.tools.zone_names import zone_named
from metocean.timezones import offset_label, parse_query_time, parse_tz

if TYPE_CHECKING:
    from core.asked import Asked

DESCRIPTION = "Time difference between two zones, or a clock time in one zone converted to the other."


class TimeConvertArgs(BaseModel):
    """Arguments of `time.convert`: two zones, and optionally the clock time (in `from_tz`) to convert."""

    model_config = ConfigDict(extra="forbid")
    from_tz: str = Field(max_length=64, description="IANA name or offset the given time belongs to")
    to_tz: str = Field(max_length=64, description="IANA name or offset to convert into")
    time: str | None = Field(default=None, pattern=r"^\d{2}:\d{2}$", description="HH:MM in from_tz; default now")
    date: str | None = Field(default=None, pattern=r"^\d{4}-\d{2}-\d{2}$", description="day of `time` in from_tz")
    query_time: str | None = Field(default=None, description="ISO-8601 with offset: the moment 'now' means")
    from_place: str | None = Field(default=None, max_length=80)
    to_place: str | None = Field(default=None, max_length=80)


class ZoneTime(BaseModel):
    """One side of a conversion: the local time, date, zone and UTC offset."""

    time: str
    date: str
    tz: str
    utc_offset: str
    place: str | None = None


class TimeConversion(BaseModel):
    """Result of `time.convert`: both sides and `difference` (to minus from, ±HH:MM)."""

    source: ZoneTime = Field(alias="from")
    target: ZoneTime = Field(alias="to")
    difference: str
    day_shift: int = Field(description="calendar days from the source date to the target date")
    given_time: bool

    model_config = ConfigDict(populate_by_name=True)


def _clock_time(text: str) -> tuple[time, int, int] | None:
    """Return (the first possible clock time written in `text`, its start, its end), or None when there is none."""
    for found in find_clocks(text, after_at=False):
        if found.valid:
            return time(found.hour, found.minute), found.span[0], found.span[1]
    return None


def _second_place(query: str, first: Place) -> Place | None:
    """Return another place named in the question besides `first` (its name blanked wherever written), or None."""
    start, end = first.span
    written = query[start:end]
    blanked = query.replace(written, " " * len(written)) if written else query
    for m in zone_mentions(blanked):   # 台灣時間 is a zone already, not a place besides `first`
        blanked = blanked[:m.span[0]] + " " * (m.span[1] - m.span[0]) + blanked[m.span[1]:]
    # The asker's home country named alone ("what time in Taiwan" asked from Tokyo) is a clock too.
    other = find_place(blanked) or find_place_and_region(blanked, home="")[0]
    if other is None or other.key == first.key or not other.tz:
        return None
    return other


class _Side(NamedTuple):
    span: tuple[int, int]
    tz: str
    label: str | None
    written: bool    # a zone written as a word (EST, 日本時間), not a place


def _sides(asked: "Asked") -> list[_Side]:
    """Return the zones the question names, places and zone words, in the order written; a zone
    word overlapping a place (美東時間) is the zone."""
    zones = [_Side(m.span, asked.tz if m.tz == HERE else m.tz, None if m.tz == HERE else m.word, True)
             for m in zone_mentions(asked.query)]
    first = asked.slots.place if asked.slots else None
    second = _second_place(asked.query, first) if first else None
    places = [_Side(_zone_span(asked.query, p.span), p.tz, _label(p, asked), False) for p in (first, second)
              if p is not None and not any(z.span[0] < p.span[1] and p.span[0] < z.span[1] for z in zones)]
    sides: list[_Side] = []
    for side in sorted([*zones, *places]):   # 「台灣時間 … 落地桃園 那是加州幾點」: Taoyuan keeps Taiwan's clock
        if not any(s.tz == side.tz for s in sides):
            sides.append(side)
    return sides


def _zone_span(query: str, span: tuple[int, int]) -> tuple[int, int]:
    """Return where a place is written as a zone: the same name written again with a time word after it
    ("my colleague in Berlin … at 14:00 Berlin time"), else its own span with any time word."""
    name, at = query[span[0]:span[1]], query.find(query[span[0]:span[1]], span[1])
    while name and at >= 0:
        if time_word_end(query, at + len(name)) > at + len(name):
            return at, time_word_end(query, at + len(name))
        at = query.find(name, at + len(name))
    return _with_time_word(query, span)


def _with_time_word(query: str, span: tuple[int, int]) -> tuple[int, int]:
    """Return a place's span with the time word after it ("Tokyo time"): the zone's words."""
    return span[0], time_word_end(query, span[1])


def _gap(side: _Side, clock: tuple[time, int, int], day: tuple[int, int] | None = None) -> int:
    """Return how many characters part a zone from the clock time, a day word between not counted
    (「台灣時間明天早上9點」: the time is Taiwan's)."""
    start, end = (side.span[1], clock[1]) if side.span[1] <= clock[1] else (clock[2], side.span[0])
    between = max(end - start, 0)
    if day is not None and start <= day[0] and day[1] <= end:
        between -= day[1] - day[0]
    return max(between, 0)


def _asks_its_time(query: str, side: _Side) -> bool:
    """Return whether the question asks `side`'s time: 是幾點 just after it, "what time in" just before it."""
    after = query[side.span[1]:side.span[1] + 6].lstrip(" 的")
    before = query[max(0, side.span[0] - 24):side.span[0]].rstrip().lower()
    return any(after.startswith(w) for w in clock_words()["asks_time_after"]) or any(
        before.endswith(w) for w in clock_words()["asks_time_before"])


def normalize(raw: PlanArgs, asked: "Asked") -> TimeConvertArgs:
    """Return the call's arguments (the model; ValidationError when they do not fit it): the two zones in the order the question gives them, the clock
    time belonging to the zone written next to it ("10am EST in Taipei time" is EST → Taipei)."""
    sides = _sides(asked)
    clock = _clock_time(asked.query)
    out: dict[str, Any] = {"query_time": asked.query_time.isoformat(timespec="seconds")}
    ours = _Side((0, 0), asked.tz, None, False)
    src: _Side | None
    if len(sides) >= 2:
        src, dst = sides[0], sides[1]
        day = asked.slots.date.span if asked.slots and asked.slots.date else None
        asks = [_asks_its_time(asked.query, side) for side in (src, dst)]
        if asks == [True, False]:
            src, dst = dst, src   # the zone whose time is asked is the target
        elif asks != [False, True] and clock and _gap(dst, clock, day) < _gap(src, clock, day):
            src, dst = dst, src   # the time belongs to the zone written next to it
    elif len(sides) == 1:
        # One zone: the asker's own is the other side; a given time is "here" unless written by the zone.
        there = sides[0]
        near = (clock is not None and _gap(there, clock) <= 2) if there.written else abs(clock[1] - there.span[0]) <= 12 if clock else False
        src, dst = (there, ours) if clock and near else (ours, there)
    else:
        src = None
        out.update(from_tz=raw.from_tz or asked.tz, to_tz=raw.to_tz or "UTC")
    if src is not None:
        out.update(from_tz=src.tz, to_tz=dst.tz, from_place=src.label, to_place=dst.label)
    if clock:
        out["time"] = clock[0].strftime("%H:%M")
        if asked.slots and asked.slots.date:
            on = _day_there(asked, out.get("from_tz") or asked.tz)
            festival = asked.slots.date.festival or ""
            if festival.endswith("_eve") and clock[0].hour == 0:   # NYE's midnight ends the eve: Jan 1 00:00
                on += timedelta(days=1)
            out["date"] = on.isoformat()
    return TimeConvertArgs.model_validate({k: v for k, v in out.items() if v is not None})


def _day_there(asked: "Asked", tz: str) -> date:
    """Return the day a written time falls on: "today" or "tonight" is the zone's own ("10pm tonight
    in Seoul" asked from California is Seoul's Saturday), any other day the asker's ("明天 UTC 03:00",
    "Friday 9pm EST": the day the asker names)."""
    hint = asked.slots.date if asked.slots else None
    assert hint is not None
    if not hint.relative or hint.weekday or hint.day != asked.today:
        return hint.day
    try:
        zone, _ = parse_tz(tz)
    except ValueError:
        return hint.day
    return asked.query_time.astimezone(zone).date() + (hint.day - asked.today)


def _label(place: Place, asked: "Asked") -> str:
    return place.name_zh if asked.lang == "zh" else place.name_en


def _side(moment: datetime, tz: str, place: str | None) -> ZoneTime:
    return ZoneTime(time=moment.strftime("%H:%M"), date=moment.date().isoformat(), tz=tz,
                    utc_offset=offset_label(moment), place=place)


def convert(args: TimeConvertArgs, now: datetime | None = None) -> TimeConversion:
    """Return the conversion for `args`; ToolFailure INVALID_ARGUMENT for an unknown zone."""
    try:
        src_zone, _ = parse_tz(args.from_tz)
        dst_zone, _ = parse_tz(args.to_tz)
    except ValueError as exc:
        raise ToolFailure("INVALID_ARGUMENT", str(exc)) from None
    base = now or parse_query_time(args.query_time, src_zone)
    source = base.astimezone(src_zone)
    if args.time:
        day = date.fromisoformat(args.date) if args.date else source.date()
        source = datetime.combine(day, time.fromisoformat(args.time), tzinfo=src_zone)
    target = source.astimezone(dst_zone)
    diff = (target.utcoffset() or timedelta(0)) - (source.utcoffset() or timedelta(0))
    minutes = int(diff.total_seconds() // 60)
    sign = "+" if minutes >= 0 else "-"
    return TimeConversion(source=_side(source, args.from_tz, args.from_place),
                          target=_side(target, args.to_tz, args.to_place),
                          difference=f"{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}",
                          day_shift=(target.date() - source.date()).days, given_time=bool(args.time))


async def execute(ctx: ToolContext, arguments: TimeConvertArgs, _backend: str | None,
                  query_time: datetime | None) -> ToolRun[TimeConversion]:
    """Return the conversion at the moment the question was asked (or at the time it gives); a
    zone may be named by a place ("Taipei", "東京": its own zone, the place named in the answer)."""
    return ToolRun(convert(_zones_of_places(arguments), now=query_time))


def _zones_of_places(arguments: TimeConvertArgs) -> TimeConvertArgs:
    """Return the arguments with a place given as `from_tz`/`to_tz` replaced by its zone (and kept
    as `from_place`/`to_place` unless given); a zone or an unknown name is left for `convert` to judge."""
    update: dict[str, str] = {}
    for side in ("from", "to"):
        value = getattr(arguments, f"{side}_tz")
        if not isinstance(value, str):
            continue
        named = zone_named(value)
        if named is not None and named.place is not None:
            update[f"{side}_tz"] = named.tz
            if getattr(arguments, f"{side}_place", None) is None:
                update[f"{side}_place"] = named.place
    return arguments.model_copy(update=update) if update else arguments


def _offset_words(difference: str, base: str, lang: str) -> str:
    """Return "N h ahead of/behind <base>" for a ±HH:MM difference."""
    sign, hh, mm = difference[0], int(difference[1:3]), int(difference[4:6])
    hours = f"{hh}" if mm == 0 else f"{hh + mm / 60:g}"
    return t(lang, "time_convert.ahead" if sign == "+" else "time_convert.behind", hours=hours, src=base)


def render(result: TimeConversion, arguments: TimeConvertArgs, asked: "Asked") -> Reply:
    """Return "<A> HH:MM (UTC±) = <B> HH:MM (UTC±, next day)" plus the difference in hours, one line."""
    lang = asked.lang
    src, dst = result.source, result.target
    days = table(lang, "time_convert.day_shift")
    shift = days.get(result.day_shift, "") if isinstance(days, dict) else ""

    def side(s: ZoneTime, extra: str = "") -> str:
        who = s.place or t(lang, "time_convert.here")
        return t(lang, "time_convert.side", place=who, time=s.time, zone=s.tz, offset=s.utc_offset, extra=extra)

    head = t(lang, "time_convert.given" if result.given_time else "time_convert.now",
             src=side(src), dst=side(dst, shift))
    if result.difference in ("+00:00", "-00:00"):
        return Reply(headline=head + t(lang, "time_convert.same"))
    who = dst.place or t(lang, "time_convert.here")
    base = src.place or t(lang, "time_convert.here")
    tail = t(lang, "time_convert.difference", dst=who, amount=_offset_words(result.difference, base, lang))
    lead = len(tail) - len(tail.lstrip())
    return Reply(headline=head + tail[:lead] + tail[lead:lead + 1].upper() + tail[lead + 1:])


def _asked(heard: Heard) -> Plan | None:
    """A time difference or conversion ("台北和倫敦差幾小時", "9 pm in Taipei is what time in LA",
    "21:00 UTC in Taipei time"), with no tide, sun, SST or weather word."""
    s = heard.signals
    if s.tide or s.astro or s.sst or s.weather:
        return None
    if s.time_convert or (s.clock and (s.time or s.when or s.zone_word)):
        return Plan("mcp_tools", "time.convert", PlanArgs(), "time_convert")
    return None


TOOL: Tool[TimeConvertArgs, TimeConversion] = Tool(
    name="time.convert", args=TimeConvertArgs, result=TimeConversion, backend="clock", description=DESCRIPTION,
    source="local clock (IANA tz database)", colour=0x8E24AA,
    normalize=normalize, execute=execute, render=render, needs_location=False, two_places=True,
    steps=(PlanStep(60, _asked),),
)
