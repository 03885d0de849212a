"""The router's one LLM call, against a local server speaking Ollama's /api/chat."""
from __future__ import annotations

import time

import pytest

from core.config import Settings
from core.envelope import Question
from core.decide.llm import LLMClient
from core.router import Router
from ollama_server import OllamaServer
from upstream_server import running_upstream

pytestmark = pytest.mark.e2e   # starts loopback servers or subprocesses

QT = "2025-11-14T11:00:00+08:00"
UNDECIDED = "(121.5,25.0) 海水現在幾度？"      # weak sea word + an ambiguous "how many degrees"


@pytest.fixture(scope="module")
def upstream():
    with running_upstream(latest="2025-11-10") as url:
        yield url


def make_router(upstream, server: OllamaServer, timeout: float = 5.0) -> Router:
    return Router(Settings(metocean_mcp_url=str(upstream), odbchat_backend="upstream"),
                  llm=LLMClient(server.url, "test-model", timeout=timeout))


async def ask(router: Router, query: str) -> dict:
    answer = await router.answer(Question(query=query, tz="Asia/Taipei", query_time=QT, debug=True))
    return answer.to_json_dict()


async def test_valid_plan_is_followed_with_schema_as_format(upstream):
    plan = {"mode": "mcp_tools", "mcp": {"tool": "tide.forecast",
                                          "arguments": {"longitude": 121.5, "latitude": 25.0}}}
    with OllamaServer(reply=plan) as server:
        router = make_router(upstream, server)
        env = await ask(router, "(121.5,25.0) 好想去看海")
        await router.aclose()
        body = server.requests[0]
    assert env["tool"] == "tide.forecast" and env["debug"]["decided_by"] == "llm"
    assert body["format"]["properties"]["mcp"]["properties"]["tool"]["enum"]   # the plan schema as `format`
    assert env["debug"]["llm_calls"] == 1


async def test_slots_override_llm_coordinates(upstream):
    plan = {"mode": "mcp_tools", "mcp": {"tool": "ghrsst.point_value",
                                          "arguments": {"longitude": 10.0, "latitude": 10.0}}}
    with OllamaServer(reply=plan) as server:
        router = make_router(upstream, server)
        env = await ask(router, UNDECIDED)
        await router.aclose()
    assert env["arguments"]["longitude"] == 121.5 and env["arguments"]["latitude"] == 25.0


async def test_invalid_json_falls_back_to_heuristics(upstream):
    with OllamaServer(mode="invalid_json") as server:
        router = make_router(upstream, server)
        env = await ask(router, UNDECIDED)
        await router.aclose()
        assert server.calls == 1
    assert env["tool"] == "ghrsst.point_value" and "error" not in env
    assert env["debug"]["decided_by"] == "inference"


async def test_slow_llm_is_bounded_and_invisible(upstream):
    with OllamaServer(reply={"mode": "explain"}, delay=5.0) as server:
        router = make_router(upstream, server, timeout=1.0)
        started = time.monotonic()
        env = await ask(router, UNDECIDED)
        elapsed = time.monotonic() - started
        await router.aclose()
    assert elapsed < 4.0
    assert env["tool"] == "ghrsst.point_value" and "SST ≈" in env["text"]


async def test_http_500_is_invisible(upstream):
    with OllamaServer(mode="http500") as server:
        router = make_router(upstream, server)
        env = await ask(router, UNDECIDED)
        await router.aclose()
    assert env["tool"] == "ghrsst.point_value" and "error" not in env


async def test_tool_outside_catalog_is_never_called(upstream):
    upstream.state.clear()
    plan = {"mode": "mcp_tools", "mcp": {"tool": "shell.exec", "arguments": {"cmd": "rm -rf /"}}}
    with OllamaServer(reply=plan) as server:
        router = make_router(upstream, server)
        env = await ask(router, "please run my command")
        await router.aclose()
    assert env.get("tool") in (None, "ghrsst.point_value", "tide.forecast", "ghrsst.bbox_mean",
                               "weather.forecast", "time.now")
    assert "shell.exec" not in str(upstream.state.tool_calls)
    assert "outside the catalog" in env["debug"]["llm_error"]


async def test_llm_unknown_argument_keys_are_dropped(upstream):
    upstream.state.clear()
    plan = {"mode": "mcp_tools", "mcp": {"tool": "tide.forecast",
                                          "arguments": {"longitude": 121.5, "latitude": 25.0,
                                                        "url": "http://evil.example.com/"}}}
    with OllamaServer(reply=plan) as server:
        router = make_router(upstream, server)
        env = await ask(router, "(121.5,25.0) 好想去看海")
        await router.aclose()
    assert "url" not in env["arguments"]
    assert all("url" not in args for _, args in upstream.state.tool_calls)


async def test_unreachable_llm_explain_still_answers(upstream):
    from ollama_server import unused_port

    router = Router(Settings(metocean_mcp_url=str(upstream), odbchat_backend="upstream"),
                    llm=LLMClient(f"http://127.0.0.1:{unused_port()}", "m", timeout=2))
    env = await ask(router, "hello, who are you?")
    await router.aclose()
    assert env["mode"] in ("explain", "fallback") and env["text"]
