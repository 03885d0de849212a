"""Issue 26, session 24 (after the end scoring): words the winter report sets showed, through the real Router (local
engine, no LLM; data tools planned, not called).

* Hokkien 下擺 / 下一擺 (next time) and 大流 / 小流 (spring / neap tide) with 佗幾工 (which days): the next window's days,
  and 「月娘下擺圓」 (when the moon is next full) is the moon, never a town read out of 擺圓.
* Cantonese 晏晝 and Hokkien 中晝 (midday) before an hour: 晏晝2點 is 14:00.
* A wave warning (풍랑주의보) and whether a ferry sails or the fish bite (배 뜰까요, 好掠無) are declined, not the weather.
* Russian "temperatura vody" in Latin letters is the sea's temperature.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2029-01-11T06:50:00"   # a Thursday morning in the asker's zone


@pytest.mark.parametrize(("query", "first"), [
    ("南方澳下一擺大流是佗幾工", "2029-01-14"),
    ("安平小流是佗幾工", "2029-01-22"),
])
async def test_hokkien_next_spring_or_neap_tide_is_its_window(query: str, first: str) -> None:
    answer = await ask_router(query, QT, "Asia/Taipei")
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert (answer.arguments or {}).get("date") == first, (answer.arguments, answer.text)


async def test_hokkien_next_full_moon_is_the_moon_not_a_town() -> None:
    answer = await ask_router("月娘下一擺圓是當時", QT, "Asia/Taipei")
    assert answer.mode == "mcp_tools", answer.text
    assert (answer.arguments or {}).get("tz") == "Asia/Taipei", (answer.arguments, answer.text)


@pytest.mark.parametrize(("query", "tz", "hour"), [
    ("雪梨晏晝3點係香港幾點", "Asia/Hong_Kong", "15:00"),
    ("東京中晝1點 台灣是幾點", "Asia/Taipei", "13:00"),
])
async def test_midday_words_before_an_hour_are_the_afternoon(query: str, tz: str, hour: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "time.convert", answer.text
    assert (answer.arguments or {}).get("time") == hour, answer.arguments


@pytest.mark.parametrize(("query", "tz"), [
    ("부산 풍랑주의보 떴어요?", "Asia/Seoul"),
    ("내일 울릉도 가는 배 뜰까요", "Asia/Seoul"),
    ("布袋這幾工烏魚好掠無", "Asia/Taipei"),
])
async def test_wave_warnings_ferries_and_catches_are_declined(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "fallback" and answer.tool is None, (answer.mode, answer.tool, answer.text)


async def test_russian_water_temperature_in_latin_letters_is_the_sst() -> None:
    answer = await ask_router("temperatura morya v Odesse segodnya", QT, "Europe/Kyiv")
    assert answer.mode == "mcp_tools" and (answer.tool or "").startswith("ghrsst."), answer.text


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("do din baad Mumbai sunset kitne baje", "Asia/Kolkata", "2029-01-13"),
    ("Kuakata te dui din pore joar kokhon", "Asia/Dhaka", "2029-01-13"),
    ("4 din baad Chennai high tide", "Asia/Kolkata", "2029-01-15"),
])
async def test_days_after_in_hindi_and_bengali_latin_letters_are_that_day(query: str, tz: str, day: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert (answer.arguments or {}).get("date") == day, (answer.arguments, answer.text)


async def test_xingang_is_asked_which_chiayis_town_or_chenggongs_harbour() -> None:
    """新港 is Chiayi's inland township and 成功's old name and harbour (新港漁港) on Taitung's coast: asked which."""
    answer = await ask_router("新港後天會冷嗎", QT, "Asia/Taipei")
    assert answer.mode == "fallback" and "新港" in answer.text, answer.text


@pytest.mark.parametrize(("query", "hour"), [
    ("Lola ko sa Honolulu, 8pm doon anong oras sa Pinas?", "20:00"),
    ("Tito in Perth says call at 7pm his time, anong oras sa Pinas?", "19:00"),
])
async def test_tagalog_kin_words_are_no_towns_and_pinas_is_home(query: str, hour: str) -> None:
    answer = await ask_router(query, QT, "Asia/Manila")
    assert answer.mode == "mcp_tools" and answer.tool == "time.convert", answer.text
    assert (answer.arguments or {}).get("to_tz") == "Asia/Manila", answer.arguments
    assert (answer.arguments or {}).get("time") == hour, answer.arguments
