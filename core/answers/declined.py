"""What a data question asks that the bot has no data for (waves, currents, a tsunami, water quality,
fish, underwater visibility …), declined in one line naming each, so every part of a question with
several is answered or declined: 「基隆明天的潮汐、浪高和海流」 gets the tides and
「浪高與海況、海流：目前沒有這些資料，…」. The kinds and their words are data
(`core/data/unavailable_data.yaml`, both languages)."""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from core.data import DATA_DIR, read_yaml
from core.words.strings import t

if TYPE_CHECKING:
    from core.understand.signals import Signals


@dataclass(frozen=True)
class Unavailable:
    """One kind of data the bot has none of: its words, its name and where to look instead, per language."""

    key: str
    cjk: tuple[str, ...]
    english: re.Pattern[str]
    name: dict[str, str]
    see: dict[str, str]
    # Words that are this kind only beside another (能見度 beside 潛水): the weather's fog elsewhere.
    bare: tuple[tuple[str, ...], re.Pattern[str] | None] = ((), None)
    beside: tuple[tuple[str, ...], re.Pattern[str] | None] = ((), None)

    def beside_asked(self, text: str) -> bool:
        """Return True when `text` holds one of the words that make the `bare` ones this kind."""
        return _holds(text, self.beside)

    def bare_spans(self, text: str) -> list[tuple[int, int]]:
        """Return the spans of the `bare` words in `text` (lower-cased), where a `beside` word makes them this kind."""
        if not self.beside_asked(text):
            return []
        cjk, english = self.bare
        spans = [(m.start(), m.end()) for m in english.finditer(text)] if english else []
        for word in cjk:
            at = text.find(word)
            while at >= 0:
                spans.append((at, at + len(word)))
                at = text.find(word, at + len(word))
        return spans


def _words(entry: dict | None) -> tuple[tuple[str, ...], re.Pattern[str] | None]:
    """Return an entry's CJK words and its English ones as one whole-word pattern (None without any)."""
    entry = entry or {}
    english = entry.get("en") or ()
    pattern = re.compile(rf"\b(?:{'|'.join(english)})\b", re.IGNORECASE) if english else None
    return tuple(entry.get("cjk") or ()), pattern


def _holds(text: str, words: tuple[tuple[str, ...], re.Pattern[str] | None]) -> bool:
    cjk, english = words
    return any(word in text for word in cjk) or bool(english and english.search(text))


@functools.cache
def _kinds() -> tuple[Unavailable, ...]:
    raw = read_yaml(DATA_DIR / "unavailable_data.yaml")
    return tuple(Unavailable(key, tuple(entry.get("cjk") or ()),
                             re.compile(rf"\b(?:{'|'.join(entry['en'])})\b", re.IGNORECASE),
                             entry["name"], entry["see"], _words(entry.get("bare")), _words(entry.get("beside")))
                 for key, entry in raw.items())


def asked_unavailable(query: str, leave_out: frozenset[str] = frozenset()) -> list[Unavailable]:
    """Return the kinds without data that `query` asks about, in the data file's order (those whose
    key is in `leave_out`, already said otherwise, left out)."""
    text = query or ""
    return [kind for kind in _kinds() if kind.key not in leave_out
            and (any(word in text for word in kind.cjk) or kind.english.search(text)
                 or bool(kind.bare_spans(text.lower())))]


def declined_line(kinds: list[Unavailable], lang: str) -> str:
    """Return the one line declining `kinds` in `lang` (each named once, where to look said once), "" for none."""
    if not kinds:
        return ""
    key = "zh" if lang == "zh" else "en"
    sep = t(lang, "declined.sep")
    names = sep.join(kind.name[key] for kind in kinds)
    see = sep.join(dict.fromkeys(kind.see[key] for kind in kinds))
    line = t(lang, "declined.one" if len(kinds) == 1 else "declined.many", names=names, see=see)
    return line[:1].upper() + line[1:]


# The keyword groups that choose a tool: a word of theirs inside a phrase naming data the bot lacks
# (能見度 in 水下能見度, "visibility" in "dive visibility") asks for that data, not the tool's.
_TOOL_GROUPS = ("weather", "tide", "sst", "astro", "time")


@functools.cache
def _phrases() -> tuple[str, ...]:
    """Return the phrases naming data the bot lacks that hold a tool's word without being it
    (水下能見度, "dive visibility"), lower-cased: the only ones that can mislead the tool's choice."""
    from core.understand.signals import group_words

    own = {w.lower() for g in _TOOL_GROUPS for w in group_words(g)}
    raw = read_yaml(DATA_DIR / "unavailable_data.yaml")
    phrases = {str(w).lower() for entry in raw.values() for w in (*(entry.get("cjk") or ()), *entry["en"])}
    plain = (p for p in phrases if "(" not in p and "\\" not in p)   # a pattern entry (current(?!...)) is no phrase
    return tuple(sorted((p for p in plain if p not in own and any(w in p for w in own)), key=len, reverse=True))


@functools.cache
def _any_span_word() -> re.Pattern[str]:
    """Return one pattern matching wherever `_spans` could find something: a `beside` word of a kind
    (without one no `bare` word counts) or one of `_phrases()`. Most questions hold none: one search
    instead of a test per kind and phrase."""
    words = [*_phrases(), *(word for kind in _kinds() for word in kind.beside[0])]
    patterns = [kind.beside[1].pattern for kind in _kinds() if kind.beside[1] is not None]
    # The first characters as a lookahead: at most places of a question no alternative is tried at all.
    first = re.escape("".join(sorted({word[0] for word in words}))) + ("a-z" if patterns else "")
    alternatives = "|".join([*map(re.escape, words), *patterns])
    return re.compile(rf"(?=[{first}])(?:{alternatives})" if first else "(?!)", re.IGNORECASE)


def _spans(query: str) -> tuple[tuple[int, int], ...]:
    """Return the spans of `query` holding one of `_phrases()` (empty for most questions: one search)."""
    low = query.lower()
    if len(low) != len(query):   # a character whose lower case is longer: no span can be trusted
        return ()
    if not _any_span_word().search(low):
        return ()
    out = [span for kind in _kinds() for span in kind.bare_spans(low)]
    for phrase in _phrases():
        at = low.find(phrase)
        while at >= 0:
            out.append((at, at + len(phrase)))
            at = low.find(phrase, at + len(phrase))
    return tuple(out)


def without_missing_data(signals: "Signals", query: str, masked: tuple[tuple[int, int], ...]) -> "Signals":
    """Return `signals` with a tool's group taken out when its only words lie inside a phrase naming
    data the bot lacks (the question then asks for that data: `no_such_data`); unchanged otherwise."""
    # A phrase that is itself a tool's word ("uv" is the weather's too) keeps that tool: the rest is declined beside it.
    lacking = _spans(query)
    from core.understand.signals import Signals, detect_signals

    if lacking and not any(signals[g] for g in _TOOL_GROUPS) and not signals["no_such_data"] \
            and any(kind.bare_spans(query.lower()) for kind in _kinds()):
        return Signals.of(set(signals.on) | {"no_such_data"})   # "how's the vis for diving": no tool's word at all
    if not lacking or not any(signals[g] for g in _TOOL_GROUPS):
        return signals

    bare = detect_signals(query, masked_spans=(*masked, *lacking))
    lost = {g for g in _TOOL_GROUPS if signals[g] and not bare[g]}
    if not lost:
        return signals
    return Signals.of((set(signals.on) - lost) | {"no_such_data"})


# A pure function of the text and the masked spans (Signals are read-only), never of the moment
# asked: the same question asked again skips the keyword scans.
@functools.lru_cache(maxsize=4096)
def signals_read(query: str, masked: tuple[tuple[int, int], ...]) -> tuple["Signals", tuple[str, ...]]:
    """Return the signals of `query` read outside the `masked` spans, a group whose only words name
    data the bot lacks taken out (`without_missing_data`), and the names of the groups on."""
    from core.understand.signals import detect_signals

    signals = without_missing_data(detect_signals(query, masked_spans=masked), query, masked)
    return signals, signals.on
