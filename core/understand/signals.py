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


#: The parsers a keyword group may name: `clock` is the one clock-time parser.
_PARSERS: dict[str, Any] = {"clock_times": _ParserSearch(has_clock)}


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
    return all(ch.isascii() or ch.lower() == ch == ch.upper() for ch in word)


class _Split:
    """A word group matched in two parts: the plain words by a pattern for lower-cased text, the
    others ("el niño") by a small case-insensitive pattern over the text as written. A regex
    alternation matches when one of its words does, so the two searches together say what the
    group's one reference pattern says, without compiling that (large, case-folded) pattern."""

    def __init__(self, fast: re.Pattern[str], rest: re.Pattern[str]) -> None:
        self.fast, self.rest = fast, rest

    def found(self, low: str, text: str) -> bool:
        return self.fast.search(low) is not None or self.rest.search(text) is not None


def _fast_words(words: list[str]) -> str:
    parts = []
    for w in words:
        low = w.lower()
        first, rest = re.escape(low[0]), re.escape(low[1:]).replace(r"\ ", r"\s+")
        parts.append(first + rest if is_cjk(w) else rf"{first}(?<![a-z].){rest}(?![a-z])")
    return "|".join(parts)


def _reference_words(words: list[str]) -> str:
    parts = []
    for w in words:
        esc = re.escape(w).replace(r"\ ", r"\s+")
        # English words need boundaries ("rain" must not fire inside "terrain"); CJK has none.
        parts.append(esc if is_cjk(w) else rf"(?<![A-Za-z]){esc}(?![A-Za-z])")
    return "|".join(parts)


@functools.cache
def _fast_pattern(group: str) -> Any:
    """The same words for text already lower-cased, without IGNORECASE (a `_Split` when some words
    need case folding beyond lower()).

    Every alternative starts with a literal character, and an English word's left boundary is
    checked just after its first character (``t(?<![a-z].)ide``), so the regex engine scans for
    the possible first characters at C speed instead of trying every word at every position.
    """
    spec = _table()[group]
    if "parser" in spec:
        return _PARSERS[spec["parser"]]
    if "pattern" in spec:
        return re.compile(spec["pattern"])   # written for lower-cased text
    words = sorted(spec["words"], key=len, reverse=True)
    plain = [w for w in words if _plain(w) and w.strip() == w and w]
    if len(plain) == len(words):
        return re.compile(_fast_words(plain))
    others = [w for w in words if w not in plain]
    return _Split(re.compile(_fast_words(plain) or "(?!)"), re.compile(_reference_words(others), re.IGNORECASE))


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


def _found(group: str, text: str, fast: Any) -> bool:
    """True when ``text`` holds a word of ``group`` (``fast``: its `_fast_pattern`, or None for the reference pattern)."""
    if group in _excluding():
        text = _cleaned(group, text)
        char = _excluding()[group][0]
        if char and char in text:
            return True
    if fast is None:
        return _has(group, text)
    if isinstance(fast, _Split):
        return fast.found(text.lower(), text)
    return fast.search(text.lower()) is not None


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
        excluding = _excluding()
        found = []
        for g in names:
            p = _fast_pattern(g)
            if g in excluding:
                hit = _found(g, text, p)
            elif isinstance(p, _Split):
                hit = p.found(low, text)
            else:
                hit = p.search(low) is not None
            if hit:
                found.append(g)
        return _signals(found)
    return _signals(g for g in names if _found(g, text, None))
