"""The hand-kept gazetteer's names against its points (issue 26).

Three checks the coast tests (test_coastal_gazetteer.py) do not make:

* a name that places a spot in a township or island ("馬公重光", "綠島南寮", "小琉球杉福") puts it
  within reach of that township's own entry: a point typed into the wrong township fails here even
  when it lies on the coast of the right county;
* a name that two Taiwan entries at different places share is ambiguous in the built index, so the
  bot asks which one is meant instead of answering for one of them with confidence;
* a place abroad carries the time zone of its own coordinates (timezonefinder), so its tide and
  sun times are given on the right clock.
"""
from __future__ import annotations

import sys
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
import yaml
from timezonefinder import TimezoneFinder

from core.understand.places import find_place
from core.understand.places_text import HAN, en_key, fold
from paths import ROOT, SCRIPTS

sys.path.insert(0, str(SCRIPTS))

from sea_points import km  # noqa: E402

DATA = ROOT / "core" / "data"
TW_FILES = ("places_tw.yaml", "places_tw_coast.yaml")
SEATS = frozenset({"town", "island"})  # kinds that name a township or an island a spot can lie in
COUNTIES = frozenset({"city", "county"})  # a county-wide name is no township (台中大安 is 24 km from 台中)
SEAT_SUFFIXES = ("鄉", "鎮", "區", "市", "嶼", "島")  # an alias so ending names a township or island
TOWNSHIP_KM = 22.0  # a township's coast is at most ~40 km long: its spots lie within this of its entry
APART_KM = 10.0  # two entries sharing a name closer than this are one place (test_coastal_gazetteer.py)


def _places(name: str) -> list[dict]:
    return yaml.safe_load((DATA / name).read_text("utf-8"))["places"]


TW = [p for name in TW_FILES for p in _places(name)]


def _names(p: dict) -> tuple[str, ...]:
    return tuple(dict.fromkeys((p["zh"], p["en"], *p.get("aliases", ()))))


def _point(p: dict) -> tuple[float, float]:
    return float(p["lon"]), float(p["lat"])


def _holders() -> dict[str, list[dict]]:
    """Han names → every Taiwan entry answering to them."""
    out: dict[str, list[dict]] = {}
    for p in TW:
        for n in _names(p):
            if HAN.search(n) and len(n) >= 2:
                out.setdefault(fold(n), []).append(p)
    return out


HOLDERS = _holders()
# A township's or island's names, and its name without 鄉/鎮/區/市 when that too names it (馬公市 → 馬公),
# counties and cities aside.
SEATS_NAMED = frozenset(key for key, ps in HOLDERS.items() if any(p["kind"] in SEATS for p in ps)) | frozenset(
    k for key, ps in HOLDERS.items() if key.endswith(SEAT_SUFFIXES)
    for k in (key, key[:-1]) if k in HOLDERS and set(map(id, HOLDERS[k])) & set(map(id, ps))
    and not any(p["kind"] in COUNTIES for p in HOLDERS[k]))


def _qualified(p: dict) -> list[tuple[str, str]]:
    """(name, township or island) for each name of ``p`` written as a seat's name + one of its own
    names ("綠島南寮" = 綠島 + 南寮, "馬公重光" = 馬公 + 重光漁港); "白沙灣" or "大溪漁港" are names
    of their own (灣 and 漁港 are not names of those places) and are not read as qualified."""
    own = [fold(n) for n in _names(p) if HAN.search(n)]
    out = []
    for name in own:
        for i in range(len(name) - 2, 1, -1):
            rest = name[i:]
            if name[:i] in SEATS_NAMED and any(o != name and o.startswith(rest) for o in own):
                out.append((name, name[:i]))
                break
    return out


def test_a_spot_named_after_its_township_lies_in_it() -> None:
    """Some place answering to the township's name lies within reach of the spot."""
    bad = []
    checked = 0
    for p in TW:
        for name, seat in _qualified(p):
            others = [q for q in HOLDERS[seat] if q["key"] != p["key"]]
            if not others:
                continue
            checked += 1
            near = min(km(_point(p), _point(q)) for q in others)
            if near > TOWNSHIP_KM:
                bad.append(f"{p['key']}: {name!r} names {seat}, {near:.0f} km away")
    assert checked >= 40, checked
    assert not bad, "\n".join(bad)


WRITTEN: dict[str, str] = {}   # an English name's key → the name as the data write it ("baisha" → "Baisha")


def _shared() -> dict[str, list[dict]]:
    holders: dict[str, list[dict]] = {}
    for p in TW:
        for name in _names(p):
            key = fold(name) if HAN.search(name) else en_key(name)
            WRITTEN.setdefault(key, name)
            if len(key) >= 2 and all(q["key"] != p["key"] for q in holders.get(key, ())):
                holders.setdefault(key, []).append(p)
    return {name: ps for name, ps in holders.items()
            if any(km(_point(a), _point(b)) >= APART_KM for i, a in enumerate(ps) for b in ps[i + 1:])}


SHARED = _shared()


def test_names_shared_by_two_places_exist() -> None:
    assert {"南寮", "白沙"} <= set(SHARED), sorted(SHARED)


@pytest.mark.parametrize("name", sorted(SHARED))
def test_a_name_two_taiwan_places_share_makes_the_bot_ask(name: str) -> None:
    """Asked alone, the name is ambiguous and every place holding it is offered (up to three), a sea
    question too (大溪: Yilan's harbour and Taoyuan's town are both offered for a tide)."""
    place = find_place(WRITTEN.get(name, name))   # a bare lower-case alias is no place by design (places_lower)
    assert place is not None, name
    holders = {p["key"] for p in SHARED[name]}
    offered = {place.key, *(a.key for a in place.alternatives)}
    assert place.ambiguous, f"{name}: answered for {place.key} alone; also held by {sorted(holders - {place.key})}"
    assert len(offered & holders) >= min(len(holders), 3), (name, offered, holders)


@pytest.fixture(scope="module")
def zones() -> TimezoneFinder:
    return TimezoneFinder()


def _offsets(zone: str) -> tuple[timedelta | None, ...]:
    """The zone's UTC offsets in January and July (a zone's name may differ and its clock not:
    timezonefinder calls northern Vietnam Asia/Bangkok, the Whitsundays Australia/Lindeman)."""
    return tuple(datetime(2026, month, 15, 12, tzinfo=ZoneInfo(zone)).utcoffset() for month in (1, 7))


def test_places_abroad_carry_the_zone_of_their_point(zones: TimezoneFinder) -> None:
    bad = []
    for p in _places("places_world_coast.yaml"):
        lon, lat = float(p["lon"]), float(p["lat"])
        found = zones.timezone_at(lng=lon, lat=lat)
        if found is None or found.startswith("Etc/"):  # offshore (a reef, a bay): the nearest land's
            found = zones.timezone_at_land(lng=lon, lat=lat) or found
        if found is None or _offsets(found) != _offsets(p["tz"]):
            bad.append(f"{p['key']}: {p['tz']} but {found} at its point")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize(("text", "key"), [
    ("成功 明天滿潮", "chenggong"), ("明仔載 成功 幾點滿流", "chenggong"),
    ("我想知道 成功 的意思", None), ("祝你成功", None),
])
def test_a_weak_name_written_apart_is_a_place_in_a_data_question(text: str, key: str | None) -> None:
    place = find_place(text)
    assert (place.key if place else None) == key, place
