"""A Latin name written with a slip beside a place found: the longer name the slip hides ("Nah Trang" is Nha
Trang, not Trang in Thailand) or the area the place lies in ("Phucket Patong": Patong, in Phuket). Both read
with ``typos_latin`` (``rapidfuzz``), imported on this path only.
"""
from __future__ import annotations

import re
import string
from dataclasses import replace

from core.data import word_list
from core.understand.leftover import Run, near
from core.understand.places import Place, find_place


_CAPITALISED_BEFORE = re.compile(r"([A-Z][a-z]+)[ \t]+$")


def slip_before(text: str, place: Place) -> Place | None:
    """Return the place a capitalised word written before a capitalised name spells with it, with a slip
    ("Nah Trang" is Nha Trang, not Trang in Thailand), when that is another place; else None."""
    start, end = place.span
    written = text[start:end]
    if not written[:1].isupper() or not written.isascii() or (m := _CAPITALISED_BEFORE.search(text, 0, start)) is None \
            or m[1].lower() in word_list("understanding.yaml", "place_words_en"):
        return None   # "Tampa Bay St. Petersburg": a bay's name ends before the town, no slip of Saint Petersburg
    from core.understand.typos_latin import spelt_as   # rapidfuzz: loaded on this path only

    key = spelt_as(text[m.start(1):end])
    if key is None:
        return None
    name = string.capwords(key)
    found = find_place(text[:m.start(1)] + name + text[end:])
    if found is None or found.key == place.key or found.span != (m.start(1), m.start(1) + len(name)):
        return None
    return replace(found, span=(m.start(1), end))


def slip_after(text: str, place: Place, runs: tuple[Run, ...]) -> Place | None:
    """Return the longer place the name found and the left-over Latin word right after it spell, with a slip, when
    that is another place ("kota kinabalo" is Kota Kinabalu, not Kota in India; "port dicksen": Port Dickson), else
    None."""
    start, end = place.span
    after = next((r for r in runs if r.start > end and not text[end:r.start].strip()), None)
    if after is None or not text[start:after.end].isascii() or not after.word.isalpha():
        return None
    from core.understand.typos_latin import spelt_as   # rapidfuzz: loaded on this path only

    key = spelt_as(text[start:after.end])
    if key is None or " " not in key or not _slip_in(key, text[start:end], after.word):
        return None
    name = string.capwords(key)
    found = find_place(text[:start] + name + text[after.end:])
    if found is None or found.key == place.key or found.span != (start, start + len(name)):
        return None
    return replace(found, span=(start, after.end))


def _slip_in(key: str, name: str, word: str) -> bool:
    """Return whether the name `key` read keeps the place's `name` as written when the word after it is a place
    word: a name found as written, with "harbour" or "beach" beside it, does not turn into another place's name
    ("charleston harbour" is no Charlestown Harbor); a slip in another word is read ("kota kinabalo")."""
    key, name = key.lower(), name.lower()
    return key.startswith(name + " ") or word.lower() not in word_list("understanding.yaml", "place_words_en")


def area_misspelt(text: str, piece: str, place: Place) -> tuple[str, Place] | None:
    """Return (the words as written, the area) when the words of `piece` before the place name, with a
    slip, the area it lies in ("Phucket Patong": Patong in Phuket; 「奧門黑沙」: 黑沙, in 澳門); else None."""
    start = text.find(piece)
    written = text[start:place.span[0]].strip(" ,")
    if start < 0 or not written or start + len(piece) != place.span[1]:
        return None
    if not written.isascii():   # 「奧門黑沙」: 澳門 written with a homophone, the area the beach lies in
        if find_place(written) is not None:
            return None   # a place's name as written (沖繩 那霸): no slip
        from core.understand.typos import typo_place   # pypinyin: on this path only

        at = text.find(written, start)
        found = typo_place(text, ((0, at), (at + len(written), len(text))), (place.lon, place.lat))
        slipped = found[1] if found is not None and found[0] == written else None
        return (written, slipped) if slipped is not None and slipped.key != place.key and near(slipped, place) else None
    from core.understand.typos_latin import spelt_as   # rapidfuzz: loaded on this path only

    key = spelt_as(written)
    area = find_place(string.capwords(key)) if key is not None else None
    return (written, area) if area is not None and area.key != place.key and near(area, place) else None


def spelt_whole(text: str, piece: str) -> Place | None:
    """Return the place a longer name holding the place found spells, with a slip or its syllables
    written apart ("Lu Dao" for Ludao, where "Dao" alone is a town abroad), else None."""
    start = text.find(piece)
    if start < 0 or not piece.isascii():
        return None
    from core.understand.typos import typo_place   # pypinyin, rapidfuzz: on this path only

    found = typo_place(text, ((0, start), (start + len(piece), len(text))))
    return found[1] if found is not None and found[0] == piece else None
