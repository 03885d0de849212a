"""Issue 26 §5 through the real Router, in new wordings: a question about the data or the tide gets the
passage that fits it (with its source), a question on one subject never a passage on another, and a
question no passage fits gets "I have none" with the nearest topics."""
from __future__ import annotations

import pytest
from passage_topics import topic_of
from router_ask import ask_router

from core.answers.explain import asked_subjects, fits
from core.answers.retrieval import knowledge_base, search

QT = "2026-11-27T09:30:00+08:00"


@pytest.mark.parametrize("query,topic,says", [
    # latency: the sea temperature is a day or two old; tides and weather refresh differently
    ("海溫怎麼都是前一兩天的？", "mur", "昨天或前天"),
    ("how come the water temperature you give is from a couple of days ago?", "mur", "one day after"),
    ("潮汐表多久更新一次？", "tide_data_sources", "沒有延遲"),
    ("how often does the weather forecast get updated?", "weather", "every few hours"),
    # how MUR is made
    ("MUR 海溫是怎麼把衛星資料融合起來的？", "mur", "小波"),
    ("how is MUR SST blended from different satellites?", "mur", "microwave"),
    ("what does foundation temperature mean for MUR?", "mur", "foundation"),
    # what the anomaly is compared with
    ("海溫距平的基準期是哪幾年？", "sst_anomaly", "2003–2014"),
    ("what period is the SST anomaly's climatology from?", "sst_anomaly", "2003–2014"),
    # the datum of the heights, as the contract says (/datum chart)
    ("潮高的零點是哪裡？可以改成海圖基準面嗎？", "tide_datums", "/datum chart"),
    ("what are the tide heights measured from?", "tide_datums", "chart datum"),
    # predicted against observed
    ("為什麼潮位站量到的水位比預報高？", "forecast_accuracy", "氣壓"),
    ("why was the real sea level higher than the predicted tide?", ("forecast_accuracy", "tide_datums"), "surge"),
    # the tide's regularities
    ("滿潮為什麼每天都晚快一小時？", "lunar_day", "50 分鐘"),
    ("why are the two high tides of one day not equally high?", "tides", "inequality"),
    ("大潮跟小潮是什麼原因造成的？", "tides", "滿月"),
    ("how accurate are harmonic tide predictions years ahead?", "forecast_accuracy", "minutes"),
    # the calendar, the Kuroshio, ENSO, the moon and fishing
    ("二十四節氣是怎麼定的？", "solar_terms", "15 度"),
    ("what is a solar term?", "solar_terms", "15 degrees"),
    ("what is the Kuroshio current?", "kuroshio", "Kuroshio"),
    ("聖嬰年台灣附近海水會比較暖嗎？", "enso", "聖嬰"),
    ("滿月前後釣魚比較好嗎？", "fishing_tides", "不保證漁獲"),
    ("does the phase of the moon affect fishing?", "fishing_tides", "does not rate days"),
])
async def test_the_passage_that_fits_answers(query: str, topic: str | tuple[str, ...], says: str) -> None:
    answer = await ask_router(query, QT, dry_run=False)
    assert answer.mode == "explain", (query, answer.mode, answer.text[:120])
    topics = (topic,) if isinstance(topic, str) else topic
    assert answer.citations and topic_of(answer.citations[0].title) in topics, \
        (query, [c.title for c in answer.citations], answer.text[:160])
    assert says in answer.text, (query, answer.text)
    assert answer.citations[0].source.startswith("https://")


@pytest.mark.parametrize("query,lang,subject", [
    ("why is the sea temperature you show a day or two behind?", "en", "sst"),
    ("潮汐預報多久更新一次？", "zh", "tide"),
])
def test_a_passage_on_another_subject_never_fits(query: str, lang: str, subject: str) -> None:
    assert subject in asked_subjects(query)
    for passage, _score in search(query, k=12, lang=lang):
        if passage.subjects and not passage.subjects & asked_subjects(query):
            assert not fits(query, passage), passage.title


@pytest.mark.parametrize("query,near", [
    ("how does the bot choose the colour of the tide chart line?", "tide"),
    ("潮汐表可以印成 A3 海報嗎？", "潮"),
])
async def test_no_passage_fits_says_so_and_offers_the_nearest_topics(query: str, near: str) -> None:
    answer = await ask_router(query, QT, dry_run=False)
    assert not answer.citations, (query, answer.mode, answer.text[:200])
    assert answer.mode != "explain" or near.lower() in answer.text.lower(), answer.text


def test_every_passage_lists_known_subjects_and_both_languages_exist() -> None:
    by_topic: dict[str, set[str]] = {}
    for passage in knowledge_base():
        assert passage.subjects <= {"tide", "sst", "weather", "sky", "time", "tsunami", "licence"}, passage.title
        by_topic.setdefault(passage.topic, set()).add(passage.lang)
    for topic in ("solar_terms", "mur", "fishing_tides", "weather", "tide_data_sources"):
        assert by_topic[topic] == {"zh", "en"}, topic


@pytest.mark.parametrize("query,lang", [("潮汐表可以印成 A3 海報嗎？", "zh"), ("can the tide table be printed as a poster?", "en"),
                                        ("潮汐資料延遲多久？", "zh")])
def test_the_nearest_topics_offered_are_on_the_question_s_subject(query: str, lang: str) -> None:
    from core.answers.explain import nearest_topics
    names = nearest_topics(query, lang)
    sst_only = {p.document for p in knowledge_base() if p.subjects == frozenset({"sst"})}
    assert not set(names) & sst_only, names


@pytest.mark.parametrize("query", ["月亮會影響天氣嗎", "does the moon affect the weather"])
def test_the_weather_beside_another_subject_is_no_weather_passage(query: str) -> None:
    # the weather is the condition; a passage on the weather alone (ENSO) answers another question
    for passage, _score in search(query, k=12):
        if "weather" in passage.subjects and not passage.subjects & (asked_subjects(query) - {"weather"}):
            assert not fits(query, passage), passage.title
