"""Day words in the languages travellers write in Europe: German, Dutch, French, Spanish, Portuguese,
Italian — today and tomorrow ("morgen", "demain", "mañana", "amanhã"), weekdays ("Samstag",
"zaterdag", "sábado"), weekends and weeks ("Wochenende", "la semaine prochaine").

The words are in ``abroad`` of ``core/data/day_words.yaml``. They are found as whole words of Latin
letters, accented ones among them ("morgen" is not read inside "übermorgen"), the longest phrase
first ("heute Morgen" is this morning, not tomorrow; "guten Morgen" is a greeting and no day), and
read into the same ``Found`` records as the English words, in the same tier (dates.py).
"""
from __future__ import annotations

import functools
import re
from datetime import timedelta
from datetime import date
from typing import Iterator, NamedTuple

from core.understand.compile_on_first_use import lazy_compile
from core.understand.dates_ranges import week, weekend
from core.understand.dates_words import Found, Gates, table, weekday_in_week

# A Latin letter, accented ones among them: a word is found only between two non-letters.
LATIN = "a-zA-Zß-öø-ɏḀ-ỿÀ-ÖØ-Þ"


class _Word(NamedTuple):
    """What one word says: its kind (relative, weekdays, weekends, weeks, or none) and its numbers."""

    kind: str
    value: int
    days: int = 1


def key(word: str) -> str:
    """Return a word as the table keeps it: lower-cased, one space between words, ’ written '."""
    return " ".join(word.lower().replace("\u2019", "'").split())


@functools.cache
def _words() -> dict[str, _Word]:
    """Return every day word of the table with what it says."""
    abroad = table("abroad")
    out: dict[str, _Word] = {}
    for word, value in abroad["relative"].items():
        if value is None:
            out[key(word)] = _Word("none", 0)
        elif isinstance(value, list):
            out[key(word)] = _Word("relative", int(value[0]), int(value[1]))
        else:
            out[key(word)] = _Word("relative", int(value))
    for kind in ("weekdays", "weekends", "weeks"):
        out.update((key(word), _Word(kind, int(value))) for word, value in abroad[kind].items())
    return out


def _source() -> str:
    words = sorted(_words(), key=len, reverse=True)
    body = "|".join(re.escape(w).replace(r"\ ", r"\s+").replace("'", "['\u2019]") for w in words)
    return rf"(?<![{LATIN}])(?:{body})(?![{LATIN}])"


_PATTERN = lazy_compile(_source(), re.IGNORECASE)


def abroad_days(text: str, today: date, gates: Gates) -> Iterator[Found]:
    """Yield each day word of another language in ``text`` as a ``Found`` (a greeting such as
    "guten Morgen" yields nothing, and hides the "Morgen" in it)."""
    if gates.low is None:   # every word holds an ASCII letter
        return
    for m in _PATTERN.finditer(text):
        word = _words().get(key(m[0]))
        if word is None or word.kind == "none":
            continue
        if word.kind == "relative":
            yield Found(today + timedelta(days=word.value), False, True, m.span(), word.days)
        elif word.kind == "weekdays":
            yield Found(weekday_in_week(today, word.value, None), False, True, m.span(), weekday=True)
        else:
            first, days = weekend(today, word.value) if word.kind == "weekends" else week(today, word.value)
            yield Found(first, False, True, m.span(), days)
