"""Day words written with a slip: "satuday", "wensday", "thrusday", "tomorow" (a Latin word nothing else
explains, near a day word by ``rapidfuzz``'s ratio), and a look-alike character where a day word is
written (星期曰 for 星期日, 明夭 for 明天, 週ㄧ with the bopomofo ㄧ for 週一). Read as the day word and
said back as assumed (``understood.read_question``), never left to become today without a word.

The words are in ``core/data/day_words.yaml`` (`slip_words`, `slip_not`, `lookalikes`).
"""
from __future__ import annotations

import functools
import re
from typing import Iterable

from core.understand.dates_words import table

Slip = tuple[int, str, str]   # (position, the word as written, the day word it is read as)


@functools.cache
def _words() -> tuple[dict[str, str], frozenset[str], frozenset[str]]:
    """Return the day words (lower-cased → as written), the words never read as one, and their first letters."""
    words = {str(w).lower(): str(w) for w in table("slip_words")}
    return words, frozenset(str(w).lower() for w in table("slip_not")), frozenset(w[0] for w in words)


def _latin(text: str, runs: Iterable[tuple[int, int, str]]) -> list[Slip]:
    """Return the left-over Latin words near a day word, as written, with the day word."""
    words, never, firsts = _words()
    shortest, ratio = int(table("slip_min_letters")), float(table("slip_ratio"))
    spelt: dict[str, str] = table("slip_spellings")
    lower_only = frozenset(str(w) for w in table("slip_lower_only"))
    found = [(at, text[at:at + len(word)], str(spelt[word])) for start, end, word in runs
             if word in spelt and (at := start + text[start:end].lower().find(word)) >= start
             and (word not in lower_only or text[at:at + len(word)] == word)]   # "Tom" is a name, "tom?" tomorrow
    candidates = [(start + text[start:end].lower().find(word), word) for start, end, word in runs
                  if len(word) >= shortest and word[0] in firsts and word.isalpha() and max(word) < "\u0250"   # Latin letters
                  and word not in never and word not in words and word not in spelt]
    if not candidates:
        return found
    from rapidfuzz import fuzz, process   # only for a word nothing else explains

    for start, word in candidates:
        near = process.extractOne(word, tuple(words), scorer=fuzz.ratio, score_cutoff=ratio)
        if near is not None and start >= 0:
            found.append((start, text[start:start + len(word)], words[near[0]]))
    return found


@functools.cache
def _lookalike_chars() -> re.Pattern[str]:
    return re.compile("[" + "".join(map(re.escape, table("lookalikes"))) + "]")


def _lookalikes(text: str) -> list[Slip]:
    """Return the look-alike characters written where a day word is (星期曰), with the character meant."""
    chars: dict[str, str] = table("lookalikes")
    after, whole = tuple(table("lookalike_after")), tuple(table("lookalike_words"))
    found = []
    for m in _lookalike_chars().finditer(text):   # a C-speed scan: most questions hold none
        i, c = m.start(), m[0]
        if i > 0 and text[i - 1] in after:
            start = i - 2 if text[max(0, i - 2):i] in whole else i - 1   # said back whole: 星期曰, not 期曰
            found.append((start, text[start:i + 1], text[start:i] + chars[c]))
    return found


@functools.lru_cache(maxsize=4096)   # a pure function of the text and its left-over words
def day_slips(text: str, runs: tuple[tuple[int, int, str], ...]) -> tuple[Slip, ...]:
    """Return (position, as written, day word) for each day word of `text` written with a slip; ``runs``
    are the words nothing else explains (``leftover.leftover``: start, end, word lower-cased)."""
    return tuple(sorted((*_latin(text, runs), *_lookalikes(text))))


def mended(text: str, slips: tuple[Slip, ...]) -> str:
    """Return `text` with each slip written as its day word (from the end, so earlier positions hold)."""
    for start, written, word in sorted(slips, reverse=True):
        text = text[:start] + word + text[start + len(written):]
    return text
