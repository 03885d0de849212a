"""Explain answers: grounded LLM path (against the local Ollama stub), fallbacks, off-topic."""
from __future__ import annotations

import time

import pytest

from core.answers.explain import FALLBACK_CHARS, explain_answer, sea_state_reply, trim_to_sentences
from core.decide.llm import LLMClient
from core.answers.retrieval import knowledge_base
from ollama_server import OllamaServer, unused_port


@pytest.fixture
def server():
    with OllamaServer(reply="GHRSST 是國際高解析度海表溫度組織 [1]。") as srv:
        yield srv


def _chunk_ids(result) -> set[int]:
    return {c["chunk_id"] for c in result.citations}


@pytest.mark.e2e
async def test_llm_path_is_grounded_and_cited(server: OllamaServer) -> None:
    llm = LLMClient(server.url, "test-model", timeout=5.0)
    result = await explain_answer("GHRSST 是什麼？", "zh", llm)

    assert server.calls == 1 and result.llm_calls == 1 and llm.calls == 1
    assert result.grounded and not result.off_topic
    assert result.text == "GHRSST 是國際高解析度海表溫度組織。"  # [n] markers become citations
    messages = server.messages()
    assert messages[0]["role"] == "system" and "參考段落" in messages[0]["content"]
    prompt = messages[-1]["content"]
    assert "GHRSST 是什麼？" in prompt
    cited = result.citations
    assert len(cited) == 1 and set(cited[0]) == {"title", "source", "chunk_id"}
    passage = knowledge_base()[cited[0]["chunk_id"]]
    assert passage.text in prompt  # the cited passage was really in the grounded prompt
    assert passage.topic == "ghrsst" and passage.lang == "zh"


@pytest.mark.e2e
async def test_llm_path_english_cites_all_passages_without_markers(server: OllamaServer) -> None:
    server.configure(reply="Spring tides happen around new and full moon.")
    llm = LLMClient(server.url, "test-model", timeout=5.0)
    result = await explain_answer("What are spring and neap tides?", "en", llm)
    assert server.calls == 1
    assert "Answer only from" in server.messages()[0]["content"]
    prompt = server.messages()[-1]["content"]
    assert len(result.citations) >= 1
    for chunk_id in _chunk_ids(result):
        assert knowledge_base()[chunk_id].text in prompt
    assert knowledge_base()[result.citations[0]["chunk_id"]].topic == "tides"


async def test_no_llm_answers_from_passages() -> None:
    result = await explain_answer("什麼是海洋熱浪？", "zh", None)
    assert result.llm_calls == 0 and result.grounded and not result.off_topic
    assert "90" in result.text and "五天" in result.text
    assert len(result.text) <= FALLBACK_CHARS + 1
    assert result.citations and knowledge_base()[result.citations[0]["chunk_id"]].lang == "zh"


@pytest.mark.e2e
async def test_llm_down_still_answers_with_citations() -> None:
    llm = LLMClient(f"http://127.0.0.1:{unused_port()}", "test-model", timeout=2.0)
    result = await explain_answer("Why are tide heights for reference only?", "en", llm)
    assert result.llm_calls == 1 and result.grounded
    assert "astronomical tide" in result.text
    assert result.citations[0]["source"].startswith("https://")


@pytest.mark.e2e
async def test_llm_slow_falls_back_within_timeout(server: OllamaServer) -> None:
    server.configure(delay=5.0)
    llm = LLMClient(server.url, "test-model", timeout=0.5)
    started = time.perf_counter()
    result = await explain_answer("What is civil twilight?", "en", llm)
    assert time.perf_counter() - started < 3.0
    assert server.calls == 1 and result.llm_calls == 1
    assert "6°" in result.text and result.citations


@pytest.mark.e2e
async def test_llm_http_error_falls_back(server: OllamaServer) -> None:
    server.configure(mode="http500")
    llm = LLMClient(server.url, "test-model", timeout=2.0)
    result = await explain_answer("大潮跟小潮是什麼？", "zh", llm)
    assert "大潮" in result.text and result.citations


@pytest.mark.parametrize("query,lang,needle", [
    ("今天股市如何？", "zh", "基隆明天會下雨嗎？"),
    ("Recommend a good pizza place", "en", "tides in Keelung tomorrow"),
    ("hello", "en", "tides"),
])
@pytest.mark.e2e
async def test_off_topic_reply_without_llm_call(server: OllamaServer, query: str, lang: str, needle: str) -> None:
    llm = LLMClient(server.url, "test-model", timeout=2.0)
    result = await explain_answer(query, lang, llm)
    assert result.off_topic and not result.grounded
    assert needle in result.text
    assert result.citations == [] and result.llm_calls == 0 and server.calls == 0


async def test_language_follows_question_when_auto() -> None:
    result = await explain_answer("月相有哪些？", "auto", None)
    assert "眉月" in result.text


def test_sea_state_reply() -> None:
    assert sea_state_reply("zh").startswith("目前僅提供海表溫度與潮汐資訊")
    assert "cwa.gov.tw" in sea_state_reply("en") and sea_state_reply("en").startswith("Only sea surface")


def test_trim_cuts_at_sentence_end() -> None:
    text = "第一句。第二句很長" + "很" * 50 + "。第三句。"
    assert trim_to_sentences(text, 20) == "第一句。"
    english = "One. Two is longer. Three."
    assert trim_to_sentences(english, 20) == "One. Two is longer."
    assert trim_to_sentences("short", 20) == "short"
