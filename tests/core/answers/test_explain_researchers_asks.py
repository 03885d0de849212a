"""Issue 26, point 5 (tune40's explanation class, new wordings): the tidal constituents asked by name get the
harmonic-prediction passage (not where the tide data come from), a table's negative heights the datum passage,
and the audience an asker retells it to (a lab's visiting pupils) takes nothing from the topic."""
from __future__ import annotations

import pytest

from core.answers.explain import explain_answer, select_passages


@pytest.mark.parametrize(("query", "lang", "topic", "says"), [
    ("M2 跟 K1 分潮差在哪", "zh", "tides", "M2"),
    ("what do the M2 and K1 constituents in a tide model stand for?", "en", "tides", "M2"),
    ("how come NOAA tables give minus tides when Admiralty tables hardly ever go below zero?", "en", "tide_datums",
     "datum"),
    ("小潮是怎麼形成的？要講給來參觀的小學生聽", "zh", "tides", "小潮"),
])
async def test_the_passage_that_fits_a_researchers_question_answers_it(query: str, lang: str, topic: str,
                                                                      says: str) -> None:
    passages, off_topic = select_passages(query, lang)
    assert not off_topic and passages[0].topic == topic, [p.topic for p in passages]
    result = await explain_answer(query, lang, None)
    assert says in result.text and result.citations[0]["source"].startswith("https://")
