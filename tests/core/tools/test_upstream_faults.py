"""The core under upstream faults, through `Router.answer` with the `auto` backend.

Real parts only: the loopback upstream double (`upstream_server`: healthy, hung, 503,
refusing a day), a TCP server that never answers, a port where nothing listens, the real
MCP client, the real circuit breaker and the local engine. Timeouts are set small (1 s) so
the bounds below are checked in seconds.
"""
from __future__ import annotations

import asyncio
import socket
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager

import pytest

from core.config import Settings
from core.envelope import Answer, Question
from core.router import Router
from core.tools.backends import AutoBackend, CircuitBreaker
from core.words.strings import t
from upstream_server import UpstreamURL, running_upstream, silent_tcp_server, unused_url

QT = "2025-11-12T10:00:00+08:00"
TIDE_Q = "基隆潮汐"
CONNECT = 1.0
SLACK = 1.5


def _router(url: str, *, call_timeout: float = 10.0, cooldown: float = 60.0) -> Router:
    settings = Settings(odbchat_backend="auto", metocean_mcp_url=url, metocean_connect_timeout=CONNECT,
                        metocean_call_timeout=call_timeout)
    return Router(settings, llm=None, backends={"auto": AutoBackend(settings, cooldown=cooldown)})


def _breaker(router: Router) -> CircuitBreaker:
    backend = router.backend("auto")
    assert isinstance(backend, AutoBackend)
    return backend.breaker


async def _ask(router: Router, query: str = TIDE_Q) -> tuple[Answer, float]:
    start = time.monotonic()
    answer = await router.answer(Question(query=query, tz="Asia/Taipei", query_time=QT))
    return answer, time.monotonic() - start


async def _warm(router: Router) -> None:
    # Station table and ephemeris load once per process: not part of any wait measured here.
    answer = await router.answer(Question(query=TIDE_Q, tz="Asia/Taipei", query_time=QT, backend="local"))
    assert answer.backend == "local" and not answer.error


def _calls(url: UpstreamURL) -> int:
    return len(url.state.tool_calls)


@contextmanager
def never_accepting_server() -> Iterator[str]:
    """Yield a URL whose listener never accepts: its backlog is filled, so new SYNs are dropped."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(0)
    fillers = []
    try:
        for _ in range(4):
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            s.setblocking(False)
            try:
                s.connect(listener.getsockname())
            except BlockingIOError:
                pass
            fillers.append(s)
        time.sleep(0.2)
        yield f"http://127.0.0.1:{listener.getsockname()[1]}/mcp"
    finally:
        for s in fillers:
            s.close()
        listener.close()


@pytest.fixture
async def healthy() -> AsyncIterator[UpstreamURL]:
    with running_upstream(tide_range=("2025-01-01", "2026-12-31")) as url:
        yield url


# ------------------------------------------------------------------ 1. hangs: one connect timeout each

@pytest.mark.e2e
@pytest.mark.parametrize("kind", ["silent_tcp", "hung_mcp", "never_accepts"])
async def test_ten_questions_during_a_hang_each_wait_at_most_the_connect_timeout(kind: str) -> None:
    if kind == "silent_tcp":
        server = silent_tcp_server()
    elif kind == "hung_mcp":
        server = running_upstream(hang=True)
    else:
        server = never_accepting_server()
    with server as url:
        router = _router(url)
        await _warm(router)
        results = await asyncio.gather(*(_ask(router) for _ in range(10)))
        assert _breaker(router).state == "open"
        await router.aclose()
    for answer, elapsed in results:
        assert answer.backend == "local" and not answer.error
        assert answer.text.endswith(t("zh", "local_note"))
        assert elapsed < CONNECT + SLACK, [round(e, 2) for _, e in results]


@pytest.mark.e2e
async def test_a_hang_on_an_open_session_is_given_up_after_the_connect_timeout() -> None:
    with running_upstream() as url:
        router = _router(url, call_timeout=10.0)
        await _warm(router)
        first, _ = await _ask(router)
        assert first.backend == "upstream"
        url.state.behaviour.hang = True
        results = await asyncio.gather(*(_ask(router) for _ in range(10)))
        await router.aclose()
    for answer, elapsed in results:
        assert answer.backend == "local" and not answer.error
        assert elapsed < CONNECT + SLACK, [round(e, 2) for _, e in results]  # not the 10 s call timeout


@pytest.mark.e2e
async def test_a_slow_tool_on_a_live_upstream_is_not_taken_for_a_hang() -> None:
    with running_upstream(slow=2.0) as url:
        router = _router(url, call_timeout=6.0)
        answer, elapsed = await _ask(router)
        assert _breaker(router).state == "closed"
        await router.aclose()
    # Slower than the connect timeout, yet answered upstream: the ping showed the server alive.
    assert answer.backend == "upstream" and elapsed >= 2.0
    assert "ping" in [r.rpc_method for r in url.state.requests]


# ------------------------------------------------------------------ 2. the breaker opens on outages only

@pytest.mark.e2e
async def test_invalid_argument_leaves_a_healthy_upstream_in_use(healthy: UpstreamURL) -> None:
    router = _router(healthy)
    refused, _ = await _ask(router, "基隆 2030-01-01 潮汐")
    assert refused.error and refused.error.startswith("INVALID_ARGUMENT")
    assert _breaker(router).state == "closed"
    after, _ = await _ask(router)
    await router.aclose()
    assert after.backend == "upstream" and t("zh", "local_note") not in after.text
    assert _calls(healthy) == 2


@pytest.mark.e2e
async def test_not_found_leaves_a_healthy_upstream_in_use(healthy: UpstreamURL) -> None:
    router = _router(healthy)
    missing, _ = await _ask(router, "(121.5, 23.0) 2001-01-01 海溫")
    assert missing.error and missing.error.startswith("NOT_FOUND")
    after, _ = await _ask(router, "(121.5, 23.0) 2025-11-01 海溫")
    assert _breaker(router).state == "closed"
    await router.aclose()
    assert after.backend == "upstream" and not after.error


@pytest.mark.e2e
async def test_a_tools_own_unavailable_answer_falls_back_once_without_opening() -> None:
    with running_upstream(tide_down=True) as url:
        router = _router(url)
        down, _ = await _ask(router)
        assert down.backend == "local" and down.text.endswith(t("zh", "local_note"))
        assert _breaker(router).state == "closed"
        sst, _ = await _ask(router, "(121.5, 23.0) 2025-11-01 海溫")
        await router.aclose()
    assert sst.backend == "upstream"


@pytest.mark.e2e
@pytest.mark.parametrize("kind", ["http_503", "refused"])
async def test_an_outage_opens_the_breaker_and_the_next_questions_go_straight_local(kind: str) -> None:
    with running_upstream(http_status=503) as url:
        target = url if kind == "http_503" else unused_url()
        router = _router(target)
        await _warm(router)
        first, _ = await _ask(router)
        assert first.backend == "local" and _breaker(router).state == "open"
        seen = len(url.state.requests)
        results = await asyncio.gather(*(_ask(router) for _ in range(5)))
        await router.aclose()
        assert len(url.state.requests) == seen   # nobody knocked on the upstream while open
    for answer, elapsed in results:
        assert answer.backend == "local" and answer.text.endswith(t("zh", "local_note"))
        assert elapsed < 1.0


@pytest.mark.e2e
async def test_after_the_cooldown_one_probe_tries_the_upstream_and_closes_the_breaker() -> None:
    with running_upstream(http_status=503) as url:
        router = _router(url, cooldown=0.5)
        await _warm(router)
        await _ask(router)
        assert _breaker(router).state == "open"
        url.state.behaviour.http_status = None
        url.state.behaviour.slow = 0.5   # the probe is still out when the others ask
        await asyncio.sleep(0.6)
        assert _breaker(router).state == "half_open"
        results = await asyncio.gather(*(_ask(router) for _ in range(5)))
        backends = sorted(a.backend or "" for a, _ in results)
        assert backends == ["local"] * 4 + ["upstream"]
        assert _calls(url) == 1 and _breaker(router).state == "closed"
        url.state.behaviour.slow = 0
        after, _ = await _ask(router)
        await router.aclose()
    assert after.backend == "upstream"


@pytest.mark.e2e
async def test_a_failed_probe_opens_the_breaker_again() -> None:
    with running_upstream(http_status=503) as url:
        router = _router(url, cooldown=0.4)
        await _warm(router)
        await _ask(router)
        await asyncio.sleep(0.5)
        seen = len(url.state.requests)
        probe, _ = await _ask(router)
        assert probe.backend == "local" and len(url.state.requests) > seen
        assert _breaker(router).state == "open"
        seen = len(url.state.requests)
        again, _ = await _ask(router)
        await router.aclose()
        assert again.backend == "local" and len(url.state.requests) == seen


def test_breaker_states_on_a_clock() -> None:
    now = [100.0]
    breaker = CircuitBreaker(cooldown=10, threshold=2, clock=lambda: now[0])
    assert breaker.admit() == "upstream"
    breaker.outage("upstream", "timed out")
    assert breaker.state == "closed"            # one outage of two
    breaker.answered("upstream")                 # an answer resets the count
    breaker.outage("upstream", "timed out")
    assert breaker.state == "closed"
    breaker.outage("upstream", "timed out")
    assert breaker.state == "open" and breaker.admit() == "local"
    breaker.answered("upstream")                 # a late answer of a call made before does not close it
    assert breaker.state == "open"
    now[0] += 10
    assert breaker.state == "half_open"
    assert breaker.admit() == "probe" and breaker.admit() == "local"   # one probe at a time
    breaker.done("probe")
    assert breaker.admit() == "probe"
    breaker.answered("probe")
    breaker.done("probe")
    assert breaker.state == "closed" and breaker.admit() == "upstream"
