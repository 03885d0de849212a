"""Why-questions about the tide asked in Spanish, Portuguese and French (issue 26, explanations): the passage on the
lunar day, or on amphidromic points, answers them as it answers the English question."""
from __future__ import annotations

import pytest

from core.answers.explain import select_passages


@pytest.mark.parametrize("query, topic", [
    ("¿por qué la pleamar es una hora más tarde cada día?", "lunar_day"),
    ("por que a maré alta vem uma hora mais tarde a cada dia?", "lunar_day"),
    ("pourquoi la pleine mer a lieu une heure plus tard chaque jour ?", "lunar_day"),
    ("¿por qué hay tan poca marea en Papeete?", "tidal_range"),
    ("pourquoi presque pas de marée à Tahiti ?", "tidal_range"),
])
def test_the_romance_why_finds_its_passage(query: str, topic: str) -> None:
    passages, off_topic = select_passages(query, "en")
    assert not off_topic and passages and passages[0].topic == topic, (query, [p.topic for p in passages])
