"""Japanese towns written in kana, as their askers may write them: 「ぬまづ の 潮」, 「かまくらの日の入り」, 「ハコダテ 天気」.

GeoNames gives few towns a kana name, but every Japanese town an English (Hepburn) one: a kana name is read in
Hepburn letters and names the gazetteer's town of that English name, in Japan only. The syllables, particles and
everyday words that are no town are data (``kana_names`` in places_world_rules.yaml).
"""
from __future__ import annotations

import functools
import re
from typing import Any, NamedTuple

from core.understand.places_index import FAME_HAND, index

_HIRAGANA = "\u3041-\u3096"
_KATAKANA = "\u30a1-\u30fa\u30fc"
_RUN = re.compile(f"[{_HIRAGANA}]+|[{_KATAKANA}]+")
_LONG = re.compile(r"([aeiou])\1|ou")   # a long vowel as kana write it: おお, うう, おう (とうきょう: tokyo)


class KanaHit(NamedTuple):
    """A town named in kana: where its name stands in the text, and the index's value for it."""

    start: int
    end: int
    value: int
    name: str


class _Rules(NamedTuple):
    syllables: dict[str, str]
    particles: tuple[str, ...]
    not_words: frozenset[str]
    countries: frozenset[str]
    min_hiragana: int
    min_katakana: int


@functools.cache
def _rules() -> _Rules:
    """Return the ``kana_names`` rules (katakana not_words folded to hiragana)."""
    r: dict[str, Any] = index().rules.get("kana_names", {})
    return _Rules(dict(r.get("syllables", {})), tuple(sorted(r.get("particles", ()), key=len, reverse=True)),
                  frozenset(map(_hiragana, r.get("not_words", ()))), frozenset(r.get("countries", ())),
                  int(r.get("min_hiragana", 3)), int(r.get("min_katakana", 2)))


def _hiragana(kana: str) -> str:
    """Return ``kana`` with its katakana as hiragana (ー kept)."""
    return "".join(chr(ord(c) - 0x60) if "\u30a1" <= c <= "\u30f6" else c for c in kana)


def romaji(kana: str) -> str | None:
    """Return ``kana`` read in Hepburn letters (None when a kana has no reading there): っ doubles the next
    consonant, ー repeats the vowel before it."""
    table = _rules().syllables
    text, double, i = _hiragana(kana), False, 0
    out: list[str] = []
    while i < len(text):
        if text[i] in "っッ":
            double, i = True, i + 1
            continue
        if text[i] == "ー":
            if not out or out[-1][-1] not in "aeiou":
                return None
            out.append(out[-1][-1])
            i += 1
            continue
        syl = table.get(text[i:i + 2]) or table.get(text[i])
        if syl is None:
            return None
        i += 2 if text[i:i + 2] in table else 1
        if double:
            syl, double = syl[0] + syl, False
        out.append(syl)
    return "".join(out) if not double else None


def _spellings(letters: str) -> list[str]:
    """Return the English spellings to look up: as read, and with long vowels written short (toukyou → tokyo)."""
    short = _LONG.sub(lambda m: m.group(0)[0], letters)
    return [letters] if short == letters else [letters, short]


def _town(kana: str) -> int | None:
    """Return the index value of the town of the rules' countries whose English name ``kana`` reads as, if any."""
    rules, idx = _rules(), index()
    if _hiragana(kana) in rules.not_words:
        return None
    letters = romaji(kana)
    for key in _spellings(letters) if letters else ():
        value = idx.en.get(key)
        if value is None:
            continue
        # of the towns sharing the name, the best known (しもだ: Izu's Shimoda, not Shimanto's district)
        held = [v for v in idx.homonyms.get(key, (value,)) if idx.rec(v).cc in rules.countries]
        if held:
            return int(max(held, key=lambda v: (idx.rec(v).fame, idx.rec(v).pop)))
    return None


def kana_towns(work: str) -> list[KanaHit]:
    """Return the towns named in kana in ``work`` (folded text): a katakana run whole; a hiragana name at the start
    of its run, ending at the run's end or before a particle, the longest first."""
    rules, out = _rules(), []
    for m in _RUN.finditer(work):
        run, start = m.group(0), m.start()
        if "\u30a1" <= run[0] <= "\u30fa":
            ends = [len(run)] if len(run) >= rules.min_katakana else []
        else:
            ends = [j for j in range(len(run), rules.min_hiragana - 1, -1)
                    if j == len(run) or run.startswith(rules.particles, j)]
        for j in ends:
            value = _town(run[:j])
            if value is not None:
                out.append(KanaHit(start, start + j, value, run[:j]))
                break
    return out


def with_kana_towns(work: str, hits: list[tuple[int, int, int, str, bool]]) -> list[tuple[int, int, int, str, bool]]:
    """Return ``hits`` (start, end, value, name, CJK name) with the towns named in kana added where no name stands; a
    world town's own kana name gives way to the best known town its reading names (しらはま: Wakayama's Shirahama,
    not the Okinawan cape GeoNames gives that kana)."""
    idx, out = index(), list(hits)
    for k in kana_towns(work):
        same = [h for h in out if (h[0], h[1]) == (k.start, k.end) and h[2] != k.value
                and idx.rec(h[2]).fame < FAME_HAND and idx.rec(h[2]).cc in _rules().countries]
        if same:
            out = [h for h in out if h not in same]
        if not any(h[0] < k.end and k.start < h[1] for h in out):
            out.append((k.start, k.end, k.value, k.name, True))
    return out


@functools.cache
def _holding_words() -> re.Pattern[str] | None:
    words = index().rules.get("words_holding_names", ())
    return re.compile("|".join(map(re.escape, sorted(words, key=len, reverse=True)))) if words else None


def words_holding_names(work: str) -> list[tuple[int, int]]:
    """Return the spans of the everyday words in ``work`` that hold a town's name (고성능 "high-performance" holds
    고성, 삼척동자 "every child" 삼척, 강진이 나면 "when a strong quake hits" 강진): no name inside them."""
    pattern = _holding_words()
    return [m.span() for m in pattern.finditer(work)] if pattern else []
