"""Issue 26: every time question is answered on the named place's clock, and a conversion uses
the zone written next to the time (through the real Router)."""
from __future__ import annotations

import pytest

from core.config import Settings
from core.envelope import Answer, Question
from core.router import Router


async def _ask(query: str, tz: str, qt: str) -> Answer:
    router = Router(Settings(odbchat_backend="local"), llm=None)
    try:
        return await router.answer(Question(query=query, tz=tz, query_time=qt, debug=True))
    finally:
        await router.aclose()


async def test_a_zone_written_next_to_the_time_is_the_source() -> None:
    answer = await _ask("what is 21:00 UTC in Taipei time", "America/Los_Angeles", "2026-11-26T09:00:00-08:00")
    assert answer.tool == "time.convert" and answer.result
    assert answer.result["from"]["tz"] == "UTC" and answer.result["to"]["time"] == "05:00"


@pytest.mark.parametrize(("query", "zone"), [
    ("東京跨年了嗎", "Asia/Tokyo"),
    ("is it Saturday yet in Auckland?", "Pacific/Auckland"),
    ("can I still call my brother in Osaka or is he asleep?", "Asia/Tokyo"),
    ("what time is it in Tokyo", "Asia/Tokyo"),
])
async def test_a_time_there_is_the_places_time(query: str, zone: str) -> None:
    answer = await _ask(query, "America/Los_Angeles", "2026-11-26T09:00:00-08:00")
    assert answer.tool == "time.now" and answer.result and answer.result["tz"] == zone


@pytest.mark.parametrize("query", ["what time is it back home in Taiwan rn", "台灣現在幾點"])
async def test_taiwan_named_from_abroad_is_taiwans_clock(query: str) -> None:
    answer = await _ask(query, "America/New_York", "2026-11-26T09:00:00-05:00")
    assert answer.tool == "time.now" and answer.result and answer.result["tz"] == "Asia/Taipei"
    assert answer.result["time"].startswith("22:00")


async def test_is_it_that_day_there_yet_is_answered_on_the_places_calendar() -> None:
    # Thursday 09:00 in Los Angeles is Friday 06:00 in Auckland: Saturday is still to come there.
    answer = await _ask("is it Saturday yet in Auckland?", "America/Los_Angeles", "2026-11-26T09:00:00-08:00")
    assert answer.result and answer.result["date"] == "2026-11-27"
    assert '"Saturday" (2026-11-28): there it is not yet.' in answer.text
    answer = await _ask("東京跨年了嗎", "Asia/Taipei", "2026-12-31T23:30:00+08:00")   # 00:30 on Jan 1 in Tokyo
    assert answer.result and answer.result["date"] == "2027-01-01" and "已經過了" in answer.text


@pytest.mark.parametrize(("query", "tz", "src", "dst", "at"), [
    ("美西時間早上7點 台北是幾點", "Asia/Taipei", "America/Los_Angeles", "Asia/Taipei", "07:00"),
    ("11:30 pm EDT — what's that in Taipei?", "Asia/Taipei", "America/New_York", "Asia/Taipei", "23:30"),
    ("晚上十點日本時間，我這邊是幾點", "America/Los_Angeles", "Asia/Tokyo", "America/Los_Angeles", "22:00"),
    ("what is 4pm my time in JST", "Europe/London", "Europe/London", "Asia/Tokyo", "16:00"),
    ("北京時間下午兩點換成英國時間是幾點", "Asia/Taipei", "Asia/Shanghai", "Europe/London", "14:00"),
])
async def test_a_zone_written_as_a_word_is_a_side_of_the_conversion(
        query: str, tz: str, src: str, dst: str, at: str) -> None:
    answer = await _ask(query, tz, "2026-11-26T09:00:00+08:00")
    assert answer.tool == "time.convert" and answer.result, answer.text
    assert (answer.result["from"]["tz"], answer.result["to"]["tz"]) == (src, dst)
    assert answer.result["from"]["time"] == at


@pytest.mark.parametrize(("query", "at", "dst"), [
    ("UTC 0830 換成日本時間是幾點", "08:30", "Asia/Tokyo"),
    ("what is 1745Z in Taipei", "17:45", "Asia/Taipei"),
])
async def test_four_digits_by_a_zone_are_a_24_hour_time(query: str, at: str, dst: str) -> None:
    answer = await _ask(query, "Asia/Taipei", "2026-11-26T09:00:00+08:00")
    assert answer.tool == "time.convert" and answer.result, answer.text
    assert (answer.result["from"]["tz"], answer.result["from"]["time"], answer.result["to"]["tz"]) == ("UTC", at, dst)


# The zone whose time is asked (「台灣是幾點」, "what time in Taiwan") is the target, even when the
# clock is written nearer to it than to its own zone (a day between the zone and its clock).
@pytest.mark.parametrize(("query", "src", "dst", "at"), [
    ("紐西蘭奧克蘭 12/3 早上8點 台灣是幾點", "Pacific/Auckland", "Asia/Taipei", "08:00"),
    ("溫哥華 下週一 晚上9點 台北幾點", "America/Vancouver", "Asia/Taipei", "21:00"),
    ("Lisbon on Dec 5 at 7pm, what time in Tokyo", "Europe/Lisbon", "Asia/Tokyo", "19:00"),
    ("台北 12/1 下午2點 等於巴黎的幾點", "Asia/Taipei", "Europe/Paris", "14:00"),
])
async def test_the_zone_asked_is_the_target(query: str, src: str, dst: str, at: str) -> None:
    answer = await _ask(query, "Asia/Taipei", "2026-11-26T09:00:00+08:00")
    assert answer.tool == "time.convert" and answer.result, answer.text
    assert (answer.result["from"]["tz"], answer.result["to"]["tz"], answer.result["from"]["time"]) == (src, dst, at)
