"""A named day as the place asked about keeps it, and the days only the place's calendar names.

`kept_there` moves a named day of ``core/data/day_words.yaml`` to the day the place (else the asker's
zone) keeps it on (dates_kept.py). A question naming a holiday the festival table does not hold is read
in the calendars of the ``holidays`` package: the place's country's (and its division's), then the
asker's, in English and in the country's own language ("Respect for the Aged Day", 敬老の日, 한글날,
"Family Day" in Ontario), with "the day before" and "that weekend" around it (dates_around.py).
"""
from __future__ import annotations

import functools
import re
from dataclasses import replace
from datetime import date, datetime
from typing import NamedTuple

from core.understand.dates import DateHint
from core.understand.dates_around import around
from core.understand.dates_calendars import calendar_names, subdivision
from core.understand.dates_kept import Keeper, kept_day
from core.understand.dates_moved import moved_there
from core.understand.dates_named import festival_words, greeting, written_year
from core.understand.dates_words import Found, KeptBy, table
from core.understand.places import find_place_and_region
from core.understand.places_index import context, index
from core.understand.slots import Slots, home_country


def kept_there(text: str, slots: Slots, query_time: datetime, home: str | None) -> Slots:
    """Return `slots` with a named day moved to the day the place (else the asker's zone) keeps it
    on, where places differ: Father's Day at Bondi is September's, the summer solstice in Sydney December's;
    with no day understood, a holiday the place's (else the asker's) calendar names."""
    hint = slots.date
    # ... or a weekend read after such a holiday's name ("Rizal Day weekend"): the holiday's weekend
    after_day = hint is not None and hint.relative and _DAY_BEFORE.search(text, 0, hint.span[0]) is not None
    if hint is None or hint.unrecognised or after_day:
        found = _calendar_day(text, slots, home, query_time.date(), hint.span if hint and not after_day else (0, 0))
        if found is not None and (hint is None or not after_day or found.span[0] < hint.span[0] <= hint.span[1] <= found.span[1]):
            return _place_beside(text, replace(slots, date=found), found.span, home)
    if hint is not None and hint.weekday and not hint.festival:   # "Sabtu setelah Nyepi": the holiday's Saturday
        found = _calendar_day(text, slots, home, query_time.date(), (0, 0))
        if found is not None and found.span[0] <= hint.span[0] and hint.span[1] <= found.span[1]:
            return _place_beside(text, replace(slots, date=found), found.span, home)
    if hint is not None and (moved := moved_there(text, hint, _keeper(slots, home), query_time.date())) is not None:
        return replace(slots, date=moved)   # "sehari sebelum Hari Merdeka" at Port Dickson: Malaysia's 30 August
    if hint is None or not hint.festival or (hint.relative and not hint.unrecognised):   # Republic Day: the place's
        return slots
    year = written_year(text, hint.span)   # "Thanksgiving 2027 in Halifax": that year's, as the place keeps it
    today = query_time.date()
    kept = kept_day(hint.festival, _keeper(slots, home), max(today, date(year, 1, 1)) if year else today, hint.days)
    if kept is None:
        return slots
    return replace(slots, date=replace(hint, day=kept.day, moment=kept.moment, kept=kept.by, unrecognised=None,
                                       explicit=True, relative=False))   # its own instant


def _place_beside(text: str, slots: Slots, span: tuple[int, int], home: str | None) -> Slots:
    """Return `slots` with the place named beside the holiday when the one found is a word of the holiday's
    name ("Auckland Anniversary Day high tide at Piha": Piha); as they were when no other place is named."""
    place = slots.place
    if place is None or not (place.span[0] < span[1] and span[0] < place.span[1]):
        return slots
    other, region = find_place_and_region(text[:span[0]] + " " * (span[1] - span[0]) + text[span[1]:],
                                          home=home_country(home))
    return slots if other is None else replace(slots, place=other, region=region or slots.region)


def _keeper(slots: Slots, home: str | None) -> Keeper:
    """Return where a named day is asked about: the place's country, division and hemisphere; with no
    place, the asker's zone's most populous place's (a point asked says the hemisphere)."""
    place = slots.place
    if place is not None and place.country:   # a country named alone: no division of it (its capital's is not meant)
        return Keeper(place.country, "" if place.kind == "country" else place.admin, place.lat < 0, place.tz or "")
    keeper = _home_keeper(home)
    return keeper._replace(south=slots.point.lat < 0) if slots.point is not None else keeper


@functools.lru_cache(maxsize=64)
def _home_keeper(home: str | None) -> Keeper:
    """Return the asker's zone's keeper: its most populous place's country, division and hemisphere."""
    country = home_country(home)
    rec = index().zone_place(home) if home and "/" in home else None
    return Keeper(country, rec.admin if rec is not None and rec.cc == country else "", rec is not None and rec.lat < 0,
                  (home or "") if rec else "")


_SKIP: tuple[str, ...] = tuple(str(w).lower() for w in table("calendar_name_skip"))
_DAY_BEFORE = re.compile(r"[A-Z][\w'-]*\s+Day\s*$")   # a holiday's name just before a day word ("Rizal Day weekend")
_HEADS: tuple[str, ...] = tuple(str(w) for w in table("calendar_name_heads"))
_LATIN_EDGE = "A-Za-z\u00c0-\u024f"


class _Names(NamedTuple):
    """A calendar's holiday names the festival table does not hold: each way of writing one with the
    calendar's name for it ("st patrick's day": "saint patrick's day"), a pattern finding any of them (None
    when there are none), and the first letters of each, to skip the pattern when none is in a question."""

    spelt: dict[str, str]
    pattern: re.Pattern[str] | None
    needles: tuple[str, ...]


@functools.cache
def _names(country: str, subdiv: str, year: int) -> _Names:
    """Return the holiday names of the calendar this year and next that the festival finder does not read."""
    known = festival_words()
    names = {n for y in (year, year + 1) for n in calendar_names(country, subdiv, y, _SKIP) if len(n) >= 2}
    spelt = {n: n for n in names}
    spelt.update({short + n[len("saint "):]: n for n in names if n.startswith("saint ") for short in ("st ", "st. ")})
    for n in names:   # "Nyepi" for Hari Suci Nyepi: the name without the words saying "day", never a place's name
        head = next((h for h in _HEADS if n.startswith(h)), "")
        if head and len(rest := n[len(head):]) >= 5 and rest not in index().en and rest not in context().en:
            spelt.setdefault(rest, n)
    spelt = {written: name for written, name in spelt.items() if written not in known}
    if not spelt:
        return _Names(spelt, None, ())
    body = "|".join(re.escape(n) for n in sorted(spelt, key=len, reverse=True))
    return _Names(spelt, re.compile(rf"(?<![{_LATIN_EDGE}])(?:{body})(?![{_LATIN_EDGE}])", re.IGNORECASE),
                  tuple({n[:3] for n in spelt}))


def _calendar_day(text: str, slots: Slots, home: str | None, today: date, unread: tuple[int, int]) -> DateHint | None:
    """Return the day of a holiday the place's (else the asker's) calendar names in `text`, None when none is
    named, when it is said in a greeting, or when it lies inside the longer day word `unread` not understood
    ("Christmas holidays")."""
    keeper = _keeper(slots, home)
    said = text.replace("\u2019", "'")
    low = said.lower()
    for country in dict.fromkeys((keeper.country, home_country(home))):
        code = subdivision(country, keeper.division) if country == keeper.country else ""
        names = _names(country, code, today.year)
        if names.pattern is None or not any(needle in low for needle in names.needles):
            continue
        found = names.pattern.search(said)
        if found is not None and slots.place is not None and found.span() == slots.place.span:
            found = names.pattern.search(said, found.end())   # "… em Natal (no Natal)": the city's name is no holiday
        if found is None or greeting(text, *found.span()) or (
                unread[0] <= found.start() and found.end() <= unread[1] and found.span() != unread):
            continue
        year = written_year(text, (found.start(), min(len(text), found.end() + 6))) or today.year
        name = names.spelt.get(found[0].lower(), "")
        day = calendar_names(country, code, year, _SKIP).get(name)
        if day is None or day < today:
            day = calendar_names(country, code, year + 1, _SKIP).get(name)
        if day is None:
            continue
        moved = around(text, Found(day, True, False, found.span()))
        assert moved.day is not None
        return DateHint(moved.day, True, False, moved.span, moved.days, kept=KeptBy(country))
    return None
