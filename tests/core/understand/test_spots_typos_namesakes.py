"""Gazetteer breadth and namesakes (issue 26, round 7), through the real Router (dry run, no LLM),
each class in wordings of its own:

* a small surf, dive, beach or harbour spot abroad is answered there, on its own clock, also when the
  area it lies in is written after it ("Juara Beach Tioman", "Haystack Rock Cannon Beach");
* a Latin name written with a slip (a letter changed or doubled, pinyin syllables apart, a Spanish j
  or ll written as it sounds) is read as the place and said back in one line; a homophone of a Taiwan
  place written with an everyday character in it (都) is read so too;
* Taiwan's small east-coast and island spots are known, in Chinese and in English;
* a name spots in different regions share with none dominant is asked back, while the area written
  with it decides, and big cities stay answered.
"""
from __future__ import annotations

import math

import pytest

from core.understand.places import find_place
from router_ask import ask_router

QT = "2026-03-05T09:30:00+08:00"   # a Thursday


def _km(lon1: float, lat1: float, lon2: float, lat2: float) -> float:
    p1, p2 = math.radians(lat1), math.radians(lat2)
    h = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lon2 - lon1) / 2) ** 2
    return 12742.0 * math.asin(math.sqrt(h))


async def _answered_at(query: str, lon: float, lat: float, tz: str, km: float = 8.0, asker: str = "Asia/Taipei"):
    answer = await ask_router(query, QT, tz=asker)
    args = answer.arguments or {}
    assert answer.tool in ("tide.forecast", "weather.forecast"), (query, answer.text)
    got_lon, got_lat = args["longitude"], args["latitude"]
    assert _km(got_lon, got_lat, lon, lat) < km, (query, args)
    if answer.tool == "tide.forecast":
        assert args.get("tz") == tz, (query, args)
    return answer


@pytest.mark.parametrize("query, lon, lat, tz", [
    ("when is low water at Doheny State Beach on Friday", -117.685, 33.460, "America/Los_Angeles"),
    ("Kachemak Bay tides Sunday", -151.30, 59.60, "America/Anchorage"),
    ("sunrise over Haystack Rock Cannon Beach tomorrow", -123.969, 45.884, "America/Los_Angeles"),
    ("Juara Beach Tioman tide Friday", 104.204, 2.793, "Asia/Kuala_Lumpur"),
    ("Maya Bay Phi Phi tides tomorrow", 98.766, 7.678, "Asia/Bangkok"),
    ("Makapuu Oahu sunrise", -157.660, 21.311, "Pacific/Honolulu"),
    ("Navagio Beach Zakynthos sunset", 20.625, 37.859, "Europe/Athens"),
    ("Ras Mohammed high tide on Saturday", 34.25, 27.73, "Africa/Cairo"),
    ("tides for Sylt this Saturday", 8.31, 54.90, "Europe/Berlin"),
    ("Pasta Point Maldives tide", 73.59, 4.33, "Indian/Maldives"),
    ("刁曼島明天潮汐", 104.17, 2.80, "Asia/Kuala_Lumpur"),
])
async def test_a_small_spot_abroad_is_answered_there_on_its_clock(query: str, lon: float, lat: float, tz: str) -> None:
    await _answered_at(query, lon, lat, tz)


@pytest.mark.parametrize("query, written, lon, lat, tz", [
    ("Honululu sunset tomorrow", "Honululu", -157.86, 21.31, "Pacific/Honolulu"),
    ("Biaritz tide tomorrow", "Biaritz", -1.56, 43.48, "Europe/Paris"),
    ("tide at la hoya shores tomorrow", "la hoya shores", -117.257, 32.8575, "America/Los_Angeles"),
    ("Ken Ting sunrise on Saturday", "Ken Ting", 120.79, 21.94, "Asia/Taipei"),
    ("Lu Dao high tide on Saturday", "Lu Dao", 121.49, 22.67, "Asia/Taipei"),   # "Dao" alone is a town abroad
    ("Hua Lien low tide on Saturday", "Hua Lien", 121.61, 23.97, "Asia/Taipei"),
])
async def test_a_misspelt_latin_name_is_read_and_said_back(query: str, written: str, lon: float, lat: float,
                                                           tz: str) -> None:
    answer = await _answered_at(query, lon, lat, tz)
    first = answer.text.splitlines()[0]
    assert written in first, answer.text   # "(I read "Biaritz" as "Biarritz".)"


async def test_a_homophone_holding_an_everyday_character_is_read_as_the_place() -> None:
    answer = await _answered_at("都籃鼻今天滿潮幾點", 121.218, 22.877, "Asia/Taipei")
    assert "都籃鼻" in answer.text.splitlines()[0] and "都蘭" in answer.text.splitlines()[0], answer.text


@pytest.mark.parametrize("text", ["我講袂清楚", "你也都知道", "what's the tide like tomorrow", "local tide please",
                                  "what time does the tide start changing tomorrow", "is the tide making yet",
                                  "I cannot find the tide for tomorrow", "does spring tide have anything to do with the season",
                                  "cala blanca sunset tomorrow",   # two words are no slip of Casablanca
                                  "playa brava low tide today"])
async def test_ordinary_words_are_no_misspelt_place(text: str) -> None:
    answer = await ask_router(text, QT)
    assert "（我把" not in answer.text and "I read" not in answer.text, answer.text


@pytest.mark.parametrize("query, lon, lat", [
    ("金崙溫泉附近明天乾潮", 120.967, 22.530),
    ("大武後天風大不大", 120.890, 22.340),
    ("Kaiyuan harbour, Orchid Island tide", 121.509, 22.055),
    ("豐濱新社明天日出", 121.538, 23.650),
    ("北竿坂里沙灘潮汐", 119.999, 26.217),
    ("小琉球龍蝦洞今天乾潮", 120.356, 22.329),
    ("古寧頭明天滿潮", 118.306, 24.482),
    ("花蓮港口部落明天滿潮", 121.506, 23.472),
    ("綠島燈塔明天潮汐", 121.463, 22.677),
])
async def test_taiwans_small_east_coast_and_island_spots_are_known(query: str, lon: float, lat: float) -> None:
    await _answered_at(query, lon, lat, "Asia/Taipei")


@pytest.mark.parametrize("query, must", [
    ("San Juan surf tide on Saturday", ["Puerto Rico", "Philippines"]),
    ("Ocean Beach low tide Sunday", ["San Diego", "San Francisco"]),
    ("Blue Hole dive tide tomorrow", ["Egypt", "Belize"]),
    ("White Beach snorkel tide this Friday", ["Boracay", "Puerto Galera"]),
    ("南寮漁港明天滿潮", ["綠島南寮漁港", "南寮漁港"]),
])
async def test_a_name_spots_in_different_regions_share_is_asked_back(query: str, must: list[str]) -> None:
    answer = await ask_router(query, QT)
    assert answer.mode == "fallback" and answer.debug["reason"] == "ambiguous_place", (query, answer.text)
    for word in must:
        assert word in answer.text, (word, answer.text)


@pytest.mark.parametrize("query, lon, lat, tz, asker", [
    ("San Juan, Puerto Rico high tide Saturday", -66.11, 18.47, "America/Puerto_Rico", "Asia/Taipei"),
    ("San Juan La Union tide on Saturday", 120.328, 16.674, "Asia/Manila", "Asia/Taipei"),
    ("新竹南寮漁港明天滿潮", 120.927, 24.848, "Asia/Taipei", "Asia/Taipei"),
    ("綠島南寮漁港明天滿潮", 121.467, 22.673, "Asia/Taipei", "Asia/Taipei"),
    ("London tide on Saturday", -0.13, 51.51, "Europe/London", "Asia/Taipei"),
    ("Boston high tide Saturday", -71.06, 42.36, "America/New_York", "Asia/Taipei"),
    ("Perth high tide Saturday", 115.86, -31.95, "Australia/Perth", "Australia/Perth"),
])
async def test_the_area_written_or_a_dominant_city_decides(query: str, lon: float, lat: float, tz: str,
                                                           asker: str) -> None:
    await _answered_at(query, lon, lat, tz, km=20.0, asker=asker)


def test_a_name_inside_the_name_is_no_context() -> None:
    """"Juan" in "San Juan" is no Juan-les-Pins beside the name deciding it: the namesakes stay."""
    place = find_place("San Juan tide tomorrow")
    assert place is not None and place.ambiguous, place
    assert {"PR", "PH"} <= {place.country} | {a.country for a in place.alternatives}, place


def test_a_sea_questions_slip_is_no_town_inland() -> None:
    """"Salthill" (Galway's seafront) is no slip of Saltillo, Mexico, 600 km from any sea."""
    from core.understand.typos import typo_place

    assert typo_place("high tide Salthill tomorrow", ()) is None
