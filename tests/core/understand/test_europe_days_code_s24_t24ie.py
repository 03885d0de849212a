"""Issue 26, session 24 (t24ie): Europe's and the Middle East's own words, through the real Router (local engine, no
LLM; data tools planned, not called). New wordings of the classes report23_ie's misses showed:

* a named day in the asker's language (All Saints in Polish and Italian, Ohi Day in Greek, Turkey's Republic Day,
  Sweden's All Saints) is that day, never today; one this bot does not know ("Dzień Flagi") is asked about;
* a month's days written as one run in those languages ("od 28 do 30 października") are those days;
* a program asked without the word "code" (a chat bot of one's own, a task to automate, Italian "codice", "scrivi un
  programma") is code, while Croatian "kod" (at) before a town is no code;
* a clock time given in a country's own words for its clock ("czasu polskiego", "svensk tid", "שעון ישראל") is
  converted from that zone;
* rain and wind in Danish, Turkish typed without its letters, and Greek typed without accents are the weather or the
  sea's temperature;
* the bot's own figures asked about with "your" / "you" ("do your tide predictions account for storm surge") are an
  explanation, not a place's data.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2028-10-26T07:10:00"   # a Thursday morning in the asker's zone


@pytest.mark.parametrize(("query", "tz", "days"), [
    ("Czy na Wszystkich Świętych będzie padać w Kołobrzegu?", "Europe/Warsaw", 7),   # 1 November
    ("Ognissanti a Bari piove?", "Europe/Rome", 7),
    ("Καιρός στην Καβάλα την επέτειο του Όχι", "Europe/Athens", 3),                  # 28 October
    ("Cumhuriyet Bayramında Bodrum'da hava nasıl", "Europe/Istanbul", 4),            # 29 October
    ("Alla helgons dag i Göteborg, blir det regn?", "Europe/Stockholm", 10),          # Saturday 4 November
    ("pogoda w Gdyni na Zaduszki", "Europe/Warsaw", 8),                               # 2 November
])
async def test_a_named_day_in_the_askers_language_is_that_day(query: str, tz: str, days: int) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "weather.forecast", answer.text
    assert (answer.arguments or {}).get("forecastDays") == days, (answer.arguments, answer.text)


@pytest.mark.parametrize(("query", "tz", "word"), [
    ("Dzień Flagi w Gdyni - będzie słońce?", "Europe/Warsaw", "Dzień Flagi"),
    ("meteo Napoli festa della Madonna del Carmine", "Europe/Rome", "festa della Madonna"),
])
async def test_a_named_day_not_known_is_asked_not_answered_as_today(query: str, tz: str, word: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "fallback" and word in answer.text, (answer.mode, answer.tool, answer.text)


@pytest.mark.parametrize(("query", "tz"), [
    ("build me a discord bot that posts Brest tides each morning", "Europe/Paris"),
    ("I want a small bot that pings me when the sea at Nice goes above 22 degrees", "Europe/Paris"),
    ("automatiser l'envoi des marées de Saint-Malo chaque matin", "Europe/Paris"),
    ("scrivi un programma che scarica la temperatura del mare a Genova", "Europe/Rome"),
    ("codice per un grafico delle maree di Venezia", "Europe/Rome"),
])
async def test_a_program_asked_in_other_words_is_code(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "code", (answer.mode, answer.tool, answer.text)


@pytest.mark.parametrize(("query", "tz"), [
    ("vrijeme kod Zadra sutra", "Europe/Zagreb"),
    ("is the bot accurate for Brest tides?", "Europe/Paris"),
])
async def test_at_in_croatian_or_this_bot_named_is_no_code(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode != "code", answer.text


@pytest.mark.parametrize(("query", "tz", "from_tz", "to_tz"), [
    ("Spotkanie o 15:00 czasu polskiego - która to godzina w Dubaju?", "Asia/Jerusalem", "Europe/Warsaw", "Asia/Dubai"),
    ("kl 15 svensk tid, vad är klockan då i Bangkok?", "Europe/Oslo", "Europe/Stockholm", "Asia/Bangkok"),
    ("פגישה ב-14:00 שעון ישראל, כמה זה בלונדון?", "Europe/Paris", "Asia/Jerusalem", "Europe/London"),
])
async def test_a_clock_in_a_countrys_own_words_is_converted_from_its_zone(query: str, tz: str, from_tz: str,
                                                                          to_tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "time.convert", (answer.mode, answer.text)
    args = answer.arguments or {}
    assert (args.get("from_tz"), args.get("to_tz")) == (from_tz, to_tz), args


@pytest.mark.parametrize(("query", "tz", "tool"), [
    ("Regner det i Esbjerg i morgen?", "Europe/Copenhagen", "weather.forecast"),
    ("blæser det meget i Hirtshals i dag", "Europe/Copenhagen", "weather.forecast"),
    ("yarın Çeşme'de yagmur yagacak mi", "Europe/Istanbul", "weather.forecast"),
    ("kiša u Splitu sutra?", "Europe/Zagreb", "weather.forecast"),
    ("ποσο ζεστη ειναι η θαλασσα στη Ρόδο;", "Europe/Athens", "ghrsst.bbox_mean"),
])
async def test_weather_words_of_the_north_turkey_and_greek_without_accents_are_read(query: str, tz: str,
                                                                                     tool: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == tool, (answer.mode, answer.tool, answer.text)


@pytest.mark.parametrize(("query", "tz"), [
    ("do your tide predictions account for storm surge?", "Europe/London"),
    ("how do you compute the tide times, from gauge readings or from a model?", "Europe/Dublin"),
])
async def test_the_bots_own_figures_asked_about_with_your_are_an_explanation(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "explain", (answer.mode, answer.tool, answer.text)


@pytest.mark.parametrize(("query", "tz", "days"), [
    ("pogoda w Gdyni od 28 do 30 października", "Europe/Warsaw", 5),      # through the 30th
    ("Wetter in Kiel vom 27. bis 29. Oktober", "Europe/Berlin", 4),       # through the 29th
])
async def test_a_months_days_written_as_one_run_are_those_days(query: str, tz: str, days: int) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "weather.forecast", answer.text
    assert (answer.arguments or {}).get("forecastDays") == days, (answer.arguments, answer.text)
