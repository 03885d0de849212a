"""Issue 26, session 20: a traveller's route and days, a name written right beside a word, a city that is also a
holiday's name, a weekday named by a word the bot does not know, and king tides in the fall, through the real
Router (local engine, no LLM; data tools planned, not called). New wordings, not the tuning set's.

* A route's start ("flying Perth to Bali", "je pars de Montréal pour…", "salgo de Lima a…") is no second place.
* The day the traveller sets out, then a later day asked in its own clause: the later day is asked.
* A name found as written, with a place word beside it ("charleston harbor"), is not another place's alias.
* A city named like a holiday ("em Natal") is the city; "no Natal" is still Christmas.
* "Cyber Monday", "Ekka Wednesday" after "on": a day the bot does not know, asked, not the next weekday.
* "wtf is a king tide": an idea; king tides in Miami in the fall have their own passage.
"""
from __future__ import annotations

import pytest

from core.answers.explain import select_passages

from router_ask import ask_router

QT = "2027-07-13T18:30:00"   # a Tuesday evening in the asker's zone


@pytest.mark.parametrize(("query", "tz", "lon", "day"), [
    ("flying Perth to Bali on Friday, what time's sunset at Kuta on Saturday?", "Australia/Perth", 115.17, "2027-07-17"),
    ("driving Sydney to Byron on thursday, sunrise at Byron Bay on friday?", "Australia/Sydney", 153.6, "2027-07-16"),
    ("salgo de Lima a Máncora el viernes, ¿marea en Máncora el sábado?", "America/Lima", -81.05, "2027-07-17"),
    ("週五飛沖繩，週六那霸日落幾點", "Asia/Taipei", 127.68, "2027-07-17"),
])
async def test_a_routes_start_and_its_day_are_the_trips(query: str, tz: str, lon: float, day: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    args = answer.arguments or {}
    assert abs(float(args["longitude"]) - lon) < 0.3 and args.get("date") == day, (args, answer.text)


async def test_a_route_start_in_french_is_no_second_place() -> None:
    answer = await ask_router("Je pars de Montréal pour la Guadeloupe, l'eau est à combien à Pointe-à-Pitre ?", QT,
                              "America/Toronto")
    assert answer.mode == "mcp_tools" and answer.tool == "ghrsst.bbox_mean", answer.text
    west, south, east, north = (answer.arguments or {})["bbox"]
    assert west < -61.5 < east and south < 16.25 < north, answer.arguments


@pytest.mark.parametrize(("query", "tz", "lon"), [
    ("tide chart charleston harbor today", "America/Los_Angeles", -79.93),
    ("tides at charleston harbour tomorrow", "America/New_York", -79.93),
    ("kota kinabalo weather", "Asia/Kuala_Lumpur", 116.07),   # the slip beside the word is still read
])
async def test_a_name_found_as_written_keeps_the_word_beside_it(query: str, tz: str, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    args = answer.arguments or {}
    assert answer.mode == "mcp_tools", answer.text
    assert abs(float(args.get("longitude", 0)) - lon) < 0.3, (args, answer.text)


async def test_a_city_named_like_a_holiday_is_the_city() -> None:
    asked = await ask_router("maré no dia do meu aniversário em Natal", QT, "America/Recife")
    assert asked.mode == "fallback", (asked.tool, asked.arguments)   # the birthday is asked, not Christmas
    christmas = await ask_router("maré em Natal no Natal", QT, "America/Recife")
    assert (christmas.arguments or {}).get("date") == "2027-12-25", christmas.arguments


@pytest.mark.parametrize(("query", "tz"), [
    ("high tide at Redcliffe on Ekka Wednesday?", "Australia/Brisbane"),
    ("sunset at Bondi on Cyber Monday", "Australia/Sydney"),
    ("low tide at Galveston on Super Tuesday", "America/Chicago"),
])
async def test_a_weekday_named_by_an_unknown_word_is_asked(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "fallback", (answer.mode, answer.tool, answer.arguments)


@pytest.mark.parametrize(("query", "lang", "topic"), [
    ("wtf is a king tide, miami floods every fall", "en", "king_tides"),
    ("what the heck are neap tides", "en", "spring_tides"),
])
async def test_a_rude_what_is_is_an_idea(query: str, lang: str, topic: str) -> None:
    answer = await ask_router(query, QT, "America/New_York")
    assert answer.mode == "explain", (answer.mode, answer.tool)


@pytest.mark.parametrize(("query", "tz", "lon", "tool"), [
    ("viento en valpo mañana?", "America/Santiago", -71.63, "weather.forecast"),
    ("a que hora baja la marea en mardel el domingo", "America/Argentina/Buenos_Aires", -57.56, "tide.forecast"),
    ("gonna chuck it down in freo this arvo?", "Australia/Perth", 115.75, "weather.forecast"),
])
async def test_a_clipped_city_and_rain_slang_are_read(query: str, tz: str, lon: float, tool: str) -> None:
    answer = await ask_router(query, QT, tz)
    args = answer.arguments or {}
    assert answer.mode == "mcp_tools" and answer.tool == tool, answer.text
    assert abs(float(args["longitude"]) - lon) < 0.3, args


@pytest.mark.parametrize(("query", "tz", "lon"), [
    ("galveston jetties high tide tomorrow morning", "America/Chicago", -94.8),
    ("sunset from the santa monica piers tonight", "America/Los_Angeles", -118.49),
    ("hilo harbors low tide", "Pacific/Honolulu", -155.08),
])
async def test_a_name_before_a_plural_place_word_is_the_place(query: str, tz: str, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    args = answer.arguments or {}
    assert answer.mode == "mcp_tools", answer.text
    assert abs(float(args["longitude"]) - lon) < 0.3, args


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("tides at Tumon Bay on liberation day", "Pacific/Guam", "2027-07-21"),   # the calendar's "Liberation Day (Guam)"
    ("sunrise in Hagatna on Liberation Day", "Pacific/Guam", "2027-07-21"),
    ("광복절 부산 일몰", "Asia/Seoul", "2027-08-15"),                          # Korea's own Liberation Day stays its own
])
async def test_a_holiday_the_calendar_qualifies_is_said_bare(query: str, tz: str, day: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert (answer.arguments or {}).get("date") == day, (answer.arguments, answer.text)
