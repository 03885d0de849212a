"""(s22) Explanations asked in new wordings: why a sunrise differs from an app's by a minute or two, why one coast has
two tides a day and another one, the tidal range through the month, the SST's date a day behind and how MUR fills
in under clouds, asked in English, German, French, Spanish, Portuguese and Chinese."""
from __future__ import annotations

import pytest
from router_ask import ask_router

from core.answers.retrieval import knowledge_base

QT = "2028-02-25T06:30:00+01:00"


@pytest.mark.parametrize("query,heading_words", [
    ("your sunset for Kenting is 2 minutes off from my weather app, which is right?", "apps and tables"),
    ("Pourquoi votre heure de coucher du soleil diffère de celle de mon appli ?", "apps and tables"),
    ("日落時間跟我手機App差兩分鐘 為什麼", "App"),
    ("Warum hat Hamburg zweimal am Tag Hochwasser und der Golf von Mexiko nur einmal?", "diurnal"),
    ("Pourquoi deux marées par jour à Brest mais une seule marée par jour ailleurs ?", "diurnal"),
    ("qué es la amplitud de marea y por qué cambia a lo largo del mes", "Spring and neap"),
    ("why does the bot show yesterday's date when I ask for today's sea temperature?", "latency"),
    ("how does GHRSST know the temperature on cloudy days?", "How MUR SST is made"),
])
async def test_the_passage_that_answers_is_given(query: str, heading_words: str) -> None:
    answer = await ask_router(query, QT, tz="Europe/Paris", dry_run=False)
    assert answer.mode == "explain", (query, answer.mode, answer.text)
    sections = {p.chunk_id: p.title for p in knowledge_base()}
    headings = [sections.get(c.chunk_id, c.title) for c in answer.citations]
    assert heading_words in headings[0], (query, headings, answer.text[:200])


@pytest.mark.parametrize("query", [
    "do you use the CWA official tide table for Taiwan harbours or your own model?",
    "台灣的漁港你什麼時候用氣象署官方潮汐表 什麼時候用自己的模式",
])
async def test_which_tide_source_answers_a_taiwan_harbour_is_explained(query: str) -> None:
    answer = await ask_router(query, "2028-02-25T06:30:00+08:00", dry_run=False)
    assert answer.mode == "explain" and ("CWA" in answer.text or "氣象署" in answer.text), (query, answer.mode, answer.text)
