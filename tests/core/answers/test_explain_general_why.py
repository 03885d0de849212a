"""Issue 26, general why/what questions: asked without a place, or with a day that names no day to look up
(初一十五 as a pair, "usually" beside a full moon, "now" beside two clocks' hours apart), they are explained
from a sourced passage, not answered with a tide table or asked for a place; passages added for what users
ask (Taiwan's west and east coasts, neap tides, the lunitidal interval and the age of the tide, tides up
rivers, daylight saving's changing gap, later winter sunrises, the Indonesian Throughflow, wind at hub
height, which clock the bot's times are on). The same words asking a place's data stay a data question.
New wordings, through the real Router."""
from __future__ import annotations

import pytest
from passage_topics import topic_of
from router_ask import ask_router

from core.answers.retrieval import knowledge_base

QT = "2026-11-27T09:30:00+08:00"

NEW_TOPICS = ("daylight_saving", "tidal_rivers", "day_length", "indonesian_throughflow", "wind_profile")


@pytest.mark.parametrize("query,topic,says", [
    ("why is the tidal range bigger on the west side of Taiwan than on the east side", "taiwan_tides", "Strait"),
    ("為什麼彰化海邊退潮會退好幾公里，花蓮卻不會", "taiwan_tides", "潮間帶"),
    ("what's a neap tide, is it any good for digging clams", "spring_tides", "neap"),
    ("小潮是什麼 適合挖蛤嗎", "spring_tides", "挖蛤"),
    ("if the moon is overhead why isn't it high tide", "tide_terms", "lunitidal"),
    ("為什麼月亮在頭頂的時候不是滿潮", "tide_terms", "月潮間隙"),
    ("why is the biggest tide usually a day after the full moon", "tide_terms", "age of the tide"),
    ("大潮為什麼總是比滿月晚一兩天", "tide_terms", "潮齡"),
    ("why does high tide reach Portland hours after Astoria on the Columbia", "tidal_rivers", "upstream"),
    ("為什麼淡水河上游的滿潮比河口晚", "tidal_rivers", "上游"),
    ("為什麼現在墨爾本比台灣快三小時", "daylight_saving", "日光節約"),
    ("why do winter mornings stay dark longer", "day_length", "tilted"),
    ("冬天為什麼比較晚天亮", "day_length", "地軸"),
    ("explain the Indonesian throughflow", "indonesian_throughflow", "Makassar"),
    ("印尼穿越流是什麼", "indonesian_throughflow", "望加錫"),
    ("how do I estimate wind at 100 m from the 10 m forecast", "wind_profile", "power law"),
    ("風機輪轂高度的風速怎麼從10公尺風速推算", "wind_profile", "冪次律"),
    ("are your tide times in UTC?", "time_zones", "local clock"),
    ("潮汐時間是用台灣時間還是UTC", "time_zones", "當地時間"),
    ("mengapa pasang surut di sini hanya sekali sehari", "tides", "diurnal"),
    ("初一跟十五的潮水為什麼特別大", "taiwan_tides", "農曆"),
    ("東北季風強的時候實際潮位會比預報高嗎", "wind_setup", "氣壓"),   # the monsoon's set-up: its own passage now
    ("漲潮的時候海流跟潮水是同一個方向嗎", "tidal_currents", "潮流"),
])
async def test_a_general_question_is_explained_from_the_passage_that_fits(query: str, topic: str, says: str) -> None:
    answer = await ask_router(query, QT, dry_run=False)
    cited = [topic_of(c.title) for c in answer.citations]
    assert answer.mode == "explain" and cited[:1] == [topic], (query, answer.mode, cited, answer.text[:120])
    assert says in answer.text, (query, answer.text)


@pytest.mark.parametrize("query", [
    "大潮通常在滿月那天嗎 為什麼會晚",
    "does a neap tide have anything to do with the quarter moon",
    "does MUR have holes on cloudy days",
    "why is high tide usually a day after the new moon",
    "滿月那天潮水一定最大嗎",
    "is it always a spring tide at full moon",
])
async def test_a_general_question_is_no_table_and_asks_no_place(query: str) -> None:
    answer = await ask_router(query, QT, dry_run=False)
    assert answer.mode == "explain" and answer.citations, (query, answer.mode, answer.tool, answer.text[:120])


@pytest.mark.parametrize("query,tool", [
    ("農曆初一基隆潮汐", "tide.forecast"),
    ("滿月那天基隆的潮汐", "tide.forecast"),
    ("雪梨現在幾點", "time.now"),
    ("明天淡水漲潮時間", "tide.forecast"),
    ("Keelung tides on the next full moon", "tide.forecast"),
    ("下個月滿月基隆潮汐", "tide.forecast"),
])
async def test_the_same_words_asking_a_place_s_data_stay_a_data_question(query: str, tool: str) -> None:
    answer = await ask_router(query, QT)
    assert answer.mode == "mcp_tools" and answer.tool == tool, (query, answer.mode, answer.tool, answer.text[:120])


async def test_a_lunar_day_alone_is_still_that_day() -> None:
    answer = await ask_router("農曆初一基隆潮汐", QT)
    assert answer.arguments and str(answer.arguments.get("date")) == "2026-12-09", answer.arguments


def test_the_new_topics_exist_in_both_languages_with_a_source() -> None:
    for topic in NEW_TOPICS:
        passages = [p for p in knowledge_base() if p.topic == topic]
        assert {p.lang for p in passages} == {"zh", "en"}, topic
        assert all(p.source.startswith("https://") for p in passages), topic
