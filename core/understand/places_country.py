"""A country, US state or other first-level division named as the place of a question
("韓國現在幾點", "weather in Florida tomorrow", "泰國下週天氣").

Only asked for when no town, beach or region of the gazetteer is named. A division answers at
its most populous place; a country too when its clock shows one time (its places' zones agree
now, or the others are small beside it), else it is a place with alternatives, one per clock,
and the router asks which ("美國現在幾點" → New York, Los Angeles or Chicago?).
"""
from __future__ import annotations

import functools
import re
from dataclasses import replace
from datetime import datetime, timezone
from typing import Any, NamedTuple, TypeVar
from zoneinfo import ZoneInfo

from core.understand.places_by_area import biggest as _biggest, places_of as _places_of
from core.understand.places_day_words import accented_day_words
from core.understand.places_index import Rec, context, index
from core.understand.places_lower import abroad_word
from core.understand.places_text import Tokens, en_key, fold, tokens, word_hits

_P = TypeVar("_P", bound=Any)   # places.Place, which imports this module

# Another clock counts when its biggest place has this share of the country's biggest (Los Angeles
# beside New York does; Urumqi beside Shanghai does not: China keeps one official time).
OTHER_CLOCK_SHARE = 0.15
MAX_CLOCKS = 3


class Area(NamedTuple):
    """A named country or division: where it was found, its code and division ("" for a country)."""

    start: int
    end: int
    cc: str
    division: str


_OF = (" of ", " of the ")
_WATER_BEFORE = re.compile(r"(?:(?:gulf|sea|bight|straits?) of (?:the )?|(?:golfo|golfe|mar|mer|estrecho|estreito|détroit|detroit)"
                           r" (?:de |del |do |da |du |di )(?:la |l')?)$", re.IGNORECASE)


def _water_of(work: str, start: int, end: int, key: str) -> bool:
    """Whether a country's or division's name at ``start:end`` is a piece of a sea's name: a water word heading a
    longer name ("Gulf of Tonkin" is no Gulf Province, Papua New Guinea), or the name after one ("Gulf of Honduras"
    is no Tegucigalpa, "Gulf of Papua" no Jayapura): the sea the question asks about, not the area."""
    return (key in index().rules["water_words"]["en"] and work[end:end + 8].lower().startswith(_OF)
            or _WATER_BEFORE.search(work, max(0, start - 16), start) is not None)


def find_area(work: str, toks: Tokens | None, home: str) -> Area | None:
    """Return the country or division named in folded text, or None: the first named, except that a division
    written after its own country is the division (「일본 오키나와」); not Taiwan to an asker at home there, whose own
    places are hand-written; among several a name may mean, the home country's, else the most populous place's."""
    ctx = context()
    hits: list[tuple[int, int, tuple[tuple[str, str], ...]]] = []
    for i in range(len(work) - 1):
        for n in ctx.cjk_lens.get(work[i:i + 2], ()):
            value = ctx.cjk.get(work[i:i + n])
            if value:
                hits.append((i, i + n, value))
                break
    if toks is not None:
        hits += [(a, b, v) for a, b, v, first, key in word_hits(toks, ctx.en, ctx.en_multi, tuple)
                 if (key not in ctx.upper or first.isupper()) and not abroad_word(work, toks, a, b, key)
                 and not _water_of(work, a, b, key) and (a, b) not in accented_day_words(work)]   # "mâine" is no Maine
    if home != "TW":
        hits += [(i, i + len(name), (("TW", ""),)) for name in _taiwan_names() if (i := work.find(name)) >= 0]
    found: list[Area] = []
    for start, end, options in sorted(hits):
        usable = [o for o in options if (o[0] != "TW" or home != "TW") and _biggest(*o) is not None]
        if usable:
            cc, division = max(usable, key=lambda o: (o[0] == home, _biggest(*o).pop))  # type: ignore[union-attr]
            found.append(Area(start, end, cc, division))
    # a country, then one of its divisions (「일본 오키나와」, "Australia, Queensland"): the division
    first = found[0] if found else None
    return next((a for a in found[1:] if first and not first.division and a.cc == first.cc and a.division), first)


@functools.cache
def _taiwan_names() -> tuple[str, ...]:
    """Taiwan's own names in Chinese (folded): the country table files them apart (country_name)."""
    from core.data import DATA_DIR, read_yaml

    return tuple(fold(str(n)) for n in read_yaml(DATA_DIR / "understanding.yaml")["taiwan_names"])


def _offset(zone: str, now: datetime) -> float:
    offset = now.astimezone(ZoneInfo(zone)).utcoffset()
    return offset.total_seconds() if offset is not None else 0.0


def clocks(cc: str, division: str, now: datetime | None = None) -> tuple[Rec, ...]:
    """The biggest place of each clock (UTC offset now) that counts in the area, biggest first."""
    places = _places_of(cc, division)
    if not places:
        return ()
    now = now or datetime.now(timezone.utc)
    floor = 0 if every_clock(cc) else places[0].pop * OTHER_CLOCK_SHARE
    seen: dict[float, Rec] = {}
    for rec in places:
        if rec.pop < floor:
            break
        seen.setdefault(_offset(rec.tz, now), rec)
    return tuple(seen.values())[:MAX_CLOCKS]


def every_clock(cc: str) -> bool:
    """Return whether every clock of country `cc` counts, whatever its places' size (places_world_rules.yaml)."""
    return cc in _every_clock()


@functools.cache
def _every_clock() -> frozenset[str]:
    return frozenset(map(str, index().rules.get("every_clock", ())))


def area_name(area: Area, lang: str) -> str:
    """The area's own name in English or zh-TW ("" when the gazetteer has none in that language)."""
    ctx = context()
    if area.division:
        zh = ctx.division_zh.get((area.cc, area.division), "")
        return zh if lang == "zh" else area.division
    en, zh = ctx.names.get(area.cc, (area.cc, ""))
    return ("台灣" if area.cc == "TW" else zh) if lang == "zh" else en   # Taiwan's own everyday name, not 中華民國


_BETWEEN = " ,，、()（）的-"   # what may stand between a place and the country or division written beside it


def area_not_fitting(text: str, span: tuple[int, int], country: str, home: str) -> tuple[int, int] | None:
    """Return the span of the country or division written right beside a place (「聖克魯斯 加州」, "Boston, Japan")
    when the place lies in none of the countries the word may name; else None."""
    work = fold(text)
    toks = tokens(work)
    area = find_area(work, toks, home)
    if area is None or not country or area.start < span[1] and span[0] < area.end:
        return None
    gap = work[span[1]:area.start] if area.start >= span[1] else work[area.end:span[0]]
    if gap.strip(_BETWEEN) or not _standing_apart(work, area.start, area.end, span) \
            or _in_longer_name(work, area.start, area.end):
        return None
    ctx = context()
    word = work[area.start:area.end]
    options = ctx.cjk.get(word) or ctx.en.get(en_key(word)) or ((area.cc, area.division),)
    return None if any(cc == country for cc, _ in options) else (area.start, area.end)


def _in_longer_name(work: str, start: int, end: int) -> bool:
    """Whether a Latin area word is the end or start of a longer name the gazetteer holds with the words beside
    it (Thailand's province "Trang" in "Nha Trang Hon Mun"): a piece of that name, no area."""
    word = work[start:end]
    if not word.isascii():
        return False
    before, after, names = work[:start].split()[-2:], work[end:].split()[:2], index().en
    return any(en_key(" ".join([*before[len(before) - k:], word])) in names for k in (1, 2) if len(before) >= k) \
        or any(en_key(" ".join([word, *after[:k]])) in names for k in (1, 2) if len(after) >= k)


def _standing_apart(work: str, start: int, end: int, span: tuple[int, int]) -> bool:
    """Whether a Chinese area name stands as a word of its own: at the place or apart from other characters
    (「熱浪島巴西班讓」 holds no 巴西: it is a piece of an unknown name)."""
    if work[start:end].isascii():
        return True
    return all(at in (0, len(work), span[0], span[1]) or work[at - (at == start)].isspace()
               or work[at - (at == start)] in _BETWEEN for at in (start, end))


def inside_area(work: str, toks: Tokens | None, span: tuple[int, int], home: str) -> bool:
    """True when a place's name (at `span`) is a piece of a longer country or division name written around it
    ("Sur" in "Corea del Sur", "Selatan" in "Korea Selatan"): the country is what was named."""
    area = find_area(work, toks, home)
    return area is not None and area.start <= span[0] and span[1] <= area.end and area.end - area.start > span[1] - span[0]


def home_area_named(work: str, toks: Tokens | None, span: tuple[int, int], country: str, home: str) -> bool:
    """True when a name (at `span`, found as a place of `country`) is, word for word, a division or the country of
    the asker's own home and that place lies abroad ("weather in Florida" asked in the US: the state, not Florida
    in Cuba, Colombia or Uruguay)."""
    if not home or country == home:
        return False
    area = find_area(work, toks, home)
    return area is not None and area.cc == home and (area.start, area.end) == span


def home_area_or_both(work: str, prefer_coastal: bool | None, place: _P, area: _P | None) -> _P | None:
    """Return the asker's home division a name is, word for word (``area``), over the ``place`` abroad it also names;
    or that place, asking which, when a sea question (``prefer_coastal``, else its own words) names it on the coast
    and the division's town inland ("marea en San Juan" from Buenos Aires: Argentina's inland province, or Puerto
    Rico's port): neither is a guess to answer."""
    ctx = context()
    sea = prefer_coastal if prefer_coastal is not None else bool(ctx.coastal_en.search(work) or ctx.coastal_zh.search(work))
    # ... nor is a whole division of the asker's own country a tide's place when a port abroad holds its name (Victoria
    # asked from Hobart: which spot of the state, or British Columbia's Victoria?)
    if area is not None and sea and place.coastal and (not area.coastal or area.kind == "region"):
        return replace(place, ambiguous=True, alternatives=(area, *place.alternatives))
    return area


def country_named_beside(work: str, hit: tuple[Any, ...], others: list[Any]) -> bool:
    """True when a town's name `hit` is also its own country's name, with another place of that country named beside it
    ("backpacking in Mozambique, … high tide in Tofo": the country said, Tofo asked; not Ilha de Moçambique)."""
    rec = index().rec(hit[2])
    if (rec.cc, "") not in context().en.get(en_key(work[hit[0]:hit[1]]), ()):
        return False
    return any(o is not hit and o[3] != hit[3] and index().rec(o[2]).cc == rec.cc for o in others)
