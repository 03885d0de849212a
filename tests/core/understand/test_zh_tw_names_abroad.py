"""Issue 26, zhnames: places abroad answer to the names Taiwan writes for them, and answers name them so.

Each name of ``tests/data/zh_tw_names_abroad.yaml`` (about 400 cities, islands, ports and beaches of Japan,
Korea, Australia, New Zealand, North America, Europe and South-East Asia, in Taiwan's usage) goes through
``find_place`` as a Taiwan asker writes it: the place meant, found as the whole name and not asked about, or — for
a name two places really share — asked about with the place meant among those offered. The kanji of Japanese and
Korean towns in Traditional characters (橫濱, 稚內, 仁川) come from the index build (``kanji_readings``), the others
from the rules' ``zh_tw`` names.
"""
from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
import yaml

from core.understand.places import Place, find_place
from router_ask import ask_router

_PROBES = yaml.safe_load((Path(__file__).parents[2] / "data" / "zh_tw_names_abroad.yaml").read_text("utf-8"))


def _ascii(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()


def _is(place: Place, country: str, english: str) -> bool:
    return place.country == country and any(_ascii(e) in _ascii(place.name_en) for e in english.split("|"))


def test_the_probe_list_is_broad() -> None:
    assert len(_PROBES["answered"]) + len(_PROBES["asked"]) >= 375


@pytest.mark.parametrize(("name", "want"), list(_PROBES["answered"].items()))
def test_a_taiwan_name_finds_the_place_meant(name: str, want: list[str]) -> None:
    place = find_place(name)
    assert place is not None, name
    assert _is(place, *want), (name, place.name_en, place.country)
    # the whole name, not a piece of it (布里 in 布里斯托), but for the feature word after a town's name (利尻島)
    assert place.span == (0, len(name)) or place.span == (0, len(name) - 1) and name[-1] in "島灣港", (name, place.span)
    assert not place.ambiguous, (name, [a.name_en for a in place.alternatives])


@pytest.mark.parametrize(("name", "wants"), list(_PROBES["asked"].items()))
def test_a_shared_name_is_asked_about(name: str, wants: list[str]) -> None:
    place = find_place(name)
    assert place is not None and place.ambiguous, name
    offered = (place, *place.alternatives)
    for want in wants:
        country, english = want.split(" ", 1)
        assert any(_is(p, country, english) for p in offered), (name, want, [(p.name_en, p.country) for p in offered])


@pytest.mark.parametrize(("asked", "shown"), [
    ("Incheon", "仁川"), ("Yokohama", "橫濱"), ("Wakkanai", "稚內"), ("Kagoshima", "鹿兒島"), ("Hiroshima", "廣島"),
    ("Daejeon", "大田"), ("Adelaide", "阿得雷德"), ("Houston", "休士頓"), ("Montreal", "蒙特婁"), ("Rotorua", "羅托魯瓦"),
    ("Halifax, Nova Scotia", "哈利法克斯"), ("Long Beach", "長灘"), ("Tongyeong", "統營"),
])
def test_answers_name_the_place_as_taiwan_writes_it(asked: str, shown: str) -> None:
    place = find_place(asked)
    assert place is not None and place.name_zh == shown, (asked, place and place.name_zh)


@pytest.mark.parametrize(("name", "country"), [("岡山", "TW"), ("八代灣", "TW"), ("三條崙", "TW"), ("瑞穗", "")])
def test_taiwan_names_are_no_japanese_town(name: str, country: str) -> None:
    """A Japanese town's Traditional reading never takes a Taiwan place's name, nor a Taiwan township's the
    gazetteer lacks (瑞穗, Hualien: not Mizuho, Japan)."""
    place = find_place(name)
    assert (place.country if place else "") == country, (name, place)


@pytest.mark.parametrize("text", ["十月十日的潮汐", "朝日幾點出來", "國立海洋大學附近", "尾牙那天安平潮汐"])
def test_everyday_words_are_no_town(text: str) -> None:
    """Readings that are everyday words (十日, 朝日, 國立) name no Japanese town, and 天安 (Cheonan) is no piece of
    「那天安平」."""
    place = find_place(text)
    assert place is None or place.country == "TW", (text, place)


@pytest.mark.parametrize(("query", "lat", "lon"), [
    ("仁川明天日落幾點", 37.46, 126.71),
    ("阿得雷德今天潮汐", -34.93, 138.60),
    ("弗里曼特爾 今天潮汐", -32.06, 115.75),   # GeoNames' name beside Taiwan's 費里曼圖: its own, not asked about
    ("西礁島明天滿潮幾點", 24.56, -81.78),
    ("稚內明天天氣", 45.42, 141.67),
    ("休士頓明天會下雨嗎", 29.76, -95.36),
    ("聖胡安明天日出", 18.47, -66.11),
])
async def test_the_router_answers_a_taiwan_name_outright(query: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, "2027-01-14T08:30:00+08:00")
    assert answer.mode == "mcp_tools", answer.text
    args = answer.arguments or {}
    got = (float(args.get("latitude", lat + 9)), float(args.get("longitude", lon + 9)))
    assert abs(got[0] - lat) < 0.3 and abs(got[1] - lon) < 0.3, (query, args)
