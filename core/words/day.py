"""A day as people write it in a sentence: 「11月27日」, "Nov 27"."""
from __future__ import annotations

from datetime import date

from core.words.strings import t, table


def month_day(day: date | str, lang: str) -> str:
    """Return `day` (a date or YYYY-MM-DD) as a short month and day in `lang`; the text as given
    when it is not a date."""
    try:
        when = day if isinstance(day, date) else date.fromisoformat(str(day)[:10])
    except ValueError:
        return str(day)
    return t(lang, "month_day", m=when.month, d=when.day, mon=table(lang, "months")[when.month - 1])
