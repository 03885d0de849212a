"""What a question was understood to say, said back: the question asked back when a doubt stops
an answer, and the one line saying what was assumed when one did not."""
from __future__ import annotations

from datetime import date, timedelta
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from core.decide.ambiguity import BY_ASKER_ZONE
from core.tools.catalog import CATALOG
from core.tools.tide_forecast import HOME_CITY
from core.tools.whose_clock import answer_clock, span_there
from core.understand.dates_words import KeptBy
from core.understand.places import Place, find_place
from core.understand.place_naming import country_name
from core.words.day import month_day
from core.words.strings import t
from core.words.tide_windows import windows_line

if TYPE_CHECKING:
    from core.asked import Asked


def ask_back_text(asked: "Asked") -> str:
    """Return the question asked back for the first doubt of the question's understanding."""
    understood, lang = asked.understood, asked.lang
    assert understood is not None and understood.doubts
    doubt = understood.doubts[0]
    place = asked.slots.place if asked.slots else None
    if doubt.kind == "place_piece" and place is not None:
        where = country_name(place.country or "TW", lang)
        written = asked.query[place.span[0]:place.span[1]] or asked.place_label()
        return t(lang, "ask_back.place_piece", word=doubt.word, found=written, where=where)
    if doubt.kind == "place_alias" and place is not None:
        where = country_name(place.country, lang)
        return t(lang, "ask_back.place_alias", word=doubt.word, where=where, name=asked.place_label())
    if doubt.kind == "place_far" and place is not None:   # found far away by a piece of its name ("cabo")
        return t(lang, "ask_back.place_far", word=doubt.word, where=country_name(place.country, lang),
                 name=asked.place_label())
    if doubt.kind == "place_other" and place is not None:
        return t(lang, "ask_back.place_other", other=doubt.word, word=asked.query[place.span[0]:place.span[1]],
                 name=asked.place_label(), where=country_name(place.country or "TW", lang))
    if doubt.kind == "day_beyond":   # found: the day's ISO date; the days the forecast reaches
        days = max((tool.horizon_days for tool in CATALOG.values()), default=0)   # the forecast's reach
        return t(lang, "ask_back.day_beyond", word=doubt.word, days=days, place=asked.place_label() or "-",
                 when=month_day(date.fromisoformat(doubt.found), lang, asked.today.year))
    if doubt.kind == "zone_shared":   # found: the zones the abbreviation may be
        return t(lang, "ask_back.zone_shared", word=doubt.word, zones=doubt.found)
    if doubt.kind == "clock_whose":
        return t(lang, "ask_back.clock_whose", word=doubt.word)
    if doubt.kind == "box_unclear":
        return t(lang, "ask_back.box_unclear", word=doubt.word)
    if doubt.kind == "place_unknown" and place is not None:
        return t(lang, "ask_back.place_unknown", word=doubt.word, name=asked.place_label())
    if doubt.kind == "where_unclear":
        return t(lang, "ask_back.where_unclear", words=doubt.word)
    if doubt.kind == "intent_unclear":
        if not asked.place_label():
            return t(lang, "ask_back.intent_unclear_nowhere", words=doubt.word)
        return t(lang, "ask_back.intent_unclear", place=asked.place_label(), words=doubt.word)
    if doubt.kept is not None and doubt.kept.divided:
        return t(lang, "ask_back.day_where", word=doubt.word, where=country_name(doubt.kept.country, lang))
    if doubt.kept is not None and doubt.kept.none:   # the day the clocks change, where they never do
        return t(lang, "ask_back.day_none", word=doubt.word, where=country_name(doubt.kept.country, lang))
    return t(lang, "ask_back.day_unknown", word=doubt.word)


def assumed_lines(asked: "Asked") -> list[str]:
    """Return one line per thing assumed in understanding the question and used by its plan (a typo
    read as a place, a named day's date), none when the bot asks back."""
    understood, plan = asked.understood, asked.plan
    if understood is None or plan is None or plan.mode != "mcp_tools":
        return []
    tool = CATALOG.get(plan.tool or "")
    # the clock tools answer for now, not a day; but a clock time converted on a named day, or a gap asked for it, is
    # that day's (Nov 7)
    dated = tool is not None and (tool.needs_location or tool.dated_by_clock and asked.slots is not None
                                  and asked.slots.date is not None)
    lines = []
    windows = asked.slots.windows if asked.slots else None
    if windows is not None and dated:   # the spring/neap days asked: every one in the span, said first
        clock = answer_clock(asked, plan.arguments.longitude, plan.arguments.latitude)
        lines.append(windows_line(windows.on(clock.tz), asked.lang, asked.today))
    elif dated and tool is not None and tool.per_day and (span := _span_said(asked)):
        lines.append(span)   # days answered one by one (today's says no date): the span's days said first
    for assumed in understood.assumed:
        if assumed.kind == "typo":
            lines.append(t(asked.lang, "assumed.typo", written=assumed.word, name=asked.place_label()))
        elif assumed.kind == "typo_word":
            lines.append(t(asked.lang, "assumed.typo", written=assumed.word, name=assumed.found))
        elif assumed.kind == "place_within":
            lines.append(t(asked.lang, "assumed.place_within", word=assumed.word, name=asked.place_label()))
        elif assumed.kind == "observed_latest":
            lines.append(t(asked.lang, "assumed.observed_latest", word=assumed.word))
        elif assumed.kind == "zone_shared_own":
            lines.append(t(asked.lang, "assumed.zone_shared_own", word=assumed.word))
        elif assumed.kind == "named_day" and dated and windows is None:
            lines.append(_named_day_line(asked, assumed.word, _named_day_there(asked) or assumed.found, assumed.kept))
    place = asked.slots.place if asked.slots is not None else None
    if place is not None and (plan.reason.endswith(BY_ASKER_ZONE) or place.by_home):
        lines.append(_taken_nearest(asked, place))
    elif place is not None and place.shared:   # Oban asked from New York: Scotland's, Stewart Island's there too
        lines.append(_taken_nearest(asked, place, "assumed.shared_name_known"))
    if plan.reason == HOME_CITY:
        lines.append(t(asked.lang, "assumed.home_city", city=_home_city(asked)))
    return lines


def _taken_nearest(asked: "Asked", place: Place, key: str = "assumed.shared_name") -> str:
    """Return the line saying which of the places sharing the name the asker's zone or country chose."""
    from core.answers.which_place import place_name, where   # the "which one?" words, for one place

    query = asked.query
    # a name found inside a run of Arabic letters may take the question mark after it (「في صور؟」): not the name's
    word = query[place.span[0]:place.span[1]].rstrip("?？؟!！.,،;؛") or place.name_en
    name = place_name(place, asked.lang)
    return t(asked.lang, key, word=word, name=name, where=where(place, asked.lang, name))


def _span_said(asked: "Asked") -> str:
    """Return the line naming the days a span word covers on the answer's calendar ("this week":
    Nov 27 to Nov 29), or "" when the question names no span of days counted from today."""
    hint, plan = asked.slots.date if asked.slots else None, asked.plan
    if hint is None or not hint.relative or hint.days < 2 or plan is None or asked.question.days:
        return ""
    first, count = span_there(asked, answer_clock(asked, plan.arguments.longitude, plan.arguments.latitude))
    if count < 2:
        return ""
    last = first + timedelta(days=max(count, hint.wanted) - 1)   # the whole span asked (未來二十天), cut later and said
    said = t(asked.lang, "assumed.day_range", first=month_day(first, asked.lang, asked.today.year),
             last=month_day(last, asked.lang, asked.today.year))
    return t(asked.lang, "assumed.named_day", word=asked.query[hint.span[0]:hint.span[1]].strip(), date=said)


def _named_day_line(asked: "Asked", word: str, day: str, kept: KeptBy | None) -> str:
    """Return the line saying a named day's date, and whose it is where places keep it on different
    dates (Labour Day as kept in New South Wales; the summer solstice of the southern hemisphere)."""
    date = _days_said(day, asked, word)
    if kept is None:
        return t(asked.lang, "assumed.named_day", word=word, date=date)
    if kept.south:
        return t(asked.lang, "assumed.named_day_south", word=word, date=date)
    if kept.other is not None:   # 夏至 asked in Hobart: the term's own day, and the southern one of that name
        return t(asked.lang, "assumed.named_day_north", word=word, date=date, other=month_day(kept.other, asked.lang))
    where = country_name(kept.country, asked.lang)
    if kept.division:
        where = t(asked.lang, "assumed.kept_division", division=kept.division, country=where)
    return t(asked.lang, "assumed.named_day_kept", word=word, date=date, where=where)


def _names_this_year(word: str) -> bool:
    return "今年" in word or "this year" in word.lower()


def _days_said(day: str, asked: "Asked", word: str = "") -> str:
    """Return the named day as a month and day, or its first and last day when it starts a range
    ("from Dragon Boat Festival to Sunday": Jun 9 – Jun 13)."""
    hint = asked.slots.date if asked.slots else None
    # 「今年尾牙」 asked in November is next January's: the year is said where the words name this one
    first = month_day(day, asked.lang, asked.today.year if _names_this_year(word) else None)
    if hint is None or hint.days < 2 or hint.day.isoformat() != day:
        return first
    return t(asked.lang, "assumed.day_range", first=first,
             last=month_day(hint.day + timedelta(days=hint.days - 1), asked.lang))


def _named_day_there(asked: "Asked") -> str | None:
    """Return the day a solar term falls on at the place asked about (its zone's), or None."""
    hint = asked.slots.date if asked.slots else None
    if hint is None or hint.moment is None:
        return None
    place = asked.slots.place if asked.slots else None
    try:
        zone = ZoneInfo(place.tz if place is not None and place.tz else asked.tz)
    except (ValueError, KeyError):
        return None
    return hint.moment.astimezone(zone).date().isoformat()


def _home_city(asked: "Asked") -> str:
    """Return the name of the asker's zone's home city ("Asia/Taipei" → 台北 / Taipei), else the zone."""
    city = asked.tz.rsplit("/", 1)[-1].replace("_", " ")
    place = find_place(city, prefer_coastal=False, home="") if "/" in asked.tz else None
    if place is None:
        return asked.tz
    return (place.name_zh or place.name_en) if asked.lang == "zh" else (place.name_en or place.name_zh)
