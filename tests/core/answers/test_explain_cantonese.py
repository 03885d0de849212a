"""Issue 26, sea24: an explanation asked in spoken Cantonese (點解, 一日, 潮漲, 有咩分別, 由邊度計起, 係咪即時, 暖啲) is
answered from the passage its written-Chinese wording gets, not declined, asked for a place, or read as a place
(計起 is no slip of 磯崎). La Niña with its accent is the notes' La Nina. New wordings, through the real Router."""
from __future__ import annotations

import pytest
from passage_topics import topic_of
from router_ask import ask_router

from core.answers.retrieval import as_written

QT = "2026-11-27T09:30:00+08:00"


@pytest.mark.parametrize("query,topic", [
    ("點解澳門每日有兩次潮漲？", "tides"),
    ("點解下龍灣啲潮一日得一次", "tides"),
    ("半日潮同全日潮有咩分別", "tides"),
    ("潮汐表啲潮高係由邊度計起㗎", "tide_datums tide_terms"),
    ("點解海溫成日係尋日嘅數", "mur"),
    ("拉尼娜會唔會令南海凍啲", "enso"),
    ("does La Niña make the South China Sea colder?", "enso"),
])
async def test_a_cantonese_explanation_is_answered_from_its_passage(query: str, topic: str) -> None:
    answer = await ask_router(query, QT, "Asia/Hong_Kong", dry_run=False)
    cited = [topic_of(c.title) for c in answer.citations]
    assert answer.mode == "explain" and set(topic.split()) & set(cited), (query, answer.mode, cited, answer.text[:120])


def test_spoken_cantonese_is_read_as_written_chinese() -> None:
    assert as_written("點解一日得一次潮") == "為什麼一天只有一次潮"
    assert as_written("La Niña") == "La Nina"
