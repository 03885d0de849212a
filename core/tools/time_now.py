"""`time.now`: the local time, date, weekday, UTC offset and zone of a place, point or zone."""
from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING

from core.decide.locate import point_args
from core.decide.plan_record import Heard, Plan, PlanArgs
from core.reply import Footer, Reply
from core.tools.base import PlanStep, Tool, ToolContext, ToolRun
from core.tools.clock import TimeNow, TimeNowArgs, time_now
from core.tools.clock_compared import compared_line, compared_places, gap_asked_place, place_name
from core.words.local_time import asked_day_line, later_line, named_day_line, render_time
from core.understand.clock_times import words as clock_words
from core.understand.dates_abroad import is_now_word
from core.understand.from_now import minutes_from_now
from metocean.errors import ToolFailure

if TYPE_CHECKING:
    from datetime import date, datetime

    from core.understand.dates import DateHint

    from core.asked import Asked
    from core.understand.slots import Slots

DESCRIPTION = ("Current local time, date, weekday, UTC offset and IANA zone for a zone (tz), a point "
               "(longitude, latitude) or a place name (place: its own zone when neither is given).")


def _place_zone(name: str) -> str | None:
    """Return the IANA zone of the gazetteer place `name` ("Lisbon", "里斯本"), or None when unknown."""
    from core.understand.places import find_place

    place = find_place(name, prefer_coastal=False, home="")
    return place.tz if place is not None and place.tz else None


def normalize(raw: PlanArgs, asked: "Asked") -> TimeNowArgs:
    """Return the call's arguments (the model; ValidationError when they do not fit it): the named place's zone, else the point, else the asker's zone."""
    place = asked.slots.place if asked.slots else None
    if (pair := compared_places(asked)) is not None:   # "Bali? beda sama Jakarta": Bali's clock, Jakarta's compared
        place = pair[0]
    elif (gapped := gap_asked_place(asked)) is not None:   # 「東京跟台北差幾小時？東京現在幾點？」: Tokyo's clock
        place = gapped
    later = minutes_from_now(asked.query)   # "what time will it be in 4 hours": the clock then
    if place:
        return TimeNowArgs(tz=place.tz, place=place.name_en, after_minutes=later)
    out: dict[str, object] = raw.model_dump(include={"longitude", "latitude", "place"}, exclude_none=True)
    out["after_minutes"] = later
    if raw.longitude is None:
        named = _place_zone(raw.place) if raw.place and not raw.tz else None
        out["tz"] = raw.tz or named or _written_zone(asked.query) or asked.tz
    return TimeNowArgs.model_validate({k: v for k, v in out.items() if v is not None})


def _written_zone(query: str) -> str | None:
    """Return the zone a zone word names (「現在美西幾點」, "what time is it in EST"), None when none or
    only the asker's own (這裡) is written."""
    from core.understand.zone_words import HERE, zone_mentions

    zones = {m.tz for m in zone_mentions(query) if m.tz != HERE}
    return zones.pop() if len(zones) == 1 else None


def with_zone(arguments: TimeNowArgs) -> TimeNowArgs:
    """Return the arguments with `tz` set to the place's own zone when only a place names where;
    ToolFailure NOT_FOUND when the gazetteer does not know it (never another zone under its name)."""
    place = arguments.place
    if not place or arguments.tz or arguments.longitude is not None or arguments.latitude is not None:
        return arguments
    zone = _place_zone(place)
    if zone is None:
        raise ToolFailure("NOT_FOUND", f"unknown place: {place[:80]} (give tz, or longitude and latitude)")
    return arguments.model_copy(update={"tz": zone})


async def execute(ctx: ToolContext, arguments: TimeNowArgs, _backend: str | None,
                  query_time: "datetime | None") -> ToolRun[TimeNow]:
    """Return the time at the moment the question was asked, as the adapter stamped it, in the zone
    of the tz, the point, or the place named (in that order), else the default zone."""
    return ToolRun(time_now(with_zone(arguments), now=query_time, default_tz=ctx.settings.odbchat_default_tz))


def render(result: TimeNow, arguments: TimeNowArgs, asked: "Asked") -> Reply:
    """Return "<place> is HH:MM on <weekday>, <date> (<zone>)" in the reply language."""
    pair = compared_places(asked)
    shown_place = pair[0] if pair is not None else gap_asked_place(asked)   # the clock asked of two places named
    label = place_name(shown_place, asked.lang) if shown_place is not None else asked.place_label()
    footer = Footer(place=label or result.place or None, tz=result.tz or None)
    shown = result.model_copy(update={"place": label}) if label else result
    headline = render_time(shown, lang=asked.lang)
    if result.after_minutes:   # "in 4 hours": the clock then, the clock now beside it (and a change of clocks between)
        return Reply(headline=later_line(result, asked.lang), lines=[], footer=footer)
    hint = asked.slots.date if asked.slots else None
    lines = []
    yet = asked.signals is not None and asked.signals.time_there
    word = asked.query[hint.span[0]:hint.span[1]] if hint is not None else ""
    if yet and hint is not None and not hint.unrecognised and result.date and not is_now_word(word):
        # "Is it Saturday / New Year there yet?": the day asked, counted on the place's own date ("abhi": now, no day)
        lines.append(asked_day_line(result, word, _asked_day_there(hint, asked, result), asked.lang))
    elif asked.signals is not None and (asked.signals.day_asked or asked.signals.when_asked or asked.signals.clock_rule) \
            and named_day(hint) and result.date:   # "do we lose an hour": the clock change's day
        # "what date is Easter": the day's date leads, the clock now after it (not "it is Saturday" alone)
        assert hint is not None
        word = asked.query[hint.span[0]:hint.span[1]]
        return Reply(headline=named_day_line(result, word, hint.day, asked.lang), lines=[headline], footer=footer)
    if pair is not None and result.iso:   # "… same as LA?": how LA's clock stands
        lines.append(compared_line(result, pair[1], asked))
    return Reply(headline=headline, lines=lines, footer=footer)


def named_day(hint: "DateHint | None") -> bool:
    """Return whether ``hint`` is a day named as is (Easter, 中秋節, Dec 25), not counted from today."""
    return hint is not None and hint.explicit and not hint.relative and not hint.unrecognised


def _asked_day_there(hint: "DateHint", asked: "Asked", result: TimeNow) -> "date":
    """Return the asked day on the place's own calendar: a day word counted from the asker's today
    within the week (Saturday) is that weekday's next one there (on Saturday there, today); a day counted
    from the asker's today ("tonight", 明天) is the asker's date (already past where the place is a day ahead)."""
    from datetime import date

    there = date.fromisoformat(result.date)
    if hint.festival and hint.day > there:   # "is it still Christmas in LA" on the 26th: the one just gone by
        return _latest_festival(asked, hint, there)
    if not hint.relative or not hint.weekday or not 0 <= (hint.day - asked.today).days < 7:
        return hint.day
    before = asked.query[:hint.span[0]].lower()
    if any(word in before for word in clock_words()["still_words"]):   # "is it still Wednesday there": the last one
        return there - timedelta(days=(there.weekday() - hint.day.weekday()) % 7)
    return there + timedelta(days=(hint.day.weekday() - there.weekday()) % 7)


# A festival gone by this recently is the one asked of ("is it still Christmas in LA", "Christmas over in London?",
# 「聖誕節過了嗎」 on the 27th); older, the next one is meant.
_LAST_FESTIVAL_DAYS = 14


def _latest_festival(asked: "Asked", hint: "DateHint", there: "date") -> "date":
    """Return the festival's day gone by on the place's calendar within the last days, else the one to come."""
    from core.understand.dates import parse_date

    back = parse_date(asked.query, asked.query_time - timedelta(days=_LAST_FESTIVAL_DAYS))
    return back.day if back is not None and back.festival == hint.festival and back.day <= there else hint.day


def _asked(heard: Heard) -> Plan | None:
    """A time word: the time at the named place (its own zone), the point, else the asker's."""
    # "Japan time now": a place written as a zone is a time question too, and so is a zone word
    # with "now" or "current" ("UTC now?", "current UTC time"): the clock there, not a passage.
    # "what date is Easter", 「中秋節是幾月幾號」: a named day's date is the calendar's answer, said with the clock
    s = heard.signals
    if not (s.time or (s.zone_word and (heard.slots.place is not None or heard.slots.now))
            or (s.day_asked or s.when_asked or s.clock_rule) and named_day(heard.slots.date)
            # 「クリスマスイブ 那覇の月の出 何時？」: when the moon rises that day, not when the day is
            and not s.sea_or_sky):
        return None
    args = point_args(heard.slots) or PlanArgs()
    if heard.slots.place:
        args.place = heard.slots.place.key
    return Plan("mcp_tools", "time.now", args, "time_keywords")


def locate(slots: "Slots", reason: str) -> Plan:
    """Return the time at the slots' point or place, else in the asker's zone."""
    return Plan("mcp_tools", "time.now", point_args(slots) or PlanArgs(), reason)


TOOL: Tool[TimeNowArgs, TimeNow] = Tool(
    name="time.now", args=TimeNowArgs, result=TimeNow, backend="clock", description=DESCRIPTION,
    source="local clock (IANA tz database)", colour=0x8E24AA,
    normalize=normalize, execute=execute, render=render, needs_location=False,
    steps=(PlanStep(130, _asked),), locate=locate,
)
