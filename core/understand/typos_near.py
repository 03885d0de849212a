"""Slips in a place abroad's name that the general readers (``typos``) leave: a homophone of any place beside the
one named (「香港长州岛」: 長洲島, Cheung Chau, written with 州 for 洲, a name too little known to be read alone),
and a Korean name written with ㅐ for ㅔ or the reverse (재부도 for 제부도: the two vowels sound alike in today's
Korean). Both only for a question whose place is not otherwise found, and only when one place fits.
"""
from __future__ import annotations

import functools
import re
from typing import Iterator

from core.understand.places_index import index
from core.understand.places_rank import km
from core.understand.places_text import HAN

NEAR_KM = 40.0   # a place a slip beside another may name lies this near it
_HANGUL_RUN = re.compile(r"[가-힣]{2,6}")
HANGUL = re.compile(r"[가-힣]")
# Hangul vowels (the syllable's medial, 0-20) that sound alike: ㅐ/ㅔ, ㅒ/ㅖ, ㅙ/ㅚ/ㅞ
_LIKE_VOWELS: tuple[frozenset[int], ...] = (frozenset({1, 5}), frozenset({3, 7}), frozenset({10, 11, 15}))


def _han_spans(text: str, free: list[bool]) -> Iterator[tuple[int, int]]:
    """Yield the spans of 2-4 free Han characters, longest first."""
    for n in (4, 3, 2):
        for i in range(len(text) - n + 1):
            if all(free[i:i + n]) and all(HAN.match(c) for c in text[i:i + n]):
                yield i, i + n


def near_sound_slip(text: str, free: list[bool], near: tuple[float, float]) -> tuple[str, str] | None:
    """Return (the words as written, the name of the one place within NEAR_KM of `near` (lon, lat) sounding as
    they do), or None: 「香港长州岛」's 長州島 is 長洲島, the island off Hong Kong."""
    from pypinyin import lazy_pinyin   # only for a name left unread beside a place found

    names = _names_near(round(near[0], 2), round(near[1], 2))
    for start, end in _han_spans(text, free):
        written = text[start:end]
        if written in index().cjk:
            continue   # a name as written (沖繩, though 衝繩 sounds so too) is no slip
        sound = tuple(lazy_pinyin(written))
        heard = {n: index().cjk[n] for n in names if len(n) == len(written) and n != written
                 and tuple(lazy_pinyin(n)) == sound}
        if len(set(heard.values())) == 1:
            return written, next(iter(heard))
    return None


@functools.lru_cache(maxsize=64)
def _names_near(lon: float, lat: float) -> tuple[str, ...]:
    """Return the CJK names of the places within NEAR_KM of (lon, lat)."""
    idx = index()
    box = NEAR_KM / 100.0 * 1.5   # degrees: a cheap first cut before the distance
    return tuple(name for name, value in idx.cjk.items()
                 if abs((rec := idx.rec(value)).lat - lat) <= box and abs(rec.lon - lon) <= box * 2
                 and km(rec, (lon, lat)) <= NEAR_KM)


def hangul_slip(text: str, free: list[bool]) -> tuple[str, str] | None:
    """Return (the words as written, the one Korean place they name with a vowel that sounds alike swapped: 재부도
    → 제부도), or None. A run's longest start naming a place is read (재부도에서: 재부도)."""
    idx = index()
    for m in _HANGUL_RUN.finditer(text):
        if not all(free[m.start():m.end()]):
            continue
        for end in range(m.end(), m.start() + 1, -1):
            written = text[m.start():end]
            if written in idx.cjk:
                break   # a name as written: no slip in it
            found = {idx.rec(v).zh for name in _swapped(written) if (v := idx.cjk.get(name)) is not None
                     and idx.rec(v).cc == "KR"}
            if len(found) == 1:
                return written, next(n for n in _swapped(written) if n in idx.cjk)
    return None


def _swapped(word: str) -> Iterator[str]:
    """Yield `word` with one syllable's vowel changed for one that sounds alike."""
    for i, ch in enumerate(word):
        code = ord(ch) - 0xAC00
        lead, vowel, tail = code // 588, code % 588 // 28, code % 28
        for like in _LIKE_VOWELS:
            if vowel in like:
                for other in like - {vowel}:
                    yield word[:i] + chr(0xAC00 + lead * 588 + other * 28 + tail) + word[i + 1:]
