"""Keyword signals of a question: pure functions over text, patterns as data.

`detect_signals` only reports what the text contains; the decision lives in `core.decide.plan`.
"""
from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from typing import Any

from core.data import DATA_DIR, read_yaml, word_list
from core.understand.clock_times import has_clock
from core.understand.language import GLUED
from core.understand.signal_groups import Signals as Signals
from core.understand.signal_groups import check_fields
from core.understand.word_scan import WordScan, is_letter, single_spaced
from core.understand.zone_words import names_zone, writes_conversion

_DATA = DATA_DIR / "keywords.yaml"
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_THAI = GLUED   # Thai, Lao, Burmese, Khmer: words glued together as Chinese writes them


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
#: zones written as words (EST, 日本時間), `zone_conversion` a clock time with its zone and another zone.
_PARSERS: dict[str, Any] = {"clock_times": _ParserSearch(has_clock), "zone_words": _ParserSearch(names_zone),
                            "zone_conversion": _ParserSearch(writes_conversion)}


# Characters that lower() does not turn into the ASCII letter a case-insensitive reader takes
# them for (İ ı ſ K): folded first, so "ſunset" is "sunset" and an English word's boundaries
# stay ASCII letters.
_TRAPS = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"})
_TRAP = re.compile("[\u0130\u0131\u017f\u212a]")


# (s24) Greek's accents (tonos, dialytika): Greeks often type without them in chat ("ποσο κρυα ειναι η θαλασσα"), so
# both the keywords and the question are read without them (one letter for one: spans keep their places)
_GREEK_ACCENTS = str.maketrans("άέήίόύώΐΰϊϋ", "αεηιουωιυιυ")
_GREEK_ACCENT = re.compile("[άέήίόύώΐΰϊϋ]")


def fold(text: str) -> str:
    """Return `text` as the keyword groups are matched against it: lower-cased, İ ı ſ K as i i s k, Greek's final ς as σ
    (lower() writes ΆΝΕΜΟΣ's last letter as ς, or not, by its place in the word) and its accented vowels bare."""
    low = (text.translate(_TRAPS) if _TRAP.search(text) else text).lower()
    if _GREEK_ACCENT.search(low):
        low = low.translate(_GREEK_ACCENTS)
    return low.replace("ς", "σ") if "ς" in low else low


@functools.cache
def _matcher(group: str) -> Any:
    """A `pattern` group's regex (written for folded text) or a `parser` group's parser; None for a
    group of words, which the scan finds."""
    spec = _table()[group]
    if "parser" in spec:
        return _PARSERS[spec["parser"]]
    if "pattern" in spec:
        return re.compile(spec["pattern"])
    return None


def _words_of(spec: dict[str, Any]) -> tuple[str, ...]:
    """A group's words: its own (`words`), those travellers write in their languages (`abroad`) and a `together`
    group's lists."""
    together = (w for words in spec.get("together", ()) for w in words)
    return (*(str(w) for w in spec.get("words", ())), *(str(w) for w in spec.get("abroad", ())), *map(str, together))


@functools.cache
def _scanner() -> WordScan:
    """Every word group's words, folded, for one scan of a question (see word_scan.py); each list of a `together`
    group is scanned as a part of its own ("time_reached#0")."""
    groups = {name: [single_spaced(fold(w)) for w in _words_of(_table()[name])]
              for name in group_names() if "words" in _table()[name]}
    for name, lists in _together().items():
        groups.update((f"{name}#{i}", [single_spaced(fold(str(w))) for w in words]) for i, words in enumerate(lists))
        if "together_not" in _table()[name]:
            groups[f"{name}#not"] = [single_spaced(fold(str(w))) for w in _table()[name]["together_not"]]
    return WordScan(groups, cjk=is_cjk)


@functools.cache
def _together() -> dict[str, tuple[tuple[str, ...], ...]]:
    """Return the `together` groups: each holds when the question has a word of every one of its lists, in any order
    (a moment and a word of having reached it: "has Saturday started in Auckland yet")."""
    return {name: tuple(tuple(map(str, words)) for words in _table()[name]["together"])
            for name in group_names() if "together" in _table()[name]}


def _parts_met(scanned: set[str]) -> set[str]:
    """Return `scanned` without the `together` groups' parts, with the groups whose every part was found and none
    of whose `together_not` words (an event: "the Christmas parade begin", "the ferry already left") stands."""
    if not any("#" in g for g in scanned):
        return scanned
    met = {name for name, lists in _together().items() if all(f"{name}#{i}" in scanned for i in range(len(lists)))
           and f"{name}#not" not in scanned}
    return {g for g in scanned if "#" not in g} | met


@functools.cache
def group_names() -> tuple[str, ...]:
    """Return the keyword groups of core/data/keywords.yaml (entries with `words`, a `pattern` or a
    `parser`), in file order; raise ValueError when they are not Signals' fields."""
    names = tuple(name for name, spec in _table().items()
                  if isinstance(spec, dict) and ("words" in spec or "pattern" in spec or "parser" in spec or "together" in spec))
    check_fields(names)
    return names


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
    """Groups with `exclude` words: (single_char, exclude words in order, those without single_char), folded."""
    out = {}
    for name in group_names():
        spec = _table()[name]
        if "exclude" in spec:
            char, excludes = fold(spec.get("single_char", "")), tuple(fold(w) for w in spec["exclude"])
            out[name] = (char, excludes, tuple(w for w in excludes if not char or char not in w))
    return out


def _cleaned(group: str, low: str) -> str:
    """``low`` without the group's exclude words (潮州, 潮濕 ...), removed in their listed order."""
    char, excludes, without_char = _excluding()[group]
    # Words holding 潮 are no-ops on a text without 潮, and removing the others cannot add one.
    for word in excludes if (char and char in low) else without_char:
        low = low.replace(word, "")
    return low


@functools.cache
def _special() -> tuple[str, ...]:
    """The groups the scan alone does not decide: patterns, parsers, groups with exclude words."""
    return tuple(g for g in group_names() if _matcher(g) is not None or g in _excluding())


def _found(group: str, low: str, scanned: set[str]) -> bool:
    """True when folded `low` holds `group` (`scanned`: the scan's groups of `low`)."""
    if group in _excluding():
        cleaned = _cleaned(group, low)
        char = _excluding()[group][0]
        if char and char in cleaned:
            return True
        if cleaned != low:
            low = cleaned
            scanned = _scanner().scan(low, only=group) if _matcher(group) is None else set()
    matcher = _matcher(group)
    return matcher.search(low) is not None if matcher is not None else group in scanned


def _signals(found: Iterable[str]) -> Signals:
    """Return the Signals of the groups found, with the groups they imply."""
    on = set(found)
    for name in list(on):
        on |= _implied()[name]
    return Signals(**dict.fromkeys(on, True))   # group names all: they come from keywords.yaml


def detect_signals(text: str, *, masked_spans: tuple[tuple[int, int], ...] = ()) -> Signals:
    """Return the intent signals of `text`; characters inside `masked_spans` (place names) are ignored."""
    n = len(text)
    for start, end in masked_spans:
        start, end = max(0, start), min(n, end)
        if start < end:
            text = text[:start] + " " * (end - start) + text[end:]
    low = fold(text)
    scanned = _parts_met(_scanner().scan(low))
    special = _special()
    on = [g for g in special if _found(g, low, scanned)]
    return _signals(scanned.difference(special).union(on))


@functools.cache
def cjk_words() -> tuple[frozenset[str], tuple[int, ...]]:
    """Return every CJK word of the word groups, and their lengths (longest first): the words that
    say what a question asks, for checking which of its words a place name may be. Thai, written without spaces
    too, is read the same way (「พรุ่งนี้น้ำขึ้นกี่โมง」)."""
    words = frozenset(w for name in group_names() for w in _words_of(_table()[name]) if is_cjk(w) or _THAI.search(w))
    return words, tuple(sorted({len(w) for w in words}, reverse=True))


@functools.cache
def english_words() -> frozenset[str]:
    """Return every English word of the word groups, lower-cased."""
    return frozenset(w.lower() for name in group_names() for w in _words_of(_table()[name]) if not is_cjk(w))


def group_words(group: str) -> tuple[str, ...]:
    """Return the words of one word group of keywords.yaml, the travellers' words (`abroad`) among
    them (none for a pattern or parser group)."""
    return _words_of(_table()[group])


def abroad_words(group: str) -> frozenset[str]:
    """Return the words of one group that travellers write in their own languages (`abroad`), lower-cased."""
    return frozenset(str(w).lower() for w in _table()[group].get("abroad", ()))


@functools.cache
def _phrases_by_word() -> dict[str, tuple[str, ...]]:
    """Return each word of the groups' phrases of two words or more in Latin letters (folded) → those
    phrases, longest first."""
    out: dict[str, set[str]] = {}
    naming = _naming_phrases()   # a phrase naming where it is asked keeps its place ("the fremantle doctor")
    for name in group_names():
        for word in _words_of(_table()[name]):
            phrase = single_spaced(fold(word))
            if " " in phrase and not is_cjk(phrase) and phrase not in naming:
                for token in phrase.split():
                    out.setdefault(token, set()).add(phrase)
    return {token: tuple(sorted(phrases, key=len, reverse=True)) for token, phrases in out.items()}


@functools.cache
def _naming_phrases() -> frozenset[str]:
    """Return the keyword phrases that name the place they are asked at (understanding.yaml), folded."""
    return frozenset(single_spaced(fold(str(w))) for w in word_list("understanding.yaml", "phrases_naming_place"))


def names_its_place(words: str) -> bool:
    """Whether ``words`` (a place's span in the question) are a keyword phrase naming its place ("fremantle
    doctor": the wind at Fremantle): they are the place and still ask what the phrase asks."""
    return single_spaced(fold(words)).strip() in _naming_phrases()


def phrase_around(text: str, span: tuple[int, int]) -> tuple[int, int] | None:
    """Return the span of a keyword phrase of two words or more in Latin letters holding the words at
    `span` of `text` ("Luna llena" around "Luna", "Temperatura del Mar" around "Del Mar", "Pôr do Sol"
    itself), or None: words a place name found there only seems to be."""
    start, end = span
    low = fold(text)
    first = low[start:end].split()[:1]
    for phrase in _phrases_by_word().get(first[0], ()) if first else ():
        at = low.find(phrase, max(0, start - len(phrase)))
        while 0 <= at <= start:
            stop = at + len(phrase)
            whole = (at == 0 or not is_letter(low[at - 1])) and (stop >= len(low) or not is_letter(low[stop]))
            if whole and end <= stop:
                return at, stop
            at = low.find(phrase, at + 1)
    return None


def group_span(group: str, text: str) -> tuple[int, int] | None:
    """Return where a `pattern` group of keywords.yaml first matches `text` (folded as the groups read it), or None
    when it does not, or when the group is read by words or a parser rather than a pattern."""
    matcher = _matcher(group)
    found = matcher.search(fold(text)) if isinstance(matcher, re.Pattern) else None
    return found.span() if found else None
