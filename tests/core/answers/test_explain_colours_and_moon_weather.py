"""Issue 26, explanations on the topic asked: "why is the ocean blue" was answered with the Kuroshio (which
writes "deep blue" in passing), "does the moon affect the weather" with the solstice's tides (its heading
writes "affect"). Passages now answer the sea's and the sky's colours and the Moon and the weather, and a
verb of bearing on (affect, 影響) names no topic. New wordings, through the real Router."""
from __future__ import annotations

import pytest
from passage_topics import topic_of
from router_ask import ask_router

QT = "2026-12-27T16:40:00+00:00"


@pytest.mark.parametrize("query,tz,topic,says", [
    ("why is the sea so blue out past the reef?", "Pacific/Fiji", "sea_colour", "absorbs"),
    ("how come the ocean is blue but water in a glass is clear", "Europe/London", "sea_colour", "absorbs"),
    ("海水為什麼是藍色", "Asia/Taipei", "sea_colour", "吸收"),
    ("why does the sea turn brown or green after heavy rain", "Europe/London", "sea_colour", "chlorophyll"),
    ("為什麼有的海是綠色的", "Asia/Taipei", "sea_colour", "葉綠素"),
    ("why's the sky blue and not purple", "America/New_York", "sky_colour", "Rayleigh"),
    ("天空為什麼是藍的", "Asia/Taipei", "sky_colour", "散射"),
    ("why are sunsets red?", "Australia/Sydney", "sunset_colour", "scattered away"),
    ("晚霞為什麼是紅色", "Asia/Taipei", "sunset_colour", "散射"),
    ("can the moon change the weather?", "Europe/London", "moon_weather", "atmospheric tide"),
    ("does a full moon mean rain, like my grandpa says", "America/Chicago", "moon_weather", "per cent"),
    ("滿月會下雨嗎 月亮跟天氣有關係嗎", "Asia/Taipei", "moon_weather", "大氣潮汐"),
])
async def test_the_passage_on_the_topic_asked_answers(query: str, tz: str, topic: str, says: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    cited = [topic_of(c.title) for c in answer.citations]
    assert answer.mode == "explain" and cited[:1] == [topic], (query, answer.mode, cited, answer.text[:120])
    assert says in answer.text, (query, answer.text[:300])


@pytest.mark.parametrize("query,topic", [
    # the solstice's passage still answers the solstice's tides: "affect" only stopped naming it
    ("does the winter solstice affect the tides", "spring_tides"),
    ("how does El Niño affect the sea around Taiwan", "enso"),
    ("聖嬰現象會影響台灣的海溫嗎", "enso"),
])
async def test_a_question_on_what_a_thing_affects_keeps_its_passage(query: str, topic: str) -> None:
    answer = await ask_router(query, QT, "Asia/Taipei", dry_run=False)
    cited = [topic_of(c.title) for c in answer.citations]
    assert answer.mode == "explain" and cited[:1] == [topic], (query, answer.mode, cited, answer.text[:120])
