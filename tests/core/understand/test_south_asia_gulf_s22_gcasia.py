"""Issue 26, session 22 (gc, South / South-East Asia and the Gulf): classes that were answered with confidence and
wrongly, in new wordings, through the real Router (local engine, no LLM; data tools planned, not called).

* A weekday tied to a named day ("Diwali ke baad wala Saturday", "হোলির আগের রবিবার", "Sabtu setelah Nyepi") is that
  weekday of the named day, not the coming one; tied to a day not understood (Eid alone) it is asked.
* A named day said as just past ("Tết vừa qua", "pichhli Diwali", "last Christmas") is the latest one, not the next.
* Hindi, Urdu and Bengali kal with a past verb is yesterday; day words in chat spellings (naalaiki, parsun, porshu,
  kalke) and week words of South Asia (is hafte) are read, never left to become today.
* Hindi and Urdu "matlab" (I mean) is no MATLAB; MATLAB asked is still code.
* A beach or sea front inside a big city (JBR, Marine Drive, Fort Kochi, Pantai Sanur) is asked there, and Muscat's
  tides at its harbour.
* The moon's rise and set and the water rising in Hindi, Urdu and Bengali; Urdu wind; Vietnamese typed without accents.
"""
from __future__ import annotations

from datetime import date

import pytest

from router_ask import ask_router, km_between, planned_point

QT = "2026-12-10T12:20:00"   # a Thursday lunchtime in the asker's zone


async def _day(query: str, tz: str) -> date:
    """Return the day the Router plans a tide/sun/moon answer for."""
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", (answer.mode, answer.text)
    return date.fromisoformat((answer.arguments or {})["date"])


@pytest.mark.parametrize(("tied", "alone", "tz", "weekday", "after"), [
    ("Diwali ke baad wala Saturday Goa mein sunset kab hai?", "Diwali ko Goa mein sunset kab hai?", "Asia/Kolkata", 5, True),
    ("হোলির আগের রবিবার দীঘায় সূর্যাস্ত কখন?", "হোলির দিন দীঘায় সূর্যাস্ত কখন?", "Asia/Kolkata", 6, False),
    ("Sabtu setelah Nyepi pasang di Sanur jam berapa?", "pasang di Sanur saat Nyepi jam berapa?", "Asia/Makassar", 5, True),
    ("Holi se pehle wala shanivar Juhu beach pe sunset?", "Holi ko Juhu beach pe sunset?", "Asia/Kolkata", 5, False),
])
async def test_a_weekday_tied_to_a_named_day_is_that_weekday_of_it(tied: str, alone: str, tz: str, weekday: int,
                                                                   after: bool) -> None:
    day, named = await _day(tied, tz), await _day(alone, tz)
    assert day.weekday() == weekday, (day, named)
    assert (0 < (day - named).days <= 7) if after else (0 < (named - day).days <= 7), (day, named)


async def test_a_weekday_tied_to_a_festival_that_falls_on_it_is_the_festival() -> None:
    named = await _day("Diwali ko Goa mein sunset kab hai?", "Asia/Kolkata")
    weekday = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")[named.weekday()]
    assert await _day(f"Diwali wale {weekday} Goa mein sunset kab hai?", "Asia/Kolkata") == named


async def test_a_weekday_tied_to_a_day_not_understood_is_asked_not_this_weeks() -> None:
    answer = await ask_router("Eid ke baad wala jumma Karachi mein sunset kab hai?", QT, "Asia/Karachi")
    assert answer.mode != "mcp_tools", (answer.tool, answer.arguments)


@pytest.mark.parametrize(("past", "written", "tz"), [
    ("Tết vừa qua ở Nha Trang mặt trời lặn lúc mấy giờ?", "Tết 2026 ở Nha Trang mặt trời lặn lúc mấy giờ?", "Asia/Ho_Chi_Minh"),
    ("pichhli Diwali Juhu beach pe sunset kab tha?", "Diwali 2026 Juhu beach pe sunset kab tha?", "Asia/Kolkata"),
    ("high tide in Vung Tau last Christmas?", "high tide in Vung Tau Christmas 2025?", "Asia/Ho_Chi_Minh"),
])
async def test_a_named_day_said_as_just_past_is_the_latest_one(past: str, written: str, tz: str) -> None:
    day = await _day(past, tz)
    assert day < date(2026, 12, 10) and day == await _day(written, tz)


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("kal raat Juhu pe low tide kitne baje tha?", "Asia/Kolkata", "2026-12-09"),
    ("কাল দীঘায় জোয়ার কখন ছিল?", "Asia/Kolkata", "2026-12-09"),
    ("kal raat Juhu pe low tide kab hoga?", "Asia/Kolkata", "2026-12-11"),
    ("naalaiki Kovalam Kerala la sunset eppo?", "Asia/Kolkata", "2026-12-11"),
    ("Digha te porshu jowar kokhon?", "Asia/Kolkata", "2026-12-12"),
    ("kalke Digha te sunrise kokhon?", "Asia/Kolkata", "2026-12-11"),
    ("parson Gwadar mein sooraj kab doobega?", "Asia/Karachi", "2026-12-12"),
    ("Gwadar mein kal chaand kab doobega?", "Asia/Karachi", "2026-12-11"),
])
async def test_south_asian_day_words_as_chat_writes_them(query: str, tz: str, day: str) -> None:
    assert (await _day(query, tz)).isoformat() == day


async def test_this_week_in_hindi_is_the_weeks_tides() -> None:
    answer = await ask_router("is hafte Karachi mein high tide kab kab hai?", QT, "Asia/Karachi")
    assert answer.tool == "tide.forecast" and int((answer.debug or {}).get("days") or 1) >= 2, answer.text


@pytest.mark.parametrize(("query", "tz", "days"), [
    ("گوادر میں کل تیز ہوا چلے گی؟", "Asia/Karachi", 2),
    ("کراچی میں کل بارش ہوگی؟", "Asia/Karachi", 2),
    ("nha trang mai co mua khong", "Asia/Ho_Chi_Minh", 2),
    ("parsun Goa mein baarish hogi?", "Asia/Kolkata", 3),
])
async def test_weather_in_urdu_hindi_and_unaccented_vietnamese(query: str, tz: str, days: int) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "weather.forecast" and (answer.arguments or {}).get("forecastDays") == days, answer.text


@pytest.mark.parametrize("query", [
    "kal Gwadar mein sunset kab hai? matlab shaam ko kitne baje",
    "Matlab Clifton beach pe high tide kab hai aaj?",
])
async def test_matlab_said_as_i_mean_is_no_code(query: str) -> None:
    answer = await ask_router(query, QT, "Asia/Karachi")
    assert answer.mode != "code", answer.text


async def test_matlab_asked_is_still_code() -> None:
    answer = await ask_router("plot Karachi tides for next week in MATLAB", QT, "Asia/Karachi")
    assert answer.mode == "code", answer.text


@pytest.mark.parametrize(("query", "tz", "lat", "lon", "within"), [
    ("JBR sea temperature right now?", "Asia/Dubai", 25.078, 55.134, 8.0),
    ("Marine Drive sunset today?", "Asia/Kolkata", 18.944, 72.823, 8.0),
    ("Fort Cochin high tide tomorrow", "Asia/Kolkata", 9.966, 76.237, 5.0),
    ("Pantai Sanur besok surut jam berapa", "Asia/Makassar", -8.675, 115.261, 5.0),
    ("Muscat high tide today", "Asia/Muscat", 23.625, 58.57, 5.0),
])
async def test_a_beach_or_harbour_inside_a_big_city_is_asked_there(query: str, tz: str, lat: float, lon: float,
                                                                   within: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", answer.text
    at = planned_point(answer.arguments or {})
    assert km_between(lat, lon, *at) <= within, (at, answer.text)


async def test_the_water_rising_in_hindi_is_a_tide_question() -> None:
    answer = await ask_router("Juhu beach par paani utar raha hai kya abhi?", QT, "Asia/Kolkata")
    assert answer.tool == "tide.forecast", answer.text
