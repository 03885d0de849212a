"""A clock asked some hours from now ("what time will it be in 4 hours", "in 4 Stunden", "tra un'ora e mezza",
"3 hours from now", "wenn ich jetzt 4 Stunden schlafe", 「4小時後幾點」): the minutes counted on from the moment asked.

The words are ``from_now`` in ``core/data/clock_words.yaml``: those before the count ("in", "nach", "tra", "daqui
a"), after it ("from now", 後, 후) or a sleep or a wait after it ("4 Stunden schlafe"), the count's words ("an",
"un'", "zwei") and its half ("and a half", "e mezza"). Hours that are a gap between clocks ("4 hours later there",
"8 hours behind") name no such moment: no "later" nor "behind" is among the words.
"""
from __future__ import annotations

import functools
import re
from typing import Any

from core.data import DATA_DIR, read_yaml
from core.understand.clock_times import alternation

_MAX_MINUTES = 24 * 60   # a day on at most: further is a date's question, not the clock's


@functools.cache
def _words() -> dict[str, Any]:
    return dict(read_yaml(DATA_DIR / "clock_words.yaml")["from_now"])


def _alt(key: str) -> str:
    return alternation([str(w) for w in _words()[key]])


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """Return the patterns of a count of hours or minutes said from now: after its words, and before them."""
    counts = "|".join(re.escape(str(w)) for w in sorted(_words()["counts"], key=len, reverse=True))
    amount = (rf"(?P<n>\d{{1,2}}(?:[.,]5)?|{counts})\s*(?:(?P<h>{_alt('hours')})|(?P<m>{_alt('minutes')}))"
              rf"(?:\s*(?P<half>{_alt('half')}))?")
    before = rf"(?:{_alt('before')})\s+{amount}"
    after = rf"(?<![A-Za-z]){amount}\s*(?:{_alt('after')}|{_alt('sleep')})"
    return re.compile(before, re.IGNORECASE), re.compile(after, re.IGNORECASE)


def _found(text: str) -> re.Match[str] | None:
    return next((found for pattern in _patterns() if (found := pattern.search(text)) is not None), None)


def from_now_spans(text: str) -> tuple[tuple[int, int], ...]:
    """Return the span of the count from now in ``text`` ("dans deux heures", 「4小時後」), none when there is none:
    words the question is explained by, not a name or a doubt."""
    m = _found(text)
    return ((m.start(), m.end()),) if m is not None else ()


def minutes_from_now(text: str) -> int | None:
    """Return the minutes from now a clock is asked at ("in 4 hours": 240), or None when no such count is written
    (or it is more than a day on)."""
    m = _found(text)
    if m is None:
        return None
    raw = m["n"].lower()
    counts = {str(k).lower(): float(v) for k, v in _words()["counts"].items()}
    n = float(raw.replace(",", ".")) if raw[0].isdigit() else counts.get(raw, 0.0)
    minutes = n * 60 if m["h"] else n
    minutes += 30 if m["half"] and m["h"] else 0
    return int(round(minutes)) if 0 < minutes <= _MAX_MINUTES else None
