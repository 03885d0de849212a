"""「Brighton beach」: a town's beach, or the little place called "Brighton Beach"?

GeoNames holds small places whose whole name is a famous coastal town's with a feature word after it
(Brighton Beach, a Brooklyn neighbourhood). The longest name wins a match, so "Brighton beach" asked
from London or Sydney became Brooklyn's with confidence. When the name so matched is a little-known
populated place and the town before the feature word is a far better-known coastal place, the asker's
own country decides between them; otherwise both are offered and the asker is asked.

Likewise "Pearl River estuary": a name followed by a water word (``water_words`` of
places_world_rules.yaml) names a body of water; a town of that name off the sea (Pearl River, New
York) is not it, so no place is taken and the bot asks where (known waters are regions or entries).
"""
from __future__ import annotations

import functools
import re
from dataclasses import replace

from core.understand.places import Place, find_place
from core.understand.places_index import context, index
from core.understand.places_rank import SAME_PLACE_KM, km
from core.understand.places_text import NAME_SCRIPT

OBSCURE_FAME = 4     # a populated place known by fewer names than this ...
SMALL_POP = 50_000   # ... and smaller than this (Newport Beach, California is a city of its own) ...
FAMED_SHARE = 5      # ... beside a coastal town known by this many times more
MAX_NAME = 8         # characters of a name in Hangul or Chinese before an English place word ("송정 beach")


def town_before_feature(text: str, place: Place | None, home: str) -> Place | None:
    """Return the place meant by a "<town> <feature word>" name matched as a little-known place of that
    whole name: the better-known town when it is the asker's country's, the matched place when that one is,
    else the town with the matched place as its alternative (ambiguous: asked). Unchanged otherwise."""
    if place is None or place.kind != "world_city" or place.fame >= OBSCURE_FAME or place.pop >= SMALL_POP:
        return place
    start, end = place.span
    head, _, last = text[start:end].rpartition(" ")
    if not head or last.lower() not in context().features_en or not place.name_en.lower().endswith(last.lower()):
        return place
    town = find_place(head, prefer_coastal=True, home=home)
    if town is None or not town.coastal or town.fame < FAMED_SHARE * max(place.fame, 1) \
            or km(town, (place.lon, place.lat)) <= SAME_PLACE_KM:   # Ballintoy's own harbour: one place
        return place
    town = replace(town, span=place.span, ambiguous=False, alternatives=())
    if (town.country == home) != (place.country == home):   # the asker's country's, said in one line
        return replace(town if town.country == home else place, by_home=True)
    return replace(town, ambiguous=True, alternatives=(place,))


@functools.cache
def _water_after() -> re.Pattern[str]:
    """Return the pattern of a water word right after a name (places_world_rules.yaml water_words)."""
    words = index().rules["water_words"]
    en = "|".join(sorted(map(re.escape, [*words["en"], *index().rules.get("shore_words", ())]), key=len, reverse=True))
    zh = "|".join(sorted(map(re.escape, words["zh"]), key=len, reverse=True))
    return re.compile(rf"\s*(?:(?:{en})\b|{zh})", re.IGNORECASE)


def water_after_town(text: str, place: Place | None) -> Place | None:
    """Return None when ``place`` is a town abroad off the sea whose name is followed by a water or shore word
    ("Pearl River estuary", "Hudson Bay", "Bondy beach"), or any place whose name 滩/灘 ends into a beach's own name (金沙滩): the
    question names water or a beach the town is not. Unchanged otherwise."""
    if place is not None and text.startswith(tuple(index().rules.get("beach_name_ends", ())), place.span[1]):
        return None   # 金沙滩 is a beach of that name (many coasts hold one), not the town 金沙's
    if place is None or place.coastal or place.kind != "world_city" or place.country == "TW":
        return place
    return None if _water_after().match(text, place.span[1]) else place


@functools.cache
def _feature_after() -> re.Pattern[str]:
    """Return the pattern of a Hangul, kana or Han run followed by an English place word (``feature_forms``)."""
    words = "|".join(sorted(map(re.escape, index().rules["feature_forms"]), key=len, reverse=True))
    # a run is tried from its first character only (the lookbehind): else every later start scans the run again
    script = NAME_SCRIPT.pattern
    return re.compile(rf"(?<!{script})({script}+)[ \t]*({words}|harbour)\b", re.IGNORECASE)


def feature_in_script(text: str, place: Place | None, home: str) -> Place | None:
    """Return the place a name in Hangul, kanji or Chinese names with an English place word after it, the word
    as that script writes it ("송정 beach" is 송정해수욕장, Busan's Songjeong Beach, where 송정 alone is many
    places), spanning both; ``place`` unchanged when it is found elsewhere or no such name is known."""
    forms = index().rules["feature_forms"]
    for start, end, run, word in _features(text):
        if place is not None and not (start <= place.span[0] and place.span[1] <= start + len(run)):
            continue
        for i in range(max(0, len(run) - MAX_NAME), len(run) - 1):   # the run's end is the name: 「明天송정」
            for form in forms[word]:
                found = find_place(run[i:] + form, home=home)
                if found is not None and found.span == (0, len(run) - i + len(form)) and not found.ambiguous:
                    return replace(found, span=(start + i, end))
    return place


@functools.lru_cache(maxsize=4096)   # a pure function of the text: most questions hold no such name
def _features(text: str) -> tuple[tuple[int, int, str, str], ...]:
    """Return (start, end, the run, the English place word in lower case) of each script run followed
    by a place word in `text`."""
    return tuple((m.start(1), m.end(), m[1], m[2].lower().replace("harbour", "harbor"))
                 for m in _feature_after().finditer(text))


def set_aside(text: str) -> str:
    """Return `text` with the places said only to be set aside (not_this_place: 「…じゃなくて」, 「不是…是」, 「… 말고」)
    as blanks of the same length, so the gazetteer finds the place meant and no second place is seen in them."""
    for m in reversed(list(re.finditer(index().rules["not_this_place"], text))):
        text = text[:m.start()] + " " * (m.end() - m.start()) + text[m.end():]
    return text
