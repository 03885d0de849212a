"""Shared fixtures: every test runs offline with a clean environment and settings cache."""
from __future__ import annotations

import gc
import sys
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

TESTS = Path(__file__).resolve().parent
# `paths` (ROOT, DATA, ...) and the shared test helpers live in tests/; the loopback servers and
# harnesses in tests/emulators/. Test modules import both by their plain names.
sys.path[:0] = [str(TESTS), str(TESTS / "emulators")]

# Collecting imports every test module and its data: hundreds of thousands of long-lived objects
# that the cyclic collector would otherwise rescan again and again (about half of collection
# time). It is off while collecting; what was loaded is then frozen (never rescanned, never
# freed: it lives for the whole session anyway) and collection is back on for the tests.
gc.disable()


def pytest_collection_finish(session: pytest.Session) -> None:
    gc.freeze()
    gc.enable()

_OUTSIDE_KEYS = ("METOCEAN_MCP_URL", "ODBCHAT_BACKEND", "OLLAMA_HOST", "ODBCHAT_DB", "TELEGRAM_BOT_TOKEN",
                 "TELEGRAM_BASE_URL", "DISCORD_BOT_TOKEN", "OPEN_METEO_URL", "ERDDAP_URL", "ODBCHAT_DEFAULT_TZ",
                 "ODBCHAT_LLM_MODEL", "CWA_API_KEY", "CWA_API_URL", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy")


@pytest.fixture(scope="session")
def _settings_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("settings")


_SETTINGS_DBS = iter(range(1, 1_000_000))


@pytest.fixture(autouse=True)
def _clean_environment(monkeypatch: pytest.MonkeyPatch, _settings_dir: Path) -> None:
    """No test inherits the developer's configuration or reaches the internet by default."""
    for key in _OUTSIDE_KEYS:
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    # A settings database of its own per test, not yet created (a file name, not a tmp_path
    # directory per test: most tests never open it, and 1,700 directories cost a second).
    monkeypatch.setenv("ODBCHAT_DB", str(_settings_dir / f"settings{next(_SETTINGS_DBS)}.db"))
    from core.config import get_settings

    get_settings.cache_clear()
    yield
    get_settings.cache_clear()


# --- test lanes -----------------------------------------------------------------------------
# `-m "not e2e"` is the fast lane. A test that starts a real server on loopback or a subprocess,
# or asserts punctuality on the real clock (a loaded machine makes that flaky), says so itself: `pytestmark = pytest.mark.e2e` for a whole module, `@pytest.mark.e2e` for one
# test, `pytest.param(..., marks=pytest.mark.e2e)` for one case. tests/project/test_lanes.py checks it.


# --- PostgreSQL on loopback (shared-store tests) ----------------------------------------------
@pytest.fixture(scope="session")
def pg_server() -> Any:
    """A real PostgreSQL on 127.0.0.1 for the whole session (a subprocess started by
    tests/emulators/postgres_server.py), stopped by PID at the end. Missing PostgreSQL is an error
    naming the install command, never a skip."""
    from postgres_server import PostgresServer

    server = PostgresServer().start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def pg_url(pg_server: Any) -> str:
    """URL of one database created for the session (tests that share it clean up after themselves)."""
    return str(pg_server.create_database("odbchat_session"))


_PG_DATABASES = iter(range(1, 1_000_000))


@pytest.fixture
def pg_fresh_url(pg_server: Any) -> str:
    """URL of a new, empty database for one test."""
    return str(pg_server.create_database(f"odbchat_t{next(_PG_DATABASES)}"))


# --- One empty store database of each kind (store suites run against both) ------------------
@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.e2e)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """URL of an empty database of each kind."""
    if request.param == "postgres":
        return str(request.getfixturevalue("pg_fresh_url"))
    return f"sqlite:///{tmp_path}/store.db"


@pytest.fixture
async def opener(db_url: str) -> AsyncIterator[Callable[[], Any]]:
    """Open store objects ("workers") on the test's database; all closed at the end (the asynchronous
    side on the test's loop first)."""
    from bots.common.store import open_store

    opened: list[Any] = []

    def open_one() -> Any:
        store = open_store(db_url)
        opened.append(store)
        return store

    yield open_one
    for store in opened:
        await store.aclose()
        store.close()


# --- The shared core with the built-in engine, no LLM (answers offline) ----------------------
@pytest.fixture
async def router() -> Any:
    """A Router on the local engine with no LLM; closed after the test."""
    from core.config import Settings
    from core.router import Router

    r = Router(Settings(odbchat_backend="local"), llm=None)
    yield r
    await r.aclose()


# --- The one conversation on an in-memory chat platform (tests/chat_port.py) -----------------
@pytest.fixture
async def chat_services() -> Any:
    """What the conversation runs on: the real router on the local engine (no LLM), an in-memory
    store and a limiter of three questions a minute; closed after the test."""
    from bots.common.bot_settings import BotSettings
    from bots.common.ratelimit import SlidingWindowLimiter
    from bots.common.services import ConversationServices
    from bots.common.store import open_store
    from core.router import Router

    settings = BotSettings(odbchat_default_tz="Asia/Taipei", odbchat_backend="local", ollama_host="http://127.0.0.1:9")
    router = Router(settings, llm=None)
    store = open_store(":memory:")
    try:
        yield ConversationServices(settings=settings, router=router, store=store, limiter=SlidingWindowLimiter(3))
    finally:
        await router.aclose()
        store.close()


@pytest.fixture
def dialogue(chat_services: Any) -> Any:
    """A `chat_port.Dialogue`: plays whole conversations through the real `Conversation`."""
    from chat_port import Dialogue

    return Dialogue(chat_services)
