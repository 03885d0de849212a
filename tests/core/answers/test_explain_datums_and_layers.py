"""Issue 26, point 5 (tune43's explanation class, new wordings): a land height datum (AHD, ODN, TWVD2001) set
against a tide table's chart datum, and the tidal datum epoch a reference line names, have passages of their own
with sources, as do two coasts close together whose tides come hours apart; "what actually are …" asks an idea, not a place's tide; a sea layer named with "temp" (skin, foundation)
and Cantonese ways of asking how deep or where from are explained, not read as places."""
from __future__ import annotations

import pytest
from router_ask import ask_router

from core.answers.explain import select_passages

QT = "2026-11-28T07:30:00+11:00"


@pytest.mark.parametrize(("query", "lang", "topic"), [
    ("how do Ordnance Datum Newlyn heights relate to the zero of the Admiralty tide tables", "en", "land_datums"),
    ("is the AHD the same as the tide table zero?", "en", "land_datums"),
    ("台灣高程基準 TWVD2001 跟潮汐表的零點為什麼不同", "zh", "land_datums"),
    ("which years is NOAA's mean sea level averaged over, the NTDE?", "en", "land_datums"),
    ("what is a tidal datum", "en", "tide_datums"),
    ("what is mean sea level", "en", "tide_datums"),
    ("海圖基準面是什麼", "zh", "tide_datums"),
    # two coasts close together on different tide waves
    ("why is the tide at Piha hours apart from the tide at Takapuna", "en", "tide_timing_places"),
    ("為什麼紐西蘭東岸和西岸的滿潮時間差那麼多", "zh", "tide_timing_places"),
    ("why does auckland get two high tides a day when some places get only one", "en", "tides"),
])
def test_a_datum_question_gets_the_passage_on_its_datum(query: str, lang: str, topic: str) -> None:
    passages, off_topic = select_passages(query, lang)
    assert not off_topic and passages[0].topic == topic, (query, [p.topic for p in passages])
    assert passages[0].source.startswith("https://")


@pytest.mark.parametrize(("query", "tz", "title"), [
    ("what even are neap tides", "Australia/Sydney", "neap"),
    ("so what really is a king tide", "Pacific/Auckland", "king tide"),
    ("is OSTIA a skin temp or a foundation temp", "Europe/London", "temperature"),
    ("do satellites give the skin sst or the bulk temp?", "Europe/London", "skin"),
    ("衛星海溫係量幾深嘅水", "Asia/Hong_Kong", "多深"),
    ("潮汐數據喺邊度嚟", "Asia/Hong_Kong", "從哪裡來|調和常數"),   # the tide data's sources: either passage
])
async def test_an_idea_asked_is_explained_not_asked_where(query: str, tz: str, title: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.mode == "explain" and answer.citations, (query, answer.mode, answer.text[:120])
    assert any(t in answer.citations[0].title.lower() for t in title.split("|")), (query, answer.citations[0].title)


async def test_a_layer_named_with_a_place_and_a_day_is_the_sea_temperature_there() -> None:
    answer = await ask_router("foundation temp at Manly tomorrow", QT, "Australia/Sydney")
    assert answer.mode == "mcp_tools" and (answer.tool or "").startswith("ghrsst."), answer.tool
