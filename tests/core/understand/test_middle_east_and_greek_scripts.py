"""Issue 26, session 17: questions in Arabic, Hebrew, Greek (and Greeklish) and Turkish, through the real Router (local
engine, no LLM; data tools planned, not called). Before, none was read: each fell to a default explanation.

* Towns by their names in the script (GeoNames' alternate names), after a one-letter prefix too (בחיפה: in Haifa),
  and a Turkish name with its case after the apostrophe (İzmir'de, Londra'da).
* Intents and days in each language; a name begins a word.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router, km_between, planned_point

QT = "2026-12-10T12:20:00"   # a Thursday


@pytest.mark.parametrize(("query", "tz", "tool", "lat", "lon"), [
    ("متى المد في دبي غدا", "Asia/Dubai", "tide.forecast", 25.08, 55.31),
    ("غروب الشمس في جدة اليوم", "Asia/Riyadh", "tide.forecast", 21.49, 39.19),
    ("هل ستمطر في الدوحة غدا", "Asia/Qatar", "weather.forecast", 25.29, 51.53),
    ("درجة حرارة البحر في مسقط", "Asia/Muscat", "ghrsst.bbox_mean", 23.58, 58.41),
    ("yarın İzmir'de gün batımı saat kaçta", "Europe/Istanbul", "tide.forecast", 38.41, 27.14),
    ("Bodrum'da hava nasıl olacak hafta sonu", "Europe/Istanbul", "weather.forecast", 37.04, 27.43),
    ("καιρός Μύκονος αύριο", "Europe/Athens", "weather.forecast", 37.45, 25.33),
    ("kairos Athina avrio", "Europe/Athens", "weather.forecast", 37.98, 23.73),
    ("מזג אוויר בחיפה מחר", "Asia/Jerusalem", "weather.forecast", 32.81, 35.0),
    ("שקיעה באילת היום", "Asia/Jerusalem", "tide.forecast", 29.56, 34.95),
])
async def test_a_question_in_the_askers_script_is_read(query: str, tz: str, tool: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == tool, (answer.mode, answer.text)
    assert km_between(*planned_point(answer.arguments or {}), lat, lon) < 25, answer.arguments


@pytest.mark.parametrize(("query", "tz", "day"), [("متى المد في دبي غدا", "Asia/Dubai", "2026-12-11"),
                                                  ("yarın İzmir'de gün batımı saat kaçta", "Europe/Istanbul", "2026-12-11")])
async def test_tomorrow_in_arabic_and_turkish(query: str, tz: str, day: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert (answer.arguments or {}).get("date") == day, answer.arguments


@pytest.mark.parametrize(("query", "tz", "zone"), [("كم الساعة الآن في لندن", "Asia/Dubai", "Europe/London"),
                                                   ("Londra'da saat kaç", "Europe/Istanbul", "Europe/London"),
                                                   ("τι ώρα είναι στο Λονδίνο", "Europe/Athens", "Europe/London")])
async def test_the_time_there_in_the_askers_script(query: str, tz: str, zone: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "time.now" and (answer.arguments or {}).get("tz") == zone, answer.text


@pytest.mark.parametrize(("query", "tz", "tool", "lat", "lon"), [
    ("погода в Сочи завтра", "Europe/Moscow", "weather.forecast", 43.6, 39.72),
    ("закат в Калининграде сегодня", "Europe/Moscow", "tide.forecast", 54.71, 20.51),   # the name with its case
    ("pogoda Gdańsk jutro", "Europe/Warsaw", "weather.forecast", 54.35, 18.65),
    ("zachód słońca Sopot dzisiaj", "Europe/Warsaw", "tide.forecast", 54.44, 18.56),
])
async def test_a_question_in_russian_or_polish_is_read(query: str, tz: str, tool: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == tool, (answer.mode, answer.text)
    assert km_between(*planned_point(answer.arguments or {}), lat, lon) < 25, answer.arguments


async def test_the_time_in_a_city_named_in_russian_with_its_case() -> None:
    answer = await ask_router("который час в Лондоне", QT, "Europe/Moscow")
    assert answer.tool == "time.now" and (answer.arguments or {}).get("tz") == "Europe/London", answer.text
