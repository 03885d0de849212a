"""Issue 26, session 19 (euro19): Europe's, Turkey's and the Middle East's askers in their languages, through the real
Router (local engine, no LLM; data tools planned, not called).

* A town with its case ending: Russian short names (в Ялте, из Тулы), two-word names declined (w Nowym Jorku,
  u Novom Sadu), Turkish without its apostrophe (izmirde), a home town's locative over a far namesake spelt so
  (u Puli is Croatia's Pula, not Taiwan's Puli; u Baru Montenegro's Bar), hyphenated Cyrillic names (в Нью-Йорке),
  a home town named by an English word (à Valence, i Moss).
* A shared name in a sea question: a home town inland is no silent choice of a far coastal one (Santiago asked
  from Madrid), nor an inland home province of a port abroad (San Juan asked from Buenos Aires: asked which).
* Why a phenomenon happens at a place is its idea (the polar night at Tromsø), not the day's sun times.
* Weather words in their cases and as verbs (prognoza pogody, wiało, прогноз погоды), sunrise as the verb says
  it (izlazi sunce), Orthodox Christmas named (pravoslavni Božić, Рождество: Jan 7).
* Everyday words that are no place: a Portuguese sailor's "sair", a Dutch "van de …".
* Code asked for: a command-line program, high waters, Italian maree, the sea held to a temperature.
* Explanations asked in travellers' words (coef, harmonische, voorspelde … afwijkt, tideless).
"""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2026-12-27T16:40:00"   # a Sunday afternoon in the asker's zone


@pytest.mark.parametrize(("query", "tz", "tool", "lat"), [
    ("какая погода в Ялте завтра", "Europe/Moscow", "weather.forecast", 44.50),
    ("восход солнца в Туле", "Europe/Moscow", "tide.forecast", 54.20),
    ("pogoda w Nowym Jorku na jutro", "Europe/Warsaw", "weather.forecast", 40.71),
    ("pogoda w Zielonej Górze w sobotę", "Europe/Warsaw", "weather.forecast", 51.94),
    ("kakvo je vrijeme u Novom Sadu", "Europe/Zagreb", "weather.forecast", 45.25),
    ("zalazak sunca u Puli sutra", "Europe/Zagreb", "tide.forecast", 44.87),
    ("trabzonda yarın hava nasıl", "Europe/Istanbul", "weather.forecast", 41.01),
    ("bodrumda gün batımı saat kaçta", "Europe/Istanbul", "tide.forecast", 37.04),
    ("погода в Нью-Йорке завтра", "Europe/Moscow", "weather.forecast", 40.71),
    ("počasí ve Vídni", "Europe/Prague", "weather.forecast", 48.21),
    ("temperatura mora u Baru", "Europe/Podgorica", "ghrsst.bbox_mean", None),
    ("vrijeme u Baru sutra", "Europe/Podgorica", "weather.forecast", 42.09),
    # a home town named by an English word, capitalised where a place stands
    ("météo à Valence demain", "Europe/Paris", "weather.forecast", 44.93),
    ("været i Moss i morgen", "Europe/Oslo", "weather.forecast", 59.43),
])
async def test_a_town_with_its_case_ending_is_that_town(query: str, tz: str, tool: str, lat: float | None) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == tool, answer.text
    args = answer.arguments or {}
    if lat is not None:
        assert abs(float(args.get("latitude", 0)) - lat) < 0.1, (args, answer.text)
    else:   # a box around the town: Bar, Montenegro (42.09 N)
        assert args["bbox"][1] < 42.09 < args["bbox"][3], args


async def test_a_home_town_inland_is_no_silent_far_namesake_in_a_sea_question() -> None:
    answer = await ask_router("marea alta en Santiago el martes", QT, "Europe/Madrid")
    assert "Cuba" not in answer.text or answer.mode == "fallback", answer.text
    if answer.mode == "mcp_tools":
        assert abs(float((answer.arguments or {}).get("latitude", 0)) - 42.88) < 0.1, answer.text


async def test_an_inland_home_province_and_a_port_abroad_are_asked_about() -> None:
    answer = await ask_router("a qué hora es la pleamar en San Juan", QT, "America/Argentina/Buenos_Aires")
    assert answer.mode == "fallback" and "Puerto Rico" in answer.text and "Argentina" in answer.text, answer.text


@pytest.mark.parametrize(("query", "tz"), [
    ("why is there no sunrise in Hammerfest this week?", "Europe/Oslo"),
    ("pourquoi le soleil ne se lève pas à Kiruna en ce moment ?", "Europe/Paris"),
    ("почему в Норильске сейчас солнце не встает", "Europe/Moscow"),
])
async def test_why_a_phenomenon_happens_at_a_place_is_its_idea(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "explain", (answer.mode, answer.tool, answer.text)


@pytest.mark.parametrize(("query", "tz", "tool", "day"), [
    ("prognoza pogody dla Gdyni na jutro", "Europe/Warsaw", "weather.forecast", None),
    ("czy w poniedziałek będzie wiało w Kołobrzegu?", "Europe/Warsaw", "weather.forecast", None),
    ("прогноз погоды в Калининграде", "Europe/Moscow", "weather.forecast", None),
    ("kad izlazi sunce u Kotoru na pravoslavni Božić", "Europe/Podgorica", "tide.forecast", "2027-01-07"),
    ("во сколько восход солнца в Сочи на Рождество", "Europe/Moscow", "tide.forecast", "2027-01-07"),
])
async def test_weather_and_sun_words_and_orthodox_christmas(query: str, tz: str, tool: str, day: str | None) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == tool, answer.text
    if day is not None:
        assert (answer.arguments or {}).get("date") == day, (answer.arguments, answer.text)


@pytest.mark.parametrize(("query", "tz", "lat"), [
    ("baixa-mar na Ericeira amanhã? quero sair cedo com a prancha", "Europe/Lisbon", 38.96),
    ("pleamar en Cádiz el lunes, queremos salir a navegar", "Europe/Madrid", 36.53),
])
async def test_a_sailors_verb_is_no_place(query: str, tz: str, lat: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert abs(float((answer.arguments or {}).get("latitude", 0)) - lat) < 0.1, answer.text


@pytest.mark.parametrize("query", [
    "build me a cli tool that takes a town and prints tomorrow's sunrise",
    "Python script: every high water at Cuxhaven next week into a CSV",
    "scrivi un programma Python che stampa le maree di Venezia per domani",
    "code that alerts me when the water at Eilat drops under 21 degrees",
])
async def test_code_asked_for_names_its_data(query: str) -> None:
    answer = await ask_router(query, QT, "Europe/Berlin")
    assert answer.mode == "code", (answer.mode, answer.text)
    assert "Which data should the program read" not in answer.text, answer.text


@pytest.mark.parametrize("query", [
    "why is the Baltic almost tideless?",
    "C'est quoi un coef de marée de 95, c'est fort ?",
    "Wie funktioniert die harmonische Analyse bei Gezeiten?",
    "Wie kommt es, dass der gemessene Wasserstand vom vorhergesagten abweicht?",
    "Hoe komt het dat de voorspelde waterstand afwijkt van de gemeten?",
])
async def test_an_explanation_in_travellers_words_is_answered(query: str) -> None:
    answer = await ask_router(query, QT, "Europe/Berlin")
    assert answer.mode == "explain", (answer.mode, answer.text)
    assert "no explanation of that" not in answer.text and "not sure what you mean" not in answer.text, answer.text


@pytest.mark.parametrize("query", ["sea temp sharm al shaikh tomorrow", "ras al khaimah sunset today"])
async def test_an_arabic_name_spelt_with_another_article_is_that_place(query: str) -> None:
    answer = await ask_router(query, QT, "Europe/London")
    assert answer.mode == "mcp_tools", (answer.mode, answer.text)


async def test_a_port_city_up_its_river_has_its_tides_at_the_rivers_mouth() -> None:
    # Newcastle upon Tyne's city hall lies ~12 km up the Tyne: its port at North Shields answers its tides
    answer = await ask_router("when is high water in Newcastle upon Tyne on Wednesday", QT, "Europe/London")
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    args = answer.arguments or {}
    assert abs(float(args["latitude"]) - 55.01) < 0.05 and abs(float(args["longitude"]) + 1.40) < 0.1, args
    assert args.get("date") == "2026-12-30", args

