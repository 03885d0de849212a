"""The project's MCP server through the official MCP client.

In process (SDK in-memory transport) with a small router stand-in, so schemas, calls and
error mapping are checked on their own; and over loopback HTTP against `main(port=0)` in a
subprocess with the real Router (no LLM: OLLAMA_HOST points at a closed port).
"""
from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx2
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from bots.mcp_server import build_server, validation_message
from core.tools.catalog import CATALOG
from core.config import get_settings
from core.envelope import Answer, Question
from metocean.errors import ToolFailure
from core.tools.clock import TimeNowArgs
from core.tools.open_meteo import WeatherForecastArgs
from core.tools.clock import time_now
from core.tools.open_meteo import weather_forecast
from openmeteo_server import OpenMeteoServer
from paths import EMULATORS, ROOT, TESTS

HERE = Path(__file__).resolve().parent   # test_mcp_server itself, imported by the subprocesses
ALL_TOOLS = {"router.answer", *CATALOG}


class StubRouter:
    """Stands in for core.router.Router: runs the clock and Open-Meteo tools for real."""

    closed = False

    async def answer(self, question: Question) -> Answer:
        result = time_now(TimeNowArgs(tz=question.tz))
        return Answer(mode="mcp_tools", text=f"It is {result['time']}.", lang="en", tool="time.now",
                      arguments={"tz": question.tz}, result=result)

    async def run_tool(self, name: str, arguments: dict[str, Any], *, backend: str | None = None) -> dict[str, Any]:
        if name == "time.now":
            return time_now(TimeNowArgs(**arguments))
        if name == "weather.forecast":
            return await weather_forecast(WeatherForecastArgs(**arguments))
        raise ToolFailure("UNAVAILABLE", f"{name}: metocean backend unreachable")

    async def aclose(self) -> None:
        StubRouter.closed = True


@pytest.fixture(autouse=True)
def _fresh_settings(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("OPEN_METEO_URL", raising=False)
    get_settings.cache_clear()
    yield
    get_settings.cache_clear()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ---- in process -----------------------------------------------------------------------

async def test_lists_router_answer_and_the_catalog_with_the_models_schemas():
    async with Client(build_server(StubRouter)) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
    assert set(tools) == ALL_TOOLS
    for name, spec in CATALOG.items():
        assert tools[name].input_schema == spec.args.model_json_schema(), name
        assert tools[name].description == spec.description
    answer = tools["router.answer"].input_schema
    assert answer["required"] == ["query"]
    assert set(answer["properties"]) == {"query", "tz", "query_time", "lang", "debug"}
    assert tools["router.answer"].output_schema == Answer.model_json_schema()
    assert tools["weather.forecast"].output_schema["properties"]["daily"]
    assert tools["time.now"].output_schema["required"] == ["time", "date", "weekday", "utc_offset", "tz", "iso"]


async def test_time_now_in_process():
    async with Client(build_server(StubRouter)) as client:
        r = await client.call_tool("time.now", {"tz": "Asia/Tokyo", "place": "東京"})
    assert not r.is_error
    assert r.structured_content["tz"] == "Asia/Tokyo" and r.structured_content["utc_offset"] == "+09:00"
    assert '"place": "東京"' in r.content[0].text


@pytest.mark.e2e
async def test_weather_in_process_and_the_seed_validation_message(monkeypatch: pytest.MonkeyPatch):
    with OpenMeteoServer() as om:
        monkeypatch.setenv("OPEN_METEO_URL", om.url)
        get_settings.cache_clear()
        async with Client(build_server(StubRouter)) as client:
            ok = await client.call_tool("weather.forecast", {"latitude": 25.13, "longitude": 121.74, "forecastDays": 2})
            bad = await client.call_tool("weather.forecast", {"latitude": 91, "longitude": 121.74})
            days = await client.call_tool("weather.forecast", {"latitude": 25, "longitude": 121, "forecastDays": 17})
    assert not ok.is_error and ok.structured_content["daily"]["time"] == ["2025-11-25", "2025-11-26"]
    assert bad.is_error and "INVALID_ARGUMENT: Latitude must be between -90 and 90 degrees" in bad.content[0].text
    assert days.is_error and "INVALID_ARGUMENT: Forecast days must be between 1 and 16" in days.content[0].text
    assert len(om.requests) == 1  # invalid calls never reach Open-Meteo


@pytest.mark.e2e
async def test_tool_failure_is_a_tool_error_with_its_code(monkeypatch: pytest.MonkeyPatch):
    with OpenMeteoServer("error") as om:
        monkeypatch.setenv("OPEN_METEO_URL", om.url)
        get_settings.cache_clear()
        async with Client(build_server(StubRouter)) as client:
            weather = await client.call_tool("weather.forecast", {"latitude": 25, "longitude": 121})
            tide = await client.call_tool("tide.forecast", {"longitude": 121.5, "latitude": 25.0, "tz": "+08:00"})
            extra = await client.call_tool("time.now", {"tz": "Asia/Tokyo", "city": "Tokyo"})
    assert weather.is_error and "UNAVAILABLE: Failed to fetch weather data: " in weather.content[0].text
    assert tide.is_error and "UNAVAILABLE: tide.forecast: metocean backend unreachable" in tide.content[0].text
    assert extra.is_error and "INVALID_ARGUMENT: city: Extra inputs are not permitted" in extra.content[0].text


async def test_router_answer_in_process_and_router_closed_on_exit():
    StubRouter.closed = False
    async with Client(build_server(StubRouter)) as client:
        r = await client.call_tool("router.answer", {"query": "what time is it in Tokyo", "tz": "Asia/Tokyo"})
    assert not r.is_error
    assert r.structured_content["mode"] == "mcp_tools" and r.structured_content["tool"] == "time.now"
    assert "citations" not in r.structured_content  # the envelope leaves out what does not apply
    assert StubRouter.closed


def test_validation_message_keeps_custom_wording():
    from pydantic import ValidationError

    with pytest.raises(ValidationError) as info:
        WeatherForecastArgs(latitude=91, longitude="east")  # type: ignore[arg-type]
    assert validation_message(info.value) == ("Latitude must be between -90 and 90 degrees; "
                                              "longitude: Input should be a valid number, unable to parse string as a number")


# ---- over loopback, in a subprocess ------------------------------------------------------

@asynccontextmanager
async def running(code: str, env: dict[str, str]) -> AsyncIterator[tuple[str, asyncio.subprocess.Process]]:
    """Start `python -c code`, wait for its ready line and yield (the URL it prints, process); SIGTERM after."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-c", code, cwd=str(ROOT), env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    try:
        line = (await asyncio.wait_for(proc.stdout.readline(), timeout=90)).decode()
        if "ready" not in line:
            err = (await asyncio.wait_for(proc.stderr.read(), timeout=10)).decode()
            pytest.fail(f"no ready line: {line!r}\n{err[-2000:]}")
        match = re.search(r"http://127\.0\.0\.1:(\d+)/\S*", line)
        assert match, line
        assert match.group(1) != "0"  # the real port, not the one asked for
        yield match.group(0), proc
    finally:
        if proc.returncode is None:
            proc.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(proc.wait(), timeout=15)
            except asyncio.TimeoutError:
                proc.kill()
                await proc.wait()


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPEN_METEO", "ODBCHAT_", "OLLAMA_", "METOCEAN_"))}
    env.update(PYTHONPATH=os.pathsep.join([str(ROOT), str(TESTS), str(HERE), str(EMULATORS)]), PYTHONUNBUFFERED="1", **extra)
    return env


@asynccontextmanager
async def mcp_client(url: str) -> AsyncIterator[Client]:
    async with httpx2.AsyncClient(timeout=httpx2.Timeout(30)) as hc:
        async with Client(streamable_http_client(url, http_client=hc)) as client:
            yield client


MAIN = "from bots.mcp_server import main; raise SystemExit(main(port=0))"
STUB = ("import asyncio; from bots.mcp_server import serve; from test_mcp_server import StubRouter; "
        "raise SystemExit(asyncio.run(serve(port=0, router_factory=StubRouter)))")


@pytest.mark.e2e
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
async def test_ready_line_and_clean_exit_on_signal(sig: signal.Signals):
    async with running(STUB, _env()) as (url, proc):
        async with mcp_client(url) as client:
            r = await client.call_tool("time.now", {"tz": "Pacific/Honolulu"})
            assert r.structured_content["utc_offset"] == "-10:00"
        proc.send_signal(sig)
        assert await asyncio.wait_for(proc.wait(), timeout=15) == 0


@pytest.mark.e2e
async def test_busy_port_exits_with_a_message():
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-c", f"from bots.mcp_server import main; raise SystemExit(main(port={port}))",
            cwd=str(ROOT), env=_env(), stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        out, err = await asyncio.wait_for(proc.communicate(), timeout=30)
    assert proc.returncode == 1 and b"cannot listen" in err and b"ready" not in out


@pytest.mark.e2e
async def test_router_that_cannot_start_exits_1():
    code = ("import asyncio; from bots.mcp_server import serve\n"
            "def broken():\n    raise RuntimeError('no router')\n"
            "raise SystemExit(asyncio.run(serve(port=0, router_factory=broken)))")
    proc = await asyncio.create_subprocess_exec(sys.executable, "-c", code, cwd=str(ROOT), env=_env(),
                                                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(proc.communicate(), timeout=30)
    assert proc.returncode == 1 and b"start-up failed" in err and b"ready" not in out


@pytest.fixture
def real_env(tmp_path: Path) -> dict[str, str]:
    return _env(ODBCHAT_BACKEND="local", OLLAMA_HOST=f"http://127.0.0.1:{_free_port()}",
                ODBCHAT_DB=str(tmp_path / "odbchat.db"), ODBCHAT_DEFAULT_TZ="Asia/Taipei")


@pytest.mark.e2e
async def test_main_over_loopback(real_env: dict[str, str]):
    """One server from `main(port=0)`: tool list, time.now, weather.forecast and router.answer."""
    with OpenMeteoServer() as om:
        async with running(MAIN, {**real_env, "OPEN_METEO_URL": om.url}) as (url, _proc):
            async with mcp_client(url) as client:
                tools = {t.name: t for t in (await client.list_tools()).tools}
                now = await client.call_tool("time.now", {"tz": "Asia/Tokyo"})
                ok = await client.call_tool("weather.forecast", {"latitude": 25.13, "longitude": 121.74})
                bad = await client.call_tool("weather.forecast", {"latitude": 91, "longitude": 121.74})
                answer = await client.call_tool("router.answer", {
                    "query": "東京現在幾點？", "tz": "Asia/Taipei", "query_time": "2025-11-14T09:05:00+08:00"})
                weather = await client.call_tool("router.answer", {
                    "query": "Will it rain tomorrow in Keelung?", "tz": "Asia/Taipei",
                    "query_time": "2025-11-25T10:20:00+08:00", "lang": "en"})

    assert set(tools) == ALL_TOOLS
    for name, spec in CATALOG.items():
        assert tools[name].input_schema == spec.args.model_json_schema(), name

    assert not now.is_error and now.structured_content["tz"] == "Asia/Tokyo"
    assert re.fullmatch(r"\d{2}:\d{2}:\d{2}", now.structured_content["time"])

    assert not ok.is_error, ok.content[0].text
    assert ok.structured_content["current"]["temperature"] == 21.3
    assert len(ok.structured_content["daily"]["time"]) == 7
    assert om.requests and om.requests[0]["forecast_days"] == "7"
    assert bad.is_error and "INVALID_ARGUMENT: Latitude must be between -90 and 90 degrees" in bad.content[0].text

    assert not answer.is_error, answer.content[0].text
    envelope = answer.structured_content
    assert envelope["lang"] == "zh" and envelope["mode"] == "mcp_tools" and envelope["tool"] == "time.now"
    assert "現在是" in envelope["text"] and "Asia/Tokyo（UTC+09:00）" in envelope["text"]

    assert not weather.is_error, weather.content[0].text
    envelope = weather.structured_content
    assert envelope["mode"] == "mcp_tools" and envelope["tool"] == "weather.forecast", envelope
    assert "80%" in envelope["text"] and "Source: Open-Meteo" in envelope["text"], envelope["text"]
