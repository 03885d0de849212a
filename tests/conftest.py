"""Shared fixtures: every test runs offline with a clean environment and settings cache."""
from __future__ import annotations

import inspect
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

TESTS = Path(__file__).resolve().parent
sys.path.insert(0, str(TESTS))

_OUTSIDE_KEYS = ("METOCEAN_MCP_URL", "ODBCHAT_BACKEND", "OLLAMA_HOST", "ODBCHAT_DB", "TELEGRAM_BOT_TOKEN",
                 "TELEGRAM_BASE_URL", "DISCORD_BOT_TOKEN", "OPEN_METEO_URL", "ERDDAP_URL", "ODBCHAT_DEFAULT_TZ",
                 "ODBCHAT_LLM_MODEL", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy")


@pytest.fixture(autouse=True)
def _clean_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No test inherits the developer's configuration or reaches the internet by default."""
    for key in _OUTSIDE_KEYS:
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    monkeypatch.setenv("ODBCHAT_DB", str(tmp_path / "settings.db"))
    from core.config import get_settings

    get_settings.cache_clear()
    yield
    get_settings.cache_clear()


# --- test lanes -----------------------------------------------------------------------------
# `-m "not e2e"` is the fast lane. A test is e2e when it (or a fixture it uses) starts a real
# server on loopback or a subprocess: it names something from the loopback helper modules,
# a subprocess, or the MCP streamable-HTTP client. Found by reading the source, so a new
# test is placed in the right lane without anyone remembering to mark it.
_LOOPBACK_MODULES = {"upstream_server", "botapi_server", "ollama_server", "openmeteo_server", "erddap_server"}
_LOOPBACK_CALLS = re.compile(r"\b(?:subprocess|create_subprocess_exec|streamable_http_client|serve_asgi|running_server)\b")


_NAMES: dict[str, frozenset[str]] = {}


def _loopback_names(module: Any) -> frozenset[str]:
    """Names in `module` that start servers: imports from the loopback helpers, and the module's
    own functions and classes that use them (to a fixed point, so a helper of a helper counts)."""
    if module.__name__ in _NAMES:
        return _NAMES[module.__name__]
    names = {name for name, value in vars(module).items()
             if getattr(value, "__module__", None) in _LOOPBACK_MODULES or name in _LOOPBACK_MODULES}
    local = {name: value for name, value in vars(module).items()
             if (inspect.isfunction(value) or inspect.isclass(value)) and value.__module__ == module.__name__}
    grew = True
    while grew:
        grew = False
        for name, value in local.items():
            if name not in names and _starts_servers(value, frozenset(names), set()):
                names.add(name)
                grew = True
    _NAMES[module.__name__] = frozenset(names)
    return _NAMES[module.__name__]


def _starts_servers(func: Any, names: frozenset[str], seen: set[Any]) -> bool:
    if func in seen:
        return False
    seen.add(func)
    try:
        source = inspect.getsource(func)
    except (OSError, TypeError):
        return False
    if _LOOPBACK_CALLS.search(source):
        return True
    return any(re.search(rf"\b{re.escape(n)}\b", source) for n in names)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that starts a loopback server or a subprocess as `e2e`."""
    for item in items:
        func = getattr(item, "function", None)
        if func is None:
            continue
        names = _loopback_names(item.module)
        seen: set[Any] = set()
        fixtures = [d.func for defs in item._fixtureinfo.name2fixturedefs.values() for d in defs]  # type: ignore[attr-defined]
        if any(_starts_servers(f, names, seen) for f in [func, *fixtures]):
            item.add_marker(pytest.mark.e2e)


# --- PostgreSQL on loopback (shared-store tests) ----------------------------------------------
@pytest.fixture(scope="session")
def pg_server() -> Any:
    """A real PostgreSQL on 127.0.0.1 for the whole session (a subprocess started by
    tests/postgres_server.py), stopped by PID at the end. Missing PostgreSQL is an error
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
def opener(db_url: str) -> Iterator[Callable[[], Any]]:
    """Open store objects ("workers") on the test's database; all closed at the end."""
    from bots.common.store import open_store

    opened: list[Any] = []

    def open_one() -> Any:
        store = open_store(db_url)
        opened.append(store)
        return store

    yield open_one
    for store in opened:
        store.close()
