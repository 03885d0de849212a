"""Explanations whose question names places (issue 26): the places compared must not block the topic
("why is Darwin's tidal range big and Melbourne's small" asks the passage on tidal range, which names
neither), and a sea temperature read on a watch is the passage on what depth each measurement sees."""
from __future__ import annotations

import pytest

from tests.router_ask import ask_router

MELBOURNE = "2026-11-28T16:30:00+11:00"


@pytest.mark.parametrize("query", ["為什麼達爾文的潮差那麼大 墨爾本卻很小",
                                   "為什麼每個港口的潮差差那麼多？像仁川超大 基隆很小"])
async def test_places_compared_in_a_why_question_get_the_tidal_range_passage(query: str) -> None:
    answer = await ask_router(query, MELBOURNE, tz="Australia/Melbourne", dry_run=False)
    assert answer.mode == "explain", (answer.mode, answer.text[:120])
    assert any("highesttide" in str(c) for c in answer.citations), (answer.citations, answer.text[:120])


async def test_the_place_named_still_leads_when_the_notes_write_it() -> None:
    answer = await ask_router("為什麼淡水和基隆滿潮時間差那麼多", MELBOURNE, tz="Australia/Melbourne", dry_run=False)
    assert answer.mode == "explain" and "淡水" in answer.text, answer.text[:160]


@pytest.mark.parametrize("query", ["why is the sat sea temp different from what my surf watch says",
                                   "why does my dive computer read colder than your sea temp"])
async def test_a_watch_reading_against_the_satellite_is_the_layers_passage(query: str) -> None:
    answer = await ask_router(query, MELBOURNE, tz="Australia/Melbourne", dry_run=False)
    assert answer.mode == "explain" and "foundation" in answer.text, (answer.mode, answer.text[:160])
