"""Every test module that starts a server on loopback or a subprocess declares the `e2e` lane.

The lane is declared in the module (`pytestmark = pytest.mark.e2e`, `@pytest.mark.e2e` or a
marked `pytest.param`), not inferred; this check catches a new server test left in the fast lane.
"""
from __future__ import annotations

import re

from paths import TESTS

# What starts a server or a process: the loopback helper modules, subprocesses, the MCP HTTP
# client, the ASGI runner, and the PostgreSQL fixtures.
_STARTS = re.compile(
    r"^\s*from (?:upstream_server|botapi_server|ollama_server|openmeteo_server|erddap_server|nginx_server|"
    r"telegram_harness|telegram_workers|postgres_server) import"
    r"|\b(?:subprocess|create_subprocess_exec|streamable_http_client|serve_asgi|running_server|pg_url|"
    r"pg_fresh_url|pg_server)\b", re.MULTILINE)


def _undeclared() -> list[str]:
    return sorted(str(path.relative_to(TESTS)) for path in TESTS.rglob("test_*.py")
                  if _STARTS.search(text := path.read_text(encoding="utf-8")) and "pytest.mark.e2e" not in text)


def test_server_starting_modules_declare_the_e2e_lane() -> None:
    assert _undeclared() == []


def test_the_check_sees_a_server_test() -> None:
    source = "from upstream_server import running_upstream\n\ndef test_x():\n    pass\n"
    assert _STARTS.search(source) and "pytest.mark.e2e" not in source


def test_test_modules_sit_in_folders_mirroring_the_code_with_unique_names() -> None:
    # pytest's default import mode imports each module by its basename: two alike would collide.
    modules = sorted(TESTS.rglob("test_*.py"))
    names = [path.name for path in modules]
    assert len(modules) > 80 and sorted(set(names)) == sorted(names)
    assert [path.name for path in modules if path.parent == TESTS] == []
