"""`time.convert`: the time difference between two places, or what a given time in one is in another.

"台北和倫敦差幾小時", "9 pm in Taipei is what time in LA", "what's the time difference between
Tokyo and New York": two zones (places named in the question, or the asker's own zone for
the one not named), an optional clock time belonging to one of them, and the answer in both.
"""
from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta, timezone, tzinfo
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from core.decide.plan_record import Heard, Plan, PlanArgs
from core.reply import Reply
from core.tools.base import PlanStep, Tool, ToolContext, ToolRun
from core.tools.clock_asked import clock_asked, departure_only
from core.tools.gap_change import gap_change, gap_day
from core.tools.convert_sides import Side, asks_its_time, asks_there, by_the_clock, gap, labels, nearer, sides
from core.understand.clock_times import find_clocks, is_new_year_moment, moment_zone, words as clock_words
from core.understand.clock_unsaid_half import afternoon_to_come
from core.understand.dates_tonight import coming_new_year, small_hours_to_come
from core.understand.signals import group_words
from core.understand.zone_words import starts_with_time_word
from core.understand.trip_time import is_destination, trip_minutes
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
    after_minutes: int | None = Field(default=None, ge=1, le=1440,
                                      description="a trip's minutes added to `time` (the arrival is converted)")

    @model_validator(mode="after")
    def _trip_needs_a_time(self) -> "TimeConvertArgs":
        """Refuse `after_minutes` without `time`: a trip starts at a given clock time, not now."""
        if self.after_minutes is not None and self.time is None:
            raise ValueError("after_minutes needs time: the departure's HH:MM in from_tz")
        return self


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
    after_minutes: int | None = Field(default=None, description="the trip's minutes added: both sides are the arrival")
    repeated: ZoneTime | None = Field(default=None, description="the given time comes twice that night (clocks go back): "
                                      "the target on its second reading, the first being `to`")
    repeated_offset: str | None = Field(default=None, description="the source's UTC offset on that second reading")
    skipped: ZoneTime | None = Field(default=None, description="the given time never shows that day (clocks jump "
                                     "forward): the source's clock at the moment it was read as")

    model_config = ConfigDict(populate_by_name=True)


_LABEL_GAP = 8   # characters between a clock time and the place's time word labelling it ("9h sáng giờ Sydney")


def _theirs(query: str, at: tuple[int, int]) -> bool:
    """Return whether the clock time at `at` is labelled as the other place's ("6am their time", "9am local time",
    「當地時間早上6點」): a label word (keywords.yaml `clock_theirs`) within a few characters after it, or just before it."""
    after = query[at[1]:at[1] + _LABEL_GAP + 24].lower()
    before = query[max(0, at[0] - _LABEL_GAP - 6):at[0]].lower()
    return any(0 <= after.find(w) <= _LABEL_GAP or w in before for w in group_words("clock_theirs"))


def normalize(raw: PlanArgs, asked: "Asked") -> TimeConvertArgs:
    """Return the call's arguments (the model; ValidationError when they do not fit it): the two zones in the
    order the question gives them, the clock time belonging to the zone written next to it ("10am EST in
    Taipei time" is EST → Taipei; whose clock: `convert_sides`)."""
    found = sides(asked)
    clock = clock_asked(asked.query)   # the departure's, or a trip's arrival's written after it
    at = (clock[1], clock[2]) if clock else None
    day = asked.slots.date.span if asked.slots and asked.slots.date else None
    out: dict[str, Any] = {"query_time": asked.query_time.isoformat(timespec="seconds")}
    ours = Side((0, 0), asked.tz, None, False)
    src: Side | None
    dst: Side | None
    if at is not None and (turning := _year_turns_at(asked.query, found, at)) is not None:
        # "when will London reach new year my time": the New Year's midnight is the place's it comes to, whatever
        # zone stands after it (the asker's, "in Tokyo time", "di waktu Jakarta")
        src, dst = turning, next((s for s in found if s.tz != turning.tz), ours)
    elif at is not None and (written := by_the_clock(asked.query, found, at, day)) is not None:
        src, dst = written[0], written[1] or ours
    elif len(found) >= 2:
        src, dst = found[0], found[1]
        asks = [asks_its_time(asked.query, side) for side in (src, dst)]
        if asks == [True, False]:
            src, dst = dst, src   # the zone whose time is asked is the target
        elif asks != [False, True] and at and nearer(asked.query, dst, src, at, day):
            src, dst = dst, src   # the time belongs to the zone written next to it
    elif len(found) == 1:
        # One zone: the asker's own is the other side; a given time is "here" unless written by the zone
        # and not asked of it (「我明天早上九點打電話回家 台灣那時候幾點」: the nine o'clock is the asker's).
        there = found[0]
        near = at is not None and (labels(asked.query, there, at, day) if there.zone_like else abs(at[0] - there.span[0]) <= 12) \
            and not is_destination(asked.query, there.span)   # 「11點起飛 幾點到東京」: the 11 o'clock is the departure's
        # "10h sáng thứ Bảy giờ Seoul là mấy giờ?": a clock labelled with the place's time word before it is that
        # place's, whatever asking word follows (the asker's time is asked)
        # (a part of the day may stand between: "sáng", "pagi", "de la tarde")
        labelled = at is not None and there.timed and gap(there, at, day) <= _LABEL_GAP \
            and starts_with_time_word(asked.query[there.span[0]:there.span[1]])
        labelled = labelled or at is not None and _theirs(asked.query, at)   # "lands there at 6am their time"
        asked_there = not labelled and asks_its_time(asked.query, there) or asks_there(asked.query)
        src, dst = (there, ours) if (near or labelled) and not asked_there else (ours, there)
    else:
        src = dst = None
        out.update(from_tz=raw.from_tz or asked.tz, to_tz=raw.to_tz or "UTC")
    if src is not None and dst is not None:
        out.update(from_tz=src.tz, to_tz=dst.tz, from_place=src.label, to_place=dst.label)
    if clock:
        out["time"] = clock[0].strftime("%H:%M")
        out["after_minutes"] = trip_minutes(asked.query, clock[2])   # 「起飛 飛12個鐘」: the arrival, on the far clock
        if is_new_year_moment(asked.query[clock[1]:clock[2]]):   # "when the ball drops": the coming Jan 1 there
            out["date"] = coming_new_year(asked.query_time, out.get("from_tz") or asked.tz).isoformat()
        elif asked.slots and asked.slots.date:
            on = _day_there(asked, out.get("from_tz") or asked.tz, clock[0])
            if (asked.slots.date.festival or "").endswith("_eve") and clock[0].hour == 0:   # NYE's midnight: Jan 1
                on += timedelta(days=1)
            out["date"] = on.isoformat()
        else:   # no day written: the time on the asker's calendar day (「倫敦下午3點係香港幾點」 at 07:15 in Hong Kong
            out["date"] = asked.today.isoformat()   # is London's 3 pm of Hong Kong's today, not of London's, gone by)
        if not (asked.slots and asked.slots.date and not asked.slots.date.relative):   # a date written stays
            out["date"] = small_hours_to_come(date.fromisoformat(out["date"]), clock[0], asked.query_time).isoformat()
        if asked.slots and asked.slots.date and asked.slots.date.relative and asked.slots.date.day == asked.today:
            out["time"] = afternoon_to_come(asked.query, (clock[1], clock[2]), clock[0], date.fromisoformat(out["date"]),
                                            out.get("from_tz") or asked.tz, asked.query_time).strftime("%H:%M")   # "aaj 3 baje"
    elif (asked_day := gap_day(asked)) is not None:   # "the gap between Delhi and London on 15 July": that day's, at noon
        out.update(time="12:00", date=asked_day.isoformat())
    return TimeConvertArgs.model_validate({k: v for k, v in out.items() if v is not None})


_IN_AFTER = re.compile(r"\s+(?:in|at|on|en|em|à|a|no|na)\s+(?:the\s+)?", re.IGNORECASE)
_WHEN = re.compile(r"(?<![^\W\d_])(?:when|cuando|quand|quando|wenn)(?![^\W\d_])", re.IGNORECASE)
_YEAR_TURNS_GAP = 8   # "Sydney will ring in the new year": a few words may stand between the place and its moment


def _year_turns_at(query: str, found: list[Side], at: tuple[int, int]) -> Side | None:
    """Return the place written just before a New Year's moment ("Hawaii hit the new year", 「東京跨年倒數」): the
    one it comes to, or None when the clock is no such moment or no place stands right before it."""
    if not is_new_year_moment(query[at[0]:at[1]]):
        return None
    before = [s for s in found if s.span[1] <= at[0] and at[0] - s.span[1] <= _YEAR_TURNS_GAP
              and not any(c in ",，.。?？;；" for c in query[s.span[1]:at[0]])
              and not _WHEN.search(query, s.span[1], at[0])]   # "in Sydney when the ball drops": Sydney's is asked
    if before:
        return max(before, key=lambda s: s.span[1])
    # "when the ball drops in Times Square": the place written right after the moment, joined by "in" or "at"
    after = next((s for s in found if not s.timed and not s.written and _IN_AFTER.fullmatch(query, at[1], s.span[0])),
                 None)
    if after is not None:
        return after
    tz = moment_zone(query[at[0]:at[1]])   # "when the ball drops": New York's, no place written
    if tz is None:
        return None
    return next((s for s in found if s.tz == tz), Side(at, tz, tz.rsplit("/", 1)[-1].replace("_", " "), False))


def _day_there(asked: "Asked", tz: str, at: time) -> date:
    """Return the day a written time falls on: "today" or "tonight" is the zone's own ("10pm tonight
    in Seoul" asked from California is Seoul's Saturday) while that time is still to come there, else the
    asker's today (「柏林今天下午3點」 at 07:30 in Tokyo: Berlin's Friday 3 pm is gone by, so Saturday's); any
    other day the asker's ("明天 UTC 03:00", "Friday 9pm EST": the day the asker names)."""
    hint = asked.slots.date if asked.slots else None
    assert hint is not None
    if not hint.relative or hint.weekday or hint.day != asked.today:
        return hint.day
    try:
        zone, _ = parse_tz(tz)
    except ValueError:
        return hint.day
    there = asked.query_time.astimezone(zone).date() + (hint.day - asked.today)
    if there < hint.day and datetime.combine(there, at, tzinfo=zone) < asked.query_time:
        return hint.day   # the zone's own today has passed that time: the one to come is on the asker's day
    return there


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
        if args.after_minutes:   # a trip's length, counted on UTC (over a clock change too): the arrival on both clocks
            source = (source.astimezone(timezone.utc) + timedelta(minutes=args.after_minutes)).astimezone(src_zone)
    target = source.astimezone(dst_zone)
    repeated, skipped = _folds(source, dst_zone, args) if args.time and not args.after_minutes else (None, None)
    second = offset_label(source.replace(fold=1)) if repeated is not None else None
    diff = (target.utcoffset() or timedelta(0)) - (source.utcoffset() or timedelta(0))
    minutes = int(diff.total_seconds() // 60)
    sign = "+" if minutes >= 0 else "-"
    return TimeConversion(source=_side(source, args.from_tz, args.from_place),
                          target=_side(target, args.to_tz, args.to_place),
                          difference=f"{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}",
                          day_shift=(target.date() - source.date()).days, given_time=bool(args.time),
                          after_minutes=args.after_minutes if args.time else None, repeated=repeated,
                          repeated_offset=second, skipped=skipped)


def _folds(source: datetime, dst_zone: tzinfo, args: TimeConvertArgs) -> tuple[ZoneTime | None, ZoneTime | None]:
    """Return (the target of the given clock time's second reading when the clocks go back over it, the source's clock
    at the moment it was read as when they jump forward over it), each None otherwise: either way the answer says
    what it assumed rather than pass one reading off as the only one (01:30 on the night the clocks go back)."""
    second = source.replace(fold=1)
    if second.utcoffset() == source.utcoffset():
        return None, None
    shown = source.astimezone(timezone.utc).astimezone(source.tzinfo)
    if shown.replace(tzinfo=None) != source.replace(tzinfo=None):   # no such clock time: the gap of a jump forward
        return None, _side(shown, args.from_tz, args.from_place)
    return _side(second.astimezone(dst_zone), args.to_tz, args.to_place), None


async def execute(ctx: ToolContext, arguments: TimeConvertArgs, _backend: str | None,
                  query_time: datetime | None) -> ToolRun[TimeConversion]:
    """Return the conversion at the moment asked (or the time it gives); a zone may be named by a place ("東京")."""
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
    key = "span_hm" if hh and mm else "span_m" if mm else "span_h"   # "15 min", not "0.25 h"
    hours = t(lang, f"time_convert.{key}", h=hh, m=mm)
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
    if result.after_minutes:   # "after 12 h of travel, the arrival: …"
        hours, minutes = divmod(result.after_minutes, 60)
        head = t(lang, "time_convert.arrival", hours=hours, minutes=f"{minutes:02d}") + head
    # "when do I land in London?" with no flight length: the departure on both clocks, said to be no arrival
    unknown_trip = "" if result.after_minutes or not result.given_time or asked.signals is None \
        or not asked.signals.trip_arrival or not departure_only(asked.query) else t(lang, "time_convert.no_trip_length")
    unknown_trip += _also_names(asked.query, (src, dst), lang) + _fold_note(result, lang)
    if result.difference in ("+00:00", "-00:00"):
        return Reply(headline=head + t(lang, "time_convert.same") + unknown_trip)
    who = dst.place or t(lang, "time_convert.here")
    base = src.place or t(lang, "time_convert.here")
    tail = t(lang, "time_convert.difference", dst=who, amount=_offset_words(result.difference, base, lang))
    lead = len(tail) - len(tail.lstrip())
    return Reply(headline=head + tail[:lead] + tail[lead:lead + 1].upper() + tail[lead + 1:] + unknown_trip
                 + _change_line(result, arguments, lang, dated=bool(asked.slots and asked.slots.date)))


def _change_line(result: TimeConversion, arguments: TimeConvertArgs, lang: str, dated: bool) -> str:
    """Return the line saying how the gap asked now, or of a clock time given with no day (taken as today's: said so),
    changes soon ("From Sun 7 Nov (New York's clocks change), …"), "" for a day's clock time or a gap that holds."""
    if result.given_time and dated:
        return ""
    change = gap_change(result.source.tz, result.target.tz, parse_query_time(arguments.query_time,
                                                                              parse_tz(result.source.tz)[0]))
    if change is None:
        return ""
    here = t(lang, "time_convert.here")
    side = result.target if change.target_changes else result.source
    def said(d: date) -> str:
        return f"{d.month}月{d.day}日" if lang == "zh" else f"{d:%a} {d.day} {d:%b}"

    day, taken = said(change.day), said(date.fromisoformat(result.source.date))
    amount = _offset_words(change.difference, result.source.place or here, lang) if change.difference not in (
        "+00:00", "-00:00") else t(lang, "time_convert.same_after", src=result.source.place or here)
    return t(lang, "time_convert.change_given" if result.given_time else "time_convert.change", day=day,
             place=side.place or here, dst=result.target.place or here, amount=amount, taken=taken)


def _fold_note(result: TimeConversion, lang: str) -> str:
    """Return the line saying the given time comes twice (both readings) or never (the one taken) on the source's
    clock that day, else ""."""
    src = result.source
    place = src.place or t(lang, "time_convert.here")
    if result.repeated is not None:
        other = result.repeated
        return t(lang, "time_convert.repeated", time=src.time, place=place, offset=src.utc_offset,
                 other_offset=result.repeated_offset, other_time=other.time,
                 dst=other.place or t(lang, "time_convert.here"))
    if result.skipped is not None:
        return t(lang, "time_convert.skipped", time=src.time, place=place, shown=result.skipped.time,
                 offset=result.skipped.utc_offset)
    return ""


def _asked(heard: Heard) -> Plan | None:
    """A time difference or conversion ("台北和倫敦差幾小時", "9 pm in Taipei is what time in LA",
    "21:00 UTC in Taipei time"), with no tide, sun, SST or weather word unless a clock time is written with
    its zone and another zone ("hw st malo is 14:30 french time, what's that uk time")."""
    s = heard.signals
    if s.zone_conversion:
        return Plan("mcp_tools", "time.convert", PlanArgs(), "time_convert")
    if s.tide or s.astro or s.sst or s.weather or s.clock_idea:   # "does 2:30am happen twice …": the rule, no clock
        return None
    if s.why and s.clock_gap and not s.clock:   # "why is Chatham 45 minutes ahead of NZ": the zones' reason, explained
        return None
    if (s.clock_compared or (s.clock_gap or s.time_convert) and heard.slots.place) and s.time_now and not s.clock:
        return None   # "Phoenix time now? same as LA?", "gap with London? time there now?": the clock now, the other beside
    if s.time_now and heard.slots.now and heard.slots.has_location and s.clock and s.clock_theirs \
            and not s.zone_conversion:
        # "what time is it in Auckland now, I land at 6am their time": the clock there now is asked, the clock time
        # given only why (its conversion follows as a part of the answer)
        return None
    if s.time_there and not (s.time_convert or s.when_asked or s.time_now or s.zone_word):
        return None   # "has Kiritimati hit midnight yet?": the clock there now, not midnight converted
    if s.time_convert or (s.clock and (s.time or s.when or s.zone_word or s.trip_arrival or s.convert_bare)) \
            or s.convert_bare and (s.zone_word or s.clock_gap or s.time):
        return Plan("mcp_tools", "time.convert", PlanArgs(), "time_convert")
    return None


TOOL: Tool[TimeConvertArgs, TimeConversion] = Tool(
    name="time.convert", args=TimeConvertArgs, result=TimeConversion, backend="clock", description=DESCRIPTION,
    source="local clock (IANA tz database)", colour=0x8E24AA,
    normalize=normalize, execute=execute, render=render, needs_location=False, two_places=True, dated_by_clock=True,
    steps=(PlanStep(60, _asked),),
)


def _also_names(query: str, found: tuple[ZoneTime, ZoneTime], lang: str) -> str:
    """Return the line saying a zone abbreviation read as one zone names another's clock too (PST: US Pacific, or the
    Philippines'), for each such abbreviation written in capitals as a side's name; "" for none."""
    from core.understand.zone_words import zones_also   # the zone words' table

    return "".join(t(lang, "time_convert.also", word=s.place, zone=s.tz, other=other) for s in found
                   if s.place and s.place in query and (other := zones_also(s.place, lang)))
