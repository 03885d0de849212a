"""Whether characters belong to an everyday word around them: a typo is read in a place's or a data word's own
characters, never in characters that make an everyday word with their neighbours. 「潮汐模式裡的分潮」 is 潮汐|模式|裡,
so 式裡 is no misspelt 嵵裡; 「新加坡海峽現在」 is 新加坡|海峽|現在, so 峽現 is no misspelt 下弦; 「基隆明天朝汐」 is
基隆|明天|朝|汐, so 朝汐 may be 潮汐.

The sentence is cut into its most likely words (each run of Han characters, the words' counts as a unigram model,
as jieba cuts): the words and counts are jieba's dictionary in Traditional characters,
``core/data/common_words_zh.txt`` (scripts/build_common_words.py; licence in core/data/NOTICE).
"""
from __future__ import annotations

import functools
import math

from core.data import DATA_DIR
from core.understand.places_text import HAN

LONGEST = 4   # the longest word the table holds


@functools.cache
def _counts() -> tuple[dict[str, float], float]:
    """Return each word's log count, and the log of an unknown character's (a count of 1)."""
    counts: dict[str, int] = {}
    for line in (DATA_DIR / "common_words_zh.txt").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            word, count = line.split(" ")
            counts[word] = int(count)
    total = math.log(sum(counts.values()))
    return {w: math.log(c) - total for w, c in counts.items()}, -total


def _cut(run: str) -> list[int]:
    """Return where the words of a run of Han characters end, cut the most likely way."""
    logp, unknown = _counts()
    n = len(run)
    best: list[tuple[float, int]] = [(0.0, n)] * (n + 1)
    for i in range(n - 1, -1, -1):
        options = [(logp.get(run[i], unknown) + best[i + 1][0], i + 1)]
        options += [(logp[run[i:j]] + best[j][0], j) for j in range(i + 2, min(n, i + LONGEST) + 1)
                    if run[i:j] in logp]
        best[i] = max(options)
    ends, i = [], 0
    while i < n:
        i = best[i][1]
        ends.append(i)
    return ends


@functools.lru_cache(maxsize=1024)
def word_bounds(text: str, free: tuple[bool, ...] | None = None) -> frozenset[int]:
    """Return the positions in `text` where a word starts or ends: each run of Han characters that are `free`
    (no slot's or intent word's: those are words already, 後天 and 滿潮) is cut into its most likely words; every
    other position is a bound."""
    bounds = set(range(len(text) + 1))
    i = 0
    while i < len(text):
        if not HAN.match(text[i]) or (free is not None and not free[i]):
            i += 1
            continue
        j = i
        while j < len(text) and HAN.match(text[j]) and (free is None or free[j]):
            j += 1
        bounds -= set(range(i + 1, j))
        bounds |= {i + end for end in _cut(text[i:j])}
        i = j
    return frozenset(bounds)


def splits_a_word(text: str, start: int, end: int, free: tuple[bool, ...] | None = None) -> bool:
    """Return whether reading `text[start:end]` as one misspelt name would split an everyday word of the
    sentence (模式|裡 for 式裡); `free`: the characters no slot or intent word holds."""
    bounds = word_bounds(text, free)
    return start not in bounds or end not in bounds
