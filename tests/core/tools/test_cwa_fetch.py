"""Fetching CWA's forecast from a loopback CWA open-data server: once per deployment, and never
at a user's expense when CWA is down, slow, refuses the key or sends garbage."""
from __future__ import annotations

import asyncio
import io
import json
import logging
import os
import subprocess
import time
import sys
from collections.abc import AsyncIterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from bots.common.logs import JsonFormatter, SecretRedactingFilter
from bots.common.store import open_store
from core.config import Settings
from core.envelope import Question
from core.router import Router
from core.tools.cwa_copy import COPY, CwaConfig, CwaCopy
from cwa_server import KEY, CwaServer
from paths import ROOT

pytestmark = pytest.mark.e2e
START = date(2026, 7, 20)
WHEN = "2026-07-21T09:00:00+08:00"


def _q(text: str = "東港漁港今天潮汐") -> Question:
    return Question(query=text, tz="Asia/Taipei", query_time=WHEN)


def _router(url: str, store: Any, **kw: Any) -> Router:
    settings = Settings(odbchat_backend="local", cwa_api_key=kw.pop("key", KEY), cwa_api_url=url,
                        cwa_timeout=kw.pop("timeout", 20.0), **kw)
    return Router(settings, llm=None, kept=store)


@pytest.fixture
async def cwa() -> AsyncIterator[CwaServer]:
    with CwaServer(START) as server:
        yield server


async def test_a_burst_of_questions_fetches_once(cwa: CwaServer, tmp_path: Path) -> None:
    store = open_store(str(tmp_path / "odbchat.db"))
    router = _router(cwa.url, store)
    try:
        answers = await asyncio.gather(*(router.answer(_q()) for _ in range(20)))
        assert {a.backend for a in answers} == {"cwa"}
        more = await asyncio.gather(*(router.answer(_q("富基漁港明天潮汐")) for _ in range(10)))
        assert {a.backend for a in more} == {"cwa"}
    finally:
        await router.aclose()
        store.close()
    assert cwa.requests == 1 and cwa.seen_keys == [KEY]


async def test_two_workers_on_one_shared_store_fetch_once(cwa: CwaServer, db_url: str) -> None:
    stores = [open_store(db_url), open_store(db_url)]
    routers = [_router(cwa.url, store) for store in stores]
    try:
        answers = await asyncio.gather(*(routers[i % 2].answer(_q()) for i in range(10)))
        assert {a.backend for a in answers} == {"cwa"}
    finally:
        for router, store in zip(routers, stores):
            await router.aclose()
            await store.aclose()
            store.close()
    assert cwa.requests == 1


@pytest.mark.parametrize("mode", ["unauthorized", "error", "slow", "truncated", "oversized", "garbage", "wrong_key"])
async def test_trouble_at_cwa_never_reaches_the_user_nor_the_key_the_log(mode: str, tmp_path: Path) -> None:
    # The bots' log handler, with no secret told: the key in CWA's URL is still redacted.
    buffer = io.StringIO()
    handler = logging.StreamHandler(buffer)
    handler.setFormatter(JsonFormatter())
    handler.addFilter(SecretRedactingFilter())
    root = logging.getLogger()
    # httpx's own request line is what carries the URL: an earlier test's setup_logging may have
    # quieted that logger for the whole process, so it is opened for this test and put back.
    httpx_log = logging.getLogger("httpx")
    level, httpx_level = root.level, httpx_log.level
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)
    httpx_log.setLevel(logging.DEBUG)
    try:
        await _trouble(mode, tmp_path)
    finally:
        root.removeHandler(handler)
        root.setLevel(level)
        httpx_log.setLevel(httpx_level)
    logged = buffer.getvalue()
    assert "cwa_refresh" in logged and KEY not in logged and "WRONG-KEY" not in logged
    if mode != "slow":   # httpx's request line, at DEBUG, once an answer came
        assert "Authorization=<redacted>" in logged


async def _trouble(mode: str, tmp_path: Path) -> None:
    with CwaServer(START, mode="ok" if mode == "wrong_key" else mode, delay=4.0) as server:
        store = open_store(str(tmp_path / "odbchat.db"))
        key = "WRONG-KEY-abcdef" if mode == "wrong_key" else KEY
        router = _router(server.url, store, key=key, timeout=1.5)
        try:
            first = await router.answer(_q())
            second = await router.answer(_q())
        finally:
            await router.aclose()
            store.close()
        assert server.requests == 1                      # a failed fetch is retried later, not per question
    for answer in (first, second):
        assert answer.backend == "local" and answer.error is None   # answered as before, no error text
        assert "潮位資訊" in answer.text and "中央氣象署潮汐預報" not in answer.text


async def test_with_a_kept_copy_cwa_down_or_refusing_still_answers_from_it(cwa: CwaServer, tmp_path: Path) -> None:
    store = open_store(str(tmp_path / "odbchat.db"))
    router = _router(cwa.url, store)
    try:
        assert (await router.answer(_q())).backend == "cwa"
    finally:
        await router.aclose()
    stamp = await store.copy_stamp(COPY)
    for mode in ("error", "unauthorized", "garbage"):
        cwa.mode = mode
        await store.refresh_after(COPY, 0)                      # due again: the next question starts a refresh
        router = _router(cwa.url, store)
        try:
            answer = await router.answer(_q())
        finally:
            await router.aclose()                         # waits for the refresh under way
        assert answer.backend == "cwa" and "資料來源：中央氣象署潮汐預報" in answer.text
        assert await store.copy_stamp(COPY) == stamp            # the last good copy stays
    cwa.mode = "ok"
    await store.refresh_after(COPY, 0)
    router = _router(cwa.url, store)
    try:
        await router.answer(_q())
    finally:
        await router.aclose()
    assert await store.copy_stamp(COPY) > stamp and cwa.requests == 5
    store.close()


def _ask(env: dict[str, str], *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "bots.cli", "ask", "--json", "--backend", "local", "--tz",
                             "Asia/Taipei", "--query-time", WHEN, *args], cwd=str(ROOT), env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def test_odbchat_ask_processes_share_one_fetch_and_keep_answering_when_cwa_stops(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ODBCHAT_", "CWA_"))}
    env.update(ODBCHAT_DB=str(tmp_path / "odbchat.db"), CWA_API_KEY=KEY, HOME=str(tmp_path),
               PYTHONPATH=str(ROOT), ODBCHAT_LOG_LEVEL="DEBUG", ODBCHAT_LOG_FILE=str(tmp_path / "log.jsonl"))
    server = CwaServer(START).__enter__()
    env["CWA_API_URL"] = server.url
    try:
        procs = [_ask(env, "東港漁港今天潮汐"), _ask(env, "富基漁港今天潮汐")]
        outs = [p.communicate(timeout=120) for p in procs]
    finally:
        server.stop()
    answers = [json.loads(out) for out, _ in outs]
    assert [a["backend"] for a in answers] == ["cwa", "cwa"] and server.requests == 1
    # CWA gone: the next process still answers from the kept copy, in feet above CWA's chart datum.
    out, _ = _ask(env, "--datum", "chart", "--units", "ft", "東港漁港今天潮汐").communicate(timeout=120)
    later = json.loads(out)
    assert later["backend"] == "cwa" and " ft" in later["text"] and "中央氣象署海圖基準面" in later["text"]
    assert later["result"]["tide"] == answers[0]["result"]["tide"]
    log = (tmp_path / "log.jsonl").read_text(encoding="utf-8") if (tmp_path / "log.jsonl").exists() else ""
    assert KEY not in log and KEY not in "".join(err for _, err in outs)


async def test_after_a_failed_first_fetch_another_process_does_not_wait_for_a_copy(tmp_path: Path) -> None:
    with CwaServer(START, mode="error") as server:
        store = open_store(str(tmp_path / "odbchat.db"))
        try:
            for _ in range(2):   # two processes in turn, each with its own view of the store
                router = _router(server.url, store, timeout=20.0)
                started = time.monotonic()
                try:
                    answer = await router.answer(_q())
                finally:
                    await router.aclose()
                assert answer.backend == "local" and time.monotonic() - started < 10   # no 20 s wait
        finally:
            store.close()
        assert server.requests == 1   # the retry waits its turn (30 minutes)


async def test_a_slow_first_fetch_does_not_hold_the_question_and_still_lands(tmp_path: Path) -> None:
    with CwaServer(START, mode="slow", delay=2.0) as server:
        store = open_store(str(tmp_path / "odbchat.db"))
        try:
            copy = CwaCopy(CwaConfig(api_url=server.url, api_key=KEY, timeout_s=20.0, wait_s=0.3), store)
            assert await copy.index() == []          # the question goes on without it
            await copy.aclose()                      # the fetch finished in the background
            later = CwaCopy(CwaConfig(api_url=server.url, api_key=KEY), store)
            assert len(await later.index()) == 8 and later.fetches == 0
        finally:
            store.close()
        assert server.requests == 1
