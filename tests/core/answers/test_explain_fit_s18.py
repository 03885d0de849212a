"""Issue 26, class 5: a passage answers only the question it fits, else the bot says it has none and offers the
nearest topics. Before: "what causes red tides" got the red sunset, 「離岸流」 the winter sea's coastal current,
"how fast is sea level rising" the tidal datum epoch, "typhoon or hurricane, what's the difference" how storms
are named (a later section taken for the document's introduction), 「月亮盈虧」 the Moon and the weather, and
"the northeast monsoon" a region of Iceland (a compass word as its name). New wordings, through the real Router."""
from __future__ import annotations

import pytest
from passage_topics import topic_of
from router_ask import ask_router

QT = "2026-12-27T16:40:00+00:00"


@pytest.mark.parametrize("query,tz,topic,says", [
    ("is sea level rise speeding up?", "Europe/London", "sea_level_rise", "3.6 mm"),
    ("how many centimetres has the global sea level gone up since 1880", "Australia/Sydney", "sea_level_rise", "21–24"),
    ("全球海平面上升的原因是什麼", "Asia/Taipei", "sea_level_rise", "膨脹"),
    ("hurricanes and typhoons, are they the same storm?", "America/New_York", "typhoons", "regional names"),
    ("颱風跟颶風差在哪裡", "Asia/Taipei", "typhoons", "熱帶氣旋"),
    ("月亮的圓缺是怎麼來的", "Asia/Taipei", "moon_phases", "朔望月"),
    ("why does the moon wax and wane", "Europe/London", "moon_phases", "synodic"),
    ("潮汐的形成原理是什麼", "Asia/Taipei", "tide_forces", "引潮力"),
    ("why do tides get bigger around the new moon?", "Europe/London", "tides", "spring tides"),
    ("what's the southwest monsoon like in summer", "Asia/Taipei", "monsoon", "southwest monsoon"),
    ("what does the north-east monsoon bring to Taiwan", "Europe/London", "monsoon", "northeast"),
])
async def test_the_passage_that_fits_answers(query: str, tz: str, topic: str, says: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    cited = [topic_of(c.title) for c in answer.citations]
    assert answer.mode == "explain" and cited[:1] == [topic], (query, answer.mode, cited, answer.text[:120])
    assert says in answer.text, (query, answer.text[:300])


@pytest.mark.parametrize("query,tz", [
    ("is there a red tide warning on this coast, what is it?", "America/Los_Angeles"),
    ("what makes an algal bloom turn the water red", "Europe/London"),
    ("why do the waves glow at night in Taiwan's Matsu islands?", "Europe/London"),
    ("馬祖的藍眼淚是怎麼來的", "Asia/Taipei"),
    ("when do the jellyfish come to the beach", "Europe/London"),
    ("what is ocean acidification doing to shellfish", "America/New_York"),
    ("why do trade winds blow from the east", "Europe/London"),
])
async def test_no_neighbouring_passage_stands_in(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert not answer.citations, (query, answer.mode, [c.title for c in answer.citations], answer.text[:160])


@pytest.mark.parametrize("query,tz", [
    ("what is the northeast trade wind belt?", "Europe/London"),
    ("what causes the northwest wind in winter", "Europe/London"),
])
async def test_a_compass_word_names_no_region(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=True)
    assert "Iceland" not in (answer.text or "") and "Reykjavik" not in str(answer.debug or ""), (query, answer.text)


async def test_a_near_topic_is_offered_when_none_fits() -> None:
    answer = await ask_router("why are the glaciers melting so fast", QT, "Europe/London", dry_run=False)
    assert not answer.citations and "Global sea level rise" in answer.text, answer.text[:200]
