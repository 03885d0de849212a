"""Tide questions at the coastal gazetteer's places, through the real router on the local engine.

Each place is understood as itself (not a longer or shorter name elsewhere), its tides are asked
at its sea point, and the answer comes from a station near it or says honestly that there is no
tide data there. A name two places share is asked back.
"""
from __future__ import annotations

from typing import Any

import pytest
import yaml

from core.envelope import Question
from core.router import Router
from paths import ROOT

DATA = ROOT / "core" / "data"
QT = "2026-11-27T08:00:00+08:00"
NEAR_KM = 50.0  # the engine's station radius


def _sea_points() -> dict[str, tuple[str, tuple[float, float]]]:
    """English name → (zh name, sea point) of every place with a sea point."""
    out = {}
    for name in ("places_tw_coast.yaml", "places_tw.yaml", "places_world_coast.yaml"):
        for p in yaml.safe_load((DATA / name).read_text("utf-8"))["places"]:
            if "sea" in p:
                out[p["en"]] = (p["zh"], (float(p["sea"][0]), float(p["sea"][1])))
    return out


SEA = _sea_points()

# (question, the place understood (English name), the station answering or None for "no tide data here")
CASES = [
    ("白沙屯明天潮汐", "Baishatun", None),
    ("麟山鼻潮汐", "Linshanbi", "Keelung"),
    ("馬崗漁港滿潮幾點", "Magang", "Keelung"),
    ("卯澳潮汐", "Mao'ao", "Keelung"),
    ("大里漁港潮汐", "Dali Fishing Port", "Keelung"),
    ("烏石鼻潮汐", "Wushibi Cape", None),
    ("杉原海灘潮汐", "Shanyuan", None),
    ("金樽乾潮", "Jinzun", None),
    ("蜜月灣潮汐", "Honeymoon Bay", "Keelung"),
    ("龍洞南口潮汐", "Longdong South Mouth", "Keelung"),
    ("望海巷潮汐", "Wanghaixiang", "Keelung"),
    ("中角灣潮汐", "Zhongjiao Bay", "Keelung"),
    ("龜吼漁港潮汐", "Guihou Fishing Port", "Keelung"),
    ("崎頂潮汐", "Qiding", None),
    ("箔子寮潮汐", "Bozailiao", None),
    ("興達港潮汐", "Xingda Port", "Kaohsiung"),
    ("萬里桐潮汐", "Wanlitong", None),
    ("白沙尾潮汐", "Baishawei Harbour", "Kaohsiung"),
    ("粉鳥林潮汐", "Fenniaolin", None),
    ("赤崁潮汐", "Chikan", None),
    ("水頭潮汐", "Shuitou", "Xiamen"),
    ("復國墩潮汐", "Fuguodun", "Xiamen"),
    ("雞籠潮汐", "Keelung", "Keelung"),
    ("打狗今天潮汐", "Kaohsiung", "Kaohsiung"),
    ("Hossegor tide", "Hossegor", "Bayonne Boucau"),
    ("Mavericks tide tomorrow", "Mavericks", "Pillar Point Harbor, Half Moon Bay"),
    ("Snapper Rocks tide", "Snapper Rocks", "Gold Coast Southport"),
    ("Manly Beach tides", "Manly Beach", "Sydney Port Jackson"),
    ("Cloudbreak tide", "Cloudbreak", "Lautoka"),
    ("Kata Beach tide", "Kata Beach", "Ko Taphao Noi"),
    ("Waimea Bay tide", "Waimea Bay", "Haleiwa, Waialua Bay"),
    ("Tsurigasaki Beach tide", "Tsurigasaki Beach", "Katsuura"),
    ("Siargao tide", "Siargao", None),
    ("Jungmun Beach tide", "Jungmun Beach", None),
]


async def _ask(router: Router, query: str) -> Any:
    return await router.answer(Question(query=query, tz="Asia/Taipei", query_time=QT))


@pytest.mark.parametrize(("query", "place", "station"), CASES)
async def test_a_tide_question_at_a_coastal_place_is_answered_there(router: Router, query: str, place: str,
                                                                     station: str | None) -> None:
    answer = await _ask(router, query)
    assert answer.tool == "tide.forecast" and answer.context is not None, answer.text
    zh, sea = SEA[place]
    assert answer.context.place.startswith((place, zh))  # named in the reply's language (馬崗 → 馬崗漁港 as asked)
    assert (answer.arguments["longitude"], answer.arguments["latitude"]) == sea  # at sea, not on land
    result = answer.result or {}
    if station is None:
        assert any(n["code"] == "no_station" for n in result.get("notes", ())), answer.text
        assert not result["tide"]["highs"]
    else:
        assert result["station"]["name"] == station and result["station"]["distance_km"] <= NEAR_KM
        assert result["tide"]["highs"] or result["tide"]["lows"]


@pytest.mark.parametrize("query", ["白沙潮汐", "紅毛港潮汐", "永安潮汐"])
async def test_a_name_two_coastal_places_share_is_asked_back(router: Router, query: str) -> None:
    answer = await _ask(router, query)
    assert answer.tool is None and answer.mode == "fallback", answer.text


async def test_only_sea_questions_move_out_to_sea(router: Router) -> None:
    """Weather is asked on land at the place itself; the SST box is centred on its sea point."""
    zh, sea = SEA["Baishatun"]
    weather = await router.answer(Question(query=f"{zh}明天的天氣", tz="Asia/Taipei", query_time=QT, dry_run=True))
    assert weather.tool == "weather.forecast"
    assert (weather.arguments["longitude"], weather.arguments["latitude"]) == (120.690, 24.563)
    sst = await router.answer(Question(query=f"{zh}的海溫", tz="Asia/Taipei", query_time=QT, dry_run=True))
    west, south, east, north = sst.arguments["bbox"]
    assert (west + east) / 2 == pytest.approx(sea[0]) and (south + north) / 2 == pytest.approx(sea[1])


def test_a_tide_subscription_watches_the_sea_point() -> None:
    from core.subscribe import understand_subscription

    request = understand_subscription("每天早上6點告訴我白沙屯的潮汐", "zh", "Asia/Taipei")
    assert request is not None and request.problem is None and request.place is not None
    assert (request.place.lon, request.place.lat) == SEA["Baishatun"][1]
