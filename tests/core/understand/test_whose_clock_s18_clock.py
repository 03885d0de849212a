"""Issue 26, session 18 (clock18): whose clock, for every time question, around the year's change, through the
real Router (local engine, no LLM; data tools planned, not called).

* Whether a moment has come somewhere ("still 2026", "Boxing Day over", "how many hours until midnight", a countdown,
  the New Year asked in Vietnamese, Thai or Hindi) is the named place's clock now, never its tides.
* A festival just gone by is the one "is it still Christmas there" asks of, not next year's.
* A part of the day written after a lone number ("9 de la noche", "9 ng gabi") makes it a clock time to convert.
* The New Year's midnight belongs to the place it comes to, written before it ("Sydney hit the new year in London
  time"), whatever zone follows.
* An abbreviation several zones share (IST, CST) is asked back, not dropped for the asker's own clock.
* A country whose small islands keep another clock (Kiribati) is asked which.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router

NYE = "2026-12-31T23:50:00"   # ten minutes before the New Year in the asker's zone
NEW_YEAR_MORNING = "2027-01-01T09:00:00"
AFTER_CHRISTMAS = "2026-12-27T16:40:00"


@pytest.mark.parametrize(("query", "qt", "tz", "zone"), [
    ("is it still 2026 in Honolulu", NEW_YEAR_MORNING, "Asia/Manila", "Pacific/Honolulu"),
    ("is Boxing Day over in Auckland", AFTER_CHRISTMAS, "Europe/London", "Pacific/Auckland"),
    ("xmas done in Brisbane?", AFTER_CHRISTMAS, "America/Chicago", "Australia/Brisbane"),
    ("how many hours until midnight in Lisbon", NYE, "Asia/Singapore", "Europe/Lisbon"),
    ("countdown in Apia", NYE, "Asia/Taipei", "Pacific/Apia"),
    ("Tokyo đã sang năm mới chưa", NYE, "Asia/Ho_Chi_Minh", "Asia/Tokyo"),
    ("ที่โตเกียวขึ้นปีใหม่แล้วหรือยัง", NYE, "Asia/Bangkok", "Asia/Tokyo"),
    ("Dubai mein naya saal ho gaya kya", NYE, "Asia/Kolkata", "Asia/Dubai"),
])
async def test_a_moment_reached_somewhere_is_that_places_clock_now(query: str, qt: str, tz: str, zone: str) -> None:
    answer = await ask_router(query, qt, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "time.now", (answer.tool, answer.text)
    assert (answer.arguments or {}).get("tz") == zone, answer.arguments


@pytest.mark.parametrize(("query", "tz"), [
    ("is it still Christmas in Vancouver", "Asia/Tokyo"),
    ("Christmas over in Seattle?", "Asia/Taipei"),
    ("溫哥華聖誕節過了嗎", "Asia/Taipei"),
])
async def test_a_festival_just_gone_by_is_the_one_asked(query: str, tz: str) -> None:
    answer = await ask_router(query, AFTER_CHRISTMAS, tz, dry_run=False)
    assert answer.tool == "time.now", answer.text
    assert "2026-12-25" in answer.text and "2027-12-25" not in answer.text, answer.text


@pytest.mark.parametrize(("query", "tz", "sides", "hhmm"), [
    ("las 9 de la noche en Lima qué hora es en Madrid", "Europe/Madrid", ("America/Lima", "Europe/Madrid"), "21:00"),
    ("7 da manhã em Lisboa que horas são em São Paulo", "America/Sao_Paulo", ("Europe/Lisbon", "America/Sao_Paulo"),
     "07:00"),
    ("8 de la mañana en Ciudad de México, qué hora es en Tokio", "America/Mexico_City",
     ("America/Mexico_City", "Asia/Tokyo"), "08:00"),
    ("9 ng gabi sa Manila anong oras sa Riyadh", "Asia/Riyadh", ("Asia/Manila", "Asia/Riyadh"), "21:00"),
])
async def test_a_part_of_the_day_after_a_lone_number_is_a_clock_time(query: str, tz: str, sides: tuple[str, str],
                                                                       hhmm: str) -> None:
    answer = await ask_router(query, AFTER_CHRISTMAS, tz)
    args = answer.arguments or {}
    assert answer.tool == "time.convert", answer.text
    assert (args.get("from_tz"), args.get("to_tz"), args.get("time")) == (*sides, hhmm), args


@pytest.mark.parametrize(("query", "tz", "sides"), [
    ("when does Sydney hit the new year in London time", "Asia/Taipei", ("Australia/Sydney", "Europe/London")),
    ("what time here when Dubai rings in 2027", "Asia/Manila", ("Asia/Dubai", "Asia/Manila")),
    ("jam berapa Tokyo masuk tahun baru di waktu Jakarta", "Asia/Kuala_Lumpur", ("Asia/Tokyo", "Asia/Jakarta")),
    ("when will Paris reach new year my time", "Asia/Singapore", ("Europe/Paris", "Asia/Singapore")),
])
async def test_the_new_years_midnight_is_the_place_it_comes_to(query: str, tz: str, sides: tuple[str, str]) -> None:
    answer = await ask_router(query, NYE, tz)
    args = answer.arguments or {}
    assert answer.tool == "time.convert", answer.text
    assert (args.get("from_tz"), args.get("to_tz"), args.get("time")) == (*sides, "00:00"), args


@pytest.mark.parametrize(("query", "word"), [
    ("10am CST to Sydney time", "CST"),
    ("6pm IST in Tokyo time", "IST"),
    ("8:30 CET to IST pls", "IST"),
])
async def test_a_zone_abbreviation_several_zones_share_is_asked_back(query: str, word: str) -> None:
    answer = await ask_router(query, AFTER_CHRISTMAS, "Europe/Berlin")
    assert answer.mode != "mcp_tools" and f'"{word}"' in answer.text, (answer.tool, answer.text)


async def test_a_country_whose_islands_keep_other_clocks_is_asked_which() -> None:
    answer = await ask_router("what's the time in Kiribati right now", NYE, "Asia/Manila")
    assert answer.mode != "mcp_tools" and "Line Islands" in answer.text and "Tarawa" in answer.text, answer.text
