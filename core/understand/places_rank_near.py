"""Distance as a clue to which of the places sharing a name is meant (used by ``places_rank``).

Two clues a person uses beyond weight and home: a town named beside the name in the same region (Mission Beach,
Queensland with Cairns named, not San Diego's), and a namesake near the asker's own country when the heaviest
holder lies far away (Nadi, Fiji asked from New Zealand, not Na Di, Thailand).
"""
from __future__ import annotations

import math
from typing import Protocol

from core.understand.places_by_area import country_point
from core.understand.places_index import FAME_HAND, HOME_FACTOR, Rec

FAR_KM, NEAR_KM_HOME = 5000.0, 2500.0   # a namesake this near the asker rivals a winner this far (places_rank)
REGION_KM = 300.0   # a town named beside a shared name within this distance of one holder only ...
FAR_APART_KM = 2000.0   # ... the others this far from it, says which one ("Mission Beach ... heading up from Cairns")
NEARER = 2.0   # a namesake this many times nearer the asker's country than a winner beyond FAR_KM (Nadi from Sydney)
ACROSS_BORDER_KM = 600.0   # a town of another Chinese-writing country this near a small home is the home's neighbour

Scored = list[tuple[float, int, Rec]]


class Located(Protocol):
    """Anything with a point: a gazetteer record or a found place."""

    @property
    def lon(self) -> float: ...

    @property
    def lat(self) -> float: ...


def km(a: Located, b: tuple[float, float]) -> float:
    """Great-circle distance in km from a place to a (lon, lat) point."""
    lo1, la1, lo2, la2 = map(math.radians, (a.lon, a.lat, *b))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 12742.0 * math.asin(min(1.0, math.sqrt(h)))


def same_region(cands: tuple[Rec, ...], points: tuple[tuple[float, float], ...]) -> set[int]:
    """Return the one candidate within REGION_KM of a place named beside it while every other holder of the name
    lies over FAR_APART_KM from that place (Mission Beach, Queensland with Cairns named; not California's), else
    nothing: a city in the same region is context where no place is near enough to be the name's county."""
    for p in points:
        close = [i for i, c in enumerate(cands) if km(c, p) <= REGION_KM]
        if len(close) == 1 and all(km(c, p) > FAR_APART_KM for i, c in enumerate(cands) if i != close[0]):
            return set(close)
    return set()


def neighbour_first(scored: Scored, home: str, share: float) -> tuple[Scored, bool]:
    """Return the candidates reweighed for an asker whose heaviest candidate lies far abroad (FAR_KM from home),
    and whether a neighbour now leads: a town NEARER times nearer the asker's country than a far town of its
    name, as well known and weighing ``share`` of it, weighs HOME_FACTOR more (Nadi, Fiji asked from New Zealand
    or Australia, not Na Di, Thailand; Victoria, British Columbia, a third of Hong Kong's, is no equal of it from
    Los Angeles); Latin names only (a Chinese name has its own rules)."""
    point = country_point(home)
    top_w, _, best = scored[0]
    if point is None or best.cc == home or (far := km(best, point)) < FAR_KM:
        return scored, False
    lifted = sorted(((w * HOME_FACTOR if c.cc != home and c.kind == best.kind == "world_city" and c.fame >= best.fame
                      and w >= share * top_w and km(c, point) * NEARER <= far else w, i, c) for w, i, c in scored),
                    key=lambda t: (-t[0], t[1]))
    return lifted, lifted[0][2] is not best


def far_rivals_dropped(best: Rec, rivals: tuple[Rec, ...], home: str) -> tuple[Rec, ...]:
    """Return the rivals left once those on the far side of the world are dropped: when the heaviest holder of a
    name lies within FAR_KM of the asker's country, a namesake beyond FAR_KM and NEARER times as far is no equal
    of it unless better known (Cartagena asked from Mexico is Colombia's, not Spain's; from Taipei both are far and it
    is asked; "victoria" from Taipei is asked: British Columbia's is known by more names than Hong Kong's)."""
    point = country_point(home)
    if point is None or (near := km(best, point)) > FAR_KM:
        return rivals
    return tuple(c for c in rivals if (far := km(c, point)) <= FAR_KM or far < NEARER * near or c.fame > best.fame)


def neighbour_town(rec: Rec, home: str) -> bool:
    """Return whether a place of China lies within ACROSS_BORDER_KM of an asker's home that is not China or Taiwan
    (Hong Kong, Macau): a town across the border, named as often there as the home's own (潮州 asked from Hong Kong is
    Chaozhou, Guangdong, not the Pingtung township Taiwan's hand-kept gazetteer holds)."""
    if rec.cc != "CN" or home in ("CN", "TW"):
        return False
    point = country_point(home)
    return point is not None and km(rec, point) <= ACROSS_BORDER_KM


ZH_CITY_POP = 100_000   # a city this big near an asker writing no Chinese ...
ZH_CITY_FAME = 1 / 3    # ... known by this share of the far winner's names rivals it for a zh name both hold


def zh_city_near(best: Rec, others: tuple[Rec, ...], home: str) -> tuple[Rec, ...]:
    """Return the big cities holding a zh name whose heaviest holder lies FAR_KM from an asker whose country writes
    no Chinese characters, the cities within FAR_KM of that country, known by ZH_CITY_FAME of the winner's names
    (奧克蘭 asked from Vancouver or Los Angeles: Auckland, or Oakland?). A Chinese-writing traveller abroad writes the
    names Taiwan gives both, and where they are says which may be meant. For an asker nearer, or writing Chinese or
    kanji: a port city's twin abroad (奧克蘭 from Taipei too), or a city of the asker's own country beside the Taiwan
    place chosen (金山 from Shanghai)."""
    from core.understand.places_kanji import chinese_writing, kanji_countries   # the places_rank layer's tables

    point = country_point(home)
    if point is None or home in chinese_writing() or home in kanji_countries() or km(best, point) < FAR_KM:
        return zh_twin_ports(best, others) or home_city_beside_taiwan(best, others, home)
    return tuple(c for c in others if c.kind == "world_city" and c.pop >= ZH_CITY_POP and c.cc != best.cc
                 and c.fame >= ZH_CITY_FAME * best.fame and km(c, point) < FAR_KM)


TWIN_PORT_POP = 0.2    # a port city abroad this share of a zh name's heaviest holder's people ...
TWIN_PORT_FAME = 0.5   # ... and known by this share of its names is its twin for any asker


def zh_twin_ports(best: Rec, others: tuple[Rec, ...]) -> tuple[Rec, ...]:
    """Return the big port cities of another country holding the zh (or kana) name of a port city abroad, as big and
    known as a twin (奧克蘭: Auckland, or Oakland? オークランド too): where the asker is says nothing of which city they
    read of, so a place-bound answer asks which (the asker's zone settles it where one lies in it, ambiguity.py)."""
    if best.kind != "world_city" or best.cc == "TW" or not best.coastal:
        return ()
    return tuple(c for c in others if c.kind == "world_city" and c.coastal and c.cc != best.cc and c.pop >= ZH_CITY_POP
                 and c.pop >= TWIN_PORT_POP * best.pop and c.fame >= TWIN_PORT_FAME * best.fame)


def home_city_beside_taiwan(best: Rec, others: tuple[Rec, ...], home: str) -> tuple[Rec, ...]:
    """Return the city of an asker's own Chinese-writing country (not Taiwan) holding as its own name the name of a
    Taiwan place the hand-kept gazetteer chose (金山 asked from Shanghai: its own district, or New Taipei's harbour
    town?): both are read first there, so the asker is asked rather than told Taiwan's."""
    if not best.taiwan or home == "TW":
        return ()
    return tuple(c for c in others if c.cc == home and c.kind == "world_city" and c.pop >= ZH_CITY_POP)


def hand_kept_namesake(best: Rec, other: Rec) -> bool:
    """Return whether ``other`` is a town of the very name of the hand-kept spot ``best``: a hand-kept spot's fame is a
    mark, not a count of names, so it outweighs no namesake of the asker's own country and zone (Kovalam near Chennai and
    Kerala's Kovalam, both India's and in one zone: asked which, not "the one nearest you")."""
    return best.fame >= FAME_HAND > other.fame and best.en.lower() == other.en.lower() and best.tz == other.tz \
        and km(best, (other.lon, other.lat)) > HAND_NAMESAKE_KM   # GeoNames' own row of the very spot is no namesake


HAND_NAMESAKE_KM = 50.0   # a town of a hand-kept spot's name this far from it is another place (Waisai's two rows are one)


TWIN_POP = 50_000     # two cities of the asker's country of one name, each this big ...
TWIN_SHARE = 0.5      # ... the smaller at least this share of the bigger: a count of names tells them apart no better


def home_twin(best: Rec, other: Rec) -> bool:
    """Return whether ``other`` is a city as big as ``best`` (Talisay, Cebu and Talisay, Negros Occidental: 133,000 and
    109,000 people), whatever names GeoNames happens to list for either: the asker is asked which (s19)."""
    return best.kind == other.kind == "world_city" and min(best.pop, other.pop) >= TWIN_POP \
        and min(best.pop, other.pop) >= TWIN_SHARE * max(best.pop, other.pop)


DWARF_CITY_POP = 1_000_000   # a city abroad this big ...
DWARF_SHARE = 1 / 20         # ... is meant by its name over a town of another country near the asker this much smaller


def dwarfed(best: Rec, near: Rec, home: str) -> bool:
    """Whether a namesake near the asker's country, in a country not the asker's own, is too small beside a big city
    far away to be meant by the name alone (Sydney, Nova Scotia beside Sydney, Australia, asked from the US); a town of
    the asker's own country is never dwarfed (Melbourne, Florida asked from the US is asked about)."""
    return near.cc != home and best.pop >= DWARF_CITY_POP and near.pop <= DWARF_SHARE * best.pop


HOME_CITY_POP, HOME_CITY_FAME = 100_000, 0.2   # a city of the asker's own country this big and this known beside ...


def home_namesake(best: Rec, near: Rec, home: str) -> bool:
    """Whether `near` is a city of the asker's own country, HOME_CITY_POP people and known by HOME_CITY_FAME of the
    names of `best`, a world city far away: meant as likely by the name, so asked which (Alexandria, Virginia asked
    from the US beside Alexandria, Egypt), where a smaller or lesser-known one is overshadowed (London, Ontario)."""
    return near.cc == home and near.pop >= HOME_CITY_POP and near.fame >= HOME_CITY_FAME * best.fame

