"""Issue 26, jpkr15: explanations asked in Japanese find their passage.

Japanese topic words the notes write in Chinese (月の出 → 月出, 毎日 → 每天, 遅く → 晚, 予報 → 預報, なんで → 為什麼,
って何 → 是什麼) are read as the notes write them, as Cantonese ones are (``stopwords.yaml``), and whose model, how fine
and where from (どこのモデル, 解像度) ask about the data, not for a place.
"""
from __future__ import annotations

import pytest

from passage_topics import topic_of
from router_ask import ask_router

QT = "2026-11-28T17:30:00"


@pytest.mark.parametrize(("query", "topic"), [
    ("潮の時刻って毎日遅れるのはなぜ？", "lunar_day"),
    ("月の出が毎日遅くなるのはどうして", "lunar_day"),
    ("大潮って何？", "tides"),
])
async def test_an_explanation_asked_in_japanese_finds_its_passage(query: str, topic: str) -> None:
    answer = await ask_router(query, QT, "Asia/Tokyo", dry_run=False)
    assert answer.mode == "explain" and answer.citations, answer.text[:200]
    assert topic_of(answer.citations[0].title) == topic, answer.citations[0].title


@pytest.mark.parametrize("query", ["気象庁の潮位予報ってどこのモデル？", "MURの解像度は？", "天気予報はどのモデルを使っていますか"])
async def test_about_the_data_in_japanese_is_explained_not_asked_where(query: str) -> None:
    answer = await ask_router(query, QT, "Asia/Tokyo", dry_run=False)
    assert answer.mode == "explain" and answer.citations, answer.text[:200]
