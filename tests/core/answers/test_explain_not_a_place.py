"""Issue 26, explanation questions through the real Router in new wordings (both languages): a question
asking what a figure means, how or how deep it is measured, or why the sea does something, naming no
place, is explained from the passage that fits it — never taken for a place the bot could not read —
while a data question that names a place stays a data question; the clock now in a zone written as a
word ("UTC now?") is a time question, not a passage picked by its nearest words."""
from __future__ import annotations

import pytest
from passage_topics import topic_of
from router_ask import ask_router

from core.answers.explain import fits
from core.answers.retrieval import knowledge_base, search

QT = "2026-11-27T09:30:00+08:00"


@pytest.mark.parametrize("query,topic,says", [
    # what a figure means, with no place
    ("my app shows SST anomaly -0.8, what does that indicate", "sst_anomaly", "climatology"),
    ("海溫距平+1.5是代表比較熱嗎", "sst_anomaly", "氣候值"),
    # how and how deep the sea temperature is measured
    ("does the satellite measure the top millimetre or the water a few metres down?", "sst_layers", "foundation"),
    ("which depth does the SST number stand for", "sst_layers", "metres"),
    ("衛星的海溫是水面那一層還是水下的", "sst_layers", "基礎溫度"),
    ("衛星海溫是怎麼測量的", "sst_layers", "紅外線"),
    # the mixed layer and the thermocline
    ("is there a way to know the thermocline depth from your SST", "mixed_layer", "No satellite"),
    ("自由潛水下去會突然變冷 那層是什麼", "mixed_layer", "溫躍層"),
    ("混合層大概多深", "mixed_layer", "公尺"),
    # the seasonal lag
    ("why is the ocean hottest in late summer instead of at the solstice", "sst_air", "heat capacity"),
    ("為什麼冬至過後海水還在變冷", "sst_air", "熱容量"),
    # tidal range from place to place
    ("為什麼芬迪灣的潮差那麼大", "tidal_range", "共振"),
    ("what is an amphidrome", "tidal_range", "amphidromic point"),
    ("夏威夷的潮差為什麼那麼小", "tidal_range", "島"),
    # places the notes never name do not keep the general passage from answering
    ("how come Bali has small tides but Darwin has huge ones", "tidal_range", "shelf"),
    ("為什麼仁川潮差那麼大 關島卻很小", "tidal_range", "陸棚"),
    ("why does Saint-Malo get such big tides", "tidal_range", "resonance"),
    # upwelling, diurnal warming, clouds
    ("why does upwelling make the water cold", "upwelling", "Ekman"),
    ("為什麼有時候海邊的水突然冷好幾度 湧升流嗎", "upwelling", "湧升"),
    ("why is the water warmer at the beach in the afternoon than your SST", "sst_layers", "calm"),
    ("白天海面日變暖是什麼", "sst_layers", "下午"),
    ("有雲的時候衛星量得到海溫嗎", ("ghrsst", "sst_layers"), "雲"),
    # the tide's regularities and the data's limits, already in the notes
    ("為什麼有的地方一天只有一次漲潮", "tides", "全日潮"),
    ("is a king tide the same as a perigean spring tide", "king_tides", "perigee"),
    ("do your tide predictions include typhoon storm surge", "storm_surge", "astronomical"),
    ("海溫是今天的嗎 還是有延遲", "mur", "一天"),
    ("is the sst you give at 1 m or at the skin", "sst_layers", "skin"),
    ("為什麼我潛到二十米水溫差那麼多", "mixed_layer", "溫躍層"),
    ("海溫旁邊那個正負數字是什麼", "sst_anomaly", "距平"),
    ("為什麼早上的海水比較冷", "sst_layers", "夜間"),
    ("why does the water temperature at Kenting sometimes drop suddenly in summer", "upwelling", "colder"),
    ("為什麼墾丁夏天水溫有時突然掉好幾度", "upwelling", "南灣"),
    # the cold wake of a typhoon, the time of day of the value, what a tide height is measured from
    ("do typhoons leave colder water behind them", "upwelling", "cold wake"),
    ("颱風走了以後海溫為什麼掉下來", "upwelling", "冷尾跡"),
    ("is the sea temp a daily average or a snapshot", "mur", "09:00 UTC"),
    ("海溫是白天量的還是晚上量的", "mur", "夜間"),
    ("滿潮的高度是從哪裡量的", "tide_datums", "平均海水面"),
    ("is the tide height above the seabed or what", "tide_datums", "MSL"),
    ("why is my thermometer reading different from your SST", "sst_layers", "bulk"),
    # asked in plain words, or how it is worked out
    ("sst anomaly, plain english please", "sst_anomaly", "warmer than usual"),
    ("how is the anomaly worked out", "sst_anomaly", "climatology"),
    ("what's the deal with the thermocline", "mixed_layer", "thermocline"),
    ("why do tides differ so much between places", "tidal_range", "shelf"),
    # whether a figure is high, with no place or day: what it means
    ("海溫距平1.2算不算高", "sst_anomaly", "氣候值"),
    ("my sea temp reads 27 with an anomaly of +0.4, is that a lot", "sst_anomaly", "warmer than usual"),
])
async def test_an_explanation_question_naming_no_place_is_explained(query: str, topic: str | tuple[str, ...],
                                                                    says: str) -> None:
    answer = await ask_router(query, QT, dry_run=False)
    assert answer.mode == "explain", (query, answer.mode, answer.text[:120])
    topics = (topic,) if isinstance(topic, str) else topic
    assert answer.citations and topic_of(answer.citations[0].title) in topics, \
        (query, [c.title for c in answer.citations], answer.text[:160])
    assert says in answer.text, (query, answer.text)
    assert answer.citations[0].source.startswith("https://")


@pytest.mark.parametrize("query,tool", [
    ("基隆外海現在海溫多少", "ghrsst."),
    ("SST at Penghu yesterday", "ghrsst."),
    ("what's the sea temp anomaly at Kenting now", "ghrsst."),
    ("墾丁海溫距平多少", "ghrsst."),
    ("what was the measured water temp at Keelung", "ghrsst."),
    ("can you measure the sea temp at Penghu for me", "ghrsst."),
    ("high tide at Keelung at 2 m or more?", "tide."),
    ("基隆明天滿潮幾公分", "tide."),
    ("基隆海溫算高嗎", "ghrsst."),
    ("is the water temp at Kenting normal or not", "ghrsst."),
])
async def test_a_data_question_naming_a_place_stays_a_data_question(query: str, tool: str) -> None:
    answer = await ask_router(query, QT)
    assert answer.mode == "mcp_tools" and (answer.tool or "").startswith(tool), (query, answer.mode, answer.tool)


async def test_a_word_of_how_deep_does_not_make_a_place_question_understood() -> None:
    # "deep" is no intent the bot answers: the question is asked back, not answered with the tides there
    answer = await ask_router("how deep is the water at Keelung harbour", QT)
    assert answer.mode == "fallback" and not answer.citations, (answer.mode, answer.tool, answer.text[:120])


@pytest.mark.parametrize("query", ["GMT now", "現在UTC時間", "what's UTC at the moment", "協調世界時現在幾點",
                                   "格林威治標準時間現在是幾點呢", "格林尼治標準時間現在幾點",
                                   "current UTC time for my log"])
async def test_the_clock_now_in_a_zone_word_is_a_time_question(query: str) -> None:
    answer = await ask_router(query, QT)
    assert answer.tool == "time.now" and answer.arguments.get("tz") == "UTC", (query, answer.mode, answer.text[:120])


async def test_current_before_a_zone_s_time_is_now_not_an_ocean_current() -> None:
    answer = await ask_router("what's the current GMT time, for my field notes", QT, dry_run=False)
    assert answer.tool == "time.now" and "current" not in answer.text.lower(), answer.text


@pytest.mark.parametrize("query,lang,topic", [
    # a question on the sea temperature is not answered by a passage on the tide's range, nor the reverse
    ("why is the sea warmer in the afternoon", "en", "tidal_range"),
    ("為什麼大洋中的島嶼海溫比較穩定", "zh", "tidal_range"),
    ("why are the tides small at islands", "en", "mixed_layer"),
    ("潮差為什麼八九月比較大", "zh", "sst_air"),
])
def test_a_new_passage_answers_only_its_own_subject(query: str, lang: str, topic: str) -> None:
    for passage, _score in search(query, k=24, lang=lang):
        if passage.topic == topic:
            assert not fits(query, passage), passage.title


def test_the_new_topics_exist_in_both_languages_with_a_source() -> None:
    for topic in ("mixed_layer", "upwelling", "tidal_range", "sst_layers"):
        passages = [p for p in knowledge_base() if p.topic == topic]
        assert {p.lang for p in passages} == {"zh", "en"}, topic
        assert all(p.source.startswith("https://") and p.subjects for p in passages), topic


@pytest.mark.parametrize("query", ["why does Saint-Malo get such big tides", "why is the tidal range at Incheon so big"])
async def test_a_passage_on_taiwan_s_tides_answers_no_question_on_a_place_abroad(query: str) -> None:
    answer = await ask_router(query, QT, dry_run=False)
    assert all(topic_of(c.title) != "taiwan_tides" for c in answer.citations), [c.title for c in answer.citations]


async def test_a_word_shared_with_a_passage_does_not_make_it_the_answer() -> None:
    # the typhoon's cold wake shares "hurricane" with the question, not what it asks: the naming passage answers
    answer = await ask_router("how are hurricanes named", QT, dry_run=False)
    assert [topic_of(c.title) for c in answer.citations][:1] == ["typhoons"], [c.title for c in answer.citations]
    assert all(topic_of(c.title) != "upwelling" for c in answer.citations)
