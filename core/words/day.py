"""A day as people write it in a sentence: 「11月27日」, "Nov 27"."""
from __future__ import annotations

from datetime import date

from core.words.strings import t, table


def month_day(day: date | str, lang: str, this_year: int | None = None) -> str:
    """Return `day` (a date or YYYY-MM-DD) as a short month and day in `lang`, with its year when
    that is not `this_year` (given); the text as given when it is not a date."""
    try:
        when = day if isinstance(day, date) else date.fromisoformat(str(day)[:10])
    except ValueError:
        return str(day)
    key = "month_day_year" if this_year is not None and when.year != this_year else "month_day"
    return t(lang, key, y=when.year, m=when.month, d=when.day, mon=table(lang, "months")[when.month - 1])
