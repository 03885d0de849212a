"""Issue 26, asia22: explanation questions in Cantonese wording and on what warm water does to reefs, through
the real Router (local engine, no LLM): Cantonese words are read as the notes write them (潮漲 is 漲潮,
一日得一次 is 一天只有一次, 有咩分別 asks the difference), and coral bleaching has a passage of its own, sourced,
while a reef's sea temperature asked at a place stays the SST figure."""
from __future__ import annotations

import pytest
from passage_topics import topic_of
from router_ask import ask_router

from core.answers.retrieval import as_written

QT = "2026-11-28T07:30:00+08:00"


def test_cantonese_words_are_read_as_the_notes_write_them() -> None:
    assert as_written("點解有時一日得一次潮漲") == "為什麼有時一天只有一次漲潮"
    assert as_written("關係") == "關係"   # a whole phrase only: 係 inside 關係 stays


@pytest.mark.parametrize(("query", "tz", "topic", "says"), [
    ("點解有時一日得兩次潮漲 有時得一次", "Asia/Hong_Kong", "tides", "全日潮"),
    ("小潮同大潮嘅分別係咩", "Asia/Hong_Kong", ("tides", "spring_tides"), "小潮"),
    ("大潮和小潮有什麼分別", "Asia/Taipei", ("tides", "spring_tides"), "小潮"),
    ("do warm seas make the reefs bleach", "Asia/Manila", "coral_bleaching", "bleaching"),
    ("海水太熱珊瑚會唔會白化", "Asia/Hong_Kong", "coral_bleaching", "白化"),
])
async def test_the_question_is_explained_from_its_passage(query: str, tz: str, topic: str | tuple[str, ...],
                                                         says: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.mode == "explain" and answer.citations, (query, answer.text[:120])
    topics = (topic,) if isinstance(topic, str) else topic
    assert topic_of(answer.citations[0].title) in topics, [c.title for c in answer.citations]
    assert says in answer.text, answer.text
    assert answer.citations[0].source.startswith("https://")


async def test_a_reefs_sea_temperature_asked_at_a_place_stays_the_figure() -> None:
    answer = await ask_router("apo reef sea temp anomaly this week? worried about bleaching", QT, "Asia/Manila")
    assert answer.mode != "explain", answer.text
