"""Issue 26, asia22: days as Asia-Pacific askers name them — each class with new wordings, through the real
Router (local engine, no LLM; data tools planned, not called).

* A named day with the Cantonese "that day" after it (「冬至嗰日」) is the day, even a solar term that is
  also a weather word (大雪嗰日 is December 7th, not snow).
* The region's days by their own names: the year's first sunrise in Japanese (hatsuhinode), Mother's Day
  as Indonesia keeps it (Hari Ibu, December 22nd) and Christmas in Malay (Hari Natal), a country's national
  day in its own words (Hari Merdeka in Malaysia, HUT RI in Indonesia), and a calendar's holiday said
  without its "day" words (Nyepi for Hari Suci Nyepi, Wesak for Hari Wesak).
* "nanti" (later) beside a named day is the coming one, not today.
* A "Hari ..." or "Araw ng ..." day no calendar here names is asked about, never read as today.
* A Monday or Friday holiday's long weekend said as the trip is no day to ask about: the holiday asked.
* Spans in Malay, Indonesian and Tagalog: "3 hari ke depan", "2 hari lagi", "sa susunod na 3 araw".
"""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2026-11-28T07:30:00+08:00"   # a Saturday morning in Hong Kong, Kuala Lumpur, Bali, Manila


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("冬至嗰日長洲幾點日落", "Asia/Hong_Kong", "2026-12-22"),
    ("大雪嗰日西貢潮汐", "Asia/Hong_Kong", "2026-12-07"),
    ("hatsu hinode time in kamakura", "Asia/Tokyo", "2027-01-01"),
    ("Hari Ibu nanti pasang surut Sanur", "Asia/Makassar", "2026-12-22"),
    ("Hari Natal nanti sunset Kuta Lombok", "Asia/Makassar", "2026-12-25"),
    ("Nyepi sunrise Amed?", "Asia/Makassar", "2027-03-08"),
    ("Wesak high tide Port Dickson", "Asia/Kuala_Lumpur", "2027-05-20"),
    ("HUT RI sunset Sanur jam berapa", "Asia/Makassar", "2027-08-17"),
    ("Araw ng Kagitingan tides puerto galera, long weekend", "Asia/Manila", "2027-04-09"),
])
async def test_a_day_named_as_the_region_names_it_is_that_day(query: str, tz: str, day: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert (answer.arguments or {}).get("date") == day, (answer.arguments, answer.text)


async def test_a_cantonese_that_day_after_a_weather_term_is_the_day() -> None:
    answer = await ask_router("小雪嗰日赤柱會唔會落雨", "2026-11-10T07:30:00+08:00", "Asia/Hong_Kong")
    assert answer.mode == "mcp_tools" and answer.tool == "weather.forecast", answer.text
    assert "11月22日" in answer.text, answer.text


@pytest.mark.parametrize(("query", "tz"), [
    ("Hari Guru sunrise Sanur jam berapa", "Asia/Makassar"),
    ("Araw ng mga Lolo tides Anilao", "Asia/Manila"),
])
async def test_a_local_day_no_calendar_names_is_asked_not_today(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "fallback" and (answer.debug or {}).get("reason") == "ask_back", answer.text


@pytest.mark.parametrize(("query", "tz", "days"), [
    ("cuaca Kuta Lombok 3 hari ke depan", "Asia/Makassar", 3),
    ("ramalan cuaca Langkawi 5 hari", "Asia/Kuala_Lumpur", 5),
    ("panahon sa El Nido sa susunod na 4 na araw", "Asia/Manila", 4),
])
async def test_a_span_of_days_in_malay_or_tagalog_is_that_many_days(query: str, tz: str, days: int) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "weather.forecast", answer.text
    assert (answer.arguments or {}).get("forecastDays") == days, answer.arguments


async def test_a_day_counted_with_lagi_is_that_day() -> None:
    answer = await ask_router("pasang surut Tioman 3 hari lagi", QT, "Asia/Kuala_Lumpur")
    assert answer.mode == "mcp_tools" and (answer.arguments or {}).get("date") == "2026-12-01", answer.arguments
