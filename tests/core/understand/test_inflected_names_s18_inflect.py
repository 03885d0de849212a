"""Issue 26, session 18: town names written with their case ending, through the real Router (local engine, no LLM;
data tools planned, not called).

* Polish, Czech and Croatian after their place preposition ("w Gdańsku", "w Sopocie", "w Londynie", "v Praze",
  "u Splitu"), Finnish and Hungarian by the ending alone ("Helsingissä", "Budapesten"): the town, not "where?".
* Greek and Russian name endings ("στη Ρόδο", "στον Βόλο", "в Ялте" aside, "в Евпатории", "в Севастополе").
* An everyday word after the same preposition ("w sobotę", "w morzu", "στη θάλασσα", "в субботу") stays a word:
  the bot asks where.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router, km_between, planned_point

QT = "2026-12-10T12:20:00"   # a Thursday lunchtime in the asker's zone


@pytest.mark.parametrize(("query", "tz", "lat", "lon"), [
    ("pogoda w Gdańsku jutro", "Europe/Warsaw", 54.35, 18.65),
    ("o której zachód słońca w Sopocie?", "Europe/Warsaw", 54.44, 18.56),
    ("jaka pogoda w Londynie w sobotę", "Europe/Warsaw", 51.51, -0.13),
    ("wschód słońca w Kołobrzegu jutro", "Europe/Warsaw", 54.18, 15.58),
    ("czy będzie padać w Świnoujściu jutro?", "Europe/Warsaw", 53.91, 14.25),
    ("pogoda w Paryżu na weekend", "Europe/Warsaw", 48.86, 2.35),
    ("zachód słońca w Krakowie dziś", "Europe/Warsaw", 50.06, 19.94),
    ("wiatr w Łebie jutro", "Europe/Warsaw", 54.76, 17.56),
    ("pogoda w Warszawie jutro", "Europe/Warsaw", 52.23, 21.01),
    ("zachód słońca na Helu", "Europe/Warsaw", 54.61, 18.80),
    ("pogoda w Berlinie", "Europe/Warsaw", 52.52, 13.40),
    ("počasí v Praze zítra", "Europe/Prague", 50.08, 14.43),
    ("v Brně zítra počasí", "Europe/Prague", 49.20, 16.61),
    ("temperatura mora u Dubrovniku", "Europe/Zagreb", 42.65, 18.09),
    ("zalazak sunca u Zadru danas", "Europe/Zagreb", 44.12, 15.23),
    ("vrijeme u Splitu sutra", "Europe/Zagreb", 43.51, 16.44),
    ("pogoda we Wrocławiu", "Europe/Warsaw", 51.11, 17.03),
    ("wschód słońca w Poznaniu", "Europe/Warsaw", 52.41, 16.93),
    ("plima u Rijeci sutra", "Europe/Zagreb", 45.33, 14.44),
    ("sää Helsingissä huomenna", "Europe/Helsinki", 60.17, 24.94),
    ("sää Oulussa", "Europe/Helsinki", 65.01, 25.47),
    ("időjárás Budapesten holnap", "Europe/Budapest", 47.50, 19.04),
    ("παλίρροια στη Ρόδο αύριο", "Europe/Athens", 36.43, 28.22),
    ("θερμοκρασία θάλασσας στη Νάξο", "Europe/Athens", 37.10, 25.38),
    ("καιρός στον Βόλο το Σάββατο", "Europe/Athens", 39.36, 22.94),
    ("καιρός στην Κρήτη αύριο", "Europe/Athens", 35.30, 25.00),
    ("погода в Евпатории", "Europe/Moscow", 45.20, 33.37),
    ("температура воды в Севастополе", "Europe/Moscow", 44.60, 33.52),
])
async def test_a_town_with_its_case_ending_is_that_town(query: str, tz: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", (answer.mode, answer.text)
    got = planned_point(answer.arguments or {})
    assert km_between(lat, lon, *got) < 30, (got, answer.text)


@pytest.mark.parametrize(("query", "tool"), [
    ("vrijeme u Splitu sutra", "weather.forecast"),
    ("u koje vrijeme je plima u Splitu", "tide.forecast"),   # "vrijeme" is the time here: the tide asked
])
async def test_croatian_vrijeme_is_the_weather_unless_another_topic_is_asked(query: str, tool: str) -> None:
    answer = await ask_router(query, QT, "Europe/Zagreb")
    assert answer.tool == tool, (answer.tool, answer.text)


@pytest.mark.parametrize(("query", "tz", "zone"), [
    ("która godzina jest w Rzymie", "Europe/Warsaw", "Europe/Rome"),
    ("τι ώρα είναι στο Λονδίνο", "Europe/Athens", "Europe/London"),
    ("который час в Лондоне", "Europe/Moscow", "Europe/London"),
])
async def test_the_time_in_an_inflected_town_is_its_zones(query: str, tz: str, zone: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "time.now" and (answer.arguments or {}).get("tz") == zone, (answer.arguments, answer.text)


@pytest.mark.parametrize(("query", "tz"), [
    ("pogoda w weekend", "Europe/Warsaw"),
    ("o której zachód słońca w sobotę?", "Europe/Warsaw"),
    ("jaka jest temperatura wody w morzu", "Europe/Warsaw"),
    ("pogoda w domu jutro", "Europe/Warsaw"),
    ("pływy w nocy", "Europe/Warsaw"),
    ("καιρός στη θάλασσα αύριο", "Europe/Athens"),
    ("τι ώρα δύει ο ήλιος στην παραλία;", "Europe/Athens"),
    ("погода в субботу", "Europe/Moscow"),
    ("температура воды в море сегодня", "Europe/Moscow"),
    ("vrijeme u subotu", "Europe/Zagreb"),
])
async def test_an_everyday_word_after_the_preposition_is_no_place(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode != "mcp_tools", (answer.tool, answer.arguments, answer.text)
