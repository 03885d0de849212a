"""A name that several well-known places share (issue 26), through the real Router (dry run, no LLM):
a place known under the name by its short or run-together form (Newcastle upon Tyne, George Town,
Penang) is a rival like any namesake, so the bot asks which one; a word naming the division or the
country, the asker's zone or home country settles it (said in one line); a name one place dominates
is answered outright; a lower-case short form ("noosa") is read like its capitalised one.
"""
from __future__ import annotations

import pytest

from core.config import Settings
from core.envelope import Question
from core.router import Router
from core.understand.places import find_place
from core.understand.places_text import own_name
from tests.router_ask import ask_router

QT = "2026-03-05T09:30:00+08:00"   # a Thursday


def _lon(answer: object) -> float:
    return answer.arguments["longitude"]  # type: ignore[attr-defined, no-any-return]


@pytest.mark.parametrize("query, must", [
    ("what's the tide doing at Newcastle this Saturday", ["Newcastle", "New South Wales", "Newcastle upon Tyne"]),
    ("newcastle surf on saturday morning", ["New South Wales", "England"]),
    ("how hot will Georgetown get on Sunday", ["Guyana", "George Town", "Malaysia"]),
    ("sunrise at Santa Cruz on Friday", ["Santa Cruz de Tenerife", "Bolivia"]),
    ("Newcastle 這週六會下雨嗎", ["澳大利亞", "英國"]),
    ("Georgetown 週日的日落幾點", ["蓋亞那", "馬來西亞"]),
])
async def test_a_name_several_well_known_places_share_is_asked_back(query: str, must: list[str]) -> None:
    answer = await ask_router(query, QT)
    assert answer.mode == "fallback" and answer.debug["reason"] == "ambiguous_place", (query, answer.text)
    for word in must:
        assert word in answer.text, (word, answer.text)
    # The question back names the name as written, not its first holder's longer name.
    written = next(w for w in ("Newcastle", "newcastle", "Georgetown", "Santa Cruz") if w in query)
    assert written in answer.text.splitlines()[0], answer.text


@pytest.mark.parametrize("query, lon", [
    ("high tide times Newcastle NSW on Saturday", 151.78),
    ("will it rain in Newcastle upon Tyne on Saturday", -1.61),
    ("Georgetown, Penang sunset tomorrow", 100.34),
    ("Georgetown Guyana weather on Sunday", -58.16),
    ("檳城喬治市週六日落時間", 100.34),
    ("Santa Cruz, California low tide Saturday", -122.03),
    ("high tide times Portland Maine this Saturday", -70.26),
])
async def test_a_word_naming_the_division_or_country_answers_directly(query: str, lon: float) -> None:
    answer = await ask_router(query, QT)
    assert answer.mode == "mcp_tools", (query, answer.text)
    assert abs(_lon(answer) - lon) < 0.3, (query, answer.arguments)
    assert "nearest you" not in answer.text


@pytest.mark.parametrize("query", ["Lisbon sunset on Friday", "Honolulu tides Saturday", "Sydney rain on Sunday",
                                   "Frankfurt weather Saturday", "Perth weather on Sunday", "高雄週六潮汐",
                                   "基隆這週六幾點滿潮", "東京週日天氣", "Paris rain tomorrow?", "Barcelona weather on Sunday",
                                   "Athens weather this Saturday"])
async def test_a_name_one_place_dominates_is_not_asked_back(query: str) -> None:
    answer = await ask_router(query, QT)
    assert answer.mode == "mcp_tools", (query, answer.text)
    assert answer.debug["reason"] != "ambiguous_place"


@pytest.mark.parametrize("query, country", [
    ("when is low tide in Islamabad on Saturday", "PK"),   # not Chattogram, once called Islamabad
    ("Getafe high tide Sunday", "ES"),                     # not Jetafe in the Philippines
    ("Brisbane tide times on Saturday", "AU"),
    ("Valencia tides this Saturday", "ES"),
])
def test_in_a_sea_question_a_coastal_alias_does_not_take_a_name(query: str, country: str) -> None:
    place = find_place(query)
    assert place is not None and place.country == country and not place.ambiguous, (query, place)


def test_a_chinese_name_of_its_own_is_not_a_shared_english_one() -> None:
    """香港仔 is Aberdeen, Hong Kong, whatever the Aberdeens of Scotland and South Dakota weigh."""
    place = find_place("香港仔下週三的潮汐")
    assert place is not None and place.country == "HK" and not place.ambiguous


async def test_a_town_is_no_namesake_of_a_village_named_after_it() -> None:
    """Saint-Malo-de-Guersac is not a second Saint-Malo."""
    answer = await ask_router("Saint-Malo low tide on Sunday afternoon", QT)
    assert answer.mode == "mcp_tools" and abs(_lon(answer) + 2.01) < 0.1, answer.text


@pytest.mark.parametrize("query, tz, lon, said", [
    ("Newcastle tide times Saturday", "Australia/Brisbane", 151.78, "New South Wales"),
    ("Newcastle tide times Saturday", "Europe/London", -1.61, "Newcastle upon Tyne"),
    ("Georgetown sunrise Saturday", "Asia/Kuala_Lumpur", 100.34, "Malaysia"),
    ("Newcastle 週六潮汐", "Australia/Sydney", 151.78, "離您最近"),
])
async def test_the_askers_zone_settles_it_and_the_answer_says_which(query: str, tz: str, lon: float,
                                                                   said: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", (query, tz, answer.text)
    assert abs(_lon(answer) - lon) < 0.3, (query, tz, answer.arguments)
    first = answer.text.splitlines()[0]
    assert said in first and ("Newcastle" in first or "Georgetown" in first), answer.text


@pytest.mark.parametrize("query, must", [
    ("紐卡斯爾這個星期六的天氣", ["新南威爾士", "英國"]),
    ("纽卡斯尔周六潮汐", ["新南威爾士", "英國"]),          # Simplified: read as Traditional first
    ("喬治敦週末會下雨嗎", ["蓋亞那", "馬來西亞"]),
])
async def test_a_chinese_name_abroad_that_places_share_is_asked_back(query: str, must: list[str]) -> None:
    answer = await ask_router(query, QT)
    assert answer.debug["reason"] == "ambiguous_place", (query, answer.text)
    for word in must:
        assert word in answer.text, (word, answer.text)
    example = answer.text.splitlines()[-1].split("「")[1].split("」")[0]
    again = await ask_router(f"{example}週六天氣", QT)   # the offered example is one place
    assert again.mode == "mcp_tools", (example, again.text)


@pytest.mark.parametrize("query, lon", [("喬治市週六天氣", 100.34), ("喬治城週六天氣", -58.16),
                                        ("波特蘭週六天氣", -122.68), ("伯斯週日會下雨嗎", 115.86)])
async def test_a_chinese_name_taiwan_gives_one_place_is_answered(query: str, lon: float) -> None:
    answer = await ask_router(query, QT)
    assert answer.mode == "mcp_tools", (query, answer.text)
    assert abs(_lon(answer) - lon) < 0.3


@pytest.mark.parametrize("query", ["noosa high tide saturday", "low tide at noosa on sunday",
                                   "sunrise noosa heads tomorrow", "Noosa high tide saturday"])
async def test_a_lower_case_short_name_reads_like_the_capitalised_one(query: str) -> None:
    answer = await ask_router(query, QT)
    assert answer.mode == "mcp_tools", (query, answer.text)
    assert abs(_lon(answer) - 153.09) < 0.1


@pytest.mark.parametrize("key, name, same", [
    ("newcastle", "newcastle upon tyne", True), ("georgetown", "george town", True),
    ("frankfurt", "frankfurt am main", True), ("halle", "halle (saale)", True),
    ("salem", "jerusalem", False), ("santa", "santa cruz", False), ("port", "port louis", False),
])
def test_a_short_or_run_together_name_is_the_places_own(key: str, name: str, same: bool) -> None:
    assert own_name(key, name) is same


@pytest.mark.parametrize("first, reply, lon, tool", [
    ("what's the tide doing at Newcastle this Saturday", "NSW", 151.78, "tide.forecast"),
    ("what's the tide doing at Newcastle this Saturday", "the second one", -1.61, "tide.forecast"),
    ("how hot will Georgetown get on Sunday", "Penang", 100.34, "weather.forecast"),
    ("how hot will Georgetown get on Sunday", "Guyana.", -58.16, "weather.forecast"),
    ("Newcastle 這週六會下雨嗎", "澳洲的", 151.78, "weather.forecast"),
    ("Georgetown 週日的日落幾點", "第二個", 100.34, "tide.forecast"),
])
async def test_a_reply_to_which_one_answers_the_question_first_asked(first: str, reply: str, lon: float,
                                                                      tool: str) -> None:
    router = Router(Settings(odbchat_backend="local"), llm=None)
    try:
        asked = await router.answer(Question(query=first, tz="Asia/Taipei", query_time=QT, dry_run=True, debug=True))
        assert asked.debug["reason"] == "ambiguous_place" and asked.context is not None, asked.text
        picked = await router.answer(Question(query=reply, tz="Asia/Taipei", query_time=QT, dry_run=True,
                                              debug=True, context=asked.context))
    finally:
        await router.aclose()
    assert picked.tool == tool and abs(_lon(picked) - lon) < 0.3, (reply, picked.text)
    day = picked.arguments.get("date") or picked.arguments.get("forecastDays")
    # the day first asked, not today (a forecast counts its days from the place's today: Wednesday evening in Guyana)
    assert day in ("2026-03-07", "2026-03-08", 3, 4, 5), picked.arguments


async def test_a_town_elsewhere_is_not_taken_for_a_choice() -> None:
    router = Router(Settings(odbchat_backend="local"), llm=None)
    try:
        asked = await router.answer(Question(query="Newcastle tides on Saturday", tz="Asia/Taipei", query_time=QT))
        other = await router.answer(Question(query="Sydney", tz="Asia/Taipei", query_time=QT, dry_run=True,
                                             context=asked.context))
    finally:
        await router.aclose()
    assert abs(_lon(other) - 151.21) < 0.05   # Sydney itself, not Newcastle, New South Wales


@pytest.mark.parametrize("query", ["大溪這週六會不會下雨", "大溪週六幾點漲潮", "大里禮拜六乾潮幾點", "大安明天滿潮"])
async def test_a_taiwan_name_two_places_share_is_asked_back_even_for_a_sea_question(query: str) -> None:
    """A tide word is no proof of which 大溪 is meant: the asker is asked, both places offered."""
    answer = await ask_router(query, QT)
    assert answer.mode == "fallback" and answer.debug["reason"] == "ambiguous_place", (query, answer.text)
    assert answer.text.count("・") == 2, answer.text


@pytest.mark.parametrize("query, lon", [
    ("宜蘭大溪週六幾點漲潮", 121.90),     # the county written beside it decides
    ("頭城大溪週六幾點漲潮", 121.90),     # so does the township
    ("桃園大溪這週六會不會下雨", 121.29),
    ("台中大里禮拜六天氣", 120.68),
])
async def test_a_taiwan_name_two_places_share_is_settled_by_the_area_written_with_it(query: str, lon: float) -> None:
    answer = await ask_router(query, QT)
    assert answer.mode == "mcp_tools" and abs(_lon(answer) - lon) < 0.05, (query, answer.text)
    assert "不只一" not in answer.text, answer.text


@pytest.mark.parametrize("query, tz, near_lon", [
    ("Lagos tide times tomorrow", "Europe/Berlin", -8.67),      # Portugal's beside Nigeria's, asked from Germany
    ("kingston tide times", "Australia/Sydney", 147.31),       # Tasmania's beside Jamaica's, asked from Sydney
])
async def test_a_namesake_near_the_asker_rivals_a_far_famous_winner(query: str, tz: str, near_lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "fallback" and answer.debug["reason"] == "ambiguous_place", answer.text


@pytest.mark.parametrize("query", ["Boston weather tomorrow", "San Francisco low tide today"])
async def test_a_hamlet_or_unknown_namesake_near_the_asker_is_no_rival(query: str) -> None:
    answer = await ask_router(query, QT, "Asia/Taipei")
    assert answer.mode == "mcp_tools", answer.text


@pytest.mark.parametrize("query, tz", [
    ("dingle low water on sunday", "Europe/London"),       # a Liverpool district beside Kerry's harbour town
    ("Dingle 週日潮汐", "Europe/London"),
])
async def test_a_home_namesake_a_far_better_known_one_abroad_shares_is_asked(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "fallback" and answer.debug["reason"] == "ambiguous_place", answer.text


@pytest.mark.parametrize("query, tz, lon", [
    ("Padstow high water tomorrow", "Europe/London", -4.94),   # Cornwall's, not a Sydney suburb no one else names
    ("Hastings sunset on Friday", "Europe/London", 0.58),
])
async def test_a_home_town_beside_an_unknown_namesake_abroad_is_answered(query: str, tz: str, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and abs(_lon(answer) - lon) < 0.2, answer.text


def test_a_name_written_twice_is_no_division_of_itself() -> None:
    """Brest written again ("in Brest harbour") is not the Belarusian region called Brest: a sea question's Brest."""
    place = find_place("Brest, marée basse samedi? low tide Saturday in Brest harbour", home="GB")
    assert place is not None and place.country == "FR", place


@pytest.mark.parametrize("query", ["what time is it in Vancouver now", "9am Tokyo time is what time in Vancouver?"])
async def test_namesakes_keeping_the_same_clock_need_no_which_one_for_the_time(query: str) -> None:
    answer = await ask_router(query, QT, "Asia/Hong_Kong")
    assert answer.mode == "mcp_tools" and answer.tool in ("time.now", "time.convert"), answer.text
