"""Issue 26, session 12: questions written in Japanese and Korean get what they ask.

- a program asked in Korean or Japanese reads its variable, span and output there (조석표: a tide table,
  일주일: a week, グラフ: a plot, CSV);
- an explanation asked in Korean (만조랑 간조 차이가 뭐예요?) finds its passage: Korean particles and question
  words carry no topic;
- why Japan and Korea keep one clock is explained, in any of the three languages;
- a zone word in brackets after a clock time ("Frankfurt 10:00 (CET)") glosses that clock: the time asked for is
  the other place's.
"""
from __future__ import annotations

import pytest

from passage_topics import topic_of
from router_ask import ask_router

QT = "2026-11-28T17:30:00"


@pytest.mark.parametrize(("query", "tz", "says"), [
    ("여수 일주일 조석표 파이썬 코드", "Asia/Seoul", ("2026-11-28～2026-12-04", "印成表格")),
    ("那覇の1週間の潮位をグラフにするpythonコード", "Asia/Tokyo", ("2026-11-28～2026-12-04", "畫成圖")),
])
async def test_a_program_asked_in_korean_or_japanese(query: str, tz: str, says: tuple[str, ...]) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.mode == "code" and all(s in answer.text for s in says), answer.text[:300]


@pytest.mark.parametrize(("query", "tz", "topic"), [
    ("밀물이랑 썰물 차이가 뭐예요?", "Asia/Seoul", "tides"),
    ("한국이랑 일본은 왜 시간이 같아요?", "Asia/Seoul", "zone_japan_korea"),
    ("how come Seoul and Tokyo share one time zone?", "Asia/Taipei", "zone_japan_korea"),
    ("為什麼日本跟韓國同一個時區", "Asia/Taipei", "zone_japan_korea"),
])
async def test_an_explanation_asked_in_korean_or_about_their_clock(query: str, tz: str, topic: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.mode == "explain" and answer.citations, answer.text[:200]
    assert topic_of(answer.citations[0].title) == topic, answer.citations[0].title


@pytest.mark.parametrize(("query", "from_tz", "to_tz", "time"), [
    ("Hamburg 09:30 (CET) what time in Taipei?", "Europe/Berlin", "Asia/Taipei", "09:30"),
    ("福岡 20:00（日本時間）是曼谷幾點", "Asia/Tokyo", "Asia/Bangkok", "20:00"),
])
async def test_a_zone_in_brackets_glosses_the_clock_before_it(query: str, from_tz: str, to_tz: str, time: str) -> None:
    answer = await ask_router(query, QT, "Asia/Taipei")
    assert answer.tool == "time.convert" and answer.arguments is not None, answer.text[:160]
    assert (answer.arguments["from_tz"], answer.arguments["to_tz"], answer.arguments["time"]) == (from_tz, to_tz, time)


async def test_which_moon_tonight_is_the_phase() -> None:
    answer = await ask_router("小琉球今晚是什麼月 亮不亮", QT, "Asia/Taipei")
    assert answer.tool == "tide.forecast" and answer.arguments is not None, answer.text[:160]


async def test_why_the_sst_is_not_todays_is_the_latency_explained() -> None:
    answer = await ask_router("衛星海溫怎麼都是前天的 不是今天的?", QT, "Asia/Taipei", dry_run=False)
    assert answer.mode == "explain" and "MUR" in answer.text, answer.text[:160]


@pytest.mark.parametrize(("query", "tool"), [("daecheon mulddae naeil", "tide.forecast"),      # Korean in Latin letters
                                           ("jeongdongjin ilchul moure", "tide.forecast"),
                                           ("busan nalssi naeil", "weather.forecast"),
                                           ("函館 明日 雪ふる？", "weather.forecast")])         # snow falling, in kana
async def test_korean_romanised_and_kana_intent_words(query: str, tool: str) -> None:
    answer = await ask_router(query, QT, "Asia/Seoul")
    assert answer.tool == tool, answer.text[:160]


@pytest.mark.parametrize(("query", "topic"), [("서해안은 왜 조차가 이렇게 커요?", "tidal_range"),
                                            ("물때표에 있는 9물 10물은 무슨 뜻이에요?", "tide_names_japan")])
async def test_korean_tide_explanations(query: str, topic: str) -> None:
    answer = await ask_router(query, QT, "Asia/Seoul", dry_run=False)
    assert answer.mode == "explain" and answer.citations and topic_of(answer.citations[0].title) == topic, \
        answer.text[:160]
