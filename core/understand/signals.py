"""Keyword signals of a question (seed 001 §3.3): pure functions over text, patterns as data.

`detect_signals` only reports what the text contains; the decision lives in `core.decide.plan`.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

from core.data import DATA_DIR, read_yaml

_DATA = DATA_DIR / "keywords.yaml"
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


@dataclass(frozen=True)
class Signals:
    """Which intent words a question contains (one field per group of core/data/keywords.yaml).

    `explain` is any explanation word, `conceptual` only those that ask about an idea ("why",
    "what is a", 為什麼); `when` a data-asking word ("when", 幾點, 多少); `clock` a clock time
    ("9 pm", 晚上9點); greeting … off_topic are small talk and topics outside the bot; `compare`
    asks which place is the most … (also sets `conceptual`); `currents` names ocean currents;
    `tide_chart` asks for the tide as a curve, `week` for a whole week.
    """

    tide: bool = False
    astro: bool = False
    sst: bool = False
    sst_weak: bool = False
    weather: bool = False
    time: bool = False
    sea_state: bool = False
    explain: bool = False
    nearest: bool = False
    moon_phase: bool = False
    conceptual: bool = False
    when: bool = False
    time_convert: bool = False
    clock: bool = False
    greeting: bool = False
    thanks: bool = False
    about_bot: bool = False
    help: bool = False
    off_topic: bool = False
    compare: bool = False
    currents: bool = False
    tide_chart: bool = False
    week: bool = False

    @property
    def data(self) -> bool:
        """True when the question names something the bot looks up (tide, sun/moon, SST, weather, time …)."""
        return (self.tide or self.astro or self.moon_phase or self.sst or self.weather or self.time
                or self.sea_state or self.time_convert)


def is_cjk(text: str) -> bool:
    """Return True when the text contains any CJK character (the zh-TW reply rule of seed 001 §5.2)."""
    return bool(_CJK.search(text))


@functools.cache
def _table() -> dict[str, dict]:
    return read_yaml(_DATA)


@functools.cache
def _pattern(group: str) -> re.Pattern[str]:
    """The group's words as one case-insensitive regex: the reference matcher."""
    spec = _table()[group]
    if "pattern" in spec:
        return re.compile(spec["pattern"], re.IGNORECASE)
    words = sorted(spec["words"], key=len, reverse=True)
    parts = []
    for w in words:
        esc = re.escape(w).replace(r"\ ", r"\s+")
        # English words need boundaries ("rain" must not fire inside "terrain"); CJK has none.
        parts.append(esc if is_cjk(w) else rf"(?<![A-Za-z]){esc}(?![A-Za-z])")
    return re.compile("|".join(parts), re.IGNORECASE)


# Non-ASCII characters that a case-insensitive regex treats as ASCII letters (İ ı ſ K), or
# that lower() turns into ASCII letters; a text holding one takes the reference path.
_CASE_TRAPS = re.compile("[\u0130\u0131\u017f\u212a]")


def _plain(word: str) -> bool:
    """True when lower() is all the case folding ``word`` needs (ASCII or caseless characters)."""
    return all(ch.isascii() or ch.lower() == ch == ch.upper() for ch in word)


@functools.cache
def _fast_pattern(group: str) -> re.Pattern[str] | None:
    """The same words for text already lower-cased, without IGNORECASE, or None when not possible.

    Every alternative starts with a literal character, and an English word's left boundary is
    checked just after its first character (``t(?<![a-z].)ide``), so the regex engine scans for
    the possible first characters at C speed instead of trying every word at every position.
    """
    spec = _table()[group]
    if "pattern" in spec:
        return re.compile(spec["pattern"])   # written for lower-cased text
    words = sorted(spec["words"], key=len, reverse=True)
    if not all(_plain(w) and w.strip() == w and w for w in words):
        return None
    parts = []
    for w in words:
        low = w.lower()
        first, rest = re.escape(low[0]), re.escape(low[1:]).replace(r"\ ", r"\s+")
        parts.append(first + rest if is_cjk(w) else rf"{first}(?<![a-z].){rest}(?![a-z])")
    return re.compile("|".join(parts))


@functools.cache
def _tide_excludes() -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    """(single_char, exclude words in order, those of them without single_char)."""
    spec = _table()["tide"]
    excludes = tuple(spec["exclude"])
    return spec["single_char"], excludes, tuple(w for w in excludes if spec["single_char"] not in w)


def _has(group: str, text: str) -> bool:
    return _pattern(group).search(text) is not None


def _tide_cleaned(text: str) -> str:
    """``text`` without the exclude words (潮州, 潮濕 ...), removed in their listed order."""
    char, excludes, without_char = _tide_excludes()
    # Words holding 潮 are no-ops on a text without 潮, and removing the others cannot add one.
    for word in excludes if char in text else without_char:
        text = text.replace(word, "")
    return text


def _has_tide(text: str) -> bool:
    cleaned = _tide_cleaned(text)
    return _has("tide", cleaned) or _tide_excludes()[0] in cleaned


# Signals fields after `tide`, in order; `explain` is the `explain` words or the `conceptual` ones.
_GROUPS = ("astro", "sst", "sst_weak", "weather", "time", "sea_state", "explain", "nearest", "moon_phase",
           "conceptual", "when", "time_convert", "clock", "greeting", "thanks", "about_bot", "help", "off_topic", "compare", "currents",
           "tide_chart", "week")
_CONCEPTUAL = _GROUPS.index("conceptual")
_EXPLAIN = _GROUPS.index("explain")
_COMPARE = _GROUPS.index("compare")


def _signals(tide: bool, found: list[bool]) -> Signals:
    """Return the Signals of the `_GROUPS` results (a conceptual word is an explanation word too,
    and so is comparing places: 哪裡的潮差最大)."""
    if found[_COMPARE]:
        found[_CONCEPTUAL] = True
    if found[_CONCEPTUAL]:
        found[_EXPLAIN] = True
    return Signals(tide, *found)


def detect_signals(text: str, *, masked_spans: tuple[tuple[int, int], ...] = ()) -> Signals:
    """Return the intent signals of `text`; characters inside `masked_spans` (place names) are ignored."""
    n = len(text)
    for start, end in masked_spans:
        start, end = max(0, start), min(n, end)
        if start < end:
            text = text[:start] + " " * (end - start) + text[end:]
    if _CASE_TRAPS.search(text) is None:
        fast = [_fast_pattern(g) for g in ("tide", *_GROUPS)]
        if None not in fast:
            # Lower-casing is exact here: no character folds to an ASCII letter but ASCII letters.
            cleaned = _tide_cleaned(text)
            tide = fast[0].search(cleaned.lower()) is not None or _tide_excludes()[0] in cleaned
            low = text.lower()
            return _signals(tide, [p.search(low) is not None for p in fast[1:]])  # type: ignore[union-attr]
    return _signals(_has_tide(text), [_has(g, text) for g in _GROUPS])
