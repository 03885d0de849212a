"""Issue 26 (tune53's explanation class, new wordings): the terms the data come under (licence, citation,
commercial reuse) and where they come from, asked by researchers and app makers in English, Chinese and German,
are explained from the passage on that data's licence — not asked "where?" — and how many days ahead a forecast
holds is the passage on forecast accuracy."""
from __future__ import annotations

import pytest
from router_ask import ask_router

QT = "2026-11-28T11:00:00+01:00"


@pytest.mark.parametrize(("query", "tz", "says"), [
    ("under which license can I reuse Open-Meteo forecasts in a report for my university?", "Europe/Madrid",
     "CC BY 4.0"),
    ("how do I cite the MUR sea temperature data in a publication?", "Europe/London", "10.5067/GHGMR-4FJ04"),
    ("氣象署的潮汐資料可以商用嗎？要怎麼標示出處", "Asia/Taipei", "政府資料開放授權條款"),
    ("is TPXO free for a commercial app, or only for academic use?", "Europe/Oslo", "Oregon State University"),
    ("woher kommt die Wassertemperatur, welche Datenquelle?", "Europe/Berlin", "MUR"),
    ("第七天的天氣預報準嗎？能準到幾天？想排出海的日子", "Asia/Taipei", "七天"),
])
async def test_the_datas_terms_and_source_are_explained(query: str, tz: str, says: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.mode == "explain", (answer.mode, answer.tool, answer.text)
    assert says in answer.text, answer.text
    assert answer.citations and answer.citations[0].source.startswith("https://"), answer.citations
