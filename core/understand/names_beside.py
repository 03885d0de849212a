"""Words written right after a place found that name a part of it, so the question is read whole.

- a bay word after a town abroad (「函館灣」, 「松島灣」 before the bay was listed): the town's own bay, answered at the
  town's sea point and said so in one line; a Taiwan place's unknown bay stays a doubt, as Taiwan's coastal gazetteer
  lists its bays and a longer name it lacks is likely another place (白砂灣);
- a smaller place near it spelt in syllables written apart ("Busan hae un dae", "Jeju hyeop jae beach"): romanised
  Korean and Chinese names are written syllable by syllable; that place, as a slip of its name, said back; or in
  another romanisation than the gazetteer's ("busan kwangalli", core/understand/romanised.py).

The word tables are in ``core/data/understanding.yaml`` (``own_water_zh``).
"""
from __future__ import annotations

import functools
import re

from core.data import word_list
from core.understand.leftover import Run, near
from core.understand.places import Place
from core.understand.places_index import index
from core.understand.places_text import en_key
from core.understand import romanised
from core.understand.romanised import romanised_beside, run_beside, syllables_of
from core.understand.typos import typo_place

TOWN_KINDS = frozenset({"world_city", "town", "city", "island"})   # a place whose name a bay may take
MAX_SYLLABLE = 6   # letters of one romanised syllable ("hyeop", "gwang"); a longer word is a word of its own


_PLACE_WORD = re.compile(r"\s+([A-Za-z]+)")


@functools.cache
def _place_words() -> frozenset[str]:
    return frozenset(word_list("understanding.yaml", "place_words_en"))


@functools.cache
def _water_words() -> frozenset[str]:
    return frozenset(word_list("understanding.yaml", "own_water_zh"))


def own_bay(place: Place, piece: str) -> bool:
    """Whether `piece`, the place's name with a word glued after it, is a town abroad's own bay (「函館灣」)."""
    start, end = place.span
    return (place.country != "TW" and place.coastal and not place.ambiguous and place.kind in TOWN_KINDS
            and piece[end - start:] in _water_words())


def syllables_beside(text: str, runs: tuple[Run, ...], place: Place) -> tuple[str, Place] | None:
    """Return (the syllables as written, the place they spell) for unexplained Latin syllables written right after
    `place` that run together into the name of a place near it ("Busan hae un dae": Haeundae), else None."""
    chain: list[Run] = []
    at = place.span[1]
    for run in sorted((r for r in runs if r.start >= at), key=lambda r: r.start):
        if text[at:run.start].strip() or not run.word.isascii() or not run.word.isalpha() or len(run.word) > MAX_SYLLABLE:
            break
        chain.append(run)
        at = run.end
    if len(chain) < 2:
        return None
    start, end = chain[0].start, chain[-1].end
    if (word := _PLACE_WORD.match(text, end)) is not None and word[1].lower() in _place_words():
        end = word.end()   # "hyeop jae beach": the place word is part of the name spelt
    found = typo_place(text, ((0, start), (end, len(text))), (place.lon, place.lat))
    if found is None or found[0] != text[start:end] or not near(found[1], place):
        return None
    return found


def spelt_beside(text: str, runs: tuple[Run, ...], place: Place) -> tuple[str, Place] | None:
    """Return (the words as written, the place they spell) for a place near `place` written beside it in syllables
    written apart ("Busan hae un dae") or in another romanisation ("busan kwangalli", "jeju sungsan"), else None."""
    return syllables_beside(text, runs, place) or romanised_beside(text, runs, place)


def romanised_name(text: str, span: tuple[int, int], place: Place) -> Place | None:
    """Return the place near `place` the words at `span` spell in another romanisation ("Busan Kwangali"), or None."""
    return romanised.romanised_name(text, span, place)


def romanised_unknown(text: str, runs: tuple[Run, ...], place: Place) -> str | None:
    """Return a word right beside a Korean or Japanese `place` written like a name of its language that spells no
    place near it ("busan jagalchi" where Jagalchi is not kept): a spot the gazetteer lacks; else None."""
    if (pattern := syllables_of(place.country)) is None or (run := run_beside(text, runs, place)) is None:
        return None
    # "Jeju hyeop jae beach": syllables spelling a place
    if pattern.fullmatch(run.word.lower()) is None or spelt_beside(text, runs, place) is not None \
            or en_key(run.word) in index().en:   # a name the gazetteer knows: "okinawa chatan", "Sokcho Goseong"
        return None
    return text[run.start:run.end]


SLIP_CHARS = 2   # a two-character name abroad mistyped right after its area (「沖繩那壩」: 那霸 in Okinawa)


def han_after(text: str, taken: tuple[tuple[int, int], ...], place: Place) -> tuple[Run, ...]:
    """Return the SLIP_CHARS Han characters written right after `place` as one run when no slot holds them, whatever
    filler word they hold (那 of 那壩 is also "that"), for a slip beside it to be read; empty otherwise."""
    start, end = place.span[1], place.span[1] + SLIP_CHARS
    word = text[start:end]
    if len(word) < SLIP_CHARS or not all("\u3400" <= c <= "\u9fff" for c in word) \
            or any(a < end and start < b for a, b in taken):
        return ()
    return (Run(start, end, word),)
