"""Issue 26 (tune52/53's explanation class, new wordings): a Dutch NAP height set against LAT, why the Baltic and
the Mediterranean have almost no tide, which years a mean sea level or an SST anomaly's baseline averages, and how a
reanalysis (ERA5) differs from a forecast, why the Gulf of Mexico's tide
is sometimes once a day and why the Euripus current turns many times a day each find a sourced passage instead of being declined."""
from __future__ import annotations

import pytest
from router_ask import ask_router

from core.answers.explain import select_passages


@pytest.mark.parametrize(("query", "lang", "topic"), [
    ("how far below NAP is LAT on the Dutch coast?", "en", "land_datums"),
    ("荷蘭潮汐表的 NAP 跟海圖的 LAT 差多少", "zh", "land_datums"),
    ("is the tide table's mean sea level from an old epoch, does sea level rise throw it off", "en", "land_datums"),
    ("平均海水面是用哪幾年算的，海面上升以後還準嗎", "zh", "land_datums"),
    ("how come the Baltic barely has any tide at Rostock", "en", "tidal_range"),
    ("地中海為什麼看不到漲退", "zh", "tidal_range"),
    ("the anomaly you give, which years is it relative to?", "en", "sst_anomaly"),
    ("海溫距平的氣候平均是哪幾年", "zh", "sst_anomaly"),
    ("is ERA5 a forecast or something else?", "en", "reanalysis"),
    ("想查去年這天的歷史天氣，ERA5 再分析可以嗎", "zh", "reanalysis"),
    # a coast whose tide switches between one and two a day; a strait whose current turns many times a day
    ("how come Pensacola has a single high tide on some days and two on others", "en", "tides"),
    ("墨西哥灣沿岸為什麼有時一天只有一次滿潮", "zh", "tides"),
    ("what makes the Evripos current at Chalkis change direction so often", "en", "tidal_currents"),
    ("埃維亞島那個海峽的潮流為什麼方向一直變", "zh", "tidal_currents"),
    # a coast cold for its latitude: eastern-boundary upwelling
    ("why is the sea off Peru so cold", "en", "upwelling"),
    ("why is the water at Swakopmund so cold", "en", "upwelling"),
    ("秘魯外海的海水為什麼那麼冷", "zh", "upwelling"),
    # a place where the solar tide rules, so high water keeps the same clock time
    ("why is high water at Papeete always near noon and midnight", "en", "tidal_range"),
    ("大溪地為什麼每天滿潮都差不多在中午", "zh", "tidal_range"),
])
def test_the_idea_has_a_sourced_passage(query: str, lang: str, topic: str) -> None:
    passages, off_topic = select_passages(query, lang)
    assert not off_topic and passages[0].topic == topic, (query, [p.topic for p in passages])
    assert passages[0].source.startswith("https://")


async def test_a_why_asked_in_french_is_explained() -> None:
    # pourquoi / por qué / warum ask why as 為什麼 does: an idea, not the tide table of the place named
    answer = await ask_router("pourquoi Tahiti a sa marée haute vers midi", "2026-11-28T07:30:00-10:00", "Pacific/Tahiti")
    assert answer.mode == "explain", (answer.mode, answer.tool, answer.text[:120])
