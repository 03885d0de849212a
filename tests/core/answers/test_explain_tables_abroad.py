"""Issue 26: what askers abroad ask about tide tables and the sky, each answered from its own sourced passage in
both languages, in new wordings through the real Router: the levels British, Irish, Australian and New Zealand
tables list (MHWS … LAT), why an echo sounder disagrees with chart and table, why high water is later each day,
why a British winter afternoon is dark, whether the solstice matters to the tides, the moon's age and Japan's
tide names, and why official tables (BOM, the Hong Kong Observatory, UKHO) differ from the bot."""
from __future__ import annotations

import pytest
from passage_topics import topic_of
from router_ask import ask_router

QT = "2026-11-27T09:30:00+08:00"


@pytest.mark.parametrize(("query", "topic", "says"), [
    ("what is MLWN on a UK tide table", "tide_levels", "neap"),
    ("what is the highest astronomical tide on a UK chart", "tide_levels", "HAT"),
    ("MLWS 係咩意思", "tide_levels", "平均大潮低潮位"),
    ("my depth sounder reads less than chart depth plus the tide, why", "tide_datums", "transducer"),
    ("潮汐表同魚探嘅水深點解對唔上", "tide_datums", "測深儀"),
    ("how come HW is roughly 50 mins later each day", "lunar_day", "lunar day"),
    ("為什麼滿潮每天晚大約五十分鐘", "lunar_day", "太陰日"),
    ("why is it pitch dark by half four in Belfast in December", "day_length", "equator"),
    ("為什麼英國冬天下午四點天就黑了嗎我不懂", "day_length", "緯度"),
    ("does the December solstice make the tides bigger", "spring_tides", "perihelion"),
    ("冬至跟潮汐大小有沒有關係", "spring_tides", "近日點"),
    ("長潮和若潮是什麼意思", "tide_names_japan", "若潮"),
    ("what do nagashio and wakashio mean on a Japanese tide calendar", "tide_names_japan", "wakashio"),
    ("why don't your tide times match the Hong Kong Observatory's table", "forecast_accuracy", "official"),
    ("點解你嘅潮汐時間同天文台唔一樣", "forecast_accuracy", "官方"),
])
async def test_the_question_gets_its_own_passage(query: str, topic: str, says: str) -> None:
    answer = await ask_router(query, QT, dry_run=False)
    cited = [topic_of(c.title) for c in answer.citations]
    assert answer.mode == "explain" and cited[:1] == [topic], (query, answer.mode, cited, answer.text[:120])
    assert says.lower() in answer.text.lower(), (query, answer.text)


@pytest.mark.parametrize("query", ["what does the MHWS level have to do with the price of fish in Oban",
                                   "月齡會影響頭髮生長的速度嗎"])
async def test_a_question_the_passages_do_not_fit_is_not_answered_by_them(query: str) -> None:
    answer = await ask_router(query, QT, dry_run=False)
    cited = {topic_of(c.title) for c in answer.citations}
    assert not cited & {"tide_levels", "tide_names_japan"}, (query, cited, answer.text[:160])
