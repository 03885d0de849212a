"""Issue 26, the breadth of explanations: what users of a tide, sea and weather bot ask about, answered from a
sourced passage in both languages (the rule of twelfths, double high waters, typhoon names and warnings, why the
sea is salty, bores, spring tides' name and the equinoxes, tide-table words, the Beaufort scale, sea breezes,
wind chill, the monsoons, the Oyashio, GMT/UTC and daylight saving), through the real Router in new wordings:
the passage that fits answers and its neighbour does not; a question about an idea whose words look like a
place (Beaufort, Severn, Southampton) or hold a data word (foundation SST, tide table) is explained, while the
same words asking for a place's data stay a data question."""
from __future__ import annotations

import pytest
from passage_topics import topic_of
from router_ask import ask_router

from core.answers.retrieval import knowledge_base

QT = "2026-11-27T09:30:00+08:00"

NEW_TOPICS = ("rule_of_twelfths", "double_tides", "typhoons", "sea_salt", "tidal_bore", "spring_tides", "tide_terms",
              "beaufort", "sea_breeze", "feels_like", "monsoon", "oyashio", "time_zones", "acqua_alta")


@pytest.mark.parametrize("query,topic,neighbour,says", [
    ("can you explain the 1-2-3-3-2-1 rule for tides", "rule_of_twelfths", "tides", "twelfths"),
    ("十二分法則在台灣準嗎", "rule_of_twelfths", "taiwan_tides", "混合潮"),
    ("why does the tide at Southampton stall and then rise again", "double_tides", "tides", "double high water"),
    ("索倫特海峽為什麼有雙滿潮", "double_tides", "tides", "雙滿潮"),
    ("who decides what a typhoon is called", "typhoons", "upwelling", "Typhoon Committee"),
    ("颱風的名字用完了怎麼辦", "typhoons", "storm_surge", "循環"),
    ("when does CWA issue a land typhoon warning", "typhoons", "storm_surge", "18 hours"),
    ("海上颱風警報跟陸上颱風警報差在哪", "typhoons", "storm_surge", "七級風"),
    ("where does the salt in the ocean come from", "sea_salt", "upwelling", "rocks"),
    ("死海為什麼比海水鹹", "sea_salt", "taiwan_sst_seasons", "蒸發"),
    ("how does a tidal bore form", "tidal_bore", "tidal_range", "funnel"),
    ("湧潮是怎麼形成的", "tidal_bore", "tidal_range", "喇叭"),
    ("does the name spring tide have anything to do with the season", "spring_tides", "moon_phases", "springing forth"),
    ("為什麼英文把大潮叫 spring tide", "spring_tides", "moon_phases", "不是春天"),
    ("why are the March and September spring tides the biggest", "spring_tides", "king_tides", "equator"),
    ("春分秋分前後潮水會比較大嗎", "spring_tides", "solar_terms", "赤道"),
    ("what's the difference between high water and low water on a tide table", "tide_terms", "tidal_currents", "range"),
    ("how should I read a tide table", "tide_terms", "forecast_accuracy", "datum"),
    ("潮汐表上的數字要怎麼看", "tide_terms", "forecast_accuracy", "基準面"),
    ("what wind speed is force 7", "beaufort", "typhoons", "near gale"),
    ("蒲福風級七級是多少風速", "beaufort", "typhoons", "13.9"),
    ("why does the wind pick up at the coast every afternoon", "sea_breeze", "sst_layers", "sea breeze"),
    ("海陸風是怎麼來的", "sea_breeze", "forecast_accuracy", "陸風"),
    ("why does it feel colder than the thermometer says when it's windy", "feels_like", "sst_air", "Wind chill"),
    ("風寒效應是怎麼回事", "feels_like", "sst_air", "風寒"),
    ("why is Keelung so rainy in winter", "monsoon", "enso", "northeast monsoon"),
    ("東北季風是怎麼來的", "monsoon", "enso", "冷高壓"),
    ("is the Oyashio a warm or a cold current", "oyashio", "sst_air", "cold current"),
    ("親潮是暖流還是寒流", "oyashio", "kuroshio", "寒流"),
    ("why do the clocks go forward in spring", "time_zones", "spring_tides", "daylight"),
    ("台灣以前有夏令時間嗎", "time_zones", "solar_terms", "1979"),
    ("is GMT the same thing as UTC", "time_zones", "mur", "atomic clocks"),
    ("what does MLLW stand for", "tide_datums", "tides", "MLLW"),
    ("why do typhoons need a warm sea to form", "typhoons", "upwelling", "26.5"),
    ("颱風是怎麼生成的", "typhoons", "upwelling", "26.5"),
    ("what causes tides", "tide_forces", "double_tides", "Moon"),
    ("is Venice's acqua alta just a big tide", "acqua_alta", "king_tides", "sirocco"),
    ("威尼斯水淹是潮汐造成的嗎", "acqua_alta", "storm_surge", "西洛可風"),
    ("why is high tide at Tamsui hours later than at Keelung", "taiwan_tides", "lunar_day", "different paths"),
])
async def test_the_passage_that_fits_answers_and_its_neighbour_does_not(query: str, topic: str, neighbour: str,
                                                                         says: str) -> None:
    answer = await ask_router(query, QT, dry_run=False)
    cited = [topic_of(c.title) for c in answer.citations]
    assert answer.mode == "explain" and cited[:1] == [topic], (query, answer.mode, cited, answer.text[:120])
    assert neighbour not in cited, (query, cited)
    assert says in answer.text, (query, answer.text)


@pytest.mark.parametrize("query", ["宜蘭現在有沒有海嘯警報", "is a tsunami warning out for Hualien"])
async def test_a_passage_on_one_named_idea_is_no_answer_on_another(query: str) -> None:
    answer = await ask_router(query, QT, dry_run=False)
    assert all(topic_of(c.title) != "typhoons" for c in answer.citations), [c.title for c in answer.citations]


@pytest.mark.parametrize("query", ["颱風現在在哪 有路徑圖嗎", "where is the typhoon right now"])
async def test_where_a_typhoon_is_now_is_declined_not_explained(query: str) -> None:
    answer = await ask_router(query, QT, dry_run=False)
    assert answer.mode == "fallback" and not answer.citations, (query, answer.mode, answer.text[:120])


@pytest.mark.parametrize("query,topic", [
    # a data word or a place's name inside a question about an idea
    ("is the sea temperature you give what I'd feel swimming at the beach", "sst_layers"),
    ("如果我去游泳，感覺到的水溫跟你給的基礎海溫一樣嗎", "sst_layers"),
    ("is foundation SST the same as the surface temperature a swimmer feels", "sst_layers"),
    ("what's Beaufort force 5 in knots", "beaufort"),
    ("is the Severn bore bigger at the equinox", "tidal_bore"),
    ("what is the Southampton double tide", "double_tides"),
    ("is it daylight saving in London now", "time_zones"),
    ("does Taiwan use daylight saving", "time_zones"),
    ("how do I use the rule of twelfths", "rule_of_twelfths"),
    ("are your tide times as good as the UKHO's", "forecast_accuracy"),
    ("what exactly is a tidal bore? the Severn one floods the lanes", "tidal_bore"),
    ("is Scotland on GMT or BST in summer", "time_zones"),
    ("你們的日出時間是用哪個時區？", "time_zones"),
    ("does your SST show the skin temperature or deeper water", "sst_layers"),
    ("rule of twelfths, can I use it to work out clearance at the harbour entrance?", "rule_of_twelfths"),
    # Cantonese question words and particles (Hong Kong askers)
    ("點解海水係鹹嘅", "sea_salt"),
    ("颱風嘅名係邊個改嘅", "typhoons"),
    ("蒲福風級係咩", "beaufort"),
    ("how good are your tide times compared to the Admiralty tables", "forecast_accuracy"),
])
async def test_an_idea_that_looks_like_a_place_or_data_is_explained(query: str, topic: str) -> None:
    answer = await ask_router(query, QT, dry_run=False)
    cited = [topic_of(c.title) for c in answer.citations]
    assert answer.mode == "explain" and cited[:1] == [topic], (query, answer.mode, cited, answer.text[:120])


@pytest.mark.parametrize("query,tool", [
    ("Beaufort SC tides tomorrow", "tide.forecast"),
    ("high tide at Southampton tomorrow", "tide.forecast"),
    ("Le Havre tides on Saturday", "tide.forecast"),
    ("Keelung tides on the equinox", "tide.forecast"),
    ("BST now", "time.now"),
    ("what time is it in London on GMT now", "time.now"),
    ("is it BST or GMT right now in Cardiff", "time.now"),
    ("causeway bay typhoon shelter tide tomorrow", "tide.forecast"),
    ("what's the wind chill in Boston now", "weather.forecast"),
    ("基隆現在的體感溫度", "weather.forecast"),
])
async def test_the_same_words_asking_a_place_s_data_stay_a_data_question(query: str, tool: str) -> None:
    answer = await ask_router(query, QT)
    assert answer.mode == "mcp_tools" and answer.tool == tool, (query, answer.mode, answer.tool, answer.text[:120])


def test_the_new_topics_exist_in_both_languages_with_a_source_and_a_subject() -> None:
    for topic in NEW_TOPICS:
        passages = [p for p in knowledge_base() if p.topic == topic]
        assert {p.lang for p in passages} == {"zh", "en"}, topic
        assert all(p.source.startswith("https://") and p.subjects for p in passages), topic
        # the no-LLM reply is the passage itself: an English one fits a chat reply
        assert all(len(p.text) <= 700 for p in passages if p.lang == "en"), topic
