"""Issue 26, session 21 (t21g): words of the Middle East, Africa and South-East Asia the bot answered wrongly with
confidence, through the real Router (local engine, no LLM; data tools planned, not called).

* Persian: جزیره ("island") is no Algiers (GeoNames' Persian الجزیره), and a town GeoNames spells in Arabic letters
  (كيش) answers in Persian ones (کیش).
* Holidays in Afrikaans and Swahili: South Africa's and Tanzania's by their calendars; one the bot has no date for is
  asked, never answered as today.
* Spring and neap tides in Indonesian, Malay and Arabic: the next window, not today's tide.
* The sea's warmth in Afrikaans and Dutch: the sea temperature, not the weather.
* A flight's length and date in Arabic: the arrival; a trip's hours over the clock change counted on UTC.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2028-03-15T08:00:00"   # a Wednesday morning on the asker's clock


@pytest.mark.parametrize(("query", "tz", "lat", "lon"), [
    ("جزر و مد جزیره کیش پس فردا", "Asia/Tehran", 26.56, 54.02),
    ("دمای آب دریا در جزیره کیش امروز", "Asia/Tehran", 26.56, 54.02),
    ("طلوع آفتاب در جزیره قشم فردا", "Asia/Tehran", 26.95, 56.27),
])
async def test_a_persian_island_is_that_island_never_algiers(query: str, tz: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    args = answer.arguments or {}
    assert answer.mode == "mcp_tools", answer.text
    got = (args["latitude"], args["longitude"]) if "latitude" in args else \
        ((args["bbox"][1] + args["bbox"][3]) / 2, (args["bbox"][0] + args["bbox"][2]) / 2)
    assert abs(got[0] - lat) < 0.2 and abs(got[1] - lon) < 0.2, (args, answer.text)


async def test_island_alone_names_no_place() -> None:
    answer = await ask_router("جزر و مد جزیره برای فردا", QT, "Asia/Tehran")
    assert answer.mode != "mcp_tools", (answer.tool, answer.arguments)


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("Hoe laat sak die son op Erfenisdag in Durban?", "Africa/Johannesburg", "2028-09-24"),
    ("Siku ya Karume maji kupwa Zanzibar saa ngapi?", "Africa/Dar_es_Salaam", "2028-04-07"),
    ("maji kujaa Zanzibar tarehe 20 Machi saa ngapi?", "Africa/Dar_es_Salaam", "2028-03-20"),
])
async def test_a_holiday_or_date_in_afrikaans_or_swahili_is_that_day(query: str, tz: str, day: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert (answer.arguments or {}).get("date") == day, (answer.arguments, answer.text)


@pytest.mark.parametrize(("query", "tz"), [
    ("Siku ya Mashujaa maji kujaa Mombasa saa ngapi?", "Africa/Nairobi"),
    ("Gaan dit op Familiedag in Kaapstad reën?", "Africa/Johannesburg"),
    ("Gaan dit op Werkersdag in Durban reën?", "Africa/Johannesburg"),
])
async def test_a_holiday_without_a_known_date_is_asked_not_today(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode != "mcp_tools", (answer.tool, answer.arguments)


@pytest.mark.parametrize(("query", "tz", "first", "last"), [
    ("pasang purnama berikutnya di Surabaya kapan?", "Asia/Jakarta", "2028-03-25", "2028-03-29"),
    ("bila air pasang besar seterusnya di Port Dickson?", "Asia/Kuala_Lumpur", "2028-03-25", "2028-03-29"),
    ("kapan pasang perbani berikutnya di Makassar?", "Asia/Makassar", "2028-03-17", "2028-03-19"),
])
async def test_spring_and_neap_words_are_the_next_window(query: str, tz: str, first: str, last: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert first <= (answer.arguments or {}).get("date", "") <= last, (answer.arguments, answer.text)


@pytest.mark.parametrize(("query", "tz"), [
    ("Hoe koud is die see by Jeffreysbaai vandag?", "Africa/Johannesburg"),
    ("Is die see warm by Plettenbergbaai?", "Africa/Johannesburg"),
    ("Hoe warm is het water in Scheveningen vandaag?", "Europe/Amsterdam"),
])
async def test_the_seas_warmth_in_afrikaans_or_dutch_is_the_sea_temperature(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and (answer.tool or "").startswith("ghrsst."), (answer.tool, answer.text)


@pytest.mark.parametrize(("query", "tz", "qt", "arrival"), [
    ("الطائرة تقلع من الدوحة الساعة 8:00 صباحا يوم 20 مارس ومدة الرحلة 7 ساعات إلى لندن، متى أصل بتوقيت لندن؟",
     "Asia/Qatar", QT, ("2028-03-20", "12:00")),
    # 23:00 CET = 22:00 UTC; nine hours on: 07:00 UTC, 11:00 in Dubai (the wall clock's 08:00 would give 10:00)
    ("my flight leaves Frankfurt at 23:00 tonight and takes 9 hours to Dubai, what time do I land local time?",
     "Europe/Berlin", "2028-03-25T22:00:00", ("2028-03-26", "11:00")),
])
async def test_a_trips_arrival_counts_its_hours(query: str, tz: str, qt: str, arrival: tuple[str, str]) -> None:
    answer = await ask_router(query, qt, tz, dry_run=False)   # the local clock tool: its result is the arrival
    assert answer.mode == "mcp_tools" and answer.tool == "time.convert", answer.text
    to = (answer.result or {}).get("to") or {}
    assert (to.get("date"), to.get("time")) == arrival, answer.text


@pytest.mark.parametrize(("query", "tz", "qt", "then"), [
    # the night Europe's clocks go forward: 00:40 CET + 4 real hours = 05:40 CEST
    ("what time will it be in 4 hours?", "Europe/Paris", "2028-03-26T00:40:00", ("2028-03-26", "05:40")),
    ("wie spät ist es in 2 Stunden?", "Europe/Vienna", "2028-03-26T01:30:00", ("2028-03-26", "04:30")),
    ("dans deux heures quelle heure sera-t-il à Tokyo ?", "Europe/Paris", "2028-03-15T08:00:00", ("2028-03-15", "18:00")),
    ("4小時後東京幾點", "Asia/Taipei", "2028-03-15T22:00:00", ("2028-03-16", "03:00")),
])
async def test_a_clock_asked_hours_from_now_is_the_clock_then(query: str, tz: str, qt: str,
                                                                then: tuple[str, str]) -> None:
    answer = await ask_router(query, qt, tz, dry_run=False)
    assert answer.mode == "mcp_tools" and answer.tool == "time.now", answer.text
    result = answer.result or {}
    assert (result.get("date"), (result.get("time") or "")[:5]) == then, answer.text


@pytest.mark.parametrize("text", [
    "what time is it in London? 5 hours behind?",
    "is London 4 hours later than us",
    "flight takes 9 hours, what time do I land",
    "what time is it in Tokyo",
])
def test_hours_apart_or_a_trip_are_no_clock_from_now(text: str) -> None:
    from core.understand.from_now import minutes_from_now

    assert minutes_from_now(text) is None
