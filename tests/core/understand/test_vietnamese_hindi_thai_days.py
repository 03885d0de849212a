"""Issue 26, session 17: days as Vietnamese, Hindi (in Latin letters) and Thai askers name them, through the
real Router (local engine, no LLM; data tools planned, not called).

* Vietnamese weekdays (thứ ba, thứ 7, chủ nhật, typed without accents too) and weekends (cuối tuần) are that
  day, never today; Hindi weekdays (shanivar) likewise.
* Counts of days: "3 ngày tới", "agle 3 din", "3 วันข้างหน้า" are that many days.
* Thailand's Father's Day (วันพ่อ) is its own December 5th.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2026-12-10T12:20:00"   # a Thursday lunchtime in the asker's zone


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("Đà Nẵng thứ ba thủy triều", "Asia/Ho_Chi_Minh", "2026-12-15"),
    ("thủy triều Hạ Long thu 7", "Asia/Ho_Chi_Minh", "2026-12-12"),
    ("Vũng Tàu chủ nhật thủy triều thế nào", "Asia/Ho_Chi_Minh", "2026-12-13"),
    ("Goa mein shanivar ko high tide kab hai", "Asia/Kolkata", "2026-12-12"),
    ("พัทยา น้ำขึ้นวันพ่อ", "Asia/Bangkok", "2027-12-05"),
])
async def test_a_weekday_or_named_day_in_the_askers_language_is_that_day(query: str, tz: str, day: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert (answer.arguments or {}).get("date") == day, (answer.arguments, answer.text)


@pytest.mark.parametrize(("query", "tz", "days"), [
    ("Phú Quốc 3 ngày tới có mưa không", "Asia/Ho_Chi_Minh", 3),
    ("agle 3 din Chennai mein baarish hogi?", "Asia/Kolkata", 3),
    ("ภูเก็ต 3 วันข้างหน้าฝนตกไหม", "Asia/Bangkok", 3),
    ("cuối tuần này Vũng Tàu có mưa không", "Asia/Ho_Chi_Minh", 4),   # Thursday: through Sunday
])
async def test_a_count_of_days_in_the_askers_language_is_that_many_days(query: str, tz: str, days: int) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "weather.forecast", answer.text
    assert (answer.arguments or {}).get("forecastDays") == days, answer.arguments


@pytest.mark.parametrize(("query", "tz"), [
    ("GHRSST là gì", "Asia/Ho_Chi_Minh"),          # not the town La Gi
    ("harmonic tide model nghĩa là gì", "Asia/Ho_Chi_Minh"),
    ("GHRSST คืออะไร", "Asia/Bangkok"),
    ("spring tide kya hota hai", "Asia/Kolkata"),
])
async def test_what_is_in_the_askers_language_is_an_explanation(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "explain", (answer.mode, answer.tool, answer.text)


@pytest.mark.parametrize(("query", "tz"), [
    ("Teluk Cempedak ombak besar tak", "Asia/Kuala_Lumpur"),
    ("sóng ở Mũi Né ngày mai cao không", "Asia/Ho_Chi_Minh"),
    ("คลื่นที่ภูเก็ตพรุ่งนี้สูงไหม", "Asia/Bangkok"),
])
async def test_waves_in_the_askers_language_are_declined_not_a_forecast(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert (answer.debug or {}).get("reason") == "sea_state_only", (answer.mode, answer.tool, answer.text)


@pytest.mark.parametrize(("query", "tz"), [
    ("mainit ba ang dagat sa Puerto Galera", "Asia/Manila"),
    ("nước biển Nha Trang có lạnh không", "Asia/Ho_Chi_Minh"),
])
async def test_whether_the_sea_is_warm_is_its_temperature(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool in ("ghrsst.bbox_mean", "ghrsst.point_value"), (answer.mode, answer.tool, answer.text)


@pytest.mark.parametrize(("query", "zone"), [("ตอนนี้ที่ลอนดอนกี่โมง", "Europe/London"),
                                             ("ตอนนี้ที่โตเกียวกี่โมง", "Asia/Tokyo")])
async def test_a_city_abroad_by_its_thai_name_is_that_city(query: str, zone: str) -> None:
    answer = await ask_router(query, QT, "Asia/Bangkok")
    assert answer.tool == "time.now" and (answer.arguments or {}).get("tz") == zone, (answer.tool, answer.text)
