"""Which of the places sharing a name the asker means, and when nothing decides it.

Used only for a name several places answer to (Portland, San Jose, 大溪, Bali); a name with one
place costs nothing here. Each candidate gets a weight, and the heaviest wins:

* base: population (a region 0.8 of its biggest town's); x100 when the name is the place's own name rather than an
  alias (Monterey is the Californian town, not a misspelling of Monterrey); in a sea question an alias weighs a
  further 1/1000, as an inland place does (below), so a coastal place known by the name only as an alias never
  outweighs the inland place it names (Zaragoza tides is not Tijuana, once called Zaragoza; Andong is not Dandong);
* home: a place in the asker's country (Taiwan by default) x10; for a Chinese name the Taiwan
  places always come first (大溪 is never a town abroad);
* coastal: when the question is about the sea (tide, waves, surf, beach ...; or the caller says so with
  ``prefer_coastal=True``), or the name is followed by Bay, Beach, 灣, 島 ..., a place more than ~7 km from the sea
  weighs 1/1000 — unless it is a city abroad with the sea within ~20 km and known by many names (a port up its
  estuary: Newcastle upon Tyne stays a rival to Newcastle, New South Wales, for "Newcastle tides"; a small town
  inland, Nazaré in Bahia, does not rival the surf town, nor little-known Jinshan, Shanghai, Taiwan's 金山; the
  hand-written Taiwan gazetteer lists its harbours: 大里 for tides is 大里漁港, not Taichung's);
* context: a country or first-level division named in the question ("Boston, UK", "Portland,
  Maine", "美國波特蘭", "Hilo, Hawaii") x10^6 for places there; a Taiwan county or city named
  with the place ("宜蘭大溪") x10^6 for the place nearest to it (if within 50 km).

Ambiguity rule: the answer is *ambiguous* when, after all that, another candidate that is a different place (another
country, or over 30 km away) weighs at least a tenth of the winner and is known by at least a third as many names
(GeoNames' alternate names: a proxy for fame, so Waikiki, Perth's suburb, is no rival to Waikīkī, Honolulu), and not
under half of both (Barcelona, Venezuela is no rival to Barcelona, Spain; Athens, Georgia none to Athens); or a
coastal place far off holds the very name of a coastal winner abroad (places_shared). Up to three rivals are returned
so the caller can ask "which one?". Portland (Oregon 650k, Maine 67k), San Jose (California, Costa Rica, the
Philippines) and Victoria (Hong Kong, British Columbia, Texas) are ambiguous alone; "Portland, Maine", "Portland tide"
(only Maine's is on the sea), "San Jose, Costa Rica", London or Boston (namesakes under a tenth) are not.
"""

from __future__ import annotations

import functools
import math
import operator
from itertools import compress
from typing import NamedTuple

from core.understand.places_by_area import country_point
from core.understand.places_index import FAME_HAND, HOME_FACTOR, Context, Rec, context, index, is_primary
from core.understand.places_codes import code_after_name, everyday_word
from core.understand.places_kanji import SPOT_KINDS, chinese_writing, kanji_countries, kanji_namesake, shared_own, spot_namesakes
from core.understand.places_text import HAN, Tokens, en_key, word_hits
from core.understand.places_rank_short import short_name_rivals
from core.understand.places_rank_near import dwarfed, home_namesake, home_twin, FAR_KM, NEAR_KM_HOME, far_rivals_dropped, km, neighbour_first, neighbour_town, \
    same_region, hand_kept_namesake, zh_city_near
from core.understand.places_shared import SAME_PLACE_KM, WORLD_CITY_FAME, better_known, distinct, far_coastal_namesakes, hand_kept_namesakes, known_namesakes
from core.understand.zone_words import time_word_end, time_word_start

RIVAL_SHARE = 0.1  # a rival weighs at least this share of the winner ...
RIVAL_FAME = 1 / 3  # ... and is known by at least a third as many names ...
DOMINATED = 0.5  # ... and not under half the winner's weight and half its names both (Barcelona, Venezuela)
MAX_ALTERNATIVES = 3
BETTER_KNOWN = 2  # a namesake abroad known by 2x the home place's names (Dingle, Kerry); not one more (Bāli, West Bengal)
OUTWEIGH_FAME = 1.5  # a heavier namesake abroad known by 1.5x the home place's names rivals it (Perth, WA from London)
NEAR_KM = 50.0


class Choice(NamedTuple):
    """The chosen place, the strong rivals (empty unless ambiguous), whether it is ambiguous, and
    whether the asker's home country settled a Latin name that places abroad rival (said in one line)."""

    rec: Rec
    rivals: tuple[Rec, ...]
    ambiguous: bool
    by_home: bool = False
    shared: bool = False   # known places elsewhere hold its very name: the answer says which one it took
    namesakes: tuple[Rec, ...] = ()   # those places when the asker's country chose it (on the sea, for a sea question)


class Hint(NamedTuple):
    """What the rest of the question says about the place meant."""

    coastal: bool
    where: frozenset[tuple[str, str]]  # (country, division or "") named in the question
    near: tuple[tuple[float, float], ...]  # points of Taiwan counties/cities named with the place


_NEAR_SEA_STEP = 0.12   # degrees around a place where the sea may lie within ~20 km (inland grid cells: 0.05 degrees)
PORT_CITY_POP = 100_000  # a city this big near the sea ...
PORT_CITY_FAME = 20  # ... and known by this many names is a port city for sea questions (Jinshan, Shanghai is not)


def near_sea(rec: Rec) -> bool:
    """Return whether the sea is within ~20 km of a place the gazetteer does not call coastal."""
    from metocean.land import is_inland  # the inland grid: only for a shared name in a sea question
    dlat = _NEAR_SEA_STEP
    dlon = dlat / max(math.cos(math.radians(rec.lat)), 0.2)
    return any(not is_inland(rec.lon + i * dlon, rec.lat + j * dlat) for i in (-1, 0, 1) for j in (-1, 0, 1))


OWN_NAME = 100.0   # a place's own name weighs this many times an alias of it


def weight(rec: Rec, key: str, cjk: bool, hint: Hint, home: str) -> float:
    """How strongly ``rec`` is meant by the name ``key`` in a question with ``hint``."""
    primary = is_primary(rec, key) or cjk and shared_own(rec, key)   # 宮古: Miyakojima's by the rules too
    w = rec.weight * (OWN_NAME if primary else 1.0)
    if hint.coastal and not primary and not (cjk and rec.cc in chinese_writing()):
        # a coastal place's alias never outweighs an inland place's own name (Zaragoza is not Tijuana); a Chinese
        # place's Chinese names are its own in either script (青島 is Qingdao's, GeoNames' own being 青岛)
        w *= 1e-3
    if home and (rec.cc == home or cjk and rec.taiwan and home == "CN"):   # zh names: home places first, where the home
        w *= HOME_FACTOR if not cjk or home not in chinese_writing() else 1e12   # writes Chinese (長洲 from Tokyo: ask; 南澳 from China: Taiwan's too)
        if cjk and rec.cc in chinese_writing() and home not in chinese_writing():
            w *= HOME_FACTOR
    elif cjk and home in chinese_writing() and (rec.taiwan or neighbour_town(rec, home)):
        w *= 1e11   # Taiwan's hand-kept names: a Chinese-writing asker's too, as a town across its border (潮州 from HK)
    elif cjk and rec.cc in chinese_writing():
        w *= HOME_FACTOR   # a Chinese place's name outranks the kanji of a namesake in Japan (長洲)
    if hint.coastal and not rec.coastal and not (rec.pop >= PORT_CITY_POP and PORT_CITY_FAME <= rec.fame < FAME_HAND
                                                 and near_sea(rec)):
        w *= 1e-3
    if hint.where and ((rec.cc, rec.admin) in hint.where or (rec.cc, "") in hint.where):
        w *= 1e18   # the country or division written beside it outweighs even the zh home factors (澳洲黃金海岸)
    return w


@functools.cache
def small_homes() -> frozenset[str]:
    """Return the homes where two spots sharing a name a few km apart are asked about (places_world_rules.yaml)."""
    return frozenset(index().rules.get("small_homes", ()))


SAME_SPOT_KM = 5.0   # in a small home, two spots sharing a name this far apart are two places


def _spots_apart(a: Rec, b: Rec) -> bool:
    """Whether two places of a small home sharing a name are two places to ask about: neither an area,
    one of them a hand-kept spot, and more than SAME_SPOT_KM apart."""
    return (a.kind not in ("region", "county", "country") and b.kind not in ("region", "county", "country")
            and max(a.fame, b.fame) >= FAME_HAND and km(a, (b.lon, b.lat)) > SAME_SPOT_KM)


def choose(cands: tuple[Rec, ...], key: str, cjk: bool, hint: Hint, home: str, lower: bool = False) -> Choice:
    """The candidate meant, and its strong rivals when nothing told them apart (see module doc); ``lower``: the name
    was written in lower case ("bali"), as one types a famous name in passing."""
    if lower and not cjk:   # in lower case, a place's own name, not another's alias ("amed": Bali's, not Diyarbakır)
        cands = tuple(c for c in cands if is_primary(c, key)) or cands
    near = {min(range(len(cands)), key=lambda i: km(cands[i], p)) for p in hint.near}
    near = {i for i in near if any(km(cands[i], p) <= NEAR_KM for p in hint.near)} or same_region(cands, hint.near)
    near = {i for i in near if not any(dwarfed(c, cands[i], home) for c in cands)}   # a great city far off wins (Madrid by Bogotá)
    scored = sorted(((weight(c, key, cjk, hint, home) * (1e6 if i in near else 1.0), i, c) for i, c in enumerate(cands)),
                    key=lambda t: (-t[0], t[1]))
    if len(scored) > 1 and better_known(scored[0], scored[1]):
        scored[:2] = scored[1::-1]
    neighbour = len(scored) > 1 and bool(home) and not cjk and not hint.where and not near
    if neighbour:
        scored, neighbour = neighbour_first(scored, home, DOMINATED)
    top_w, _, best = scored[0]
    # Typed in lower case, being at home helps a place win a Latin name but not rival a far weightier one abroad: "bali" is
    # Bali, while "Bali", as 八里 is signposted, asks which (Taiwan's 八里; Santa Cruz, California abroad stays a rival)
    at_home = HOME_FACTOR if lower and not cjk and home == "TW" else 1.0
    rivals = tuple(c for w, _, c in scored[1:]
                   if _rivals(w / (at_home if home and c.cc == home and best.cc != home else 1.0) / top_w,
                              c.fame / max(best.fame, 1)) and distinct(best, c))
    if rivals and home and best.cc != home and not cjk and not hint.where and not hint.near:
        rivals = far_rivals_dropped(best, rivals, home)   # the far ones are said in one line below, not asked about
    if not rivals and not cjk and not hint.where and not hint.near and best.cc != home and not neighbour:
        rivals = _namesakes(best, key, tuple((w / top_w, c) for w, _, c in scored[1:]))
    if not rivals and (home == "TW" or cjk) and best.cc == "TW" and not hint.where and not hint.near:
        # Two home places own the name (大溪: Taoyuan's town, Yilan's harbour): a sea word is no
        # proof of which one the asker means, so the asker is asked rather than told a guess.
        rivals = tuple(c for _, _, c in scored[1:] if c.cc == "TW" and distinct(best, c))
    if not rivals and cjk and best.taiwan and best.kind in SPOT_KINDS and not hint.where and not hint.near:
        rivals = tuple(c for _, _, c in scored[1:] if _famous_abroad(c, key))   # 黃金海岸: Tainan's beach, or Gold Coast?
    if not rivals and cjk and not hint.where and not hint.near:   # 青島 tides from Taipei: Qingdao, or Aoshima? 奧克蘭
        rivals = spot_namesakes(best, (rest := tuple(c for _, _, c in scored[1:])), home, hint.coastal) or zh_city_near(
            best, rest, home) or tuple(c for c in rest if c.coastal and hand_kept_namesake(best, c))   # from Vancouver? 小浜?
    if not rivals and home not in ("", "TW") and best.cc == home and not hint.where and not hint.near:
        # two known towns of the asker's own country share the name, however much bigger one is (Newport, Wales
        # and Newport, Isle of Wight asked from London; 大島, Tokyo's ward or Izu's island, from Tokyo): asked, as Taiwan's
        # (a town too small to be meant by the name alone has home namesakes as a town abroad has: Long Beach, New
        # York beside Long Beach, California)
        # (a home place's name in the home's own script is its name there, though GeoNames files it as an alias)
        rivals = tuple(c for w, _, c in scored[1:] if c.cc == home and distinct(best, c) and (
            w * (OWN_NAME if cjk and not is_primary(c, key) else 1.0) / top_w >= RIVAL_SHARE
            and c.fame >= RIVAL_FAME * best.fame
            or best.pop < NAMESAKE_TOP_POP and best.kind not in ("country", "region") and _spelled(c, key)
            and w / top_w >= NAMESAKE_WEIGHT_SHARE and (c.fame >= NAMESAKE_FAME_SHARE * best.fame or hand_kept_namesake(best, c))
            or home_twin(best, c) and _spelled(c, key)))
    if not hint.where and not hint.near:   # Santa Cruz: Tenerife's or La Palma's? São Francisco: do Sul, or San Francisco?
        rivals = short_name_rivals(best, key, tuple(c for _, _, c in scored[1:] if distinct(best, c)), rivals)
    if not rivals and not hint.where and not hint.near and home not in ("", "TW"):
        rivals = _small_town_namesakes(best, key, cjk, tuple(c for _, _, c in scored[1:]), home, hint.coastal)
    if not rivals and home in small_homes() and best.cc == home and not hint.where and not hint.near:
        rivals = tuple(c for _, _, c in scored[1:] if c.cc == home and _spots_apart(best, c))   # Sai Wan from Hong Kong
    if not rivals and not cjk and not hint.where and not hint.near:   # Stanley: Hong Kong's spot, or the Falklands'?
        rivals = hand_kept_namesakes(best, key, tuple((w / top_w, c) for w, _, c in scored[1:]), home)
    if not rivals and not cjk and not hint.where and not hint.near:   # Christmas Island: Kiribati's, or Australia's?
        rivals = far_rivals_dropped(best, far_coastal_namesakes(best, key, tuple(c for _, _, c in scored[1:]), home), home)
    if not rivals and not cjk and home and not hint.where and not hint.near:
        # (in a sea question too when the winner is far: "mareas en Santiago" from Madrid, Compostela's or Cuba's?)
        far = (point := country_point(home)) is not None and km(best, point) >= FAR_KM
        rivals = _near_the_asker(best, tuple((w / top_w, c) for w, _, c in scored[1:] if _spelled(c, key) or c.cc == home
                                             and is_primary(c, key) and (c.coastal or not hint.coastal or far)), home, hint.coastal)
    # Without the home factor a place abroad would rival it: "Newcastle tides" asked from Brisbane. When
    # one abroad would even outweigh the home one ("Perth" asked from London), home is no proof: asked.
    by_home = (not rivals and not cjk and bool(home) and best.cc == home and not hint.where and not hint.near
               and any(c.cc != home and _rivals(w * HOME_FACTOR / top_w, c.fame / max(best.fame, 1))
                       for w, _, c in scored[1:]))
    if by_home:   # ... as is a namesake abroad better known by that very name (Newport, Rhode Island; Dingle, Kerry)
        rivals = tuple(c for w, _, c in scored[1:] if c.cc != home and distinct(best, c) and (
            w * HOME_FACTOR > top_w and c.fame >= OUTWEIGH_FAME * best.fame
            or c.fame >= BETTER_KNOWN * best.fame and _spelled(c, key)
            and _rivals(w * HOME_FACTOR / top_w, c.fame / max(best.fame, 1))))
    if rivals and home not in ("", "TW") and best.cc == home and not cjk:
        # asked about anyway: a hand-kept spot of the asker's country holding the name too is offered however few
        # live there, so the asker's zone does not settle it (Half Moon Bay, Auckland or Stewart Island's, from NZ)
        rivals = (*(c for _, _, c in scored[1:] if c.cc == home and c.fame >= FAME_HAND and distinct(best, c)
                    and c not in rivals), *rivals)
    named = () if rivals or cjk or hint.where or hint.near else known_namesakes(
        best, key, tuple(c for _, _, c in scored[1:]))   # Oban asked from London: Scotland's, said in one line
    shared, home_said = bool(named), bool(named) and best.cc == home   # the asker's own Stanley from Hong Kong
    return Choice(best, rivals[:MAX_ALTERNATIVES], bool(rivals), by_home and not rivals or home_said,
                  shared and not by_home and not home_said,
                  tuple(c for c in named if c.coastal or not hint.coastal)[:MAX_ALTERNATIVES] if home_said else ())


SMALL_TOWN_POP = 10_000      # a home town this small does not settle its name alone against a namesake near home
NAMESAKE_KNOWN = 3           # ... known by this many names (beside a hand-kept town; else a share of its own)
HOME_NAMESAKE_POP = 20_000   # a home town this big (or a hand-kept spot) rivals a place abroad of its kanji name


def _small_town_namesakes(best: Rec, key: str, cjk: bool, others: tuple[Rec, ...], home: str,
                          sea: bool = False) -> tuple[Rec, ...]:
    """Return the namesakes to ask about that weight misses: for a Latin name, a small town of the asker's
    country beside towns of the very same name in a country near it (Ballycastle, Antrim or Mayo; Castletown,
    Caithness, Isle of Man or Ireland, asked from London); for a kanji name read abroad by an asker whose
    country writes kanji (Japan, Korea), a known place of the asker's country holding it (青島 from Tokyo:
    Qingdao or Aoshima, Miyazaki), and for one read at home a known place of another country writing Chinese
    characters holding it (松島 from Tokyo: Matsushima, or Incheon's Songdo), on the coast for a ``sea`` question
    (麗水 for its sea temperature from Seoul is Yeosu, Lishui lying inland)."""
    if cjk:
        if home not in kanji_countries():
            return ()   # a Chinese-writing home has its own rules above; elsewhere a kanji name is read abroad
        if best.cc == home:   # ... and the home's own kanji name a known place of another kanji-writing country holds
            return tuple(c for c in others if kanji_namesake(c, home) and distinct(best, c) and (c.coastal or not sea))
        return tuple(c for c in others if c.cc == home and distinct(best, c)
                     and (c.fame >= FAME_HAND or c.pop >= HOME_NAMESAKE_POP))
    point = country_point(home)
    if best.cc != home or best.pop >= SMALL_TOWN_POP or best.kind not in ("world_city", "town") or point is None:
        return ()
    # a namesake known by a share of the town's names, or a few where the town is hand-kept (Nantucket, Nova Scotia,
    # known by one name, is no rival to Nantucket, Massachusetts, known by seventeen)
    fame = RIVAL_FAME * best.fame if best.fame < FAME_HAND else NAMESAKE_KNOWN
    return tuple(c for c in others if c.cc != home and c.kind in ("world_city", "town") and _spelled(c, key)
                 and c.fame >= fame and distinct(best, c) and km(c, point) < NEAR_KM_HOME)


# A small Taiwan spot whose zh name is the usual zh name of a big city or region abroad (台南黃金海岸 and Australia's
# Gold Coast): asked which, unless a Taiwan county, township or the country is written beside it. Townships keep
# their names (岡山 is Gangshan, not Okayama): a Taiwan asker names them daily.
FAMOUS_ABROAD_POP = 500_000


def sole_home(cands: tuple[Rec, ...], key: str, home: str) -> bool:
    """Whether one place of the asker's home answers to a zh name and nothing abroad competes: no big
    city abroad calls itself by it while the home one is a small spot (黃金海岸)."""
    return bool(home) and sum(c.cc == home for c in cands) == 1 and cands[0].cc == home and not (
        cands[0].kind in SPOT_KINDS and any(_famous_abroad(c, key) for c in cands[1:])) and not (
        home in kanji_countries() and any(kanji_namesake(c, home) for c in cands[1:]))


def _famous_abroad(rec: Rec, key: str) -> bool:
    """Whether a place abroad is big and known by the zh name ``key`` as its own (Gold Coast by 黃金海岸)."""
    return not rec.taiwan and rec.kind in ("world_city", "region") and rec.pop >= FAMOUS_ABROAD_POP and is_primary(rec, key)


# a namesake within NEAR_KM_HOME rivals a winner beyond FAR_KM (both in places_rank_near) ...
NEARER = 2.0                            # ... or a winner abroad this many times farther than a namesake city ...
NEAR_CITY_POP = 100_000                 # ... this big (Brest from London), or one as near as the winner
NEAR_MIN_POP = 5_000                    # ... unless a hamlet (Boston in the Philippines is no rival to Boston)
NEAR_FAME_SHARE = 0.05                  # ... or unknown beside it (the Philippines' San Franciscos)
HOME_TOWN_POP = 1_000                   # ... though a town of the asker's own country is known to them, small or not


def _near_the_asker(best: Rec, others: tuple[tuple[float, Rec], ...], home: str, sea: bool = False) -> tuple[Rec, ...]:
    """Return the namesakes (of that very name, or a home place's it shortens: Santiago de Compostela) near the asker's
    country when the winner is far from it (Lagos, Portugal asked from Berlin beside Lagos, Nigeria; Kingston, Tasmania
    from Sydney), or a city of it as near as the winner or half as far as a winner abroad, weighing a share of it in the
    question (Brest, France and Brest, Belarus asked from London or Berlin; not for a tide, Belarus' inland): asked which."""
    point = country_point(home)
    if point is None:
        return ()
    d_best = km(best, point)
    if d_best >= FAR_KM:
        return tuple(c for _, c in others if km(c, point) < NEAR_KM_HOME and distinct(best, c) and (not overshadowed(best, c) or home_namesake(best, c, home))
                     and (sea or not dwarfed(best, c, home))   # Sydney's clock from the US: Australia's (a sea: Lagos, asked)
                     and (c.kind != "world_city" or c.pop >= NEAR_MIN_POP and c.fame >= NEAR_FAME_SHARE * best.fame
                          or c.cc == home and c.pop >= HOME_TOWN_POP))   # Brighton asked from Dunedin
    if best.cc == home:   # a home town settles its name by itself (the caller says so in one line)
        return ()
    return tuple(c for share, c in others if share >= NAMESAKE_WEIGHT_SHARE and c.kind == "world_city"
                 and c.pop >= NEAR_CITY_POP and distinct(best, c) and (d := km(c, point)) < NEAR_KM_HOME
                 and (d_best < NEAR_KM_HOME or d * NEARER <= d_best))


def overshadowed(best: Rec, near: Rec) -> bool:
    """Whether a world city is meant by its name whatever namesake is near the asker, the namesake
    known by under RIVAL_FAME of its names (倫敦 or London asked from Toronto: England's, not Ontario's)."""
    return best.fame >= WORLD_CITY_FAME and near.fame < RIVAL_FAME * best.fame


def _rivals(share: float, fame: float) -> bool:
    """Whether a place weighing ``share`` of the winner and known by ``fame`` times as many names rivals it."""
    return share >= RIVAL_SHARE and fame >= RIVAL_FAME and not (share < DOMINATED and fame < DOMINATED)


# A town abroad under this many people, named with nothing around it, shares its name with towns this big and this
# known (Long Beach, California and Long Beach, New York; Georgetown, Guyana and Georgetown, Texas): asked which.
NAMESAKE_TOP_POP = 500_000
NAMESAKE_WEIGHT_SHARE = 0.05   # of the winner's weight, the question's hints counted (a sea word: coastal towns)
NAMESAKE_FAME_SHARE = 0.3


def _namesakes(best: Rec, key: str, others: tuple[tuple[float, Rec], ...]) -> tuple[Rec, ...]:
    """Return the towns whose own name is the name of `best` too, a town abroad not big enough to be
    meant by it alone (Long Beach), weighty and known enough to be meant instead; none for a city."""
    if best.pop >= NAMESAKE_TOP_POP or best.kind in ("country", "region"):
        return ()
    return tuple(c for share, c in others if share >= NAMESAKE_WEIGHT_SHARE and c.fame >= best.fame * NAMESAKE_FAME_SHARE
                 and _spelled(c, key) and distinct(best, c) and (c.cc, c.admin) != (best.cc, best.admin))


def _spelled(rec: Rec, key: str) -> bool:
    """Whether ``key`` is the place's whole name, spaces and hyphens aside (not Saint-Malo-de-Guersac's
    short form "Saint-Malo"): a namesake of a town is a town of the very same name."""
    return en_key(rec.en).replace(" ", "").replace("-", "") == key.replace(" ", "").replace("-", "")


_SPOTS = ("beach", "cape", "harbour", "bay")   # a spot abroad named beside a shared town's name says which town


def hint_for(work: str, toks: Tokens | None, span: tuple[int, int], others: list[tuple[int, int, Rec]],
             prefer_coastal: bool | None) -> Hint:
    """Read the question around a matched name: sea words, feature words, countries and divisions."""
    ctx = context()
    end = span[1]
    coastal = prefer_coastal
    if coastal is None:
        coastal = _followed_by_feature(work, toks, end, ctx) or bool(
            ctx.coastal_zh.search(work) or ctx.coastal_en.search(work))
    where = set(_context_words(work, toks, span, ctx))
    near: list[tuple[float, float]] = []
    # "8am Halifax time -> Dublin?", "10 hora de Madrid … en Bogotá": the other side of a conversion, no context
    clock = time_word_end(work, end) > end or time_word_start(work, span[0]) < span[0]
    for _s, _e, rec in others:
        if work[_s:_e].lower() == work[span[0]:span[1]].lower() or clock and rec.kind not in ("region", "country"):
            continue   # the name written again ("Brest ... Brest harbour") says nothing of which one it is
        if rec.kind in ("county", "city", "world_city", "island") and (rec.taiwan or rec.kind != "county") \
                or rec.kind == "town" and rec.taiwan \
                or rec.kind in _SPOTS and not rec.taiwan:   # 頭城大溪; "Lagos … Ponta da Piedade": Portugal's
            near.append((rec.lon, rec.lat))
        elif rec.kind in ("region", "country"):
            where.add((rec.cc, rec.admin if rec.kind == "region" else ""))
    return Hint(bool(coastal), frozenset(where), tuple(near))


def _followed_by_feature(work: str, toks: Tokens | None, end: int, ctx: Context) -> bool:
    """"Monterey Bay", "Waikiki Beach", "濟州島", "蒙特雷灣": the name is followed by a coastal feature word."""
    if work.startswith(ctx.features_zh, end):
        return True
    if toks is None:
        return False
    for (s, _e, _w), low in zip(toks.words, toks.low):
        if s > end:
            return low in ctx.features_en and not work[end:s].strip()
    return False


def _context_words(work: str, toks: Tokens | None, span: tuple[int, int], ctx: Context) -> list[tuple[str, str]]:
    """Every (country, division) a country or division name in the text outside ``span`` may mean."""
    out: list[tuple[str, str]] = []
    start, end = span
    n = len(work)
    same = work[start:end].lower()   # the name written again ("Brest ... Brest harbour") is no division of it
    if HAN.search(work):
        lens_at = [*map(ctx.cjk_lens.get, map(operator.add, work, work[1:])), None]
        for i in compress(range(n), lens_at):
            for length in lens_at[i]:  # type: ignore[union-attr]
                if i + length <= n and (i + length <= start or i >= end):
                    hit = ctx.cjk.get(work[i:i + length])
                    if hit is not None and work[i:i + length] != same:
                        out.extend(hit)
                        break
    if toks is not None:
        for s, e, hit, _first, key in word_hits(toks, ctx.en, ctx.en_multi, tuple):
            if (e <= start or s >= end) and work[s:e].lower() != same:
                if key in ctx.upper and not work[s:e].replace(".", "").isupper() and not code_after_name(work, key, s, end) \
                        or everyday_word(work[s:e], key):   # "marea para San Juan": "for", no Pará
                    continue  # "us" is a pronoun, "US" a country; "queenstown nz" is New Zealand's
                out.extend(hit)
    return out
