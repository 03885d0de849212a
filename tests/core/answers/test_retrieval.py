"""Retrieval quality and tokenisation of the knowledge base (offline, no LLM)."""
from __future__ import annotations


import pytest
import yaml

from core.answers.retrieval import KNOWLEDGE_DIR, coverage, knowledge_base, search, tokenize

EVAL = yaml.safe_load((KNOWLEDGE_DIR / "eval_questions.yaml").read_text(encoding="utf-8"))
ON_TOPIC = EVAL["on_topic"]


def test_knowledge_base_is_bilingual_and_well_formed() -> None:
    passages = knowledge_base()
    # every knowledge file's sections are passages, none lost and none made up
    files = sorted(KNOWLEDGE_DIR.glob("*.md"))
    sections = sum(f.read_text(encoding="utf-8").count("\n## ") for f in files)
    assert len(passages) == sections and len(files) >= 25
    assert [p.chunk_id for p in passages] == list(range(len(passages)))
    for p in passages:
        assert p.lang in ("zh", "en")
        assert p.source.startswith("https://")
        assert p.title and len(p.text) > 80
    topics = {p.topic for p in passages}
    for topic in topics:  # every topic exists in both languages
        assert {p.lang for p in passages if p.topic == topic} == {"zh", "en"}, topic


def test_moon_phase_names_are_in_the_knowledge_base() -> None:
    text = " ".join(p.text for p in knowledge_base() if p.lang == "zh")
    for name in ("新月", "眉月", "上弦月", "盈凸月", "滿月", "虧凸月", "下弦月", "殘月"):
        assert name in text


def test_tokenize_cjk_unigrams_bigrams_and_latin_words() -> None:
    tokens = tokenize("GHRSST 海溫距平 Tides v4.1 0.01")
    assert "ghrsst" in tokens and "tide" in tokens  # lower-cased, plural folded
    assert {"海", "溫", "海溫", "溫距", "距平"} <= set(tokens)
    assert "v4.1" in tokens and "0.01" in tokens


def test_tokenize_drops_function_words() -> None:
    tokens = tokenize("什麼是潮汐？what is a tide")
    assert "是" not in tokens and "什麼" not in tokens and "what" not in tokens
    assert "潮汐" in tokens and "tide" in tokens


def test_labelled_questions_hit_top3_at_least_90_percent() -> None:
    assert len(ON_TOPIC) >= 30
    assert {q["lang"] for q in ON_TOPIC} == {"zh", "en"}
    misses = []
    for item in ON_TOPIC:
        topics = [p.topic for p, _ in search(item["q"], k=3, lang=item["lang"])]
        if not set(topics) & set(item["topics"]):
            misses.append((item["q"], topics))
    hit_rate = 1 - len(misses) / len(ON_TOPIC)
    assert hit_rate >= 0.9, misses


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_user_language_comes_first(lang: str) -> None:
    items = [q for q in ON_TOPIC if q["lang"] == lang]
    first_langs = [search(q["q"], k=1, lang=lang)[0][0].lang for q in items]
    assert first_langs.count(lang) / len(items) >= 0.9


def test_results_sorted_best_first_and_k_respected() -> None:
    hits = search("Why are there two high tides a day?", k=5)
    assert 0 < len(hits) <= 5
    scores = [s for _, s in hits]
    assert scores == sorted(scores, reverse=True)


def test_unknown_words_give_no_results() -> None:
    assert search("sourdough croissant baguette", k=3) == []
    assert search("", k=3) == []


def test_coverage_separates_on_and_off_topic() -> None:
    from core.answers.explain import OFF_TOPIC_COVERAGE

    def top_coverage(q: str, lang: str) -> float:
        hits = search(q, k=1, lang=lang)
        return coverage(q, hits[0][0]) if hits else 0.0

    assert min(top_coverage(q["q"], q["lang"]) for q in ON_TOPIC) >= OFF_TOPIC_COVERAGE
    assert max(top_coverage(q["q"], q["lang"]) for q in EVAL["off_topic"]) < OFF_TOPIC_COVERAGE


@pytest.mark.parametrize(("query", "lang", "topic"), [
    # Generic words (資料, 來源, source, difference) are shared by many passages: the topic word decides.
    ("潮汐數據的來源是哪裡", "zh", "tide_data_sources"),
    ("source of the sea surface temperature data", "en", "mur"),
    ("潮流和潮汐差別", "zh", "tidal_currents"),
    ("neap versus spring tides, what is the difference", "en", "tides"),
])
def test_topic_words_outweigh_generic_ones(query: str, lang: str, topic: str) -> None:
    assert search(query, k=1, lang=lang)[0][0].topic in {topic, "ghrsst" if topic == "mur" else topic}


def test_aliases_are_indexed_with_their_section_only() -> None:
    # tides.zh.md gives 大潮/小潮 as aliases of its spring-and-neap section, not of the others.
    sections = [p for p in knowledge_base() if p.topic == "tides" and p.lang == "zh"]
    with_alias = [p.title for p in sections if "小潮" in p.aliases]
    assert with_alias == ["大潮與小潮"]
    assert search("海水比空氣冷是為什麼", k=1, lang="zh")[0][0].topic == "sst_air"
