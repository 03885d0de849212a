"""A left-over word in Hangul or kana written like a place the gazetteer does not know: 「서피비치」 (Surfyy
Beach: a name and the word for beach), 「달맞이길에서」 (a name, the word for road, and "at"), 「ナントカビーチで」.

Korean and Japanese write a spot's name and its place word as one word, often with a particle glued after it
(에서: at, 에: to, で: at), so the words left over by every slot are read for that shape: a name the bot did not
read, asked about, never answered at the town beside it or the asker's home city. The words are in
``core/data/understanding.yaml`` (``place_words_ko``, ``place_words_ja``, ``place_particles_ko``,
``place_particles_ja``).
"""
from __future__ import annotations

import functools

from core.data import word_list
from core.understand.places_text import HANGUL

_KANA = ("\u3040", "\u30ff")


@functools.cache
def _words() -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """Return the place words and the particles after them, Korean then Japanese, longest first."""
    def longest(key: str) -> tuple[str, ...]:
        return tuple(sorted(word_list("understanding.yaml", key), key=len, reverse=True))
    return longest("place_words_ko"), longest("place_particles_ko"), longest("place_words_ja"), \
        longest("place_particles_ja")


def _is_kana(word: str) -> bool:
    return any(_KANA[0] <= c <= _KANA[1] for c in word)


def bare(word: str) -> tuple[str, bool]:
    """Return `word` without a Korean or Japanese particle glued after it, and whether one was there
    (「달맞이길에서」 → 「달맞이길」, True)."""
    places_ko, particles_ko, places_ja, particles_ja = _words()
    particles = particles_ko if HANGUL.search(word) else particles_ja if _is_kana(word) else ()
    for particle in particles:
        if word.endswith(particle) and len(word) > len(particle) + 1:
            return word[:-len(particle)], True
    return word, False


def spot_name(word: str) -> str | None:
    """Return the name a Hangul or kana word left over spells when it ends in a place word (서피비치, 달맞이길,
    ○○ビーチ), its particle taken off; None for any other word (몇도, 웻슈트)."""
    places_ko, _, places_ja, _ = _words()
    name, _particle = bare(word)
    places = places_ko if HANGUL.search(name) else places_ja if _is_kana(name) else ()
    return name if any(name.endswith(p) and len(name) > len(p) for p in places) else None


def spot_at(word: str) -> str | None:
    """Return the name of a Hangul word of two syllables or more left over with "at" glued after it (「달맞이길에서」,
    「청사포에서」): where the question is asked about; None for any other word."""
    name, particle = bare(word)
    return name if particle and HANGUL.search(name) and len(name) >= 2 and word.endswith(_at_ko()) else None


@functools.cache
def _at_ko() -> tuple[str, ...]:
    return tuple(word_list("understanding.yaml", "place_at_ko"))
