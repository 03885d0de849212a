"""Issue 26, explanations users ask that had no passage (new wordings, through the real Router): whether the
tide forecast holds the storm surge, the warm sea off Norway, northern Australia's huge tides and Perth's small
ones, the Sea of Japan's small range, why GHRSST/MUR is a day or two behind, Hokkaido's early sunset against
Taiwan's, and the monsoon's wind set-up (Cantonese 會令 asks what causes what). Each passage answers only its
own question."""
from __future__ import annotations

import pytest
from passage_topics import topic_of
from router_ask import ask_router

QT = "2026-11-27T21:00:00+08:00"


@pytest.mark.parametrize("query, topic, says", [
    ("does the tide table include storm surge?", "storm_surge", "astronomical"),
    ("潮汐表有沒有把 storm surge 算進去", "storm_surge", "天文潮"),
    ("how come the Norwegian coast doesn't freeze when it's so far north", "north_atlantic_current", "Gulf Stream"),
    ("挪威那麼北 為什麼海水不會結冰", "north_atlantic_current", "北大西洋暖流"),
    ("why does Broome get 10 metre tides while Fremantle barely has any", "tidal_range", "shelf"),
    ("為什麼達爾文的潮差那麼大 伯斯卻很小", "tidal_range", "陸棚"),
    ("why is the tide so small on the Sea of Japan coast", "tidal_range", "straits"),
    ("新潟的潮差為什麼只有幾十公分 日本海為何潮汐小", "tidal_range", "海峽"),
    ("why is the GHRSST sea temperature always two days late", "mur", "one day after"),
    ("GHRSST 海溫為什麼總是落後兩天", "mur", "觀測後一天"),
    ("why does it get dark in Sapporo so much earlier than in Taipei", "day_length", "longitude"),
    ("札幌日落為什麼比台北早這麼多 時差不是才一小時", "day_length", "經度"),
    ("強烈季候風會唔會令維港水位高過預報", "wind_setup", "天文潮"),
    ("does a strong northeast monsoon push the sea level up in Hong Kong", "wind_setup", "set-up"),
])
async def test_the_added_passage_answers_its_question(query: str, topic: str, says: str) -> None:
    answer = await ask_router(query, QT, dry_run=False)
    cited = [topic_of(c.title) for c in answer.citations]
    assert answer.mode == "explain" and cited[:1] == [topic], (query, answer.mode, cited, answer.text[:120])
    assert says in answer.text, (query, answer.text[:400])


@pytest.mark.parametrize("query, not_topic", [
    ("為什麼基隆的潮差比台中小", "north_atlantic_current"),
    ("why are there two high tides a day", "wind_setup"),
    ("日本和台灣的時差是多少", "day_length"),
])
async def test_the_added_passages_answer_no_other_question(query: str, not_topic: str) -> None:
    answer = await ask_router(query, QT, dry_run=False)
    assert not_topic not in [topic_of(c.title) for c in answer.citations][:1], (query, answer.text[:160])
