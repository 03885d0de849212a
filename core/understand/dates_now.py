"""Whether a question asks about the present moment: 現在, 目前, now, right now, "current tide" (not
"Kuroshio current"). The words are in ``core/data/day_words.yaml`` (`now_words`, `current_before`).
"""
from __future__ import annotations

import functools
import re

from core.understand.compile_on_first_use import lazy_compile
from core.understand.coords import fold_width
from core.understand.dates_words import CASE_TRAPS as _CASE_TRAPS, LETTER as _LETTER, table

_NOW_WORDS = tuple(table("now_words"))   # 現在, 目前 …, Taiwanese Hokkien 這馬
_NOW_EN_WORDS = tuple(sorted(table("now_words_latin"), key=len, reverse=True))   # now, right now, rn, jetzt …
_NOW_EN = lazy_compile(rf"(?<![A-Za-z])(?:{'|'.join(map(re.escape, _NOW_EN_WORDS))})(?![A-Za-z])", re.IGNORECASE)
_NOW_EN_GATE = re.compile("|".join(map(re.escape, _NOW_EN_WORDS)))   # the words anywhere: the cheap test first
_NOW_ZH = lazy_compile("|".join(map(re.escape, _NOW_WORDS)))


def mentions_now(text: str) -> bool:
    """True when the text asks about the present moment (現在/目前/今天/now/current tide/today ...)."""
    return mentions_now_folded(fold_width(text))


@functools.lru_cache(maxsize=4096)   # a pure function of the text, not of the moment asked
def mentions_now_folded(work: str) -> bool:
    """Return ``mentions_now`` of text already folded by ``fold_width``."""
    if _NOW_ZH.search(work) is not None:
        return True
    if _LETTER.search(work) is None:
        return False
    if _CASE_TRAPS.search(work) is None and _NOW_EN_GATE.search(work.lower()) is None:
        return False
    return any(m[0].lower() != "current" or _current_means_now(work, m.start(), m.end())
               for m in _NOW_EN.finditer(work))


_CURRENT_BEFORE = frozenset(table("current_before"))
_CURRENT_NOT_BEFORE = frozenset(table("current_not_before"))
_WORD_BEFORE = lazy_compile(r"([A-Za-z']+)\s*$")
_WORD_AFTER = lazy_compile(r"\s+([A-Za-z]+)")


def _current_means_now(text: str, start: int, end: int) -> bool:
    """True when "current" qualifies a noun after it ("current tide"), not when it is the noun
    ("Kuroshio current", "the current", "ocean current speed")."""
    after = _WORD_AFTER.match(text, end)
    if after is None or after[1].lower() in _CURRENT_NOT_BEFORE:
        return False
    before = _WORD_BEFORE.search(text, 0, start)
    return before is None or before[1].lower() in _CURRENT_BEFORE
