"""A count of days written in a language's own counting words before "later" or "earlier" (Korean 이틀 뒤, 사흘 후,
일주일 뒤, 2주 후; Japanese kana ふつか後, みっかご), read as the Han count the offset parser reads (二日後, 一週後,
2週後), one character for one so every span found stays valid. The words are ``native_day_counts`` in
``core/data/day_words.yaml``."""
from __future__ import annotations

import re
from collections.abc import Iterable

from core.understand.compile_on_first_use import lazy_compile
from core.understand.dates_words import table

_TABLE = table("native_day_counts")
_WORDS: dict[str, str] = {str(k): str(v) for k, v in _TABLE["words"].items()}
_DIGIT_UNITS: dict[str, str] = {str(k): str(v) for k, v in _TABLE["digit_units"].items()}
_AFTER: dict[str, str] = {str(k): str(v) for k, v in _TABLE["after"].items()}
_BEFORE: dict[str, str] = {str(k): str(v) for k, v in _TABLE["before"].items()}
_BEFORE_UNITS: list[str] = [str(u) for u in _TABLE["before_units"]]


def _alternation(words: Iterable[str]) -> str:
    """Return a regex alternation of ``words``, the longest first (여드레 before a shorter word it starts with)."""
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


# Not after a Hangul syllable or a kana (대보름 뒤 is no count; 이틀 is a word of its own), then the count, an optional
# blank and the word saying later or earlier.
_COUNT = lazy_compile(rf"(?<![\uac00-\ud7a3\u3040-\u30ff])(?:(?P<word>{_alternation(_WORDS)})|(?P<digits>\d{{1,2}})"
                      rf"(?P<unit>{_alternation(_DIGIT_UNITS)}))\s?(?P<after>{_alternation(_AFTER)})")
# 再過三天 (in three days): the word before, the count, its unit, and no 後/前 of its own after it
_COUNT_AFTER_WORD = lazy_compile(rf"(?P<before>{_alternation(_BEFORE)})\s?(?P<count>\d{{1,3}}|[一二兩两三四五六七八九十]{{1,3}})"
                                 rf"\s?(?P<unit>{_alternation(_BEFORE_UNITS)})(?![之以]?[後后前])")
# the characters one of the counts starts with: most questions hold none and skip the scan
_STARTS = frozenset(w[0] for w in _WORDS) | frozenset(_DIGIT_UNITS)
_BEFORE_STARTS = frozenset(w[0] for w in _BEFORE)


def _as_han(match: re.Match[str]) -> str:
    """Return the Han count for ``match`` padded with blanks to its length (the text itself when it would not fit)."""
    written = match[0]
    if match["word"]:
        han = _WORDS[match["word"]] + _AFTER[match["after"]]
    else:
        han = match["digits"] + _DIGIT_UNITS[match["unit"]] + _AFTER[match["after"]]
    return han + " " * (len(written) - len(han)) if len(han) <= len(written) else written


def _count_first(match: re.Match[str]) -> str:
    """Return the count written after its word (再過三天) as the count then 後 (三天後 ), padded to its length."""
    han = match["count"] + match["unit"] + _BEFORE[match["before"]]
    return han + " " * (len(match[0]) - len(han)) if len(han) <= len(match[0]) else match[0]


def fold_native_counts(text: str) -> str:
    """Return ``text`` with each native count of days before later/earlier (이틀 뒤) as its Han count (二日後 ), and
    each Chinese count after the word saying later (再過三天) as the count then 後 (三天後 )."""
    if not _STARTS.isdisjoint(text):
        text = _COUNT.sub(_as_han, text)
    if not _BEFORE_STARTS.isdisjoint(text):
        text = _COUNT_AFTER_WORD.sub(_count_first, text)
    return text
