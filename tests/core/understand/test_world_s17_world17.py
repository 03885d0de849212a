"""Issue 26, session 17 (world17): askers in the Americas, Oceania, Europe, Africa and the Middle East, through the
real Router (local engine, no LLM; data tools planned, not called). New wordings of the classes fixed, never the
tuning set's questions:

* a program asked in Arabic, Hebrew or Turkish is code, reading the data its words name;
* a town in its own script with a space in its name (الدار البيضاء: Casablanca, not Libya's Al Bayda), Greek sun verbs,
  Swahili rain and days;
* a day before or after a named day in the travellers' languages; the Gulf's National Day in Arabic;
* a day of the asker's own (name day, birthday) is asked, never read as today;
* a home-zone namesake far across a wide zone beside a bigger one elsewhere is asked (Portland from Chicago);
* why two clocks are minutes apart, and the polar night, are explained; the swell's size and a ship's route declined.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2026-12-10T12:20:00"   # a Thursday lunchtime in the asker's zone


@pytest.mark.parametrize(("query", "tz"), [
    ("اكتب برنامج بايثون يرسم المد والجزر في الإسكندرية غدا", "Africa/Cairo"),
    ("Antalya için yarınki gün doğumu saatini yazdıran Python kodu", "Europe/Istanbul"),
    ("כתוב לי סקריפט פייתון שמצייר גאות ושפל באילת", "Asia/Jerusalem"),
])
async def test_a_program_asked_in_arabic_hebrew_or_turkish_is_code(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "code", (answer.mode, answer.tool, answer.text)
    assert "Which data" not in (answer.text or ""), answer.text


@pytest.mark.parametrize(("query", "tz", "tool", "lat"), [
    ("كم درجة الحرارة في الدار البيضاء غدا؟", "Africa/Casablanca", "weather.forecast", 33.59),
    ("Τι ώρα ανατέλλει ο ήλιος αύριο στη Θεσσαλονίκη;", "Europe/Athens", "tide.forecast", 40.64),
    ("Dar es Salaam mvua leo?", "Africa/Dar_es_Salaam", "weather.forecast", -6.82),
    ("متى غروب الشمس في مطرح غدا", "Asia/Muscat", "tide.forecast", 23.62),
])
async def test_a_town_and_its_question_in_the_askers_script(query: str, tz: str, tool: str, lat: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == tool, (answer.tool, answer.text)
    assert abs(float((answer.arguments or {}).get("latitude", 0)) - lat) < 0.1, answer.arguments


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("Sonnenuntergang in Kiel am Tag nach Weihnachten", "Europe/Berlin", "2026-12-26"),
    ("mareas en Vigo el día antes de Navidad", "Europe/Madrid", "2026-12-24"),
    ("marées à Saint-Malo le lendemain de Noël", "Europe/Paris", "2026-12-26"),
    ("sunset in Manama on National Day", "Asia/Bahrain", "2026-12-16"),
])
async def test_a_day_beside_a_named_day_is_that_day(query: str, tz: str, day: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert (answer.arguments or {}).get("date") == day, (answer.arguments, answer.text)


@pytest.mark.parametrize(("query", "tz"), [
    ("Gezeiten in Cuxhaven an meinem Namenstag", "Europe/Berlin"),
    ("marées à Biarritz pour mon anniversaire", "Europe/Paris"),
    ("Antalya'da doğum günümde hava nasıl olacak?", "Europe/Istanbul"),
    ("Portland high tide this weekend", "America/Chicago"),      # Texas's, 1,700 km off, or Maine's?
])
async def test_what_the_bot_cannot_know_is_asked(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "fallback", (answer.mode, answer.tool, answer.text)


@pytest.mark.parametrize(("query", "tz"), [
    ("how come Nepal is 15 minutes ahead of India", "Asia/Kathmandu"),
    ("why is Adelaide half an hour behind Sydney?", "Australia/Adelaide"),
    ("how come the sun never rises in Longyearbyen this time of year", "Europe/Oslo"),
    ("Warum gibt es in Tromsø gerade die Polarnacht?", "Europe/Berlin"),
])
async def test_why_clocks_differ_by_minutes_or_the_sun_stays_down_is_explained(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "explain", (answer.mode, answer.tool, answer.text)
    assert "no explanation" not in (answer.text or ""), answer.text


@pytest.mark.parametrize(("query", "tz"), [
    ("going surfing at Bells Beach tomorrow, how high will the waves be?", "Australia/Melbourne"),
    ("Quero surfar em Peniche amanhã, qual a altura das ondas?", "Europe/Lisbon"),
    ("quickest sea route from Singapore to Piraeus", "Asia/Singapore"),
])
async def test_the_swells_size_or_a_ships_route_is_declined(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode in ("explain", "fallback") and answer.tool is None, (answer.mode, answer.tool, answer.text)

