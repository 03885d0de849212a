"""A Korean or Japanese place written beside its town in another romanisation than the gazetteer's:
"busan kwangalli" (McCune-Reischauer and chat spellings of Gwangalli), "jeju sungsan" (Seongsan), "okinawa chatan".

Korean is romanised three ways (Revised: Gwangalli, Seongsan; McCune-Reischauer without its marks: Kwangalli,
Songsan; as people say it: Sungsan) and Japanese two (Hepburn: Chatan, Tsunoshima; Kunrei: Tyatan, Tunosima),
with long vowels written or not (Kōchi, Kouchi, Kochi). Both sides are folded to one spelling by the rules in
``core/data/understanding.yaml`` (``romanised_folds``), and a word left over right beside a place of that country
that folds to the name of a place near it is that place, said back as a spelling read. A word written like a name of
that language (``romanised_syllables``) that folds to none is a spot the gazetteer lacks, asked about, not answered
at the town beside it (`names_beside.romanised_unknown`). Loaded only on that path: the country's names are folded once, on
first use.
"""
from __future__ import annotations

import functools
import re
from dataclasses import replace
from typing import TYPE_CHECKING

from core.data import DATA_DIR, read_yaml
from core.understand.places import Place, find_place
from core.understand.places_apart import near
from core.understand.places_index import index
from core.understand.places_text import en_key

if TYPE_CHECKING:
    from core.understand.leftover import Run

MIN_LETTERS = 4   # a shorter word is too often a word of the sentence


@functools.cache
def _rules() -> dict[str, tuple[tuple[str, str], ...]]:
    """Return country → its (spelling, folded) rules, applied in order."""
    table = read_yaml(DATA_DIR / "understanding.yaml")["romanised_folds"]
    return {str(cc): tuple((str(a), str(b)) for a, b in rules) for cc, rules in table.items()}


@functools.cache
def syllables_of(cc: str) -> re.Pattern[str] | None:
    """Return the pattern a whole word of names of country `cc` matches (syllable after syllable), or None."""
    table = read_yaml(DATA_DIR / "understanding.yaml")["romanised_syllables"]
    return re.compile(f"(?:{table[cc]})+") if cc in table else None


def fold(word: str, cc: str) -> str:
    """Return `word` in the one spelling its country's romanisations are folded to: letters only, in lower case."""
    out = "".join(c for c in en_key(word) if "a" <= c <= "z")
    for spelling, folded in _rules().get(cc, ()):
        out = out.replace(spelling, folded)
    return re.sub(r"(.)\1+", r"\1", out)   # a doubled letter is written single in another spelling (kk, ll, ss)


@functools.cache
def _folded(cc: str) -> dict[str, tuple[str, ...]]:
    """Return folded name → the Latin names (index keys) of country `cc`'s places that fold to it."""
    idx = index()
    rows = {row for row, line in enumerate(idx.all_rows()) if line.split("|")[9] == cc}
    out: dict[str, list[str]] = {}
    for key, value in idx.en.items():
        if value in rows and len(key) >= MIN_LETTERS:
            out.setdefault(fold(key, cc), []).append(key)
    return {k: tuple(v) for k, v in out.items()}


def run_beside(text: str, runs: tuple[Run, ...], place: Place) -> Run | None:
    """Return the one Latin word left over right after or before `place` (only blanks between), or None."""
    for run in runs:
        gap = text[place.span[1]:run.start] if run.start >= place.span[1] else text[run.end:place.span[0]]
        if (run.start >= place.span[1] or run.end <= place.span[0]) and not gap.strip(" ,") \
                and run.word.isascii() and run.word.isalpha() and len(run.word) >= MIN_LETTERS:
            return run
    return None


def romanised_beside(text: str, runs: tuple[Run, ...], place: Place) -> tuple[str, Place] | None:
    """Return (the word as written, the place) for a word right beside a Korean or Japanese `place` spelling a place
    near it in another romanisation ("busan kwangalli": Gwangalli), else None."""
    if place.country not in _rules() or (run := run_beside(text, runs, place)) is None:
        return None
    found = romanised_name(text, (run.start, run.end), place)
    return None if found is None else (text[run.start:run.end], found)


def romanised_name(text: str, span: tuple[int, int], place: Place) -> Place | None:
    """Return the place near a Korean or Japanese `place` that the words at `span` spell in another romanisation
    ("Kwangali" beside Busan: Gwangalli), else None."""
    start, end = span
    if place.country not in _rules() or not text[start:end].isascii():
        return None
    for key in _folded(place.country).get(fold(text[start:end], place.country), ()):
        found = find_place(text[:start] + key.title() + text[end:], home=place.country)
        if found is not None and found.span[0] == start and found.country == place.country and near(found, place):
            return replace(found, span=span, ambiguous=False, alternatives=())
    return None



_WORD = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)*")


def romanised_spelling(text: str, taken: tuple[tuple[int, int], ...], asker: str) -> tuple[str, str, bool] | None:
    """Return (the word as written, the gazetteer's Latin key, False) for a word naming no place that spells a place
    of the asker's own country ``asker`` (Korea, Japan) in another romanisation ("Ulleong-do" for Ulleungdo, asked
    in Korea), else None: a local writes a home place as it sounds to them."""
    pattern = syllables_of(asker)
    if pattern is None:
        return None
    for m in _WORD.finditer(text):
        letters = m[0].replace("-", "").lower()
        if any(a < m.end() and m.start() < b for a, b in taken) or len(letters) < MIN_LETTERS + 1 \
                or en_key(m[0]) in index().en or pattern.fullmatch(letters) is None:
            continue
        keys = _folded(asker).get(fold(m[0], asker), ())
        if len(keys) == 1:   # one place spelt so: several are no slip to guess between
            return m[0], keys[0], False
    return None
