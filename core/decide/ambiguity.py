"""A place name several places share (issue 10 §2): settle it, or ask "which one?".

The gazetteer already weighed population, coastal places for sea questions, a country or
division named alongside and Taiwan as home (`core.understand.places_rank`); what it flags
`ambiguous` is still undecided after all that. One more thing a person would use is the
asker's own zone: someone in America/New_York asking about Portland means Portland, Maine.
When that does not decide either, the plan becomes a question back to the user, never a guess.
"""
from __future__ import annotations

import functools
import re
from dataclasses import replace
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from core.asked import Asked
from core.data import DATA_DIR, read_yaml
from core.decide.plan import Plan, location_plan
from core.envelope import Context
from core.tools.catalog import CATALOG
from core.understand.places import Place, find_place
from core.understand.place_naming import qualified_name
from core.understand.places_country import find_area
from core.understand.places_index import FAME_HAND, index
from core.understand.places_kanji import chinese_writing, kanji_countries
from core.understand.places_rank import km
from core.understand.places_shared import FAR_COAST_KM
from core.understand.places_text import en_key, fold, own_name, tokens
from core.understand.slots import Slots, home_country

ASK_REASON = "ambiguous_place"
BY_ASKER_ZONE = "_home_zone"  # the plan's reason ends so when the asker's own zone chose the place (said in one line)


def candidates(place: Place) -> tuple[Place, ...]:
    """Return every place an ambiguous name may mean, the gazetteer's choice first (flags cleared)."""
    first = replace(place, ambiguous=False, alternatives=())
    return (first, *(replace(p, span=place.span) for p in place.alternatives))


HOME_CHOICE_MIN_POP = 5_000   # a town smaller than this in the asker's zone is no default for a shared name ...
HOME_CHOICE_DWARFED = 5       # ... nor one a namesake abroad this many times bigger outweighs ...
HOME_CHOICE_FAMED = 4         # ... or one a namesake abroad is known by this many times more names,
HOME_CHOICE_OBSCURE = 4       # when the home one has fewer names than this (a district: Dingle, Liverpool)
HOME_CHOICE_CLOSE_KM = 100.0  # ... unless it lies this near the asker's zone's city: a day's outing from it is what
                              # its people mean (Sorrento asked from Melbourne is Victoria's, not Italy's) ...
HOME_CHOICE_BIG_POP = 100_000  # ... and no namesake elsewhere is a city this big
HOME_CHOICE_VILLAGE = 10_000  # a home town this small beside a namesake of its very name near the asker's zone ...
NEIGHBOUR_KM = 1500.0          # ... this near the zone's city, in the next zone (Ballycastle, Mayo asked from London)
SPOT_KINDS = ("beach", "bay", "cape", "harbour")   # the hand-kept gazetteer's spots


def home_choice(place: Place, asker_tz: str, near: bool = False, written: str = "") -> Place | None:
    """Return the one candidate in the asker's own zone (with `near`, for a clock question, else the one
    near the asker's zone's city; else the one in another zone of the asker's country), or None when none or
    several are, or when a namesake abroad is better known (a small home town beside a known one, or bigger and
    known too).

    Taiwan's places are left out: the gazetteer has already counted Taiwan as home, and a
    Taipei asker typing "Bali" may well mean Indonesia. A namesake no one knows by another name
    (a Sydney suburb called Padstow) does not unsettle a home town known by more (Padstow, Cornwall).
    """
    local = [p for p in candidates(place) if p.tz == asker_tz and p.country != "TW"]
    if not local and near:
        local = _near_asker(place, asker_tz)
    elif not local:   # none in the asker's zone: the one of the asker's country, in another of its zones, every other
        # far off ("marés em Santa Maria" asked from Lisbon is the Azores' island, not California's city; not Devonport,
        # Tasmania asked from Sydney, Auckland's lying near too), unless the rules below unsettle it
        local = _home_country_one(place, asker_tz)
    if len(local) != 1:
        return None
    home = local[0]
    abroad = [p for p in candidates(place) if p is not home and p.tz != asker_tz]
    known = [p for p in abroad if p.fame * 2 >= home.fame]
    # a small town is no default for a name better-known places abroad share ("hamilton" asked from Sydney)
    small = home.kind == "world_city" and home.pop < HOME_CHOICE_MIN_POP and any(p.fame >= home.fame for p in known)
    # nor one a bigger namesake abroad outweighs ("Perth" asked from London is not Scotland's by default)
    # (by a namesake of that very name: Santa Cruz de la Sierra, Bolivia, does not dwarf Santa Cruz, California)
    dwarfed = any(p.pop > HOME_CHOICE_DWARFED * home.pop and p.name_en == home.name_en for p in known)
    # nor one the name only begins, when a town this many times bigger abroad bears it whole, however few names it
    # goes by ("Sainte-Marie" asked from Paris: Réunion's or Martinique's town, not Sainte-Marie-de-Ré)
    shortened = any(p.pop > HOME_CHOICE_DWARFED * home.pop and _short_form(p.name_en, home.name_en) for p in abroad)
    # nor one the name ``written`` only begins, when a city abroad this many times bigger and better known holds that
    # name itself (São Francisco asked from São Paulo: São Francisco do Sul, or San Francisco, Brazil's name for it)
    shortened = shortened or bool(written) and _short_form(en_key(written), home.name_en) and any(
        p.pop > HOME_CHOICE_DWARFED * home.pop and p.fame >= HOME_CHOICE_FAMED * home.fame for p in abroad)
    # nor a suburb beside the town the name is known for (Dingle asked from London: Kerry's, or which?)
    famed = home.fame < HOME_CHOICE_OBSCURE and any(
        p.fame >= HOME_CHOICE_FAMED * home.fame and p.pop * 10 >= home.pop for p in known)
    # nor a beach or bay at home whose name a town or such a spot abroad holds too (Half Moon Bay asked from
    # Hong Kong: Hap Mun Bay, or California's town?): how known a hand-kept spot is, no count of names says;
    # a spot a day's outing from the asker's city is theirs beside a namesake in another zone of their own country
    # (Manly asked from Sydney is Sydney's beach, from Brisbane Moreton Bay's boat harbour)
    own = _close_to_asker(home, asker_tz)
    spot = home.kind in SPOT_KINDS and any(p.kind in SPOT_KINDS or p.kind == "world_city" and p.pop >= HOME_CHOICE_MIN_POP
                                           for p in abroad if not (own and p.country == home.country))
    # nor a village whose very name a town in the next country holds (Ballycastle: Antrim or Mayo, from London)
    neighbour = home.kind in ("world_city", "town") and home.pop < HOME_CHOICE_VILLAGE and any(
        p.name_en == home.name_en and p.kind in ("world_city", "town") and _near_zone(p, asker_tz) for p in abroad)
    # nor a town far across a wide zone when a bigger namesake elsewhere is as known (Portland asked from Chicago:
    # Texas's, 1,700 km off in the same zone, or Maine's?): sharing a zone that wide says little
    outweighed = not _near_zone_city(home, asker_tz, HOME_FAR_KM) and any(p.pop > home.pop for p in known)
    # a town a day's outing from the asker's zone's city is theirs, unless a big city abroad shares its name
    # (Long Beach, New York beside Long Beach, California: asked)
    close = _close_to_asker(home, asker_tz) and not any(p.pop >= HOME_CHOICE_BIG_POP for p in known)
    return None if (small or dwarfed or famed or neighbour or outweighed) and not close or spot or shortened \
        or _kanji_abroad(home, abroad) or not near and _zone_twin(home, asker_tz) else home   # one clock: no twin


ZONE_TWIN_FAME = 1 / 3   # a coastal namesake in the asker's own zone known by this share of the home one's names ...


def _zone_twin(home: Place, asker_tz: str) -> bool:
    """Whether another place on the sea in the asker's own zone, FAR_COAST_KM from ``home``, holds its very name and is
    known by ZONE_TWIN_FAME of its names, whether or not the gazetteer listed it among the few alternatives: the
    zone then settles nothing (Long Beach asked from Los Angeles: California's, or Washington's on the Pacific too?)."""
    idx, key = index(), en_key(home.name_en)
    if not home.coastal or home.tz != asker_tz or key not in idx.en:
        return False
    return any(c.coastal and c.tz == asker_tz and en_key(c.en) == key and c.fame >= ZONE_TWIN_FAME * home.fame
               and km(c, (home.lon, home.lat)) >= FAR_COAST_KM for c in idx.candidates(key, idx.en[key]))


def _home_country_one(place: Place, asker_tz: str) -> list[Place]:
    """Return the one candidate of the asker's country when every other lies FAR_ASKER_KM from the asker's zone's
    city, else none."""
    city, cc = index().zone_place(asker_tz), home_country(asker_tz)
    home = [p for p in candidates(place) if p.country == cc != "TW"]
    if city is None or len(home) != 1 or any(km(p, (city.lon, city.lat)) < FAR_ASKER_KM
                                             for p in candidates(place) if p is not home[0]):
        return []
    return home


def _short_form(name: str, longer: str) -> bool:
    """Return whether `name` is a short form of the other, longer name (Sainte-Marie of Sainte-Marie-de-Ré)."""
    key, whole = en_key(name), en_key(longer)
    return key != whole and own_name(key, whole)


def _kanji_abroad(home: Place, abroad: list[Place]) -> bool:
    """Whether a kanji or hanja name of a town in Japan or Korea is also a known place's in another country writing
    Chinese characters (唐津: Dangjin, or Karatsu; 青島: Aoshima, or Qingdao): the name, written in Chinese, says
    nothing of which country's it is, and the asker's zone says only where the asker is, not whose name they read.
    So too a Chinese name of a town in China, Hong Kong or Macau a Taiwan town on the sea holds (金山: Shanghai's
    district, or New Taipei's harbour town, which travellers from there visit)."""
    kanji = kanji_countries()
    if home.country in chinese_writing() and home.country != "TW":   # (s24) 金山 from Shanghai: its own, or Taiwan's port?
        return any(p.country == "TW" and p.coastal for p in abroad)
    return home.country in kanji and any(p.country != home.country and (p.country in kanji or p.country in chinese_writing()
                                                                         and _read_abroad(p)) for p in abroad)


KANJI_CITY_POP = 500_000   # a Chinese-writing country's town this big is read in a kanji name (青島: Qingdao) ...


def _read_abroad(place: Place) -> bool:
    """Whether a kanji name's holder in a Chinese-writing country is one a reader in Japan or Korea may mean: a big
    city or a spot on the sea (青島: Qingdao), or a Taiwan town on the sea a traveller from there may mean (清水 asked
    from Tokyo: Shizuoka's port, or Taichung's?), not a district of Taipei (松山 asked in Japanese is Matsuyama)."""
    return place.pop >= KANJI_CITY_POP or place.kind in SPOT_KINDS or place.kind == "world_city" and place.pop == 0 \
        or place.country == "TW" and place.coastal


def _near_zone(place: Place, asker_tz: str) -> bool:
    """Whether a place lies within NEIGHBOUR_KM of the asker's zone's city."""
    city = index().zone_place(asker_tz)
    return city is not None and km(place, (city.lon, city.lat)) <= NEIGHBOUR_KM


def _near_zone_city(place: Place, asker_tz: str, within: float) -> bool:
    """Return whether a place lies within `within` km of the asker's zone's city (True when the zone has none)."""
    city = index().zone_place(asker_tz)
    return city is None or km(place, (city.lon, city.lat)) <= within


def _close_to_asker(home: Place, asker_tz: str) -> bool:
    """Whether a place lies within HOME_CHOICE_CLOSE_KM of the asker's zone's city."""
    city = index().zone_place(asker_tz)
    return city is not None and km(home, (city.lon, city.lat)) <= HOME_CHOICE_CLOSE_KM


HOME_FAR_KM = 1000.0   # a place only the asker's country chose, this far from the asker's zone's city ...


def _far_home(place: Place, asker_tz: str) -> tuple[Place, ...]:
    """Return the namesakes to ask about when only the asker's country chose ``place`` (its `namesakes`) and it lies
    over HOME_FAR_KM from the asker's zone's city — a namesake as big, or a hand-kept spot beside a hand-kept spot
    (Palm Beach, Florida asked from New York beside the Gold Coast's, bigger; Mission Beach, San Diego asked from
    Chicago beside Queensland's): being in one's own country says little of a town that far; empty otherwise
    (Half Moon Bay asked from Los Angeles; Waikīkī from anywhere in the US, Perth's being smaller)."""
    if not place.by_home or not place.namesakes or (city := index().zone_place(asker_tz)) is None \
            or km(place, (city.lon, city.lat)) <= HOME_FAR_KM:
        return ()
    return tuple(n for n in place.namesakes if n.fame >= FAME_HAND <= place.fame or 0 < place.pop <= n.pop)


NEAR_ASKER_KM = 1500.0   # with none in the asker's zone, the one candidate this near the zone's city, for a clock
                         # question (Halifax, Nova Scotia asked from New York; England's is 5,000 km away) ...
FAR_ASKER_KM = 4000.0    # ... when every other is this far


def _near_asker(place: Place, asker_tz: str) -> list[Place]:
    """Return the one candidate near the asker's zone's city when every other is far, else none."""
    city = index().zone_place(asker_tz)
    if city is None:
        return []
    away = [(km(p, (city.lon, city.lat)), p) for p in candidates(place) if p.country != "TW"]
    near = [p for d, p in away if d <= NEAR_ASKER_KM]
    far = all(d >= FAR_ASKER_KM for d, p in away if p not in near)
    return near if len(near) == 1 and far and len(away) == len(candidates(place)) else []


def _uses_place(plan: Plan, slots: Slots) -> bool:
    """True when the plan's answer is about the place of the slots (not a point, box or sea region);
    a program asked for reads the place's data too ("write python for a week of Santa Cruz tides")."""
    if slots.place is None or slots.point or slots.bbox:
        return False
    if plan.mode == "code":
        return True
    if plan.mode != "mcp_tools" or not plan.tool:
        return False
    if slots.region and CATALOG[plan.tool].answers_sea_regions and slots.region[0] not in slots.place.name_en:
        return False
    return True


def settle_place(plan: Plan, slots: Slots, asker_tz: str, written_zone: str | None = None,
                 elsewhere: bool = False, query: str = "") -> tuple[Plan, Slots]:
    """Return (plan, slots) with an ambiguous place settled by a zone written over its name
    (美國東岸: New York's), by the one namesake on another clock than the asker's when the question says it keeps
    one (`elsewhere`: "their time"), or else the asker's zone, or the "which one?" plan.

    Unchanged when the place is not ambiguous, the plan does not use it, or — for clock tools —
    every candidate keeps the same time. ``query``: the question, where the place's span shows the name written.
    """
    place = slots.place
    written = query[place.span[0]:place.span[1]] if place is not None and query else ""
    if place is not None and not place.ambiguous and _uses_place(plan, slots) and (far := _far_home(place, asker_tz)):
        asked = replace(place, ambiguous=True, alternatives=place.namesakes)   # Palm Beach, Florida from New York: which?
        return Plan("fallback", tool=plan.tool, reason=ASK_REASON, variant=plan.variant), replace(slots, place=asked)
    if place is None or not place.ambiguous or not _uses_place(plan, slots):
        return plan, slots
    if plan.tool is None:   # a program: the asker's own zone settles the name, else asked which
        home = home_choice(place, asker_tz, written=written)
        if home is None:
            return Plan("fallback", reason=ASK_REASON), slots
        return replace(plan, reason=plan.reason + BY_ASKER_ZONE), replace(slots, place=home)
    # A clock tool's answer depends only on the place's zone: candidates sharing one give the same answer.
    about_a_moment = CATALOG[plan.tool].about_a_moment
    if about_a_moment and len({_clock(p.tz) for p in candidates(place)}) == 1:
        return plan, slots
    chosen = next((p for p in candidates(place) if p.tz == written_zone), None)
    suffix = "_written_zone"
    away = [p for p in candidates(place) if _clock(p.tz) != _clock(asker_tz)] if elsewhere else []
    if chosen is None and len(away) == 1:   # "Santa Monica … their time?" asked in Manila: California's
        chosen, suffix = away[0], "_elsewhere"
    if chosen is None:
        # "what time is it in Halifax" asked from New York: Nova Scotia's, 1,000 km away, not England's; a
        # tide or weather asked so is asked which (Newport asked from Berlin: Wales, or Rhode Island?)
        chosen, suffix = home_choice(place, asker_tz, near=about_a_moment, written=written), BY_ASKER_ZONE
    if chosen is None:   # the tool and variant stay on the question back, for the reply that picks one
        return Plan("fallback", tool=plan.tool, reason=ASK_REASON, variant=plan.variant), slots
    settled = replace(slots, place=chosen)
    again = location_plan(plan.tool, settled, reason=plan.reason + suffix)
    if about_a_moment:
        return replace(plan, reason=plan.reason + suffix), settled
    if again is None:
        return plan, settled
    again.variant = plan.variant
    return again, settled


def _clock(tz: str) -> tuple[object, ...]:
    """Return a zone's UTC offsets in January and July: zones with the same keep the same clock
    (America/Vancouver and America/Los_Angeles: "what time is it in Vancouver" needs no "which one?")."""
    year = datetime.now(UTC).year
    return tuple(datetime(year, month, 15, 12, tzinfo=UTC).astimezone(ZoneInfo(tz)).utcoffset() for month in (1, 7))


_ORDINAL_CLEAN = re.compile(r"[\s.,!?。，！？、~～]+$|^\s*(?:(?:it'?s|i mean|please|請|我要|我是說)\s*)")


@functools.cache
def _ordinals() -> dict[str, int]:
    """Return the replies that pick a choice by its place in the list, and that place (from 1)."""
    table = read_yaml(DATA_DIR / "understanding.yaml")["which_one_ordinals"]
    return {str(word).lower(): int(n) for n, words in table.items() for word in words}


def asked_back_context(asked: Asked) -> Context | None:
    """Return the context a "which one?" or a "where?" leaves: the question's tool, variant and day,
    and the places it named, so that a reply naming one ("NSW", 「英國那個」, 「基隆」) answers the
    question asked (「明天會下雨嗎」 then 「基隆」: Keelung's rain tomorrow, not its tides)."""
    plan, slots = asked.plan, asked.slots
    if plan is None or plan.tool is None or slots is None:
        return None
    day = slots.date.day.isoformat() if slots.date is not None else None
    variant = {plan.variant: True} if plan.variant else {}
    choices = [qualified_name(p) for p in candidates(slots.place)][:4] if slots.place is not None else None
    return Context(tool=plan.tool, date=day, choices=choices, **variant)


def picked(asked: Asked, context: Context) -> Place | None:
    """Return the place among the context's choices that the reply names, or None: the place itself
    ("Newcastle upon Tyne"), or the one choice in a country or division the reply names ("NSW",
    "Malaysia", 「英國那個」, "Penang"); a town elsewhere (Sydney) picks none."""
    options = [p for p in map(find_place, context.choices or ()) if p is not None]
    nth = _ordinals().get(_ORDINAL_CLEAN.sub("", asked.query.lower()).strip())
    if nth is not None and nth <= len(options):   # "the second one", 「第一個」
        return options[nth - 1]
    slots = asked.slots
    named = slots.place if slots is not None else None
    if named is not None:
        same = [p for p in options if p.key in {named.key, *(a.key for a in named.alternatives)}]
        if len(same) == 1:
            return same[0]
    work = fold(asked.query)
    area = find_area(work, tokens(work), "")
    where = {(area.cc, area.division)} if area is not None else set()
    if named is not None and named.kind in ("region", "country"):
        where.add((named.country, named.admin if named.kind == "region" else ""))
    inside = [p for p in options if any(p.country == cc and (not div or p.admin == div) for cc, div in where)]
    return inside[0] if len(inside) == 1 else None
