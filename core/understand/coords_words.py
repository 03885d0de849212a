"""Coordinate ranges written in words, beside the number forms core/understand/coords.py reads.

A range is also written "between 45 and 47N" ("entre 45 et 47N, 2 et 5W", "zwischen 53 und 55°N", "بين 30 و32
شمالاً"): after a word for "between", two numbers joined by "and" are a range, not a point, and the box's second
range may leave its "between" out. European writers use a decimal comma ("53,5–55°N"): a comma inside a range's
end, beside its dash, is its decimal point (never between the two numbers of a pair, "(121,25)", "25,121E", which
have no dash).
"""
from __future__ import annotations

import functools
import re

from core.data import word_list
from core.understand.compile_on_first_use import lazy_compile

# "between" in the travellers' languages, then a few words ("between the latitudes", "entre les parallèles")
_BETWEEN = lazy_compile(r"(?:\b(?:between|entre|zwischen|tussen|tra|fra|mellan|mellom|μεταξύ|arasında|arasi)|בין|بين)"
                        r"[^\d#,;]{0,30}$", re.IGNORECASE)
_AND_GAP = lazy_compile(r"\s*(?:and|et|y|e|und|en|och|og|ve|και|și|si|و|ו)\s*", re.IGNORECASE)
# the second range joined with its own "and between" or "and from" ("entre 36 y 38N y entre 2 y 5W", "from 32 to 34E
# and from 30 to 32N", "من خط طول 32 إلى 34 شرقا ومن خط عرض 30 إلى 32 شمالا")
_AND_BETWEEN = lazy_compile(r"\s*[,;]?\s*(?:and|et|y|e|und|en|och|og|ve|και|și|si|و|ו)?\s*(?:(?:\b(?:between|entre|zwischen|tussen|"
                            r"tra|fra|mellan|mellom|μεταξύ|from|de|desde|von|vanaf|da|dal))|בין|بين|من)[^\d#,;]{0,30}", re.IGNORECASE)
# a decimal comma in a range's first end ("53,5–55°N") or its last ("53–54,5°N"); "25,121E" (a pair) has no dash
_DECIMAL_COMMA = lazy_compile(r"(?<![\d,.])(\d{1,3}),(?=\d{1,4}\s*°?\s*[NSEW]?\s*[–—-]\s*\d)"
                              r"|(?:(?<=[\d°NSEW][–—-])|(?<=[\d°NSEW] [–—-]))(\s?\d{1,3}),(?=\d{1,4}\s*°?\s*[NSEW](?![A-Za-z]))")


# Arabic latitude and longitude said as lines (خط عرض 27: latitude 27; خطي طول 32 و34: the two longitudes 32 and 34,
# دائرتا العرض: the circles of latitude), written before the number: the number's axis, as "lat"/"lon" labels are
_AR_HEADS = ("خط", "خطي", "خطا", "خطوط", "دائرة", "دائرتي", "دائرتا", "دوائر")
AR_AXES: dict[str, str] = {f"{head} {al}{word}": axis for head in _AR_HEADS for al in ("", "ال")
                           for word, axis in (("عرض", "lat"), ("طول", "lon"))}
AR_PRE = "|".join(sorted(AR_AXES, key=len, reverse=True))


def between(work: str, start: int) -> bool:
    """Whether a word for "between" stands right before the number at ``start`` ("entre 45 et 47N")."""
    return _BETWEEN.search(work, max(0, start - 40), start) is not None


def and_gap(work: str, start: int, end: int) -> bool:
    """Whether ``work[start:end]`` is only an "and" joining a range's two ends after "between"."""
    return _AND_GAP.fullmatch(work, start, end) is not None


def and_between(work: str, start: int, end: int) -> bool:
    """Whether ``work[start:end]``, between a box's two ranges, is "and between" ("38N y entre 2 y 5W")."""
    return _AND_BETWEEN.fullmatch(work, start, end) is not None


# (s22 tw22c) Indonesian and Malay hemispheres after a number: Bujur Timur / Barat (east / west longitude), Lintang
# Utara / Selatan (north / south latitude), "106-116BT, 7-3LS", "5° LU": read as the letters E, W, N, S
_MALAY_HEMI = lazy_compile(r"(?<=[\d°])(\s?)(BT|BB|LU|LS)(?![A-Za-z])", re.IGNORECASE)
_MALAY_LETTER = {"bt": "E", "bb": "W", "lu": "N", "ls": "S"}


# (s24) "O" after a longitude is East in German, Dutch and the Nordic languages (Ost, Oost, Øst: "6-9°O") but West in
# French, Spanish, Italian and Portuguese (Ouest, Oeste, Ovest): read by the question's own words, else left unread
_HEMI_O = lazy_compile(r"(?<=[\d°])(\s?)O(?![A-Za-z])")


@functools.cache
def _o_languages() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """Return the patterns of the words saying "O" is East (German, Dutch …) and West (French, Spanish …)."""
    def whole(key: str) -> re.Pattern[str]:
        words = "|".join(re.escape(w) for w in word_list("understanding.yaml", key))
        return re.compile(rf"(?<![^\W\d_])(?:{words})(?![^\W\d_])", re.IGNORECASE)
    return whole("hemisphere_o_east"), whole("hemisphere_o_west")


def _hemisphere_o(text: str) -> str:
    """Return ``text`` with a longitude's "O" written as E or W by the question's language; as it is when its words
    say neither or both (the box is then asked about, not guessed)."""
    east, west = (p.search(text) is not None for p in _o_languages())
    return text if east == west else _HEMI_O.sub(lambda m: m[1] + ("E" if east else "W"), text)


def decimal_points(text: str) -> str:
    """Return ``text`` with a decimal comma running into a range or a hemisphere written as a point ("53,5–55°N"
    → "53.5–55°N"), an Indonesian or Malay hemisphere as its letter ("116BT" → "116 E") and a German or French
    "O" as E or W ("6-9°O"), the same length."""
    text = _MALAY_HEMI.sub(lambda m: m[1] + " " + _MALAY_LETTER[m[2].lower()], text)
    text = _hemisphere_o(text) if "O" in text else text
    return _DECIMAL_COMMA.sub(lambda m: (m[1] or m[2]) + ".", text) if "," in text else text
