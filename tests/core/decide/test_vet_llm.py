"""Issue 26: a doubt the heuristics cannot settle is given to the LLM with what was understood,
once; its plan is answered as a guess, never as fact (against a loopback Ollama-speaking server)."""
from __future__ import annotations

import json

import pytest

from core.config import Settings
from core.decide.llm import LLMClient
from core.envelope import Question
from core.router import Router
from ollama_server import OllamaServer

pytestmark = pytest.mark.e2e   # starts a loopback server

QT = "2026-11-26T09:00:00+08:00"
GUESS = {"mode": "mcp_tools", "mcp": {"tool": "tide.forecast", "arguments": {"longitude": 121.87, "latitude": 24.61}}}


async def _ask(server: OllamaServer, query: str):
    router = Router(Settings(odbchat_backend="local"), llm=LLMClient(server.url, "test-model", timeout=5))
    try:
        return await router.answer(Question(query=query, tz="Asia/Taipei", query_time=QT, debug=True, dry_run=True))
    finally:
        await router.aclose()


async def test_the_llm_is_asked_with_the_findings_and_its_answer_is_called_a_guess() -> None:
    with OllamaServer(reply=GUESS) as server:
        answer = await _ask(server, "蘇澳尾明天潮汐")
        sent = json.loads(server.requests[0]["messages"][-1]["content"])
    assert sent["understood"]["doubt"] == "place_piece" and sent["understood"]["words"] == "蘇澳尾"
    assert answer.tool == "tide.forecast" and answer.arguments and answer.arguments["latitude"] == 24.61
    assert answer.arguments["longitude"] == 121.87      # the guess, said to be one, not 蘇澳's own point
    first = answer.text.splitlines()[0]
    assert "推測" in first and "蘇澳尾" in first
    assert answer.debug and answer.debug["llm_calls"] == 1


async def test_without_a_usable_plan_it_still_asks_back() -> None:
    with OllamaServer(reply={"mode": "explain"}) as server:
        answer = await _ask(server, "蘇澳尾明天潮汐")
    assert answer.tool is None and "「蘇澳尾」" in answer.text
