"""Names several known places share, after the weighing has picked one (used by ``places_rank``).

Two clues the weighing alone misses:

* a hand-kept spot abroad is "known by" FAME_HAND names by construction, so no namesake's count of names
  ever rivals it; a namesake town of that very name weighing a share of it and known by some names is asked
  about (Stanley: Hong Kong's, or the Falklands' capital);
* a winner that is no world city, beside a known town or spot of its very name elsewhere (Oban, Scotland and
  Oban, Stewart Island; Hythe, Kent and Hythe, Hampshire), is answered, and the answer says in one line which
  of them it took, so the asker who meant the other sees it at once.
"""
from __future__ import annotations

from collections.abc import Sequence

from core.understand.places_index import FAME_HAND, Rec, is_primary
from core.understand.places_rank_near import km

SAME_PLACE_KM = 30.0
WORLD_CITY_FAME = 80     # a city known by this many names is meant by its name alone (London, Paris): nothing said
KNOWN_FAME = 10          # a namesake known by this many names, or ...
KNOWN_POP = 5_000        # ... this big, or a hand-kept spot, is a place the asker may have meant
MILLION_CITY_POP = 1_000_000   # a city this big is meant by its name alone too (Perth, WA): nothing said
HAND_RIVAL_SHARE = 0.1   # a namesake weighing this share of a hand-kept winner abroad is asked about ...
HAND_RIVAL_FAME = 20     # ... when known by this many names (the Falklands' Stanley, 50)
TOWN_KINDS = frozenset({"world_city", "town", "harbour", "beach", "bay", "cape", "island"})


def distinct(a: Rec, b: Rec) -> bool:
    """Two records for different places (not one town and its own region, or a duplicate)."""
    return a.cc != b.cc or km(a, (b.lon, b.lat)) > SAME_PLACE_KM


def hand_kept_namesakes(best: Rec, key: str, others: Sequence[tuple[float, Rec]], home: str) -> tuple[Rec, ...]:
    """Return the namesake towns to ask about beside a hand-kept spot abroad that won the name: of its very name,
    weighing HAND_RIVAL_SHARE of it in the question and known by HAND_RIVAL_FAME names (Stanley asked from London
    or New York: Hong Kong's, or the Falklands'); none for a spot of the asker's own country or a hand-kept rival."""
    if best.fame < FAME_HAND or best.cc == home:
        return ()
    return tuple(c for share, c in others if share >= HAND_RIVAL_SHARE and HAND_RIVAL_FAME <= c.fame < FAME_HAND
                 and c.kind in TOWN_KINDS and is_primary(c, key) and distinct(best, c))


def known_namesakes(best: Rec, key: str, others: Sequence[Rec]) -> tuple[Rec, ...]:
    """Return the known towns or spots elsewhere holding the very name of a winner that is no world city (empty
    when none): the answer then says which one it took (Oban asked from London or New York: Scotland's, Stewart
    Island's being there too), or, when the asker's country alone chose one far from them, asks (core/decide/ambiguity)."""
    if WORLD_CITY_FAME <= best.fame < FAME_HAND or best.pop >= MILLION_CITY_POP or best.kind in ("country", "region",
                                                                                                  "county"):
        return ()
    return tuple(c for c in others if c.kind in TOWN_KINDS and is_primary(c, key) and distinct(best, c)
                 and (c.fame >= KNOWN_FAME or c.pop >= KNOWN_POP))


# Of two namesakes of comparable weight, the one known by many times more names is the one meant (Shimoda,
# Shizuoka, the port known by twenty names, beside Shimoda, Kochi known by two)
FAMED_WEIGHT_SHARE = 0.5
FAMED_FACTOR = 5


def better_known(first: tuple[float, int, Rec], second: tuple[float, int, Rec]) -> bool:
    """Whether the runner-up, of the winner's country (no home or abroad between them), weighs at least
    FAMED_WEIGHT_SHARE of the winner and is known by FAMED_FACTOR times its names."""
    one, two = first[2], second[2]
    return (one.cc == two.cc and distinct(one, two) and second[0] >= FAMED_WEIGHT_SHARE * first[0]
            and two.fame >= FAMED_FACTOR * max(one.fame, 1))


FAR_COAST_KM = 1000.0        # two coastal holders of one name this far apart are two trips, not one place ...
FAR_COAST_POP_SHARE = 1 / 20  # ... unless the other is this small beside the winner (Sydney, Nova Scotia)
FAR_COAST_KINDS = frozenset({"country", "island", "region"})
FAR_COAST_FAME = 1 / 3    # ... and known by this share of a town's names (a hand-kept winner's count is no count)   # a territory or island is known however few live there


def far_coastal_namesakes(best: Rec, key: str, others: Sequence[Rec], home: str) -> tuple[Rec, ...]:
    """Return the places on the sea far from ``best`` (FAR_COAST_KM) that hold its very name as their own, when
    ``best`` is on the sea too, abroad, and no city meant by its name alone (empty otherwise): a name several real
    coastal places hold far apart is asked about unless the question or the asker's zone settles it (Christmas
    Island: Australia's territory or Kiribati's atoll; Long Beach: California's, New York's or Washington's). A
    namesake counts when known (KNOWN_FAME names, a hand-kept spot, an island or territory, FAR_COAST_FAME of the
    winner's names) and not dwarfed; the caller drops those far from an asker the winner is near (Cartagena)."""
    if not best.coastal or best.cc == home or best.pop >= MILLION_CITY_POP or WORLD_CITY_FAME <= best.fame < FAME_HAND:
        return ()
    return tuple(c for c in others if c.coastal and is_primary(c, key) and km(best, (c.lon, c.lat)) >= FAR_COAST_KM
                 and (c.fame >= KNOWN_FAME or c.kind in FAR_COAST_KINDS) and c.pop >= FAR_COAST_POP_SHARE * best.pop
                 and (best.fame >= FAME_HAND or c.fame >= FAR_COAST_FAME * best.fame))   # Venice, Florida: no rival
