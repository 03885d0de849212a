"""Issue 26 (tune62's askers in the Americas and the Pacific): explanation questions in Spanish, Portuguese and French
reach the passage that answers them — spring and neap tides by their Romance names (sizígia and quadratura, vives-eaux
and mortes-eaux, marea viva and muerta), why the tide range is large somewhere (the upper Gulf of California, São
Luís), a tidal bore (macaréu, mascaret, Turnagain Arm's bore named beside its place) — while a bore's tide times asked
at its place stay the place's tides. Wordings invented here; no question set holds them."""
from __future__ import annotations

import pytest

from passage_topics import topic_of
from router_ask import ask_router

QT = "2026-11-28T09:00:00-03:00"


@pytest.mark.parametrize(("query", "tz", "topic"), [
    ("qual a diferença entre maré de sizígia e de quadratura?", "America/Sao_Paulo", "spring_tides tides"),
    ("¿qué es una marea viva?", "America/Argentina/Buenos_Aires", "spring_tides tides"),
    ("les mortes-eaux, qu'est-ce que c'est ?", "America/Guadeloupe", "spring_tides tides"),
    ("¿por qué la marea es tan grande en puerto peñasco?", "America/Hermosillo", "tidal_range"),
    ("por que a maré é tão grande no maranhão?", "America/Fortaleza", "tidal_range"),
    ("o que é o macaréu?", "America/Belem", "tidal_bore"),
    ("what exactly is the bore tide on turnagain arm", "America/Anchorage", "tidal_bore"),
])
async def test_a_romance_explanation_reaches_its_passage(query: str, tz: str, topic: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.mode == "explain" and answer.citations, (query, answer.text)
    # spring and neap tides: the passage on their name or the one on the fortnight's cycle ("Spring and neap tides")
    assert topic_of(answer.citations[0].title) in topic.split(), (query, [c.title for c in answer.citations])


async def test_a_bores_tide_times_at_its_place_are_the_tides() -> None:
    answer = await ask_router("bore tide times turnagain arm", QT, "America/Anchorage")
    assert answer.tool == "tide.forecast", answer.text
