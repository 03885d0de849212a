"""Issue 26, session 17: the next full or new moon named beside other data is that data's day, in the asker's
language, through the real Router (local engine, no LLM; data tools planned, not called).

* "high tide on the next full moon", 「下次滿月基隆幾點滿潮」, "full moon tide times": the phase's day, not today.
* Rain on the next full moon is the weather of that day, not a moon report; past the forecast's reach, said so.
* The phase's words in Japanese, Malay/Indonesian, Thai and Vietnamese, "next" written after them too.
* Asked alone ("when is the full moon in January", 「一月的新月是幾號」), the moon report says the day.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2026-12-10T12:20:00"   # a Thursday; full moon Dec 24 (Asia), new moon Jan 8


@pytest.mark.parametrize(("query", "tz"), [
    ("下次滿月基隆幾點滿潮", "Asia/Taipei"),
    ("full moon tide times Kenting", "Asia/Taipei"),
    ("次の満月の日 鎌倉の満潮は何時", "Asia/Tokyo"),
    ("pasang surut Ancol saat purnama berikutnya", "Asia/Jakarta"),
    ("ภูเก็ต น้ำขึ้นพระจันทร์เต็มดวงครั้งหน้า", "Asia/Bangkok"),
    ("thủy triều Vũng Tàu ngày trăng tròn tới", "Asia/Ho_Chi_Minh"),
])
async def test_the_next_full_moon_beside_a_tide_is_its_day(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert (answer.arguments or {}).get("date") == "2026-12-24", (answer.arguments, answer.text)


async def test_rain_on_the_next_full_moon_is_that_days_weather() -> None:
    answer = await ask_router("澎湖下次滿月會下雨嗎", QT, "Asia/Taipei")
    assert answer.mode == "mcp_tools" and answer.tool == "weather.forecast", answer.text


async def test_rain_on_a_phase_past_the_forecast_says_so() -> None:
    answer = await ask_router("下一次新月那天澎湖會下雨嗎", QT, "Asia/Taipei")
    assert answer.mode == "fallback" and "16" in answer.text and "1月8日" in answer.text, answer.text


@pytest.mark.parametrize(("query", "day"), [("when is the full moon in January", "2027-01-22"),
                                            ("一月的新月是幾號", "2027-01-08")])
async def test_a_phase_asked_alone_is_the_moon_report_of_its_day(query: str, day: str) -> None:
    answer = await ask_router(query, QT, "Asia/Taipei")
    assert answer.tool == "tide.forecast" and (answer.arguments or {}).get("date") == day, answer.text
