"""Which countries write place names in Chinese characters, and when a namesake there rivals an asker's home place.

A name written in Chinese characters may be a Chinese-writing place's own (Taiwan, China, Hong Kong, Macau,
Singapore: ``chinese_writing`` in ``places_world_rules.yaml``) or a Japanese or Korean place's kanji or hanja
(``kanji_readings``). An asker in Japan or Korea writing such a name in Chinese says by their zone where they are,
not whose name they read: a known namesake in another of these countries rivals the home place (松島: Matsushima,
or Incheon's Songdo; 青島: Aoshima, or Qingdao), and the bot asks which (``places_rank``, ``decide/ambiguity``).
"""
from __future__ import annotations

import functools

from core.understand.places_index import FAME_HAND, Rec, index
from core.understand.places_text import en_key, fold

KANJI_NAMESAKE_POP = 100_000  # a town abroad this big (or a hand-kept spot) rivals a home town of its kanji name


@functools.cache
def chinese_writing() -> frozenset[str]:
    """Return the countries whose places' own names are Chinese (places_world_rules.yaml)."""
    return frozenset(index().rules.get("chinese_writing", ()))


@functools.cache
def kanji_countries() -> frozenset[str]:
    """Return the countries whose places' kanji or hanja names Taiwan reads as Chinese (Japan, Korea)."""
    return frozenset(index().rules["kanji_readings"]["countries"])


def kanji_namesake(rec: Rec, home: str) -> bool:
    """Whether a place of another country writing Chinese characters is known enough to rival a home place of an
    asker in Japan or Korea holding its kanji name (松島: Incheon's Songdo beside Matsushima)."""
    return rec.cc != home and (rec.cc in kanji_countries() or rec.cc in chinese_writing()) and (
        rec.fame >= FAME_HAND or rec.pop >= KANJI_NAMESAKE_POP)


@functools.cache
def _shared_names() -> frozenset[tuple[str, str]]:
    """Return (English name, folded zh name) of the zh-TW names the rules give two places (zh_tw_shared)."""
    table = index().rules.get("zh_tw_shared", {})
    return frozenset((en_key(name.partition(", ")[0]), fold(zh)) for name, names in table.items() for zh in names)


def shared_own(rec: Rec, key: str) -> bool:
    """Whether the rules give the place the Chinese name ``key`` as one it shares with another (宮古: Miyako, Iwate,
    and Miyakojima): its own name, as much as the other's, so that neither outweighs the other by it."""
    return (en_key(rec.en), key) in _shared_names()


SPOT_KINDS = frozenset({"harbour", "beach", "island", "cape", "bay"})


def spot_namesakes(best: Rec, others: tuple[Rec, ...], home: str, sea: bool) -> tuple[Rec, ...]:
    """Return the hand-kept sea spots of Japan or Korea holding the kanji name of a Chinese city abroad that won it,
    for a ``sea`` question asked from a Chinese-writing home (青島 for a tide from Taipei: Qingdao, or Aoshima beach
    in Miyazaki, where Taiwan's travellers surf); () otherwise. A tide for the wrong one is said with confidence, so
    the asker is asked, as for a Taiwan spot sharing a big city's name abroad (黃金海岸). A Japanese or Korean winner
    asked from such a home but Taiwan has the other country's hand-kept places of its kanji name as rivals, sea question or not:
    the asker's zone says nothing of which neighbour they travel to (松島: Matsushima, or Incheon's Songdo)."""
    if home not in chinese_writing() or best.taiwan:
        return ()
    # 松岛 from Shanghai or Hong Kong: Matsushima, or Incheon's Songdo? Neither is the asker's home (Taiwan's own
    # names abroad settle it for a Taiwan asker: 松島 is Matsushima there, places_world_coast.yaml)
    if best.cc in kanji_countries() and home != "TW":
        return tuple(c for c in others if c.cc in kanji_countries() and c.cc != best.cc and c.fame >= FAME_HAND)
    if home != "TW" and best.cc in chinese_writing() and best.fame >= FAME_HAND and best.kind in SPOT_KINDS \
            and best.pop < KANJI_NAMESAKE_POP:
        # 灣仔 from Macau or Shanghai: Zhuhai's harbour (the home factor's pick), or Hong Kong's Wan Chai? A town of
        # another Chinese-writing region known by that very name rivals a little spot the home factor chose.
        towns = tuple(c for c in others if c.cc in chinese_writing() and c.cc not in (best.cc, "TW")
                      and c.kind == "world_city" and c.pop >= KANJI_NAMESAKE_POP)
        if towns:
            return towns
    if not sea or best.cc not in chinese_writing():
        return ()
    return tuple(c for c in others if c.cc in kanji_countries() and c.fame >= FAME_HAND and c.kind in SPOT_KINDS)
