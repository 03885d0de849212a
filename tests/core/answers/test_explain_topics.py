"""Explanations on the topics users ask about the data and the tide (issue 26): each question gets the
passage that fits it, with its source; a question no passage fits gets the nearest topics, never a
neighbouring passage."""
from __future__ import annotations

import pytest

from core.answers.explain import explain_answer, fits, nearest_topics, off_topic_reply, select_passages
from core.answers.retrieval import knowledge_base, search


@pytest.mark.parametrize("query,lang,topic,says", [
    ("MUR 和 OISST 有什麼不同", "zh", "sst_products", "OISST"),
    ("what is the difference between OSTIA and MUR", "en", "sst_products", "OSTIA"),
    ("what is the SST anomaly compared against", "en", "sst_anomaly", "2003–2014"),
    ("海溫距平是跟哪一段時間比", "zh", "sst_anomaly", "2003–2014"),
    ("why are the two high tides of a day not the same height", "en", "tides", "inequality"),
    ("why does the weather forecast differ from what actually happened", "en", "forecast_accuracy", "observation"),
    ("how late is the MUR SST, can I get today's value?", "en", "mur", "one day"),
])
async def test_the_passage_that_fits_answers_with_its_source(query: str, lang: str, topic: str, says: str) -> None:
    passages, off_topic = select_passages(query, lang)
    assert not off_topic and passages[0].topic == topic, [p.topic for p in passages]
    result = await explain_answer(query, lang, None)
    assert says in result.text and result.citations[0]["source"].startswith("https://")


def test_every_new_topic_is_in_both_languages_and_cites_a_page() -> None:
    by_topic: dict[str, set[str]] = {}
    for passage in knowledge_base():
        by_topic.setdefault(passage.topic, set()).add(passage.lang)
        assert passage.source.startswith("https://"), passage.title
    assert by_topic["sst_products"] == by_topic["sst_anomaly"] == {"zh", "en"}


async def test_a_neighbouring_passage_is_not_passed_off_as_the_answer() -> None:
    query = "what is the best bait for squid"
    hits = search(query, k=3, lang="en")
    assert hits and hits[0][0].topic == "fishing_tides" and not fits(query, hits[0][0])
    result = await explain_answer(query, "en", None)
    assert result.off_topic and result.citations == []
    assert result.text == off_topic_reply("en", nearest_topics(query, "en"))
    assert "Does the tide" not in result.text and "nearest topics" in result.text


@pytest.mark.parametrize("query,lang,near", [
    ("釣魷魚要用什麼餌", "zh", "釣魚"),
    ("what is the best bait for squid", "en", "Fishing"),
])
async def test_no_passage_offers_the_nearest_topics_in_the_users_language(query: str, lang: str, near: str) -> None:
    topics = nearest_topics(query, lang)
    assert 1 <= len(topics) <= 3 and any(near in name for name in topics)
    assert select_passages(query, lang)[1]   # no passage fits
    assert all(name.isascii() is (lang == "en") for name in topics)   # names in the asker's language


async def test_far_from_everything_says_what_the_bot_can_do() -> None:
    assert nearest_topics("今天股市如何？", "zh") == ()
    result = await explain_answer("今天股市如何？", "zh", None)
    assert result.text == off_topic_reply("zh")
