"""Keyword signals of a question: pure functions over text, patterns as data.

`detect_signals` only reports what the text contains; the decision lives in `core.decide.plan`.
"""
from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from core.data import DATA_DIR, read_yaml
from core.understand.clock_times import has_clock
from core.understand.word_scan import WordScan, scannable
from core.understand.zone_words import names_zone

_DATA = DATA_DIR / "keywords.yaml"
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


class Signals(Mapping[str, bool]):
    """Which keyword groups of core/data/keywords.yaml a question contains, by group name.

    `signals.tide` or `signals["tide"]` is True when the question has a word of the `tide`
    group; a name that is no group raises (a typo is an error, not a silent False). A group
    may `imply` others (`compare` → `conceptual` → `explain`). A new group is a new entry in
    keywords.yaml, nothing here.
    """

    # The plan rules read ~15 groups a question: each group is a class attribute (False) that a
    # found group shadows with True in the instance's dict, so reading one is a plain attribute
    # lookup; a name that is no group misses both and reaches __getattr__, which raises.
    __slots__ = ("_on", "__dict__")
    _on: frozenset[str]
    _installed = False

    def __init__(self, on: Iterable[str] = ()) -> None:
        found = frozenset(on)
        unknown = found.difference(_group_set())
        if unknown:
            raise ValueError(f"no keyword group named {sorted(unknown)} in keywords.yaml")
        if not Signals._installed:
            _install_groups()
        object.__setattr__(self, "_on", found)
        self.__dict__.update(dict.fromkeys(found, True))

    def __getattr__(self, name: str) -> bool:
        raise AttributeError(f"no keyword group named {name!r} in keywords.yaml")

    def __getitem__(self, name: str) -> bool:
        if name not in _group_set():
            raise KeyError(name)
        return name in self._on

    def __iter__(self) -> Iterator[str]:
        return iter(group_names())

    def __len__(self) -> int:
        return len(group_names())

    def __hash__(self) -> int:
        return hash(self._on)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Signals are read-only")

    def __repr__(self) -> str:
        return f"Signals({', '.join(self.on)})"

    @property
    def on(self) -> tuple[str, ...]:
        """Return the names of the groups found, in keywords.yaml order."""
        return tuple(name for name in group_names() if name in self._on)

    @property
    def data(self) -> bool:
        """True when the question names something the bot looks up (tide, sun/moon, SST, weather, time …)."""
        return (self.tide or self.astro or self.moon_phase or self.sst or self.weather or self.time
                or self.sea_state or self.time_convert)


def _install_groups() -> None:
    """Give Signals one class attribute per keyword group, False (see Signals)."""
    for name in group_names():
        if name.startswith("_") or (hasattr(Signals, name) and getattr(Signals, name) is not False):
            raise ValueError(f"keyword group name {name!r} clashes with a Signals attribute")
        setattr(Signals, name, False)
    Signals._installed = True


def is_cjk(text: str) -> bool:
    """Return True when the text contains any CJK character (the zh-TW reply rule)."""
    return bool(_CJK.search(text))


@functools.cache
def _table() -> dict[str, dict]:
    return read_yaml(_DATA)


class _ParserSearch:
    """A group read by a parser instead of words (`parser:` in keywords.yaml), behind the `search`
    the word groups' patterns offer."""

    def __init__(self, found: Any) -> None:
        self._found = found

    def search(self, text: str) -> bool | None:
        return True if self._found(text) else None


#: The parsers a keyword group may name: `clock` is the one clock-time parser, `zone_named` the
#: zones written as words (EST, 日本時間).
_PARSERS: dict[str, Any] = {"clock_times": _ParserSearch(has_clock), "zone_words": _ParserSearch(names_zone)}


@functools.cache
def _pattern(group: str) -> re.Pattern[str]:
    """The group's words as one case-insensitive regex: the reference matcher."""
    spec = _table()[group]
    if "parser" in spec:
        return _PARSERS[spec["parser"]]  # type: ignore[no-any-return]
    if "pattern" in spec:
        return re.compile(spec["pattern"], re.IGNORECASE)
    return re.compile(_reference_words(sorted(spec["words"], key=len, reverse=True)), re.IGNORECASE)


# Non-ASCII characters that a case-insensitive regex treats as ASCII letters (İ ı ſ K), or
# that lower() turns into ASCII letters; a text holding one takes the reference path.
_CASE_TRAPS = re.compile("[\u0130\u0131\u017f\u212a]")


def _plain(word: str) -> bool:
    """True when lower() is all the case folding ``word`` needs (ASCII or caseless characters)."""
    return word.isascii() or all(ch.isascii() or ch.lower() == ch == ch.upper() for ch in word)


def _reference_words(words: list[str]) -> str:
    parts = []
    for w in words:
        esc = re.escape(w).replace(r"\ ", r"\s+")
        # English words need boundaries ("rain" must not fire inside "terrain"); CJK has none.
        parts.append(esc if is_cjk(w) else rf"(?<![A-Za-z]){esc}(?![A-Za-z])")
    return "|".join(parts)


def _scanned_word(word: str) -> bool:
    """True when a word is found by the scan: lower() is all its case folding, its spaces single."""
    return _plain(word) and scannable(word)


@functools.cache
def _scanner() -> WordScan:
    """Every word group's scanned words, lower-cased, for one scan of a question (see word_scan.py)."""
    return WordScan({name: [w.lower() for w in _table()[name]["words"] if _scanned_word(w)]
                     for name in group_names() if "words" in _table()[name]}, cjk=is_cjk)


@functools.cache
def _rest(group: str) -> re.Pattern[str] | None:
    """The group's words the scan does not take ("el niño", whose case folding is more than
    lower()) as a small case-insensitive regex over the text as written; None when there are none.
    A group is found when one of its words is, so scan and rest together say what its reference
    pattern says."""
    others = [w for w in _table()[group]["words"] if not _scanned_word(w)]
    return re.compile(_reference_words(sorted(others, key=len, reverse=True)), re.IGNORECASE) if others else None


@functools.cache
def _fast_pattern(group: str) -> Any:
    """A `pattern` group's regex (written for lower-cased text) or a `parser` group's parser; None
    for a group of words, which the scan finds."""
    spec = _table()[group]
    if "parser" in spec:
        return _PARSERS[spec["parser"]]
    if "pattern" in spec:
        return re.compile(spec["pattern"])
    return None


@functools.cache
def group_names() -> tuple[str, ...]:
    """Return the keyword groups of core/data/keywords.yaml (entries with `words`, a `pattern` or a
    `parser`), in file order."""
    return tuple(name for name, spec in _table().items()
                 if isinstance(spec, dict) and ("words" in spec or "pattern" in spec or "parser" in spec))


@functools.cache
def _group_set() -> frozenset[str]:
    return frozenset(group_names())


@functools.cache
def _implied() -> dict[str, frozenset[str]]:
    """Each group's `implies`, followed to the end (compare → conceptual → explain)."""
    direct = {name: tuple(_table()[name].get("implies", ())) for name in group_names()}
    out: dict[str, frozenset[str]] = {}
    for name in direct:
        seen: set[str] = set()
        todo = list(direct[name])
        while todo:
            other = todo.pop()
            if other not in seen:
                seen.add(other)
                todo.extend(direct[other])
        out[name] = frozenset(seen)
    return out


@functools.cache
def _excluding() -> dict[str, tuple[str, tuple[str, ...], tuple[str, ...]]]:
    """Groups with `exclude` words: (single_char, exclude words in order, those without single_char)."""
    out = {}
    for name in group_names():
        spec = _table()[name]
        if "exclude" in spec:
            char, excludes = spec.get("single_char", ""), tuple(spec["exclude"])
            out[name] = (char, excludes, tuple(w for w in excludes if not char or char not in w))
    return out


def _has(group: str, text: str) -> bool:
    return _pattern(group).search(text) is not None


def _cleaned(group: str, text: str) -> str:
    """``text`` without the group's exclude words (潮州, 潮濕 ...), removed in their listed order."""
    char, excludes, without_char = _excluding()[group]
    # Words holding 潮 are no-ops on a text without 潮, and removing the others cannot add one.
    for word in excludes if (char and char in text) else without_char:
        text = text.replace(word, "")
    return text


@functools.cache
def _kinds() -> tuple[frozenset[str], tuple[str, ...]]:
    """Return (the word groups the scan alone decides, the others: patterns, parsers, groups with
    exclude words or with words the scan does not take)."""
    simple = frozenset(g for g in group_names()
                       if _fast_pattern(g) is None and _rest(g) is None and g not in _excluding())
    return simple, tuple(g for g in group_names() if g not in simple)


def _hit(group: str, low: str, text: str, scanned: set[str]) -> bool:
    """True when `text` (`low`: lower-cased) holds a word of `group`; `scanned`: the scan's groups."""
    fast = _fast_pattern(group)
    if fast is not None:
        return fast.search(low) is not None
    rest = _rest(group)
    return group in scanned or (rest is not None and rest.search(text) is not None)


def _found(group: str, text: str, low: str, scanned: set[str]) -> bool:
    """True when `text` holds a word of an excluding `group` once its exclude words are removed
    (`low`, `scanned`: the lower-cased text and its scan, reused when no exclude word is in it)."""
    cleaned = _cleaned(group, text)
    char = _excluding()[group][0]
    if char and char in cleaned:
        return True
    if cleaned != text:
        low = cleaned.lower()
        scanned = _scanner().scan(low, only=group) if _fast_pattern(group) is None else set()
    return _hit(group, low, cleaned, scanned)


def _found_reference(group: str, text: str) -> bool:
    """`_found`'s answer by the group's reference pattern (texts with case traps)."""
    if group in _excluding():
        text = _cleaned(group, text)
        char = _excluding()[group][0]
        if char and char in text:
            return True
    return _has(group, text)


def _signals(found: Iterable[str]) -> Signals:
    """Return the Signals of the groups found, with the groups they imply."""
    on = set(found)
    for name in list(on):
        on |= _implied()[name]
    return Signals(on)


def detect_signals(text: str, *, masked_spans: tuple[tuple[int, int], ...] = ()) -> Signals:
    """Return the intent signals of `text`; characters inside `masked_spans` (place names) are ignored."""
    n = len(text)
    for start, end in masked_spans:
        start, end = max(0, start), min(n, end)
        if start < end:
            text = text[:start] + " " * (end - start) + text[end:]
    names = group_names()
    if _CASE_TRAPS.search(text) is None:
        # Lower-casing is exact here: no character folds to an ASCII letter but ASCII letters.
        low = text.lower()
        scanned = _scanner().scan(low)
        simple, special = _kinds()
        on = [g for g in special if (_found(g, text, low, scanned) if g in _excluding()
                                     else _hit(g, low, text, scanned))]
        return _signals(scanned.intersection(simple).union(on))
    return _signals(g for g in names if _found_reference(g, text))


@functools.cache
def cjk_words() -> tuple[frozenset[str], tuple[int, ...]]:
    """Return every CJK word of the word groups, and their lengths (longest first): the words that
    say what a question asks, for checking which of its words a place name may be."""
    words = frozenset(w for name in group_names() for w in _table()[name].get("words", ()) if is_cjk(w))
    return words, tuple(sorted({len(w) for w in words}, reverse=True))


@functools.cache
def english_words() -> frozenset[str]:
    """Return every English word of the word groups, lower-cased."""
    return frozenset(w.lower() for name in group_names() for w in _table()[name].get("words", ()) if not is_cjk(w))


def group_words(group: str) -> tuple[str, ...]:
    """Return the words of one word group of keywords.yaml (none for a pattern or parser group)."""
    return tuple(str(w) for w in _table()[group].get("words", ()))
