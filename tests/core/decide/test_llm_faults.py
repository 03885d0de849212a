"""The LLM under faults, through `Router.answer` and a loopback server speaking Ollama's API.

Whatever the model does — slow first byte, tokens trickling forever, a hung connection, a
connect that never completes, 2 MB of text, JSON nested 100,000 deep, escape codes, links,
tools outside the catalog — the user gets the heuristic answer (or a cleaned explanation)
within the question's one LLM budget, never an error.
"""
from __future__ import annotations

import time
from typing import Any

import pytest

from core.config import Settings
from core.decide.llm_output import MAX_JSON_DEPTH, clean_text, json_depth, parse_json_object, url_allowed
from core.decide.llm_plan import validate_plan
from core.envelope import Question
from core.router import Router
from ollama_server import OllamaServer, stalled_listener
from upstream_server import running_upstream

QT = "2025-11-14T11:00:00+08:00"
BUDGET = 1.5
MARGIN = 1.0
UNDECIDED = "(121.5,25.0) 海水現在幾度？"   # the heuristics cannot decide: the LLM is asked
TWO_CALLS = "請說明一下 MUR"   # no heuristic plan (a data-set concept is one now), then an explanation: two LLM calls
CODE = "(121.5,25.0) 寫一個 Python 程式畫潮汐"
EXPLAIN = "GHRSST 是什麼資料？"
ERROR_WORDS = ("Traceback", "Exception", "error", "錯誤", "出了點問題", "something went wrong")


@pytest.fixture(scope="module")
def upstream():
    with running_upstream(latest="2025-11-10") as url:
        yield url


def settings(upstream: Any, host: str) -> Settings:
    return Settings(metocean_mcp_url=str(upstream), odbchat_backend="upstream", ollama_host=host,
                    odbchat_llm_timeout=BUDGET)


async def ask(router: Router, query: str) -> tuple[dict[str, Any], float]:
    """The envelope of one question and the seconds it took."""
    started = time.perf_counter()
    answer = await router.answer(Question(query=query, tz="Asia/Taipei", query_time=QT, debug=True))
    return answer.to_json_dict(), time.perf_counter() - started


async def heuristic(upstream: Any, query: str) -> dict[str, Any]:
    """The answer the router gives with no LLM at all."""
    router = Router(settings(upstream, "http://127.0.0.1:9"), llm=None)
    env, _ = await ask(router, query)
    await router.aclose()
    return env


async def answer_with(upstream: Any, host: str, query: str) -> tuple[dict[str, Any], float]:
    router = Router(settings(upstream, host))
    try:
        return await ask(router, query)
    finally:
        await router.aclose()


def assert_no_error(env: dict[str, Any]) -> None:
    assert "error" not in env
    assert not any(word in env["text"] for word in ERROR_WORDS), env["text"]


# --- the time budget -----------------------------------------------------------------------

@pytest.mark.e2e
@pytest.mark.parametrize("fault", ["slow", "trickle", "hang"])
@pytest.mark.parametrize("query", [UNDECIDED, TWO_CALLS, CODE])
async def test_misbehaving_llm_costs_at_most_the_budget(upstream, fault: str, query: str) -> None:
    expected = await heuristic(upstream, query)
    configs = {"slow": dict(reply={"mode": "explain"}, delay=30.0),
               "trickle": dict(reply='{"mode": "mcp_tools", "mcp": {"tool": "tide.forecast"', mode="trickle",
                               delay=0.05),
               "hang": dict(mode="hang")}
    with OllamaServer(**configs[fault]) as server:
        env, elapsed = await answer_with(upstream, server.url, query)
        assert server.calls >= 1   # the LLM was really asked
    assert elapsed <= BUDGET + MARGIN, f"{fault}: {elapsed:.2f} s"
    assert env["text"] == expected["text"] and env.get("tool") == expected.get("tool")
    assert env.get("code") == expected.get("code")
    assert_no_error(env)


@pytest.mark.e2e
async def test_connect_that_never_completes_costs_at_most_the_budget(upstream) -> None:
    expected = await heuristic(upstream, TWO_CALLS)
    with stalled_listener() as listener:
        env, elapsed = await answer_with(upstream, listener.url, TWO_CALLS)
    assert elapsed <= BUDGET + MARGIN
    assert env["text"] == expected["text"]
    assert env["debug"]["llm_calls"] == 1   # the plan call used the budget; the explanation did not wait again


@pytest.mark.e2e
async def test_healthy_llm_still_answers_after_a_slow_plan(upstream) -> None:
    """Time left after the plan call goes to the explanation: both calls fit in one budget."""
    def reply(body: dict[str, Any]) -> Any:
        return {"mode": "explain"} if body.get("format") else "GHRSST is a family of sea-surface temperature data [1]."
    with OllamaServer(reply=reply, delay=0.3) as server:
        env, elapsed = await answer_with(upstream, server.url, TWO_CALLS)
        assert server.calls == 2
    assert elapsed <= BUDGET + MARGIN
    assert env["text"] == "GHRSST is a family of sea-surface temperature data."


@pytest.mark.e2e
async def test_a_hung_llm_is_rested_so_the_next_questions_do_not_wait(upstream) -> None:
    """After one question spent its budget on a hung LLM, the next ones skip it (a cooldown)."""
    expected = await heuristic(upstream, UNDECIDED)
    with OllamaServer(mode="hang") as server:
        router = Router(settings(upstream, server.url))
        try:
            first, first_s = await ask(router, UNDECIDED)
            later = [await ask(router, UNDECIDED) for _ in range(3)]
        finally:
            await router.aclose()
        assert server.calls == 1
    assert first_s >= BUDGET - 0.2 and first["text"] == expected["text"]
    assert all(seconds < 0.5 and env["text"] == expected["text"] and env["debug"]["llm_calls"] == 0
               for env, seconds in later)


# --- size, depth and type ------------------------------------------------------------------

def huge_text(_body: dict[str, Any]) -> str:
    return "x" * (2 * 1024 * 1024)


DEEP = "[" * 100_000 + "]" * 100_000
HOSTILE_PLANS = {
    "2 MB reply": huge_text,
    "nested 100,000 deep": DEEP,
    "nested object": '{"mode": "mcp_tools", "mcp": {"tool": "tide.forecast", "arguments": ' + "{\"a\": " * 5000
                     + "1" + "}" * 5000 + "}}",
    "integer of 10,000 digits": '{"mode": "mcp_tools", "mcp": {"tool": "tide.forecast", "arguments": '
                                '{"longitude": ' + "9" * 10_000 + ', "latitude": 25.0}}}',
    "huge number": {"mode": "mcp_tools", "mcp": {"tool": "ghrsst.point_value",
                                                 "arguments": {"longitude": 1e308, "latitude": 25.0}}},
    "wrong types": {"mode": ["mcp_tools"], "mcp": "tide.forecast"},
    "arguments not an object": {"mode": "mcp_tools", "mcp": {"tool": "ghrsst.point_value", "arguments": [1, 2]}},
    "string for a number": {"mode": "mcp_tools", "mcp": {"tool": "ghrsst.point_value",
                                                         "arguments": {"longitude": "east", "latitude": 25.0}}},
    "url in arguments": {"mode": "mcp_tools", "mcp": {"tool": "tide.forecast", "arguments": {
        "station_id": "https://evil.example.com/x", "longitude": 121.5, "latitude": 25.0}}},
    "unknown tool": {"mode": "mcp_tools", "mcp": {"tool": "shell.exec", "arguments": {"cmd": "rm -rf /"}}},
    "unknown mode": {"mode": "exec", "mcp": None},
    "not an object": [1, 2, 3],
}


@pytest.mark.e2e
@pytest.mark.parametrize("name", list(HOSTILE_PLANS))
async def test_hostile_plan_falls_back_to_the_heuristics(upstream, name: str) -> None:
    expected = await heuristic(upstream, UNDECIDED)
    upstream.state.clear()
    with OllamaServer(reply=HOSTILE_PLANS[name]) as server:
        env, elapsed = await answer_with(upstream, server.url, UNDECIDED)
        assert server.calls == 1
    assert env["tool"] == expected["tool"] == "ghrsst.point_value"
    assert env["arguments"] == expected["arguments"] and env["text"] == expected["text"]
    assert env["debug"]["decided_by"] == "inference"
    assert_no_error(env)
    assert "shell.exec" not in str(upstream.state.tool_calls) and "evil" not in str(upstream.state.tool_calls)
    assert len(str(env.get("plan", ""))) < 500   # the raw reply never travels in the envelope


@pytest.mark.parametrize("body", [
    b"{" * 100_000,                                             # the stream itself nested deep
    b'{"message": {"content": "' + b"y" * (2 * 1024 * 1024) + b'"}, "done": true}\n',   # 2 MB in one line
    b'{"message": {"content": "a"}, "done": false}\n' * 60_000,  # endless small chunks past the cap
    bytes(range(256)) * 100,                                     # binary junk
])
@pytest.mark.e2e
async def test_hostile_stream_falls_back(upstream, body: bytes) -> None:
    expected = await heuristic(upstream, UNDECIDED)
    with OllamaServer(reply=body, mode="raw") as server:     # type: ignore[arg-type]
        env, elapsed = await answer_with(upstream, server.url, UNDECIDED)
    assert env["text"] == expected["text"]
    assert elapsed <= BUDGET + MARGIN
    assert_no_error(env)


# --- what an explanation may carry -----------------------------------------------------------

HOSTILE_EXPLANATION = ("\x1b[31mGHRSST\x1b[0m 是海面溫度資料集\x07 [1]。\x1b]0;pwned\x07"
                       "詳見 https://evil.example.com/login 或 [點這裡](http://phish.example.org/a)，"
                       "<a href=\"https://evil.example.com\">官方網站</a>\u202e，"
                       "官方說明 https://www.ghrsst.org/ 與 www.evil.example.net/x。\r\n謝謝\x00")


@pytest.mark.e2e
async def test_explanation_is_cleaned_of_escape_codes_and_foreign_links(upstream) -> None:
    def reply(body: dict[str, Any]) -> Any:
        return {"mode": "explain"} if body.get("format") else HOSTILE_EXPLANATION
    with OllamaServer(reply=reply) as server:
        env, _ = await answer_with(upstream, server.url, EXPLAIN)
        assert server.calls >= 1
    text = env["text"]
    assert env["mode"] == "explain" and text.startswith("GHRSST 是海面溫度資料集")
    assert not any(ord(c) < 32 and c != "\n" for c in text) and "\x1b" not in text and "\u202e" not in text
    for foreign in ("evil", "phish", "pwned", "[31m", "<a"):
        assert foreign not in text, foreign
    assert "https://www.ghrsst.org/" in text and "點這裡" in text and "官方網站" in text
    assert env["citations"]


@pytest.mark.e2e
async def test_code_with_a_foreign_endpoint_is_not_used(upstream) -> None:
    expected = await heuristic(upstream, CODE)
    evil = "```python\nimport httpx\nprint(httpx.get('https://evil.example.com/x').text)\n```"
    with OllamaServer(reply=evil) as server:
        env, _ = await answer_with(upstream, server.url, CODE)
        assert server.calls == 1
    assert env["mode"] == "code" and env["code"] == expected["code"] and "evil" not in env["code"]


# --- the cleaning rules themselves -------------------------------------------------------------

def test_depth_is_measured_without_recursion() -> None:
    assert json_depth('{"a": "[[[[[[[[["}') == 1   # brackets inside strings do not count
    assert json_depth(DEEP) == MAX_JSON_DEPTH + 1    # stops counting past the limit
    assert parse_json_object(DEEP) == (None, "too long")
    assert parse_json_object("[" * 50)[1] == "nested too deep"
    assert parse_json_object('{"n": ' + "1" * 5000 + "}")[1] == "not JSON"
    assert parse_json_object('{"mode": "explain"}') == ({"mode": "explain"}, None)


@pytest.mark.parametrize("url, ok", [
    ("https://eco.odb.ntu.edu.tw/mcp/metocean", True),
    ("https://eco.odb.ntu.edu.tw", True),
    ("https://eco.odb.ntu.edu.tw@evil.com/", False),
    ("https://eco.odb.ntu.edu.tw.evil.com/", False),
    ("https://en.wikipedia.org/wiki/Tide", True),
    ("https://en.wikipedia.org/wiki/Tidewater", False),
    ("javascript:alert(1)", False),
])
def test_own_links_only(url: str, ok: bool) -> None:
    allowed = ("https://eco.odb.ntu.edu.tw/", "https://en.wikipedia.org/wiki/Tide")
    assert url_allowed(url, allowed) is ok


def test_clean_text_keeps_words_and_own_links() -> None:
    text = "Data: see [MUR](https://podaac.jpl.nasa.gov/dataset/MUR-JPL-L4-GLOB-v4.1), not https://x.example/."
    cleaned = clean_text(text, ("https://podaac.jpl.nasa.gov/dataset/MUR-JPL-L4-GLOB-v4.1",))
    assert cleaned == "Data: see [MUR](https://podaac.jpl.nasa.gov/dataset/MUR-JPL-L4-GLOB-v4.1), not ."


def test_valid_plan_still_passes() -> None:
    checked = validate_plan({"mode": "mcp_tools", "confidence": 0.9, "rationale": "tide \x1b[1mhttps://x.example",
                             "mcp": {"tool": "tide.forecast", "arguments": {"longitude": 121.5, "latitude": 25.0,
                                                                            "extra": "dropped"}}})
    assert checked.plan is not None and checked.plan.arguments.model_dump(exclude_unset=True) == {"longitude": 121.5, "latitude": 25.0}
    assert checked.raw is not None and checked.raw["rationale"] == "tide"


@pytest.mark.e2e
async def test_runaway_explanation_is_cut_to_a_chat_message(upstream) -> None:
    sentence = "The MUR analysis blends many satellites into one daily map [1]. "
    def reply(body: dict[str, Any]) -> Any:
        return {"mode": "explain"} if body.get("format") else sentence * 400   # about 26,000 characters
    with OllamaServer(reply=reply) as server:
        env, _ = await answer_with(upstream, server.url, "what is the kuroshio current?")
        assert server.calls == 1
    assert env["mode"] == "explain" and 1000 < len(env["text"]) <= 2000 and env["text"].endswith(".")
