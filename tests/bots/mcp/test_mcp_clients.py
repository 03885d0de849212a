"""MCP for real clients: both servers run the way an operator starts them (the `odbchat` command
line, a subprocess on loopback) and are called with the SDK's streamable HTTP client.

Clients such as Claude Desktop accept only tool names matching `[A-Za-z0-9_-]{1,64}` and show
each tool's title; `--tool-names safe` (or ODBCHAT_MCP_TOOL_NAMES=safe) publishes `tide_forecast`
for `tide.forecast`. Schemas say what validation does; `time.now` answers the place it is given;
a chart asked without a place is titled by its point.
"""
from __future__ import annotations

import re
import sys
import tomllib

import pytest

from core.tools.catalog import CATALOG
from metocean.contract import METOCEAN_TOOLS
from test_mcp_server import ROOT, _env, _free_port, mcp_client, running

pytestmark = pytest.mark.e2e  # every test here starts a server process

SAFE = re.compile(r"[A-Za-z0-9_-]{1,64}")
PACKAGE_VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
KEELUNG_POINT = {"longitude": 121.74, "latitude": 25.15, "tz": "Asia/Taipei", "date": "2025-11-14"}


def _cli(*argv: str) -> str:
    """Return `python -c` code running the odbchat command line with `argv` (what `odbchat ...` runs)."""
    return f"from bots.cli import main; raise SystemExit(main({list(argv)!r}))"


@pytest.fixture
def local_env(tmp_path: Path) -> dict[str, str]:
    return _env(ODBCHAT_BACKEND="local", OLLAMA_HOST=f"http://127.0.0.1:{_free_port()}",
                ODBCHAT_DB=str(tmp_path / "odbchat.db"), ODBCHAT_DEFAULT_TZ="Asia/Taipei")


async def test_safe_names_titles_version_and_calls_by_safe_name(local_env: dict[str, str]) -> None:
    async with running(_cli("mcp-server", "--port", "0", "--tool-names", "safe"), local_env) as (url, _proc):
        async with mcp_client(url) as client:
            info = client.server_info
            tools = {t.name: t for t in (await client.list_tools()).tools}
            lisbon = await client.call_tool("time_now", {"place": "Lisbon"})
            dotted = await client.call_tool("time.now", {"tz": "Asia/Tokyo"})
            no_tz = await client.call_tool("tide_forecast", {"longitude": 121.74, "latitude": 25.15})
            week = await client.call_tool("tide_week", {k: v for k, v in KEELUNG_POINT.items()})
            chart = await client.call_tool("tide_chart", dict(KEELUNG_POINT, lang="en"))
    assert set(tools) == {"router_answer", *(name.replace(".", "_") for name in CATALOG)}
    assert all(SAFE.fullmatch(name) for name in tools), sorted(tools)
    assert all(t.title for t in tools.values()), {n: t.title for n, t in tools.items()}
    assert tools["tide_forecast"].title == "Tide forecast"
    assert info is not None and info.name == "odbchat" and info.version == PACKAGE_VERSION

    assert not lisbon.is_error, lisbon.content[0].text
    assert lisbon.structured_content["tz"] == "Europe/Lisbon", lisbon.structured_content
    assert lisbon.structured_content["utc_offset"] in ("+00:00", "+01:00")
    assert not dotted.is_error and dotted.structured_content["tz"] == "Asia/Tokyo"  # a dotted call still works

    # tide.forecast needs tz: the schema says so and a call without it is refused by name.
    schema = tools["tide_forecast"].input_schema
    assert "tz" in schema["required"], schema
    assert no_tz.is_error and "tz" in no_tz.content[0].text

    # tide.week: the schema's default is what a call without `days` returns.
    days = tools["tide_week"].input_schema["properties"]["days"]
    assert days["default"] == 7, days
    assert not week.is_error, week.content[0].text
    assert len(week.structured_content["rows"]) == days["default"]
    assert "default 1" not in tools["tide_week"].description

    # A chart asked without a place is titled by its point, never "Here".
    assert not chart.is_error, chart.content[0].text
    title = chart.structured_content["title"]
    assert "Here" not in title and "25.15" in title and "121.74" in title, title


async def test_env_picks_safe_names_and_catalog_is_the_default(local_env: dict[str, str]) -> None:
    async with running(_cli("mcp-server", "--port", "0"), {**local_env, "ODBCHAT_MCP_TOOL_NAMES": "safe"}) as (url, _):
        async with mcp_client(url) as client:
            safe = {t.name for t in (await client.list_tools()).tools}
    async with running(_cli("mcp-server", "--port", "0"), local_env) as (url, _):
        async with mcp_client(url) as client:
            catalog = {t.name for t in (await client.list_tools()).tools}
            named = await client.call_tool("time.now", {"place": "里斯本"})
    assert "tide_forecast" in safe and "tide.forecast" not in safe
    assert catalog == {"router.answer", *CATALOG}
    assert not named.is_error and named.structured_content["tz"] == "Europe/Lisbon"


async def test_time_now_for_an_unknown_place_says_so(local_env: dict[str, str]) -> None:
    async with running(_cli("mcp-server", "--port", "0"), local_env) as (url, _):
        async with mcp_client(url) as client:
            r = await client.call_tool("time.now", {"place": "Qwxzyville"})
    assert r.is_error and "Qwxzyville" in r.content[0].text  # never another zone's time under that name


async def test_metocean_server_titles_and_safe_names() -> None:
    env = _env()
    async with running(_cli("metocean-server", "--port", "0", "--tool-names", "safe"), env) as (url, _):
        async with mcp_client(url) as client:
            info = client.server_info
            tools = {t.name: t for t in (await client.list_tools()).tools}
    assert set(tools) == {name.replace(".", "_") for name in METOCEAN_TOOLS}
    assert all(t.title for t in tools.values())
    assert info is not None and info.name == "metocean-mcp" and info.version == "0.2.0"
    assert "tz" in tools["tide_forecast"].input_schema["required"]
    async with running(_cli("metocean-server", "--port", "0"), env) as (url, _):
        async with mcp_client(url) as client:
            names = {t.name for t in (await client.list_tools()).tools}
    assert names == set(METOCEAN_TOOLS)  # upstream's names unless asked otherwise


async def test_stdio_for_desktop_clients(local_env: dict[str, str]) -> None:
    """`odbchat mcp-server --stdio --tool-names safe`, launched as Claude Desktop launches a server
    from its config file, answers over stdin/stdout with the SDK's stdio client."""
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters, stdio_client

    params = StdioServerParameters(command=sys.executable, cwd=str(ROOT), env=local_env,
                                   args=["-c", _cli("mcp-server", "--stdio", "--tool-names", "safe")])
    async with Client(stdio_client(params)) as client:
        info = client.server_info
        names = {t.name for t in (await client.list_tools()).tools}
        lisbon = await client.call_tool("time_now", {"place": "Lisbon"})
    assert info is not None and info.version == PACKAGE_VERSION
    assert "tide_forecast" in names and all(SAFE.fullmatch(name) for name in names)
    assert not lisbon.is_error and lisbon.structured_content["tz"] == "Europe/Lisbon"
