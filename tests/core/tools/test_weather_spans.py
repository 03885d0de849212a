"""Weather over a span (issue 26, spans and kinds), Open-Meteo served on loopback: each day of the
span asked is said with its date, on the place's calendar when the asker is abroad, and a span
longer than the forecast's 16 days is cut and said so. Fixed calendar: 2026-11-30 is a Monday."""
from __future__ import annotations

import re
from datetime import date

import pytest

from core.config import Settings
from core.envelope import Question
from core.router import Router
from openmeteo_server import OpenMeteoServer

MONDAY_TAIPEI = date(2026, 11, 30)


async def _ask(query: str, query_time: str, tz: str, start: date) -> tuple[str, dict]:
    with OpenMeteoServer(start=start, current_time=f"{start.isoformat()}T10:00") as om:
        router = Router(Settings(open_meteo_url=om.url, odbchat_backend="local"), llm=None)
        try:
            answer = await router.answer(Question(query=query, tz=tz, query_time=query_time))
        finally:
            await router.aclose()
    return answer.text, answer.arguments or {}


@pytest.mark.e2e
async def test_this_week_asked_from_abroad_is_the_places_monday_to_sunday() -> None:
    # Sunday 18:00 in Los Angeles is Monday 10:00 in Taipei: the week there runs Nov 30 to Dec 6.
    text, arguments = await _ask("台南這個禮拜天氣如何", "2026-11-29T18:00:00-08:00", "America/Los_Angeles",
                                 MONDAY_TAIPEI)
    days = re.findall(r"（(\d{4}-\d{2}-\d{2})）", text)
    assert days == [f"2026-{m:02d}-{d:02d}" for m, d in ((11, 30), (12, 1), (12, 2), (12, 3), (12, 4), (12, 5), (12, 6))], text
    assert arguments["forecastDays"] == 7


@pytest.mark.e2e
async def test_a_span_past_the_forecast_is_cut_and_said() -> None:
    text, arguments = await _ask("Tainan weather for the next three weeks", "2026-11-30T10:00:00+08:00", "Asia/Taipei",
                                 MONDAY_TAIPEI)
    assert arguments["forecastDays"] == 16
    assert text.splitlines()[0].startswith("(You asked for 21 days") and "Nov 30 to Dec 15" in text.splitlines()[0]
    assert "(2026-12-15)" in text and "(2026-12-16)" not in text
