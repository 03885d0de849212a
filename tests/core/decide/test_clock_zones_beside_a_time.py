"""Issue 26, whose clock (clock9): a North American zone written as a bare word right after a time
("9pm Eastern", "3 pm Pacific") is the time's zone; a province's short name qualifies a place; a
namesake near the asker does not unsettle a world city, and settles a clock question where the
asker's zone has none; a named moon day is the place's date (through the real Router)."""
from __future__ import annotations

import pytest

from core.config import Settings
from core.envelope import Answer, Question
from core.router import Router
from core.understand.zone_words import zone_mentions

NEW_YORK = "2026-11-27T19:20:00-05:00"   # Friday evening in New York = Saturday 08:20 in Taipei


async def _ask(query: str, tz: str = "America/New_York", qt: str = NEW_YORK) -> Answer:
    router = Router(Settings(odbchat_backend="local"), llm=None)
    try:
        return await router.answer(Question(query=query, tz=tz, query_time=qt, debug=True))
    finally:
        await router.aclose()


@pytest.mark.parametrize(("text", "zones"), [
    ("10am Central is what in Tokyo", ["America/Chicago"]),
    ("what is 8:30 Mountain in London", ["America/Denver"]),
    ("is 6 pm Atlantic too late for Lisbon", ["America/Halifax"]),
    ("convert 3 pm Pacific to Atlantic time", ["America/Los_Angeles", "America/Halifax"]),
    ("high tide at 3pm Pacific Beach", []),          # a place's word after it: the beach, no zone
    ("5pm atlantic city weather", []),
    ("sunrise on the eastern side of Taiwan at 6am", []),   # no clock right before it
    ("the Pacific is calm, surf at 7am?", []),
])
def test_a_bare_zone_word_is_a_zone_only_right_after_a_clock(text: str, zones: list[str]) -> None:
    assert [m.tz for m in zone_mentions(text)] == zones


@pytest.mark.parametrize(("query", "src", "dst", "at"), [
    ("my sister in Seoul, if I ring at 8pm Eastern what time is it for her", "America/New_York", "Asia/Seoul", "10:00"),
    ("convert 4 pm Pacific to Atlantic time", "America/Los_Angeles", "America/Halifax", "20:00"),
    ("11am Hawaii time is what in NZDT", "Pacific/Honolulu", "Pacific/Auckland", "10:00"),
])
async def test_the_zone_written_beside_the_time_is_its_source(query: str, src: str, dst: str, at: str) -> None:
    answer = await _ask(query)
    assert answer.tool == "time.convert" and answer.result, answer.text
    assert (answer.result["from"]["tz"], answer.result["to"]["tz"], answer.result["to"]["time"]) == (src, dst, at)


async def test_a_converted_time_asked_is_not_followed_by_the_time_now() -> None:
    answer = await _ask("if I phone my dad in Tokyo at 7pm Eastern, what time is it for him")
    assert answer.tool == "time.convert" and answer.result and answer.result["to"]["time"] == "09:00"
    assert "it is" not in answer.text.split("\n", 1)[-1], answer.text   # no "In Tokyo it is 09:20 ..." line


@pytest.mark.parametrize(("query", "zone"), [
    ("what time is it in St. John's, Newfoundland?", "America/St_Johns"),
    ("Charlottetown PEI time now", "America/Halifax"),
])
async def test_a_provinces_short_name_qualifies_the_place(query: str, zone: str) -> None:
    answer = await _ask(query, "America/Chicago", "2026-11-27T18:20:00-06:00")
    assert answer.tool == "time.now" and answer.result and answer.result["tz"] == zone, answer.text


@pytest.mark.parametrize("query", ["倫敦現在幾點 兒子在那邊工作", "what time is it in London right now"])
async def test_a_home_namesake_does_not_unsettle_a_world_city(query: str) -> None:
    answer = await _ask(query, "America/Toronto")
    assert answer.tool == "time.now" and answer.result and answer.result["tz"] == "Europe/London", answer.text


async def test_a_clock_question_takes_the_namesake_near_the_asker_and_says_so() -> None:
    answer = await _ask("Halifax 那邊現在幾點")
    assert answer.tool == "time.now" and answer.result and answer.result["tz"] == "America/Halifax", answer.text
    assert "離您最近" in answer.text
    far = await _ask("what time is it in Halifax right now", "Asia/Taipei", "2026-11-28T08:20:00+08:00")
    assert far.mode == "fallback" and far.debug["reason"] == "ambiguous_place", far.text   # from Taipei: which?


async def test_a_tide_question_is_not_settled_by_a_namesake_near_the_asker() -> None:
    answer = await _ask("Newport high tide on Sunday", "Europe/Berlin", "2026-12-04T18:30:00+01:00")
    assert answer.mode == "fallback" and answer.debug["reason"] == "ambiguous_place", answer.text


async def test_is_it_tomorrow_there_is_a_time_question() -> None:
    answer = await _ask("is it tomorrow already in Tokyo", "America/Los_Angeles", "2026-11-27T16:20:00-08:00")
    assert answer.tool == "time.now" and answer.result and answer.result["date"] == "2026-11-28"
    assert "there it is today" in answer.text, answer.text


async def test_tonight_asked_where_it_is_already_tomorrow_is_past() -> None:
    answer = await _ask("is it tonight yet in Auckland, can I call my aunt", "America/Los_Angeles", "2026-11-27T16:20:00-08:00")
    assert answer.tool == "time.now" and "2026-12-04" not in answer.text, answer.text


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("moonset at Bar Harbor on the night of the December full moon", "America/New_York", "2026-12-23"),
    ("十二月的滿月 基隆月出幾點", "Asia/Taipei", "2026-12-24"),   # 01:28 UTC on Dec 24: Taipei's Dec 24
])
async def test_a_named_full_moon_is_the_places_date(query: str, tz: str, day: str) -> None:
    answer = await _ask(query, tz, "2026-11-27T10:00:00+00:00")
    assert answer.tool == "tide.forecast" and answer.result and answer.result["date"] == day, answer.text


@pytest.mark.parametrize(("query", "line"), [
    ("is it still Wednesday in California?", '"Wednesday" (2026-11-25): there it is already past.'),
    ("is it still Friday in Honolulu", '"Friday" (2026-11-27): there it is today.'),
])
async def test_still_that_weekday_there_is_the_last_one(query: str, line: str) -> None:
    answer = await _ask(query)
    assert answer.tool == "time.now" and line in answer.text, answer.text


async def test_still_that_weekday_in_chinese_is_a_time_question() -> None:
    answer = await _ask("東京還是星期五嗎")
    assert answer.tool == "time.now" and answer.result and answer.result["tz"] == "Asia/Tokyo", answer.text
    assert "已經過了" in answer.text, answer.text


async def test_an_equals_sign_asks_a_conversion() -> None:
    answer = await _ask("8pm Seoul = ? in Lisbon")
    assert answer.tool == "time.convert" and answer.result, answer.text
    assert (answer.result["from"]["tz"], answer.result["to"]["tz"], answer.result["to"]["time"]) == (
        "Asia/Seoul", "Europe/Lisbon", "11:00")


@pytest.mark.parametrize(("query", "asked"), [
    ("Koonalda time now", True),        # a name the gazetteer does not know: where is it?, not the asker's clock
    ("Dinner time now?", False),        # a word, not a place: the asker's own clock
    ("Perth time now", False),          # a known place: its clock
])
async def test_an_unknown_name_before_time_is_asked_about(query: str, asked: bool) -> None:
    answer = await _ask(query, "Australia/Sydney", "2026-11-28T05:50:00+11:00")
    assert (answer.mode == "fallback") == asked, answer.text
