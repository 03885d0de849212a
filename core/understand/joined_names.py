"""A known name joined to words the gazetteer does not read with it: a longer name it does not know.

"praia do amado" is no Praia, Cabo Verde; "Caños de Meca" no Mecca; "Sound of Iona" no Iona, Florida;
"Fort Denison" no Denison, Texas; "Cala Mesquida" no Cala, South Africa; "Flinders Island" no Flinders.
Each returns the longer name, for the bot to ask about, or None when the name stands alone or the whole
is known. Words beginning longer names: ``name_heads`` in core/data/understanding.yaml.
"""
from __future__ import annotations

import functools
import re

from core.data import DATA_DIR, read_yaml, word_list
from core.understand.leftover import english_tokens, near, not_place_words, understood_word
from core.understand.places import Place, find_place
from core.understand.places_country import find_area
from core.understand.places_text import ascii_lower, fold, tokens
from core.understand.places_lower import abroad_name, own_water


_ISLAND_AFTER = re.compile(r"\s+(?:Island|Isle|Islands|Atoll|Cay|Key)\b")


def island_of(text: str, place: Place) -> str | None:
    """Return "Flinders Island" for a town's name followed by an island word: an unknown island; else None."""
    if place.kind in ("island", "region", "country") or not text[place.span[0]:place.span[1]].isascii():
        return None
    found = _ISLAND_AFTER.match(text, place.span[1])
    return text[place.span[0]:found.end()] if found else None


@functools.cache
def _heads() -> frozenset[str]:
    return frozenset(word_list("understanding.yaml", "name_heads"))


_HEAD_COUNTRIES: dict[str, tuple[str, ...]] = {str(k): tuple(v) for k, v in read_yaml(
    DATA_DIR / "understanding.yaml").get("name_heads_countries", {}).items()}   # a head heading names in these only
_JOINED = re.compile(r"[ -](?:do|da|dos|das|de|del|della|di|du|des)[ -][^\W\d_][\w'-]*", re.IGNORECASE)
# (a whole word before "of": "Brisbane ahead of Dhaka" holds no "Head of Dhaka")
_JOINED_BEFORE = re.compile(r"[^\W\d_][\w'-]*[ -](?:do|da|dos|das|de|del|della|di|du|des)[ -]$|(?<![\w'])(?:sound|mull|firth|kyle|"
                            r"isle|island|islands|point|head|rhins|cape|straits?|gulf|sea|bight) of (?:the )?$", re.IGNORECASE)


_WORD_BEFORE = re.compile(r"([^\W\d_][\w'.]*) $")


def _head_before(text: str, start: int) -> re.Match[str] | None:
    """Return the word right before ``start`` when it begins longer place names ("Fort", "Pulau", "Koh"), else None."""
    found = _WORD_BEFORE.search(text, max(0, start - 20), start)
    if found is None or found[1].lower().rstrip(".") not in _heads():
        return None
    # the word ends a known name before it ("Surfers Point Margaret River"): two names side by side
    known = find_place(text[:found.end(1)])
    return None if known is not None and known.span[0] < found.start(1) and known.span[1] == found.end(1) else found


_CAPITAL_AFTER = re.compile(r" [A-ZÀ-Ý][\w'-]+")


def _head_after(text: str, start: int, end: int) -> re.Match[str] | None:
    """Return the capitalised word after a place whose name begins longer names ("Cala Mesquida" is no
    Cala, South Africa), when that word is no English word; else None."""
    if text[start:end].lower() not in _heads():
        return None
    found = _CAPITAL_AFTER.match(text, end)
    return found if found is not None and found[0].strip().lower() not in english_tokens() else None


def joined_name(text: str, place: Place) -> str | None:
    """Return "praia do amado" or "caños de meca" when a Latin place's name is joined by do/de/di... to
    another word the gazetteer does not read with it: a longer name it does not know (not Praia, Cabo
    Verde, nor Mecca); None when the name stands alone or the whole is known."""
    start, end = place.span
    if not text[start:end].isascii() or place.kind in ("country", "region"):
        return None
    after = _JOINED.match(text, end) or _head_after(text, start, end)
    if after is not None and (_area_after(after[0].strip(), place) or _own_country_after(text, end, place)):
        after = None   # "My Khe beach Da Nang": the city the beach lies in, written after it, no "da" joining a name;
        # "Praia Cabo Verde": the town's country after it, no "Praia Cabo"
    before = _JOINED_BEFORE.search(text[max(0, start - 40):start])
    head = before[0].split()[0].lower() if before is not None else ""
    if before is not None and " of " not in before[0].lower() and (
            understood_word(head) or head in _abroad_days() or abroad_name(ascii_lower(head)) and head not in _heads()):
        before = None   # "hujan di Redang", "marée de Brest": an intent word at the place, no longer name;
        # "besok di Tanjung Bungah": an everyday word of the sentence's language, no name's head;
        # "pasang surut seminggu di Pelabuhanratu": a day or week word, no name's head
    before = before or _head_before(text, start)
    if before is not None and place.country not in _HEAD_COUNTRIES.get(before[0].split()[0].lower(), (place.country,)):
        before = None   # "ko Amritsar": Hindi's "on", no Thai island's Ko
    if before is not None and own_water(before[0].split()[0], place.country):
        before = None   # "puerto de Vigo", "pantai Sanur": the town's own harbour or beach, in its country's language
    whole = text[start:after.end()] if after else text[start - len(before[0]):end] if before else None
    if whole is None or whole.split()[-1].lower() in not_place_words() or after and _day_after(after[0]):
        return None
    found = find_place(whole)
    return whole if found is None or (found.span[1] - found.span[0]) < len(whole) else None


@functools.cache
def _abroad_days() -> frozenset[str]:
    """Return the travellers' weekday, day, weekend and week words (core/data/day_words.yaml `abroad`), lower case."""
    from core.understand.dates_words import table

    abroad = table("abroad")
    return frozenset(str(w).lower() for kind in ("weekdays", "relative", "weekends", "weeks")
                     for w in abroad.get(kind, {}))


def _day_after(joined: str) -> bool:
    """True when the word joined after a place is a day word: "Bocas del Toro de lunes a miércoles" is the place
    and its days, no longer name ("de lunes", "du lundi", "de segunda-feira")."""
    word = joined.split()[-1].lower().strip(".,;:!?")
    return word in _abroad_days() or word.split("-")[0] in ("segunda", "terça", "terca", "quarta", "quinta")


def _area_after(words: str, place: Place) -> bool:
    """True when the words after a place ("Da Nang") are, whole, another place it lies near: its area."""
    area = find_place(words)
    return area is not None and area.span == (0, len(words)) and area.key != place.key and near(area, place)


def _own_country_after(text: str, end: int, place: Place) -> bool:
    """True when the words right after a place (at ``end``) begin with its own country's or division's name
    ("Praia Cabo Verde", "Luna La Union")."""
    rest = text[end:]
    work = fold(rest)
    area = find_area(work, tokens(work), "")
    return (area is not None and not work[:area.start].strip(" ,") and area.cc == place.country
            and area.division in ("", place.admin))
