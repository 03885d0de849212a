"""The Chinese lunar calendar as days: lunar to Gregorian and back, and the next day of a lunar date.

Computed locally by ``lunardate`` (its table covers 1900-2099), imported on first use; nothing downloads.
"""
from __future__ import annotations

from datetime import date, timedelta
from typing import Any, NamedTuple


def lunar_to_solar(year: int, month: int, day: int, leap: bool = False) -> date | None:
    """Return the Gregorian day of lunar ``year``-``month``-``day`` (None outside 1900-2099 or no such day)."""
    from lunardate import LunarDate  # imported on first use

    try:
        return LunarDate(year, month, day, leap).to_solar_date()
    except ValueError:
        if day == 30:  # a short month: its 30th is said for its last day (除夕 of a 29-day 臘月)
            return lunar_to_solar(year, month, 29, leap)
        return None


def solar_to_lunar(day: date) -> Any:
    """Return the LunarDate of ``day``, or None outside the lunar table (1900-2099)."""
    from lunardate import LunarDate

    if not date(1900, 3, 1) <= day <= date(2099, 12, 31):
        return None
    return LunarDate.from_solar_date(day.year, day.month, day.day)


class LunarDay(NamedTuple):
    """A day of the Chinese lunar calendar: its month (1-12), day (1-30) and whether the month is a leap one (閏)."""

    month: int
    day: int
    leap: bool = False


def lunar_day(day: date) -> LunarDay | None:
    """Return the lunar month and day of Gregorian ``day`` (the place's local day), None outside 1900-2099."""
    lunar = solar_to_lunar(day)
    return None if lunar is None else LunarDay(lunar.month, lunar.day, bool(lunar.isLeapMonth))


def next_lunar(month: int | None, day: int, today: date) -> date | None:
    """Return the next Gregorian day on/after ``today`` that is lunar ``month``/``day`` (any month when None)."""
    now = solar_to_lunar(today)
    if now is None:
        return None
    if month is None:
        found = lunar_to_solar(now.year, now.month, day, now.isLeapMonth)
        if found is not None and found >= today:
            return found
        nxt = solar_to_lunar(today + timedelta(days=31 - now.day))  # a day early in the next lunar month
        return None if nxt is None else lunar_to_solar(nxt.year, nxt.month, day, nxt.isLeapMonth)
    for year in (now.year, now.year + 1):
        found = lunar_to_solar(year, month, day)
        if found is not None and found >= today:
            return found
    return None
