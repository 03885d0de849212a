"""Issue 26: what a question was understood to say, through the real Router (local engine, no LLM)."""
from __future__ import annotations

import pytest

from core.config import Settings
from core.envelope import Answer, Question
from core.router import Router
from core.understand.script import to_traditional

QT = "2026-11-26T09:00:00+08:00"


async def _ask(query: str, tz: str = "Asia/Taipei") -> Answer:
    router = Router(Settings(odbchat_backend="local"), llm=None)
    try:
        return await router.answer(Question(query=query, tz=tz, query_time=QT, dry_run=True, debug=True))
    finally:
        await router.aclose()


# Names the gazetteer does not know, each holding a name it does (蘇澳, 安平, 梧棲).
@pytest.mark.parametrize(("query", "word"), [("蘇澳尾明天潮汐", "蘇澳尾"), ("安平角退潮幾點", "安平角"),
                                             ("後天梧棲頭幾點滿潮", "梧棲頭")])
async def test_a_piece_of_a_longer_name_is_asked_back(query: str, word: str) -> None:
    answer = await _ask(query)
    assert answer.mode == "fallback" and answer.tool is None
    assert f"「{word}」" in answer.text and "？" in answer.text


async def test_a_word_that_is_also_a_place_is_the_intent() -> None:
    answer = await _ask("明天太陽幾點下山")
    assert answer.tool is None   # no town called 下山: it asks where
    assert "下山" not in answer.text


@pytest.mark.parametrize(("query", "tool", "day"), [
    ("明仔載基隆潮汐", "tide.forecast", "2026-11-27"),
    ("後日基隆幾點滿潮", "tide.forecast", "2026-11-28"),
    ("昨昏基隆潮汐", "tide.forecast", "2026-11-25"),
    ("拜六通霄水足滇是幾點", "tide.forecast", "2026-11-28"),
])
async def test_hokkien_day_words(query: str, tool: str, day: str) -> None:
    answer = await _ask(query)
    assert answer.tool == tool and answer.arguments and answer.arguments["date"] == day


@pytest.mark.parametrize("query", ["下晡基隆會落雨無", "基隆風會足透無", "明仔載花蓮會出日頭無"])
async def test_hokkien_rain_wind_sun_beat_the_default_tide(query: str) -> None:
    answer = await _ask(query)
    assert answer.tool == "weather.forecast"


def test_simplified_is_read_as_traditional() -> None:
    assert to_traditional("明天会下雨吗 台湾") == "明天會下雨嗎 臺灣"
    assert to_traditional("基隆後天潮汐") == "基隆後天潮汐"   # Traditional text is left as written


async def test_simplified_question_is_answered() -> None:
    answer = await _ask("高雄明天会下雨吗")
    assert answer.tool == "weather.forecast"


@pytest.mark.parametrize(("query", "written", "name"), [
    ("高熊今天潮汐", "高熊", "高雄"), ("澎胡明天滿潮", "澎胡", "澎湖"),
    ("那壩明天滿潮", "那壩", "那霸"), ("石恒島明天潮汐", "石恒島", "石垣島"),   # well-known places abroad: by sound, by one character
])
async def test_a_typo_is_corrected_and_said_back(query: str, written: str, name: str) -> None:
    answer = await _ask(query)
    assert answer.tool == "tide.forecast"
    assert answer.text.splitlines()[0] == f"（我把「{written}」當成「{name}」。）"


async def test_an_english_misspelling_is_corrected_and_said_back() -> None:
    answer = await _ask("tides in Kaohsuing tomorrow")
    assert answer.tool == "tide.forecast" and '"Kaohsuing" as "Kaohsiung"' in answer.text


@pytest.mark.parametrize(("query", "day", "said"), [
    ("冬至那天基隆幾點滿潮", "2026-12-22", "冬至：12月22日"),
    ("小寒那天基隆幾點乾潮", "2027-01-05", "小寒：1月5日"),
    ("母親節基隆潮汐", "2027-05-09", "母親節"),
    ("Thanksgiving low tide keelung", "2026-11-26", "Thanksgiving"),
    ("Easter tides in Keelung", "2027-03-28", "Easter"),
])
async def test_named_days_are_computed_and_said_back(query: str, day: str, said: str) -> None:
    answer = await _ask(query)
    assert answer.arguments and answer.arguments["date"] == day
    assert said in answer.text.splitlines()[0]


async def test_an_unrecognised_day_word_is_asked_back() -> None:
    answer = await _ask("基隆月底的潮汐")
    assert answer.tool is None and "「月底」" in answer.text


async def test_a_place_with_words_not_understood_is_asked_back() -> None:
    answer = await _ask("my brother in Osaka")
    assert answer.tool is None and "Osaka" in answer.text


async def test_a_chinese_name_that_finds_another_place_abroad_is_asked_back() -> None:
    answer = await _ask("柯士甸明天潮汐")   # Hong Kong's name for Austin: filed under 奧斯汀, Texas
    assert answer.tool is None and "「柯士甸」" in answer.text and "美國" in answer.text
    assert (await _ask("悉尼明天潮汐")).tool == "tide.forecast"   # a big city's other name is well known


async def test_a_place_the_bot_cannot_read_is_named_back() -> None:
    answer = await _ask("我阿公家那邊的海水溫度多少")
    assert answer.tool is None and "阿公家" in answer.text
    bare = await _ask("現在海溫多少？")   # no place at all: which sea is asked
    assert bare.tool is None and "哪一片海" in bare.text, bare.text


@pytest.mark.parametrize(("query", "box"), [
    ("從 120E 21N 到 122E 23N 海溫", [120.0, 21.0, 122.0, 23.0]),
    ("avg sea temp in the box from 21N 118E to 23N 121E", [118.0, 21.0, 121.0, 23.0]),
    ("以彭佳嶼當東北角、新竹當西南角 框起來的平均海溫", [120.969, 24.814, 122.079, 25.628]),
])
async def test_a_box_written_as_two_corners_is_a_box(query: str, box: list[float]) -> None:
    answer = await _ask(query)
    assert answer.tool == "ghrsst.bbox_mean" and answer.arguments and answer.arguments["bbox"] == box


@pytest.mark.parametrize(("query", "day", "days"), [
    ("下一次大潮是什麼時候", "2026-12-08", 5),      # the new moon of 12-09, from the day before
    ("布袋下一次大潮是哪幾天", "2026-12-08", 5),
])
async def test_moon_days_are_dates_not_explanations(query: str, day: str, days: int) -> None:
    answer = await _ask(query)
    assert answer.tool == "tide.forecast" and answer.arguments and answer.arguments["date"] == day
    assert answer.debug and answer.debug["days"] == days


async def test_a_count_of_days_in_words_is_that_count() -> None:
    answer = await _ask("未來五天台南會不會下雨")
    assert answer.tool == "weather.forecast" and answer.arguments and answer.arguments["forecastDays"] == 5
    answer = await _ask("Anping tides for the next three days")
    assert answer.debug and answer.debug["days"] == 3


@pytest.mark.parametrize("query", ["今晚月亮幾點升起來", "暗時月娘幾點出來", "when does the moon rise"])
async def test_moonrise_with_no_place_is_the_home_citys_said_so(query: str) -> None:
    answer = await _ask(query)
    assert answer.tool == "tide.forecast" and answer.arguments and answer.arguments["tz"] == "Asia/Taipei"
    assert answer.text.splitlines()[0] in ("（沒有說地點，以下是台北的時間。）", "(No place given: these are the times in Taipei.)")


def test_hokkien_parts_of_the_day_set_the_clock() -> None:
    from core.understand.clock_times import find_clocks

    assert [(c.hour, c.minute) for c in find_clocks("明仔載下晡兩點半")] == [(14, 30)]
    assert [(c.hour, c.minute) for c in find_clocks("暗時八點")] == [(20, 0)]
    assert [(c.hour, c.minute) for c in find_clocks("透早五點")] == [(5, 0)]


@pytest.mark.parametrize(("query", "tool"), [("今仔日淡水水幾點滇", "tide.forecast"), ("東京現在是禮拜幾", "time.now")])
async def test_more_words_of_the_same_classes(query: str, tool: str) -> None:
    assert (await _ask(query)).tool == tool


async def test_a_day_named_by_what_happens_on_it_is_asked_back() -> None:
    answer = await _ask("去玩那天基隆天氣")
    assert answer.tool is None and "「去玩那天」" in answer.text
    answer = await _ask("大雪那天冷不冷 台北")      # a solar term with 那天 is a day
    assert answer.tool == "weather.forecast" and "大雪那天" in answer.text.splitlines()[0]


@pytest.mark.parametrize(("query", "tool", "said"), [
    ("基隆明天朝汐", "tide.forecast", "（我把「朝汐」當成「潮汐」。）"),
    ("keelung wether tomorrow", "weather.forecast", '(I read "wether" as "weather".)'),
])
async def test_a_misspelt_data_word_is_read_as_the_word_and_said_back(query: str, tool: str, said: str) -> None:
    answer = await _ask(query)
    assert answer.tool == tool and answer.text.splitlines()[0] == said
