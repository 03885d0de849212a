"""Issue 26, session 24 (t24ibd): the helper's own new wordings of the classes its tuning sets showed confidently
wrong, through the real Router (local engine, no LLM; data tools planned, not called).

* A count of days in a language's own counting words before "later" is that day, not today: Korean 이틀 뒤, 사흘 후,
  열흘 뒤, 일주일 뒤, 2주 후; Japanese kana ふつか後; Chinese 再過三天, 隔兩天; 一週間後. Bare 過兩天 ("in a few days")
  stays no one day.
* Whether a storm is coming, or its track asked as a forecast or a map, is the storm's track (declined), never the
  sea's temperature.
* A name in one script two places hold is asked which: twin port cities abroad (奧克蘭, from Taipei too), a
  Chinese-writing asker's own town beside a Taiwan port of its name (金山 from Shanghai), a short name a city many
  times bigger holds itself (São Francisco from São Paulo).
"""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2028-10-31T12:15:00"   # a Tuesday lunchtime in the asker's zone


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("사흘 뒤 인천 만조 시간", "Asia/Seoul", "2028-11-03"),
    ("여수 이틀후 간조 몇시", "Asia/Seoul", "2028-11-02"),
    ("열흘 뒤 속초 일출", "Asia/Seoul", "2028-11-10"),
    ("일주일 뒤 강릉 해 뜨는 시간", "Asia/Seoul", "2028-11-07"),
    ("2주 후 제주 일몰", "Asia/Seoul", "2028-11-14"),
    ("ふつか後の鎌倉の満潮", "Asia/Tokyo", "2028-11-02"),
    ("1週間後 那覇 日の出", "Asia/Tokyo", "2028-11-07"),
    ("再过三天 大连 几点涨潮", "Asia/Shanghai", "2028-11-03"),
    ("隔兩天 西貢 潮汐", "Asia/Hong_Kong", "2028-11-02"),
    ("추석 사흘 뒤 포항 일출", "Asia/Seoul", "2029-09-25"),   # 추석 2029 is 9/22: counted from the named day
])
async def test_a_count_of_days_in_the_askers_own_words_is_that_day(query: str, tz: str, day: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert (answer.arguments or {}).get("date") == day, (answer.arguments, answer.text)


async def test_in_a_few_days_is_no_one_day() -> None:
    answer = await ask_router("高雄過兩天潮汐", QT, "Asia/Taipei")
    assert answer.mode == "fallback", (answer.tool, answer.arguments)


@pytest.mark.parametrize(("query", "tz"), [
    ("这两天厦门海域有没有台风 把路径图发我", "Asia/Shanghai"),
    ("石垣島に台風来る？ 今週", "Asia/Tokyo"),
    ("이번 주말 부산에 태풍 오나요?", "Asia/Seoul"),
    ("今個禮拜澳門有冇颱風", "Asia/Macau"),
])
async def test_a_storm_coming_or_its_track_is_declined_not_the_sea_temperature(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool is None or not answer.tool.startswith(("ghrsst", "tide", "weather")), (answer.tool, answer.text)
    assert answer.mode != "mcp_tools", answer.text


@pytest.mark.parametrize(("query", "tz", "offered"), [
    ("奧克蘭明天幾點日落", "Asia/Taipei", ["紐西蘭", "加利福尼亞"]),
    ("奧克蘭下週六海水幾度", "Asia/Hong_Kong", ["紐西蘭", "加利福尼亞"]),
    ("金山 后天几点退潮", "Asia/Shanghai", ["台灣", "中國"]),
    ("tábua de marés de São Francisco pra domingo", "America/Sao_Paulo", ["California"]),
    ("maré alta em São Francisco no sábado", "America/Sao_Paulo", ["California", "Santa Catarina"]),
])
async def test_a_name_two_places_hold_in_one_script_is_asked_which(query: str, tz: str, offered: list[str]) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "fallback" and answer.debug["reason"] == "ambiguous_place", (query, answer.text)
    for word in offered:
        assert word in answer.text, (word, answer.text)


@pytest.mark.parametrize(("query", "tz", "zone"), [
    ("紐西蘭奧克蘭明天幾點日落", "Asia/Taipei", "Pacific/Auckland"),   # the country said
    ("奧克蘭明天會下雨嗎", "America/Los_Angeles", "America/Los_Angeles"),   # Oakland in the asker's zone
    ("新北金山 后天几点退潮", "Asia/Shanghai", "Asia/Taipei"),
    ("maré em São Francisco do Sul amanhã", "America/Sao_Paulo", "America/Sao_Paulo"),
])
async def test_the_name_settled_by_what_is_written_or_the_askers_zone_is_answered(query: str, tz: str, zone: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", (query, answer.text)
    args = answer.arguments or {}
    assert zone in (args.get("tz"), args.get("timezone")), (query, args)
