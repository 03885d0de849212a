"""Issue 26, session 17: questions written in Devanagari (Hindi), Tamil and Sinhala, through the real Router (local
engine, no LLM; data tools planned, not called). Before, none of these scripts was read at all: every such question
fell to a default explanation, answered in Chinese.

* Towns by their names in the script (GeoNames' alternate names): மும்பை, சென்னையில் (with its case), ගාල්ලේ, लंदन.
* Intents (tide, sunset, rain, the time now), days (कल, நாளை, හෙට, शनिवार) and the reply in English.
* A name begins a word: मालदीव (the Maldives) is not दीव (Diu).
"""
from __future__ import annotations

import pytest

from router_ask import ask_router, km_between, planned_point

QT = "2026-12-10T12:20:00"   # a Thursday


@pytest.mark.parametrize(("query", "tz", "tool", "lat", "lon", "day"), [
    ("मुंबई में कल ज्वार कब है", "Asia/Kolkata", "tide.forecast", 19.07, 72.88, "2026-12-11"),
    ("शनिवार को कोच्चि में ज्वार", "Asia/Kolkata", "tide.forecast", 9.94, 76.26, "2026-12-12"),
    ("गोवा में सूर्यास्त कितने बजे", "Asia/Kolkata", "tide.forecast", 15.39, 73.81, "2026-12-10"),
    ("கொழும்பு நாளை ஓதம் எப்போது", "Asia/Colombo", "tide.forecast", 6.94, 79.85, "2026-12-11"),
    ("சென்னையில் இன்று சூரிய அஸ்தமனம் எப்போது", "Asia/Kolkata", "tide.forecast", 13.09, 80.28, "2026-12-10"),
    ("ගාල්ල හෙට වඩදිය කීයටද", "Asia/Colombo", "tide.forecast", 6.05, 80.21, "2026-12-11"),
    ("යාපනය අද හිරු බැස යන්නේ කීයටද", "Asia/Colombo", "tide.forecast", 9.67, 80.01, "2026-12-10"),
])
async def test_a_tide_or_sun_question_in_a_south_asian_script(query: str, tz: str, tool: str, lat: float, lon: float,
                                                              day: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == tool, (answer.mode, answer.text)
    args = answer.arguments or {}
    assert km_between(*planned_point(args), lat, lon) < 20 and args.get("date") == day, args


@pytest.mark.parametrize(("query", "tz", "days"), [
    ("चेन्नई में कल बारिश होगी?", "Asia/Kolkata", 2),
    ("ගාල්ලේ හෙට වැස්ස තියෙනවද", "Asia/Colombo", 2),
])
async def test_rain_in_a_south_asian_script_is_the_weather_not_a_tide(query: str, tz: str, days: int) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "weather.forecast" and (answer.arguments or {}).get("forecastDays") == days, answer.text


@pytest.mark.parametrize(("query", "tz", "zone"), [("लंदन में अभी कितने बजे हैं", "Asia/Kolkata", "Europe/London"),
                                                   ("කොළඹ දැන් වෙලාව කීයද", "Asia/Colombo", "Asia/Colombo")])
async def test_the_time_now_in_a_south_asian_script_answered_in_english(query: str, tz: str, zone: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.tool == "time.now" and (answer.arguments or {}).get("tz") == zone, answer.text
    assert answer.text.isascii() or "UTC" in answer.text, answer.text


def test_a_name_begins_a_word_in_a_spaced_script() -> None:
    from core.understand.places import find_place

    found = find_place("मालदीव में समय")
    assert found is None or found.name_en != "Diu", found


@pytest.mark.parametrize(("query", "tz", "zone"), [("லண்டனில் இப்போது மணி என்ன", "Asia/Kolkata", "Europe/London"),
                                                   ("துபாயில் இப்போது மணி என்ன", "Asia/Kolkata", "Asia/Dubai")])
async def test_a_tamil_name_with_its_case_ending_is_the_place(query: str, tz: str, zone: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "time.now" and (answer.arguments or {}).get("tz") == zone, answer.text


@pytest.mark.parametrize(("query", "tz"), [("रामपुरा में अभी कितने बजे हैं", "Asia/Kolkata"),
                                          ("كم الساعة الآن في زحلقستان", "Asia/Dubai")])
async def test_an_unknown_place_marked_as_where_is_asked_not_the_askers_own_clock(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "fallback" and (answer.debug or {}).get("reason") == "ask_back", (answer.tool, answer.text)


@pytest.mark.parametrize("query", ["स्प्रिंग ज्वार क्या होता है", "வசந்த அலை என்றால் என்ன"])
async def test_what_a_spring_tide_is_in_hindi_or_tamil_is_explained(query: str) -> None:
    answer = await ask_router(query, QT, "Asia/Kolkata", dry_run=False)
    assert answer.mode == "explain" and answer.citations, answer.text
