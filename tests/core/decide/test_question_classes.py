"""Issue 20, class by class, with wordings of their own (not those of the measured sets): concepts
that name a data set are explained, tonight's moon needs no place, fog and ferries are weather,
waves asked with the wind get the wind, HTML tags are not code, code reads the request, and a
question no passage fits is told so. The local engine in-process, no LLM.
"""
from __future__ import annotations

import re

import pytest

from core.answers.codegen import code_answer, is_code_request
from core.answers.explain import off_topic_reply, select_passages
from core.config import Settings
from core.envelope import Answer, Question
from core.router import Router
from core.understand.markup import strip_markup
from core.words.strings import t

QT = "2025-11-14T11:00:00+08:00"


async def ask(query: str, tz: str = "Asia/Taipei", *, dry_run: bool = True) -> Answer:
    router = Router(Settings(odbchat_backend="local"), llm=None)
    try:
        return await router.answer(Question(query=query, tz=tz, query_time=QT, dry_run=dry_run, debug=True))
    finally:
        await router.aclose()


@pytest.mark.parametrize("query", [
    "GHRSST 的時間解析度是多少", "what's the spatial resolution of the SST you use", "MUR 資料延遲多久",
    "how often do you update the sea temperature", "潮高的零點在哪裡", "which datum are tide heights relative to",
    "月亮有哪幾種形狀", "what kinds of moon phases are there", "what model do you use for tides",
    "潮汐資料的來源是什麼", "how accurate is MUR", "颱風的暴潮可以預測嗎", "does El Nino warm the sea near Taiwan",
    "什麼是憩流", "tide vs current, what's the difference",
])
async def test_a_concept_naming_a_data_set_or_tide_word_is_explained(query: str) -> None:
    answer = await ask(query)
    assert answer.mode == "explain" and answer.tool is None, (query, answer.debug["reason"])


@pytest.mark.parametrize("query, tool", [
    ("MUR 海溫 花蓮 昨天", "ghrsst.bbox_mean"), ("GHRSST SST at 24.5N 122.1E", "ghrsst.point_value"),
    ("大潮 基隆 後天 幾點滿潮", "tide.forecast"),
])
async def test_a_place_a_day_or_a_number_makes_it_data(query: str, tool: str) -> None:
    answer = await ask(query)
    assert answer.tool == tool, (query, answer.debug["reason"])


@pytest.mark.parametrize("query, tz, lang", [("今晚月亮亮嗎", "Asia/Taipei", "zh"),
                                             ("how bright will the moon be tonight", "America/Chicago", "en")])
async def test_tonights_moon_is_the_phase_without_a_sunrise(query: str, tz: str, lang: str) -> None:
    answer = await ask(query, tz, dry_run=False)
    assert answer.tool == "tide.forecast"
    assert t(lang, "understand.moon_anywhere", zone=tz) in answer.text
    assert t(lang, "sunrise") not in answer.text and t(lang, "dawn") not in answer.text


@pytest.mark.parametrize("query", ["澎湖明天有霧嗎", "visibility at Kinmen airport tomorrow", "明天基隆濃霧 飛機會延誤嗎",
                                   "南竿明天風大不大 怕船停開"])
async def test_fog_visibility_and_the_wind_for_a_ferry_are_weather(query: str) -> None:
    answer = await ask(query)
    assert answer.tool == "weather.forecast", (query, answer.debug["reason"])


@pytest.mark.parametrize("query", ["蘭嶼明天船班會停駛嗎", "are ferries to Green Island running tomorrow",
                                   "小琉球的船今天會不會開"])
async def test_whether_a_ferry_sails_is_declined_with_the_wind_offered(query: str) -> None:
    """Whether a ferry sails is the operator's call: declined, the wind forecast offered, not given
    as if it answered the question."""
    answer = await ask(query)
    assert answer.tool is None and answer.debug["reason"] == "no_such_data", (query, answer.text)
    assert "風力" in answer.text or "wind" in answer.text, answer.text


async def test_waves_with_the_wind_get_the_wind_and_a_bare_sea_state_keeps_t7() -> None:
    answer = await ask("明天花蓮出海 風浪會很大嗎")
    assert answer.tool == "weather.forecast" and answer.debug["reason"] == "sea_state_wind"
    bare = await ask("海況好不好")
    assert bare.text == t("zh", "sea_state")


@pytest.mark.parametrize("query, days", [("台中接下來兩週天氣", 14), ("weather in Keelung for the next 16 days", 16)])
async def test_day_counts_up_to_sixteen(query: str, days: int) -> None:
    answer = await ask(query)
    assert answer.tool == "weather.forecast" and answer.arguments["forecastDays"] == days


@pytest.mark.parametrize("query", ["What can this bot do?", "what sort of questions can I ask"])
async def test_english_help(query: str) -> None:
    answer = await ask(query)
    assert answer.text == t("en", "chat_intents.help")


@pytest.mark.parametrize("query, tool", [("<code>基隆明天潮汐</code>", "tide.forecast"),
                                         ("<script>x</script> sea temperature at Penghu", "ghrsst.bbox_mean")])
async def test_an_html_tag_does_not_make_a_code_request(query: str, tool: str) -> None:
    answer = await ask(query)
    assert answer.mode == "mcp_tools" and answer.tool == tool


def test_markup_is_stripped_but_comparisons_stay() -> None:
    assert strip_markup("<p>a &amp; b</p>") == "a & b"
    assert strip_markup("if a < b then") == "if a < b then"


@pytest.mark.parametrize("query, code", [("畫出淡水的潮汐圖", False), ("繪製高雄潮位曲線", False),
                                         ("用 python 畫潮汐圖", True), ("畫台灣周邊的海溫圖", True)])
def test_drawing_the_tide_in_chat_is_the_chart(query: str, code: bool) -> None:
    assert is_code_request(query) is code


def _param(code: str, name: str) -> str:
    match = re.search(rf"^{name} = (.*?)(?:  #.*)?$", code, re.M)
    assert match, name
    return match.group(1)


async def test_code_reads_the_zone_the_span_and_the_plot_kind() -> None:
    today = "2025-11-14"
    conv = await code_answer("python: convert UTC timestamps to Europe/Paris", "en", {"today": today}, None)
    assert _param(conv.code, "TO_TZ") == '"Europe/Paris"' and "zoneinfo" in conv.code
    boston = await code_answer("python tide plot for Boston", "en",
                               {"point": (-71.06, 42.36), "place": "Boston", "tz": "America/New_York", "today": today}, None)
    assert _param(boston.code, "TZ") == '"America/New_York"'
    week = await code_answer("python to plot two weeks of SST at Keelung", "en", {"point": (121.74, 25.13), "today": today}, None)
    assert (_param(week.code, "START"), _param(week.code, "END")) == ('"2025-10-31"', '"2025-11-13"')
    area = await code_answer("python SST map of [119,21,122,25]", "en", {"bbox": [119, 21, 122, 25], "today": today}, None)
    assert "pcolormesh" in area.code and _param(area.code, "BBOX") == "[119.0, 21.0, 122.0, 25.0]"
    series = await code_answer("python mean SST over [119,21,122,25] this week", "en", {"bbox": [119, 21, 122, 25], "today": today}, None)
    assert "pcolormesh" not in series.code


@pytest.mark.parametrize("query, lang", [("python code for swell period at Bondi", "en"), ("寫程式抓海流資料", "zh")])
async def test_no_data_says_so_and_gives_no_program(query: str, lang: str) -> None:
    result = await code_answer(query, lang, {"today": "2025-11-14"}, None)
    assert result.code == ""
    assert result.text.startswith("我沒有海流的資料" if lang == "zh" else "I have no wave (swell) data")


@pytest.mark.parametrize("query, lang, topic", [
    ("聖嬰年台灣附近海水會比較暖嗎", "zh", "enso"), ("what does La Nina do to Taiwan's winter", "en", "enso"),
    ("颱風來的時候潮位會比預報高嗎", "zh", "storm_surge"), ("is storm surge included in your tides", "en", "storm_surge"),
    ("平潮的時候水還會流嗎", "zh", "tidal_currents"), ("when is slack water compared to high tide", "en", "tidal_currents"),
    ("TPXO 模式準嗎", "zh", "tide_data_sources"), ("is the tide from a model or a tide gauge", "en", "tide_data_sources"),
    ("MUR 多久更新", "zh", "mur"), ("why do your times not match the official tide table", "en", "forecast_accuracy"),
    ("上弦月跟滿月哪個比較亮", "zh", "moon_phases"),
])
def test_retrieval_picks_the_passage_that_fits(query: str, lang: str, topic: str) -> None:
    passages, off_topic = select_passages(query, lang)
    assert not off_topic and passages[0].topic == topic, [p.topic for p in passages]


# glaciers now have a near topic (sea level rise, offered as the nearest): volcanoes have none
@pytest.mark.parametrize("query, lang", [("how do volcanoes erupt", "en"), ("地震是怎麼發生的", "zh")])
async def test_no_passage_fits_says_unsure_in_the_users_language(query: str, lang: str) -> None:
    answer = await ask(query, dry_run=False)
    assert answer.text == off_topic_reply(lang) and answer.citations == []
    assert ("不太確定" in answer.text) if lang == "zh" else ("not sure what you mean" in answer.text)


@pytest.mark.parametrize("query, tz, country", [
    ("菲律賓現在幾點", "Asia/Taipei", "PH"), ("time in Singapore now", "Europe/London", "SG"),
    ("weather in Texas tomorrow", "Asia/Taipei", "US"), ("新加坡明天天氣", "Asia/Taipei", "SG"),
])
async def test_a_country_or_state_with_one_clock_answers(query: str, tz: str, country: str) -> None:
    answer = await ask(query, tz)
    assert answer.mode == "mcp_tools" and answer.tool in ("time.now", "weather.forecast"), answer.debug["reason"]
    router = Router(Settings(odbchat_backend="local"), llm=None)
    from core.understand.slots import extract_slots
    from datetime import datetime
    place = extract_slots(query, datetime.fromisoformat(QT), home=tz).place
    await router.aclose()
    assert place is not None and place.country == country


@pytest.mark.parametrize("query, lang", [("加拿大現在幾點", "zh"), ("what time is it in Brazil", "en")])
async def test_a_country_with_several_clocks_asks_which(query: str, lang: str) -> None:
    answer = await ask(query, "Europe/Berlin", dry_run=False)
    assert answer.debug["reason"] == "ambiguous_place"
    assert answer.text.splitlines()[0].endswith(("哪裡？", "Which place do you mean?"))


@pytest.mark.parametrize("query, tz, key", [
    ("Mont St Michel high tide on Saturday", "Europe/London", "mont_saint_michel"),
    ("Lindisfarne causeway tide times", "Europe/London", "lindisfarne"),
    ("Tokyo Bay water temperature", "Asia/Tokyo", "tokyo_bay"),
    ("新竹香山明天潮汐", "Asia/Taipei", "xiangshan"),
])
def test_tidal_landmarks_beaches_and_qualified_names(query: str, tz: str, key: str) -> None:
    from datetime import datetime

    from core.understand.slots import extract_slots
    place = extract_slots(query, datetime.fromisoformat(QT), home=tz).place
    assert place is not None and place.key == key, place


def test_possessives_lower_case_fame_and_harbours_as_named() -> None:
    from core.understand.places import find_place
    assert find_place("Kaohsiung's tides").key == "kaohsiung"   # type: ignore[union-attr]
    bali = find_place("bali sea temperature")
    assert bali is not None and bali.country == "ID" and not bali.ambiguous
    harbour = find_place("鼻頭漁港潮汐")  # filed under the cape beside it, named as asked
    assert harbour is not None and harbour.key == "bitou_cape" and harbour.name_zh == "鼻頭漁港"


@pytest.mark.e2e
async def test_waves_as_wind_answer_gives_the_wind_and_the_tides() -> None:
    from openmeteo_server import OpenMeteoServer

    with OpenMeteoServer() as om:
        router = Router(Settings(odbchat_backend="local", open_meteo_url=om.url), llm=None)
        try:
            answer = await router.answer(Question(query="基隆出海風浪大不大", tz="Asia/Taipei",
                                                  query_time="2025-11-25T10:00:00+08:00"))
        finally:
            await router.aclose()
    assert answer.tool == "weather.forecast"
    assert answer.text.startswith(t("zh", "understand.sea_state_wind"))
    assert "風" in answer.text and ("滿潮" in answer.text or "乾潮" in answer.text)
