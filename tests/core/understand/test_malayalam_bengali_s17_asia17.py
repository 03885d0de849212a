"""Issue 26, session 17 (asia17): Malayalam and Bengali read as Hindi, Tamil and Sinhala were, through the real Router
(local engine, no LLM; data tools planned, not called).

* Towns by their GeoNames names in the script, with the case ending a Malayalam or Tamil name's stem takes
  (ലണ്ടനിൽ, തിരുവനന്തപുരത്ത്, லண்டன்ல), and cities as the askers write them where GeoNames spells them otherwise.
* Tide, sun, rain and clock words; days (നാളെ, আগামীকাল, শুক্রবার) and Christmas or New Year's Eve as the region writes it.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router, km_between, planned_point

QT = "2026-12-10T12:20:00"   # a Thursday


@pytest.mark.parametrize(("query", "tz", "lat", "lon", "day"), [
    ("കൊച്ചിയിൽ നാളെ വേലിയേറ്റം എപ്പോൾ?", "Asia/Kolkata", 9.94, 76.26, "2026-12-11"),
    ("চট্টগ্রামে আগামীকাল জোয়ার কখন?", "Asia/Dhaka", 22.34, 91.83, "2026-12-11"),
    ("কলকাতায় শুক্রবার সূর্যাস্ত কখন?", "Asia/Kolkata", 22.56, 88.36, "2026-12-11"),
    ("คริสต์มาส พระอาทิตย์ตกที่หัวหินกี่โมง", "Asia/Bangkok", 12.57, 99.96, "2026-12-25"),
    ("கிறிஸ்துமஸ் அன்று சென்னையில் சூரிய உதயம்?", "Asia/Kolkata", 13.09, 80.28, "2026-12-25"),
    ("nước lớn ở Vũng Tàu đêm Giáng sinh mấy giờ?", "Asia/Ho_Chi_Minh", 10.35, 107.08, "2026-12-24"),
    ("Bisperas ng Bagong Taon, high tide sa Boracay?", "Asia/Manila", 11.96, 121.92, "2026-12-31"),
])
async def test_a_tide_or_sun_day_in_malayalam_bengali_or_a_holiday_word(query: str, tz: str, lat: float, lon: float,
                                                                         day: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "tide.forecast", (answer.mode, answer.text)
    args = answer.arguments or {}
    assert km_between(*planned_point(args), lat, lon) < 25 and args.get("date") == day, args


async def test_rain_in_malayalam_after_a_name_with_its_case_is_the_weather() -> None:
    answer = await ask_router("തിരുവനന്തപുരത്ത് നാളെ മഴ ഉണ്ടാകുമോ?", QT, "Asia/Kolkata")
    assert answer.tool == "weather.forecast", (answer.mode, answer.text)
    assert km_between(*planned_point(answer.arguments or {}), 8.49, 76.95) < 25, answer.arguments


@pytest.mark.parametrize(("query", "tz", "zone"), [
    ("ദുബായിൽ ഇപ്പോൾ സമയം എത്ര?", "Asia/Kolkata", "Asia/Dubai"),
    ("ലണ്ടനിൽ ഇപ്പോൾ എത്ര മണി?", "Asia/Kolkata", "Europe/London"),
    ("துபாய்ல இப்போ மணி என்ன?", "Asia/Kolkata", "Asia/Dubai"),
    ("லண்டன்ல இப்போ என்ன டைம்?", "Asia/Singapore", "Europe/London"),
    ("দুবাইতে এখন কটা বাজে?", "Asia/Dhaka", "Asia/Dubai"),
    ("এখন রোমে কটা বাজে?", "Asia/Dhaka", "Europe/Rome"),
    ("දැන් රෝමයේ වෙලාව කීයද?", "Asia/Colombo", "Europe/Rome"),
])
async def test_the_clock_abroad_asked_in_a_south_asian_script(query: str, tz: str, zone: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.tool == "time.now" and (answer.arguments or {}).get("tz") == zone, answer.text
