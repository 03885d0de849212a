"""Issue 26, askers in Hong Kong, Singapore, Japan and Korea and Taiwan's travellers: classes that were answered
confidently wrong, in new wordings, through the real Router (local engine, no LLM).

- the neap tides' days are the days around the quarter, as East Asia's tables give 小潮 / 조금 (not from the quarter's
  day to three days after it);
- a kanji name a Chinese city and a Japanese beach share (青島) is asked about in a sea question from Taiwan;
- a town across Hong Kong's border (潮州) is Guangdong's for an asker in Hong Kong, not Taiwan's namesake;
- a why about a clock time given as an example, no day named ("why is it still dark at 7"), is an idea;
- whether a typhoon is out there now, or coming, is live data the bot has not: declined, not explained;
- Korea's solar terms written in Hangul (동지, 경칩) are the days.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router, planned_point

QT = "2026-11-28T08:00:00"   # a Saturday; the last quarter is 2026-12-01 (06:09 UTC): neap 30 Nov-2 Dec (s22: the
#                                quarter's day and either side, lunar 22-24)
HK, SG, KL, SEOUL, TPE = "Asia/Hong_Kong", "Asia/Singapore", "Asia/Kuala_Lumpur", "Asia/Seoul", "Asia/Taipei"


@pytest.mark.parametrize(("query", "tz", "said"), [
    ("釜山 下次小潮是哪幾天", SEOUL, "11月30日至12月2日"),
    ("which days are the next neap tides at Penang?", KL, "Nov 30 to Dec 2"),
])
async def test_the_neap_days_are_around_the_quarter(query: str, tz: str, said: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert said in answer.text.splitlines()[0], answer.text


@pytest.mark.parametrize("query", ["青島這週末潮汐如何", "青島明天浪大不大 想去衝浪"])
async def test_a_chinese_city_sharing_a_japanese_beach_name_is_asked_in_a_sea_question(query: str) -> None:
    answer = await ask_router(query, QT, TPE)
    assert answer.mode == "fallback" and "宮崎青島" in answer.text and "青岛" in answer.text, answer.text


async def test_the_chinese_city_is_kept_where_no_sea_is_asked() -> None:
    answer = await ask_router("青島後天會不會下雪", QT, TPE)
    assert answer.tool == "weather.forecast" and answer.arguments, answer.text
    lat, lon = planned_point(answer.arguments)
    assert abs(lat - 36.07) < 0.3 and abs(lon - 120.38) < 0.3


@pytest.mark.parametrize(("query", "tz", "lat"), [
    ("潮州後日天氣點呀", HK, 23.65),     # Guangdong's, across Hong Kong's border
    ("潮州這週末天氣", TPE, 22.55),       # Pingtung's township, at home
])
async def test_a_town_across_the_border_is_the_neighbours(query: str, tz: str, lat: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "weather.forecast" and answer.arguments, answer.text
    assert abs(planned_point(answer.arguments)[0] - lat) < 0.2, answer.arguments


@pytest.mark.parametrize(("query", "tz", "said"), [
    ("Why is it still dark at 7 in the morning in Kuala Lumpur?", KL, "UTC+8"),
    ("點解吉隆坡七點天都未光", HK, "UTC+8"),
    ("how come the sun only comes up around 7am here in Singapore", SG, "UTC+8"),
])
async def test_a_why_about_an_example_clock_time_is_an_idea(query: str, tz: str, said: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.mode == "explain" and said in answer.text, answer.text


@pytest.mark.parametrize(("query", "tz"), [
    ("菲律賓以東有冇颱風呀 會唔會嚟香港", HK),
    ("any typhoons heading for Okinawa?", TPE),
    ("現在有沒有颱風", TPE),
])
async def test_a_typhoon_out_there_now_is_declined(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "fallback" and (answer.debug or {}).get("reason") == "no_such_data", answer.text


async def test_how_a_typhoon_forms_is_still_explained() -> None:
    answer = await ask_router("颱風係點樣形成㗎", QT, HK, dry_run=False)
    assert answer.mode == "explain", answer.text


@pytest.mark.parametrize(("korean", "chinese"), [
    ("경칩 제주 일출 시간", "驚蟄 濟州 日出時間"),
    ("동짓날 인천 일몰", "冬至 仁川 日落"),
])
async def test_korean_solar_terms_in_hangul_are_the_days(korean: str, chinese: str) -> None:
    got, want = (await ask_router(korean, QT, SEOUL)), (await ask_router(chinese, QT, SEOUL))
    assert got.arguments and want.arguments and got.arguments["date"] == want.arguments["date"] != "2026-11-28", got.text
