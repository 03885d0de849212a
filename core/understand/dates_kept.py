"""A named day as the place asked about keeps it: Labour Day at Bondi is New South Wales' October
Monday, Thanksgiving in Halifax is Canada's, the summer solstice in Sydney is December's, Easter in
Piraeus is the Orthodox one.

Whose calendar: the place's country, its division and its hemisphere; with no place, the asker's
zone's (its most populous place in the gazetteer). A festival of ``core/data/day_words.yaml`` says
how it differs by place: `names` (its English names in the ``holidays`` package's calendars: the
place's country and division decide when their calendar has it), `by_country` (a rule per country),
`south` (its rule in the southern hemisphere), `elsewhere` (its rule outside the country it is
`own` to: 父親節 asked of a place abroad); an Easter-based day is the Orthodox one in the countries
of `orthodox_easter`; the day the clocks change (`dst`) is the next change of the place's zone, from zoneinfo.
"""
from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any, NamedTuple
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from core.understand.dates_calendars import country_days, divisions, subdivision
from core.understand.dates_named import festival_by_id, festival_moment, next_festival
from core.understand.dates_words import KeptBy, table

_ORTHODOX: frozenset[str] = frozenset(table("orthodox_easter"))


class Kept(NamedTuple):
    """A named day as a place keeps it: the day, the instant it is named by (a solar term's), whose calendar."""

    day: date
    moment: datetime | None
    by: KeptBy


class Keeper(NamedTuple):
    """Where a named day is asked about: the country (ISO code), its division's name ("" when
    unknown) and whether it lies south of the equator."""

    country: str
    division: str = ""
    south: bool = False
    zone: str = ""   # the place's zone (else the asker's): whose clocks change


def kept_day(festival_id: str, keeper: Keeper, today: date, days: int = 1) -> Kept | None:
    """Return the next day on or after ``today`` that ``keeper`` keeps the festival on, with whose
    calendar placed it, when that differs from the festival's own date; else None (its one date stands,
    as it does for a range the festival only starts: ``days`` other than the festival's own)."""
    festival = festival_by_id(festival_id)
    if festival is None or days != int(festival.get("days", 1)):
        return None
    kept = _kept(festival, keeper, today)
    # the place keeps the day on its one date (Memorial Day on Cape Cod): nothing to say
    if kept is None or (not kept.by.divided and not kept.by.none and kept.by.other is None
                        and kept.day == next_festival(festival, today)):
        return None
    return kept


def _kept(festival: dict[str, Any], keeper: Keeper, today: date) -> Kept | None:
    """Return the festival's next day as ``keeper`` keeps it, or None when no rule of the place's applies."""
    if "dst" in festival and keeper.zone:
        changed = clock_change(keeper.zone, str(festival["dst"]), today)
        return Kept(changed or today, None, KeptBy(keeper.country, none=changed is None))
    rule: dict[str, Any] | None = festival.get("by_country", {}).get(keeper.country)
    if keeper.south and "south" in festival and rule is None:   # Australia's seasons begin on the 1st
        south = festival["south"]
        day = next_festival(south, today)
        return None if day is None else Kept(day, festival_moment(south, day), KeptBy(keeper.country, "", True))
    if keeper.south and "south_other" in festival and rule is None:   # 夏至 in Hobart: June's, December's said
        return _with_other(festival, keeper, today)
    if "names" in festival:
        found = _in_calendar(festival["names"], keeper, today)
        if found is not None:
            return found
    if rule is None and "elsewhere" in festival and keeper.country != festival.get("own"):
        rule = festival["elsewhere"]   # 父親節 asked of a place abroad: the usual Father's Day there
    if rule is None and "easter" in festival and keeper.country in _ORTHODOX:
        rule = {**festival, "orthodox": True}
    if rule is None:
        return None
    day = next_festival(rule, today)
    return None if day is None else Kept(day, festival_moment(rule, day), KeptBy(keeper.country))


def _with_other(festival: dict[str, Any], keeper: Keeper, today: date) -> Kept | None:
    """Return a solar term's own next day, with the day the southern hemisphere gives its name (the
    December solstice for 夏至) on the place's clock, or None when the ephemeris does not reach them."""
    day, other = next_festival(festival, today), next_festival(festival["south_other"], today)
    if day is None or other is None:
        return None
    moment = festival_moment(festival["south_other"], other)
    if moment is not None and keeper.zone:
        try:
            other = moment.astimezone(ZoneInfo(keeper.zone)).date()
        except (ZoneInfoNotFoundError, ValueError):
            pass
    return Kept(day, festival_moment(festival, day), KeptBy(keeper.country, other=other))


def _in_calendar(names: list[str], keeper: Keeper, today: date) -> Kept | None:
    """Return the next day on or after ``today`` that the keeper's country (and division) calendar
    gives one of ``names``, or None when it keeps none of them."""
    code = subdivision(keeper.country, keeper.division)
    for year in (today.year, today.year + 1):
        days = country_days(keeper.country, code, year)
        found = [days[name] for name in names if name in days and days[name] >= today]
        if found:
            national = country_days(keeper.country, "", year) if code else days
            # the division is named only when it decides (a state's Labour Day, not Christmas)
            division = keeper.division if code and not any(name in national for name in names) else ""
            return Kept(min(found), None, KeptBy(keeper.country, division))
    return None if code else _by_division(names, keeper.country, today)


def _by_division(names: list[str], country: str, today: date) -> Kept | None:
    """Return the day when every division of ``country`` that keeps one of ``names`` keeps it on the
    same next day, a Kept that says they differ (asked back: which state?) when they do not, else None."""
    days = set()
    for code in divisions(country):
        for year in (today.year, today.year + 1):
            found = [d for name in names if (d := country_days(country, code, year).get(name)) and d >= today]
            if found:
                days.add(min(found))
                break
    if not days:
        return None
    return Kept(min(days), None, KeptBy(country, "", False, divided=len(days) > 1))


def clock_change(zone: str, way: str, today: date) -> date | None:
    """Return the next day on or after ``today`` that the clocks of ``zone`` go back (`way` "back") or
    forward, from zoneinfo; None when they keep one offset for the coming year (Asia/Taipei)."""
    try:
        tz = ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError):
        return None

    def noon(day: date) -> timedelta | None:
        return datetime(day.year, day.month, day.day, 12, tzinfo=tz).utcoffset()

    for ahead in range(0, 370):   # the offset at noon differs from the day before's on the day of the change
        day = today + timedelta(days=ahead)
        before, after = noon(day - timedelta(days=1)), noon(day)
        if before is not None and after is not None and after != before and (after < before) == (way == "back"):
            return day
    return None
