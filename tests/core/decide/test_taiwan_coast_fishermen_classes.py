"""Issue 26, the Taiwan coast and islands tuning round (tw11): classes of fishermen's and islanders' wordings,
each tested with new wordings through the real Router (local backend, no LLM): 「今年」 beside a lunar
year-end day, "there" with no place, a ferry asked beside the monsoon, a weak town name before a when-word
or after a day word, a coast region before a town, a saying checked, named winds, Hokkien 「下禮拜拜三」, and
the spots 雙獅 (頭城小澳), 雙獅岩 (蘭嶼) and 隘門沙灘 (澎湖)."""
from __future__ import annotations

from datetime import date

import pytest

from core.config import Settings
from core.envelope import Answer, Context, Question
from core.router import Router
from router_ask import ask_router, km_between, planned_point

QT = "2026-11-28T07:30:00+08:00"        # Saturday; lunar 十月二十
MONDAY = "2026-11-30T07:30:00+08:00"


async def _ask(query: str, when: str = QT) -> Answer:
    return await ask_router(query, when)


def _day(answer: Answer) -> str:
    return str((answer.arguments or {}).get("date"))


def _asked_back(answer: Answer) -> bool:
    return answer.mode == "fallback" and answer.tool is None


# ---- 「今年」 before a lunar day of the year's end: the lunar year now running, not last January's ----
@pytest.mark.parametrize(("query", "day"), [("今年的除夕 安平日落幾點", "2027-02-05"),
                                            ("今年臘八 東石幾點滿潮", "2027-01-15"),
                                            ("今年尾牙 布袋潮汐", "2027-01-23")])
async def test_this_years_lunar_year_end_day_is_the_one_to_come(query: str, day: str) -> None:
    answer = await _ask(query)
    assert answer.tool == "tide.forecast" and _day(answer) == day, (answer.arguments, answer.text)
    assert "2027年" in answer.text, answer.text     # the line says the year of a day in another year


async def test_this_years_mid_autumn_asked_in_november_stays_septembers() -> None:
    answer = await _ask("今年中秋 旗津滿潮幾點")
    assert _day(answer) == "2026-09-25", answer.arguments


# ---- "there" with no place named and no chat before it: asked where, not the asker's own clock ----
@pytest.mark.parametrize("query", ["那裡現在是幾點", "當地時間現在幾點了", "what's the time there right now"])
async def test_the_time_there_with_no_place_is_asked_back(query: str) -> None:
    answer = await _ask(query)
    assert _asked_back(answer), (answer.tool, answer.text)


async def test_the_time_there_after_an_answer_about_a_place_is_that_places() -> None:
    router = Router(Settings(odbchat_backend="local"), llm=None)
    try:
        answer = await router.answer(Question(query="那邊現在是幾點", tz="Asia/Taipei", query_time=QT, dry_run=True,
                                              debug=True, context=Context(tool="tide.forecast", place="Okinawa")))
    finally:
        await router.aclose()
    assert answer.tool == "time.now" and (answer.arguments or {}).get("tz") == "Asia/Tokyo", answer.arguments


async def test_the_time_at_a_named_place_there_is_still_answered() -> None:
    answer = await _ask("澎湖那邊現在幾點")
    assert answer.tool == "time.now", answer.text


# ---- a ferry asked with the monsoon as its reason: declined, not the forecast ----
@pytest.mark.parametrize("query", ["東北季風好強 綠島交通船今天會停嗎", "季風吹成這樣 蘭嶼船班明天會停嗎",
                                   "澎湖船班明天會不會停"])
async def test_a_ferry_asked_beside_the_monsoon_is_declined(query: str) -> None:
    answer = await _ask(query)
    assert answer.tool is None and answer.mode == "fallback", (answer.tool, answer.text)
    assert "船班" in answer.text, answer.text


async def test_the_monsoons_wind_asked_is_still_the_forecast() -> None:
    answer = await _ask("東北季風這麼強 明天馬祖風大不大")
    assert answer.tool == "weather.forecast", answer.text


# ---- a weak town name (北門, 將軍, 成功) before a when-word, or after a day word opening the question ----
@pytest.mark.parametrize(("query", "lat"), [("將軍幾點滇流", 23.2), ("十五北門幾點洘流", 23.27),
                                            ("明仔載成功幾點出日頭", 23.1), ("北門幾時滿潮", 23.27)])
async def test_a_weak_town_before_a_when_word_is_the_town(query: str, lat: float) -> None:
    answer = await _ask(query)
    assert answer.tool == "tide.forecast", answer.text
    assert abs(planned_point(answer.arguments or {})[0] - lat) < 0.1, answer.arguments


# ---- a coast region before a town (北海岸石門, 「北海岸的石門」): the town, not the region ----
@pytest.mark.parametrize("query", ["北海岸的石門 明天幾點滿潮", "北海岸石門明仔載幾點洘流"])
async def test_a_town_after_its_coast_region_is_the_town(query: str) -> None:
    answer = await _ask(query)
    lat, lon = planned_point(answer.arguments or {})
    assert answer.tool == "tide.forecast" and km_between(lat, lon, 25.29, 121.56) < 5, answer.arguments


# ---- a saying about the lunar days checked: the passage on spring tides and the lunar calendar ----
@pytest.mark.parametrize("query", ["老人家講初一十五水卡大 敢有影", "聽說十五的水比較大 是真的嗎"])
async def test_a_saying_about_spring_tides_is_explained(query: str) -> None:
    answer = await ask_router(query, QT, dry_run=False)
    assert answer.mode == "explain" and "初一、十五" in answer.text, answer.text


# ---- Taiwan's named winds are the weather (落山風 is no sunset) ----
@pytest.mark.parametrize("query", ["滿州落山風後日會足透無", "新竹明天九降風大不大", "車城明仔載落山風"])
async def test_a_named_wind_is_the_weather(query: str) -> None:
    answer = await _ask(query)
    assert answer.tool == "weather.forecast", (answer.tool, answer.text)


# ---- Hokkien 「下禮拜拜三」: next week's Wednesday, one day ----
async def test_next_weeks_hokkien_weekday_is_that_day() -> None:
    answer = await _ask("下禮拜拜四王功幾點洘流", MONDAY)
    assert answer.tool == "tide.forecast" and _day(answer) == date(2026, 12, 10).isoformat(), answer.arguments


# ---- the spots ----
@pytest.mark.parametrize(("query", "lat", "lon"), [("頭城小澳明天幾點滿潮", 24.89, 121.85),
                                                   ("雙獅浪點 現在漲潮還退潮", 24.89, 121.85),
                                                   ("雙獅岩那邊明天幾點乾潮 想去浮潛", 22.07, 121.57),
                                                   ("隘門海灘後日潮汐", 23.55, 119.64)])
async def test_the_new_spots_are_where_they_are(query: str, lat: float, lon: float) -> None:
    answer = await _ask(query)
    got = planned_point(answer.arguments or {})
    assert answer.tool == "tide.forecast" and km_between(got[0], got[1], lat, lon) < 5, (answer.arguments, answer.text)


# ---- a bare day of the month's second half as fishermen say the lunar day; a month's day without 日/號 ----
@pytest.mark.parametrize(("query", "day"), [("十六暗時東港月娘幾點出來", "2026-12-24"), ("廿四 安平幾點洘流", "2026-12-02"),
                                            ("十五那工澎湖幾點滇流", "2026-12-23")])
async def test_a_bare_lunar_day_is_the_next_one(query: str, day: str) -> None:
    answer = await _ask(query)
    assert answer.tool == "tide.forecast" and _day(answer) == day, (answer.arguments, answer.text)


@pytest.mark.parametrize("query", ["釣到十五尾 明天東港潮汐", "東港十五分鐘後會滿潮嗎"])
async def test_a_count_is_no_lunar_day(query: str) -> None:
    answer = await _ask(query)
    assert _day(answer) != "2026-12-23", answer.arguments


@pytest.mark.parametrize(("query", "day"), [("一月三 旗津滿潮幾點", "2027-01-03"), ("12月20 布袋潮汐", "2026-12-20")])
async def test_a_month_and_day_without_its_day_mark_is_that_day(query: str, day: str) -> None:
    answer = await _ask(query)
    assert _day(answer) == day, (answer.arguments, answer.text)
