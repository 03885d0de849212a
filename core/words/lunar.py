"""The lunar date (農曆) in words: beside the day's moon phase in zh, and as the answer's line when
the question asks it. The day is the place's local day; the calendar is `lunardate`'s, read once
in core/understand/dates_named.py (the same one the day-word parser resolves lunar festivals by)."""
from __future__ import annotations

from datetime import date

from core.understand.lunar_calendar import LunarDay, lunar_day
from core.words.strings import t, table


def lunar_words(lunar: LunarDay, lang: str) -> str:
    """Return a lunar day in words: 「十月十九」, 「閏六月初八」; "month 10, day 19", "leap month 6, day 8"."""
    return t(lang, "official.lunar", leap=t(lang, "official.leap") if lunar.leap else "",
             month=table(lang, "official.lunar_months")[lunar.month - 1],
             day=table(lang, "official.lunar_days")[lunar.day - 1])


def lunar_of(day: str | None) -> LunarDay | None:
    """Return the lunar day of an ISO date (YYYY-MM-DD), None when it does not read or lies outside the table."""
    try:
        return lunar_day(date.fromisoformat(day or ""))
    except ValueError:
        return None


def beside_phase(day: str | None, lang: str) -> str:
    """Return the words said right after the day's moon phase (「，農曆十月十九」 in zh), "" when none."""
    lunar = lunar_of(day)
    return t(lang, "lunar_date.beside", lunar=lunar_words(lunar, lang)) if lunar else ""


def lunar_line(day: str | None, today: str, lang: str) -> str | None:
    """Return the line answering "what lunar date is it": 「今天是農曆十月十九。」, or another day's
    「2026-11-28 是農曆十月二十。」; None when the day has no lunar date here."""
    lunar = lunar_of(day)
    if lunar is None:
        return None
    key = "lunar_date.today" if day == today else "lunar_date.on"
    return t(lang, key, day=day, lunar=lunar_words(lunar, lang))
