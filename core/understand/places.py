"""Offline place gazetteer (zh-TW and English): which place a question names, as a person reads it.

Data (``core/data``), loaded once on first use: hand-written Taiwan places (``places_tw.yaml``, and the
coastal gazetteer ``places_tw_coast.yaml``), places abroad generated from GeoNames by ``scripts/build_places.py``
(``places_world.yaml``: towns, coastal regions, small coastal countries), hand-kept coastal features abroad
(``places_world_coast.yaml``), rules (``places_world_rules.yaml``) and named sea regions (``regions.yaml``).

Matching in free text: Chinese names by substring (longest first, a first-two-characters → lengths table); English
names by word n-grams, case-insensitive for Taiwan names, capitalised (or a big city) abroad. Between names
found at different places in the text: a specific place beats a county, region or country that
contains it ("Hilo, Hawaii", "台南安平"), then the longest name ("宜蘭大溪漁港"), then Taiwan, then the weightier.
A name several places share is settled by ``places_rank`` (population, coastal places for sea questions, country
or county named alongside, the asker's home), and flagged ``ambiguous`` with ``alternatives`` when nothing
decides. Every hit carries its span so other slot detectors can skip it: 潮州 is a town, not a tide word.
"""

from __future__ import annotations

import functools
import operator
import re
from dataclasses import dataclass, replace
from itertools import compress

from core.data import word_list
from core.understand.places_cases import inflected_name
from core.understand.places_day_words import accented_day_words
from core.understand.places_country import area_name, clocks, country_named_beside, every_clock, find_area, home_area_named, home_area_or_both, inside_area
from core.understand.places_index import CONTAINERS, DATA, FAME_HAND, Rec, context, index, is_primary
from core.understand.places_inside import SPECIFIC, Hit as _Hit, bay_after_a_town, glued_place_word_dropped, inside_named_area
from core.understand.places_kana import with_kana_towns, words_holding_names
from core.understand.places_lower import abroad_name, abroad_word, capital_role, common_name, has_role, written_as_name
from core.understand.places_word_names import between_ask_and_day
from core.understand.places_kanji import chinese_writing
from core.understand.places_rank import Hint, choose, hint_for, km, overshadowed, sole_home
from core.understand.places_regions import BBox, first_region, outside_names, region_hits, regions
from core.understand.places_text import (HAN, Tokens, data_word_in, en_key, fold, fold_zh, inside_a_kana_word, inside_a_spaced_word,
                                         inside_a_syllable, set_apart, tokens, trip_end, weak_then_day, word_end, word_hits)
from core.understand.trip_context import trip_context

__all__ = ["Place", "find_place", "find_place_and_region", "region_bbox", "zh_tw_names", "DATA"]

# After a weak zh name (成功, 將軍 ...) one of these must follow for it to be a place.
# ... or a word saying which one is meant (「白沙灣明天滿潮 (石門那個)」, 「…石門的」 written last)
_WEAK_CONTEXT = re.compile(r"漁港|港|鎮|鄉|區|外海|海域|附近|沿岸|沿海|海邊|一帶|的(?:天氣|浪|潮|風|水溫|海|氣溫)"
                           r"|那(?:個|个|一個|邊|边|裡|裏|里)|的(?=\s*(?:$|[)）,，。?？!！]))")

SMALL_TOWN = 100_000  # a town this small named like a country or division is not what the name means

@dataclass(frozen=True)
class Place:
    """A place resolved from a question, with what an answer needs to name it."""

    key: str
    name_zh: str
    name_en: str
    lon: float
    lat: float
    tz: str  # IANA zone
    kind: str  # city|county|town|harbour|beach|bay|cape|island|lake|mountain|station|region|country|world_city
    span: tuple[int, int] = (0, 0)  # where it was found in the text
    country: str = ""  # ISO 3166-1 alpha-2 ("TW", "US"); see country_name()
    admin: str = ""  # first-level division abroad ("California", "Bali"); "" in Taiwan or unknown
    coastal: bool = False  # within ~7 km of the sea
    ambiguous: bool = False  # another place answers to the name as strongly (see places_rank)
    alternatives: tuple["Place", ...] = ()  # those places, strongest first (empty unless ambiguous)
    sea: tuple[float, float] | None = None  # (lon, lat) of the open water off it, where tides are asked
    by_home: bool = False  # the asker's country chose it among places abroad sharing the name (see places_rank)
    pop: int = 0  # people (0 for a spot or an area): a small town is no default for a shared name
    fame: int = 0  # how many names it is known by (see places_index.Rec): a namesake's fame unsettles a default
    shared: bool = False  # known places elsewhere hold its very name: the answer says which one it took
    namesakes: tuple["Place", ...] = ()  # those places when only the asker's country chose it (see places_rank)


def _place(rec: Rec, span: tuple[int, int], alternatives: tuple[Rec, ...] = (), ambiguous: bool = False,
           by_home: bool = False, shared: bool = False, namesakes: tuple[Rec, ...] = ()) -> Place:
    alts = tuple(_place(a, span) for a in alternatives)
    return Place(rec.key, rec.zh, rec.en, rec.lon, rec.lat, rec.tz, rec.kind, span, rec.cc, rec.admin, rec.coastal,
                 ambiguous, alts, rec.sea, by_home, rec.pop if rec.kind == "world_city" else 0, rec.fame, shared,
                 tuple(_place(n, span) for n in namesakes))


def find_place(text: str, prefer_coastal: bool | None = None, home: str = "TW") -> Place | None:
    """The place ``text`` names (span set), or None.

    ``prefer_coastal``: True for sea questions (tides, waves), False to ignore the sea; None reads
    the question itself (tide, surf, 浪, 海灘 ... make coastal places win a shared name).
    ``home``: the asker's country (ISO code): its places win a shared name; "" for none.
    Names inside a named sea region (台灣海峽, Gulf of Mexico) are not places.
    """
    work = fold(text)
    toks = tokens(work)
    return _echo_harbour(work, _best_place(work, toks, region_hits(work, toks), prefer_coastal, home))


@functools.lru_cache(maxsize=4096)  # a pure function of its arguments over static data; Place is frozen
def find_place_and_region(text: str, folded: str | None = None, prefer_coastal: bool | None = None,
                          home: str = "TW") -> tuple[Place | None, tuple[str, BBox] | None]:
    """``(find_place(text), region_bbox(text))`` with one fold and one region scan for both.

    ``folded``, when given, must be ``fold_width(text)``. Remembered for the last 4,096 questions:
    a bot hears the same few questions ("基隆今天潮汐") over and over.
    """
    work = fold(text) if folded is None else fold_zh(folded)
    toks = tokens(work)
    hits = region_hits(work, toks)
    if hits:   # 「屏東海溫」: no 東海 inside a name; 「北海道」 (a division): no 北海
        area = find_area(work, toks, home)
        hits = outside_names(hits, [(h[0], h[1]) for h in _hits(work, toks, [])] + ([(area.start, area.end)] if area else []))
    boxes = regions().boxes
    region = (text, boxes[text]) if text in boxes else first_region(hits)
    place = _echo_harbour(work, _best_place(work, toks, hits, prefer_coastal, home))
    if place is None and region is None or place is not None and inside_area(work, toks, place.span, home):
        place = _area_place(work, toks, home)
    elif place is not None and home_area_named(work, toks, place.span, place.country, home):
        place = home_area_or_both(work, prefer_coastal, place, _area_place(work, toks, home))
    elif place is not None and place.kind == "country" and every_clock(place.country):   # "Kiribati": which clock?
        place = _area_place(work, toks, home) or place
    return place, region


def region_bbox(text_or_key: str) -> tuple[str, BBox] | None:
    """Return (region key, (lon0, lat0, lon1, lat1)) for a region key or the first region the text names,
    none across the end of a place name (「屏東海溫」 names no 東海), or None."""
    return find_place_and_region(text_or_key)[1]


_HARBOUR = ("漁港", "港")


def _echo_harbour(work: str, place: Place | None) -> Place | None:
    """The place named as the user wrote it when that is a harbour the gazetteer files under a
    nearby place's name (a harbour is not the cape or town beside it)."""
    if place is None:
        return None
    typed = work[place.span[0]:place.span[1]]
    if HAN.search(typed) and typed.endswith(_HARBOUR) and "港" not in place.name_zh:
        return replace(place, name_zh=typed)
    return place


def _area_place(work: str, toks: Tokens | None, home: str) -> Place | None:
    """A country or division named alone, as a place: its biggest place, named "Thailand (Bangkok)";
    a country whose clocks differ is ambiguous between the biggest place of each (the router asks)."""
    area = find_area(work, toks, home)
    if area is None:
        return None
    found = clocks(area.cc, area.division)
    if not found:
        return None
    span = (area.start, area.end)
    if len(found) > 1 and not area.division:
        first, *others = (_place(rec, span) for rec in found)
        return replace(first, kind="country", ambiguous=True, alternatives=tuple(others))
    rec = found[0]
    # The name as the user wrote it (韓國, not 大韓民國; "Korea", not "South Korea"), else the gazetteer's.
    typed = work[area.start:area.end]
    zh = typed if HAN.search(typed) else area_name(area, "zh")
    en = typed if not HAN.search(typed) and typed[:1].isupper() else area_name(area, "en")
    name_zh = f"{zh}（{rec.zh}）" if zh and rec.zh else zh
    return Place(f"area:{area.cc}:{area.division}", name_zh, f"{en} ({rec.en})", rec.lon, rec.lat, rec.tz,
                 "region" if area.division else "country", span, rec.cc, rec.admin, rec.coastal)


_AROUND = CONTAINERS | {"island"}


def _hits(work: str, toks: Tokens | None, blocked: list[tuple[int, int]], home: str = "") -> list[_Hit]:
    """Every name found in folded text: the longest at each position, outside sea regions."""
    idx = index()
    out: list[_Hit] = []
    lens_of, one, cjk = idx.cjk_lens, idx.cjk_one, idx.cjk
    n = len(work)
    # Candidate name lengths at each position, looked up at C speed (map over the text's bigrams);
    # the Python loop below only visits the few positions where some name starts.
    lens_at: list[tuple[int, ...] | None] = [*map(lens_of.get, map(operator.add, work, work[1:])), None]
    if one:
        for i, ch in enumerate(work):
            if ch in one:
                lens_at[i] = (*(lens_at[i] or ()), 1)
    for i in compress(range(n), lens_at):
        for length in lens_at[i]:  # type: ignore[union-attr]
            if i + length > n:
                continue
            name = work[i:i + length]
            hit = cjk.get(name)
            if hit is None or inside_a_kana_word(work, i, i + length) or inside_a_spaced_word(work, i, i + length) \
                    or inside_a_syllable(work, i, i + length):
                continue
            # A weak name counts before a place word (成功漁港), right after a place it settles (新竹香山, 「白沙灣 石門」, 北海岸的石門),
            # ... or written apart as a word of its own (「成功 明天滿潮」, 「明仔載 成功 幾點滿流」).
            if (name in idx.weak and work.strip() != name and not _WEAK_CONTEXT.match(work, i + length)
                    and not any(work[h[1]:i].strip() in ('', '的') for h in out if h[1] <= i) and not (set_apart(work, i, i + length) and data_word_in(work))
                    and not weak_then_day(work, i, i + length)):
                rec = idx.rec(hit)
                if rec.taiwan and name == fold(rec.zh):
                    continue
            out.append((i, word_end(work, i + length), hit, name, True))   # with its case ending (в Лондоне)
            break  # longest at this position found
    out = with_kana_towns(work, out)   # Japanese towns in kana read as their English names (ぬまづ: Numazu)
    if toks is not None:
        by_role: list[_Hit] = []
        for start, end, hit, first, key in word_hits(toks, idx.en, idx.en_multi, lambda v: v, _writes_genitive,
                                                        inflected_name):
            rec = idx.rec(hit)
            if not rec.taiwan and abroad_name(key):
                cands = idx.candidates(key, hit)
                if abroad_word(work, toks, start, end, key, cands):
                    continue   # the word of the sentence's language: "dia de praia amanhã", "Strand morgen"
                if written_as_name(toks, start, key, cands):
                    out.append((start, end, hit, key, False))   # "praia cabo verde"; "praia da ursa", asked about
                    continue
            # Places abroad need a capital letter, or to be big or well known ("okinawa"); abbreviations only in capitals
            if key in idx.capitalised:   # an English word: capitalised where a place stands ("low tide at Deal")
                if capital_role(work, toks, start, end, key) or between_ask_and_day(work, toks, start, key):
                    out.append((start, end, hit, key, False))
            elif rec.taiwan or first[0].isupper():
                if idx.written_ok(rec, key, first):
                    out.append((start, end, hit, key, False))
            elif idx.written_ok(rec, key, first) and not common_name(key) and not abroad_name(key):
                out.append((start, end, hit, key, False))
            elif has_role(work, toks, start, end, key, hit, home):
                by_role.append((start, end, hit, key, False))
        out.extend((*found, False) for found in idx.numbered_in(work))   # "Cloud 9": no word holds the number
        # Else a place's role in the sentence ("tides at bondi", places_lower), when no other place is named than the country,
        # division or island around it ("kuta bali", "lanzarote ... playa blanca"), a piece of it ("new plymouth") or
        # the town it lies in, named beside it ("new brighton chch")
        if by_role and all(idx.rec(h[2]).kind in _AROUND or any(s <= h[0] and h[1] <= e for s, e, *_ in by_role)
                           or any(inside_named_area(work, r, [r, h]) for r in by_role) for h in out):
            out.extend(by_role)
    blocked = blocked + words_holding_names(work) + accented_day_words(work)   # 고성능 holds no 고성; "mâine" no Maine
    if blocked:
        out = [h for h in out if not any(s <= h[0] and h[1] <= e for s, e in blocked)]
    return out


def _writes_genitive(key: str, hit: int) -> bool:
    """Whether a place of the name is in a country writing a name's genitive with a bare "s" ("Bergens": Norway's
    Bergen among its namesakes; `genitive_s` in places_world_rules.yaml)."""
    return any(rec.cc in _genitive_countries() for rec in index().candidates(key, hit))


@functools.cache
def _genitive_countries() -> frozenset[str]:
    """Return the countries whose language writes "Göteborgs", "Hamburgs": German and the Nordic languages."""
    return frozenset(word_list("places_world_rules.yaml", "genitive_s"))


def _best_place(work: str, toks: Tokens | None, regs: list[tuple[int, int, str]], prefer_coastal: bool | None,
                home: str) -> Place | None:
    """The best place in folded text, given its word tokens and its sea-region hits."""
    hits = _hits(work, toks, [(a, b) for a, b, _ in regs], home)
    if not hits:
        return None
    idx, named = index(), hits   # `named`: with the areas qualifying a place, its context ("香港淺水灣")
    if len(hits) > 1:
        hits = _drop_qualifiers(work, _drop_straddling(glued_place_word_dropped(work, hits)))
    best, best_rank = None, None
    for h in hits:
        rec = idx.rec(h[2])
        inside = inside_named_area(work, h, hits)   # "Bali (New Taipei)": 八里, not the island's division
        if not rec.taiwan and (rec.kind in CONTAINERS or rec.pop < SMALL_TOWN) and not inside \
                and _names_a_division(work, toks, h, rec):
            continue
        # A place that is no trip's context wins ("曼谷轉機去普吉": not Bangkok); then a place inside a named
        # county/region/country over it; then one no trip's end ("crossing to Belle-Île"); no bay named in a sentence after a
        # town ("Avonmouth tides. … the Bristol Channel", s23); the longest name; Taiwan; the more specific place ("台南安平" → 安平); the weightier; the first.
        goes = trip_end(work, h[0])   # where a trip goes, inside the area named or not (「濟州明天風大嗎 要搭船去牛島」)
        rank = (not trip_context(work, h[:2]), inside and not goes, rec.kind not in CONTAINERS and not country_named_beside(work, h, hits), not goes,
                not bay_after_a_town(work, h, hits), h[1] - h[0], rec.taiwan, SPECIFIC.get(rec.kind, 2), rec.weight, -h[0])
        if best_rank is None or rank > best_rank:
            best, best_rank = h, rank
    if best is None:
        return None
    start, end, value, key, cjk = best
    span = (start, end)
    # a name inside the one chosen is none of its context ("Juan" in "San Juan" is no Juan-les-Pins beside it),
    # nor the same name written again ("Brest, ... in Brest harbour" is no Brest beside Brest)
    others = [(s, e, idx.rec(v)) for s, e, v, k, _ in named if (e <= start or s >= end) and k != key]
    if key not in idx.homonyms:
        rec = idx.rec(value)
        if not cjk or rec.taiwan or rec.cc == home or en_key(rec.en) not in idx.homonyms or rec.fame >= FAME_HAND:
            return _place(rec, span)   # a hand-kept spot's own zh name is its (象島 Trat's; "Ko Chang" also Ranong's)
        # A zh name abroad answers for its most famous holder (波士頓 is Boston, Massachusetts); a country or division
        # named with it picks among the places of its English name (英國波士頓); a world city keeps it (倫敦 from Toronto).
        hint = hint_for(work, toks, span, others, False)
        # ... unless the asker's own country has one: asked which (多佛 from London); not one its Chinese-writing
        # home calls by a zh name of its own (峇里島 from Taipei is Bali, Indonesia: Taiwan writes its Bali 八里)
        mine = [c for c in idx.candidates(en_key(rec.en), idx.en[en_key(rec.en)]) if c.cc == home
                and not overshadowed(rec, c) and not (c.zh and home in chinese_writing())]
        if not hint.where:
            return _place(rec, span, (mine[0],), True) if mine else _zh_name_abroad((rec,), key, span, hint) or _place(rec, span)
        key, value, cjk = en_key(rec.en), idx.en[en_key(rec.en)], False
    elif cjk and not idx.rec(value).taiwan and best_rank is not None and best_rank[1] \
            and not inside_named_area(work, best, hits, widen=False):
        # a zh name abroad inside the island named beside it only by its English name's holders is that one
        hint, rec = hint_for(work, toks, span, others, prefer_coastal), idx.rec(value)
        key, value, cjk = en_key(rec.en), idx.en[en_key(rec.en)], False
    else:
        cands = idx.candidates(key, value)
        if cjk and sole_home(cands, key, home) and not any(r.cc != home for _, _, r in others):
            return _place(cands[0], span)  # one home place has this zh name, and no place abroad is named with it
        hint = hint_for(work, toks, span, others, prefer_coastal)
        if cjk and not hint.where and not hint.near and not any(c.taiwan or c.cc == home for c in cands):
            widened = _zh_name_abroad(cands, key, span, hint)
            if widened is not None:
                return widened
    chosen = choose(idx.candidates(key, value), key, cjk, hint, home, lower=not cjk and work[start:end].islower())
    return _place(chosen.rec, span, chosen.rivals, chosen.ambiguous, chosen.by_home, chosen.shared, chosen.namesakes)


@functools.cache
def zh_tw_names() -> frozenset[str]:
    """The zh-TW names the rules give a place abroad (波特蘭 is Portland, Oregon): each means that place."""
    return frozenset(fold(n) for names in index().rules["zh_tw"].values() for n in names)


def _zh_name_abroad(held: tuple[Rec, ...], key: str, span: tuple[int, int], hint: Hint) -> Place | None:
    """The "which one?" place for a zh name abroad from GeoNames (``held``: its holders) whose English name, run
    together too, places as well known share (紐卡斯爾: Newcastle, NSW or upon Tyne); None when nothing rivals
    its holder, or when the rules give the name to one place (波特蘭 is Portland, Oregon)."""
    if key in zh_tw_names():
        return None
    idx, name = index(), en_key(held[0].en)
    names = [k for k in dict.fromkeys((name.replace(" ", ""), name)) if k in idx.homonyms]
    cands = {c.key: c for c in held}
    cands.update((c.key, c) for k in names for c in idx.candidates(k, idx.homonyms[k][0]) if not c.taiwan)
    if not names or len(cands) == len(held):
        return None
    chosen = choose(tuple(cands.values()), names[0], False, hint, "")  # the run-together name is the wider one
    contenders = (chosen.rec, *chosen.rivals)
    # Another contender's zh name sounds like it (紐卡斯爾, 纽卡斯尔), or the weightier one has none (哈利法克斯 is
    # England's in GeoNames, Nova Scotia's is bigger): a transliteration of the shared name, not a name of its
    # own (香港仔 is Aberdeen, Hong Kong, whatever Scotland's weighs); it names one without a zh name of its own.
    held_keys = {h.key for h in held}
    if not chosen.ambiguous or not any(c.key not in held_keys and (_sounds_alike(c.zh, key) or not c.zh and c is chosen.rec)
                                       for c in contenders):
        return None
    named = tuple(c if c.zh else c._replace(zh=key) for c in contenders)
    return _place(named[0], span, named[1:], True)


def _sounds_alike(zh: str, key: str) -> bool:
    """Whether two zh names of places abroad share half their characters (a transliteration of one name)."""
    return len(set(fold(zh)) & set(key)) * 2 >= len(key)


def _names_a_division(work: str, toks: Tokens | None, hit: _Hit, rec: Rec) -> bool:
    """A name that means a country or first-level division, not the small town or the other region
    sharing it: "California" is not California, Maryland; "New South Wales" is not Wales; a small town's name
    inside a country's name written in another language neither ("Nueva Caledonia" is no Caledonia, Wisconsin)."""
    ctx = context()
    start, end, _, key, cjk = hit
    if toks is not None and not cjk and any(
            s <= start and end <= e and (s, e) != (start, end) for s, e, *_ in word_hits(toks, ctx.en, ctx.en_multi, tuple)):
        return True
    if rec.kind != "world_city":
        return False
    divisions = (ctx.cjk if cjk else ctx.en).get(key, ())
    # Phuket, Okinawa, Castletown (Isle of Man): a town of the name in its own division, or written with it, is that town.
    own = {(c.cc, a) for c in index().candidates(key, hit[2]) if c.kind == "world_city" for a in (c.admin, "")}
    return bool(divisions) and not own & {*divisions, *hint_for(work, toks, (start, end), [], False).where}


def _drop_straddling(hits: list[_Hit]) -> list[_Hit]:
    """Without a name that straddles two adjacent names: "新竹南寮" is 新竹 + 南寮, not 竹南; nor a name inside
    a longer one ("Rocha" of "Praia da Rocha", "Formosa" of "Ria Formosa")."""
    spans = {(h[0], h[1]) for h in hits}
    ends = {e for _, e in spans}
    return [h for h in hits
            if not any(s < h[0] < e < h[1] and e in ends and any(a == e and h[1] <= b for a, b in spans)
                       or s <= h[0] and h[1] <= e and e - s > h[1] - h[0] for s, e in spans)] or hits


# Between a place and the country or division that follows or precedes it: "Hilo, Hawaii", "美國波特蘭", and the
# possessive Japanese and Korean write between them, after a prefecture's rank word (「茨城の鹿島」, 「茨城県の鹿島」).
_GAP = re.compile(r"(?:県|縣|府)?[\s,，、()（）-]*(?:(?:in|at|of)\s|的|の|의)?[\s,，、()（）]*", re.IGNORECASE)


def _drop_qualifiers(work: str, hits: list[_Hit]) -> list[_Hit]:
    """Hits that name a country or division right next to another hit qualify it: not places themselves."""
    ctx = context()
    idx = index()
    ordered = sorted(hits)
    drop = set()
    for a, b in zip(ordered, ordered[1:]):
        if not _GAP.fullmatch(work, a[1], b[0]):
            continue
        # The one naming a country or division goes; if both may, the region or country of the
        # two ("Maine Portland"), else the second ("San Jose, Costa Rica").
        # ... unless a place of its name lies in the area the other names ("Bali (New Taipei)" is 八里)
        named = [h for h in (a, b) if not idx.rec(h[2]).taiwan and h[3] in (ctx.cjk if h[4] else ctx.en)
                 and not inside_named_area(work, h, hits)]
        if len(named) == 2:
            named = [h for h in named if idx.rec(h[2]).kind in CONTAINERS][:1] or [b]
        drop.update(named)
    return [h for h in hits if h not in drop] or hits


_index, _regions = index, regions  # the names benchmarks/slots.py times the load with
