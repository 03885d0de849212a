"""The metocean MCP server (metocean/server.py) in a subprocess, called with the official MCP client."""
from __future__ import annotations

import asyncio
import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from contextlib import asynccontextmanager
from pathlib import Path

import httpx2
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from metocean.contract import METOCEAN_TOOLS
from erddap_server import FakeErddap, sst_at
from paths import ROOT

KEELUNG = {"longitude": 121.75, "latitude": 25.15, "date": "2025-11-12", "tz": "Asia/Taipei"}
KAOHSIUNG = {"longitude": 120.28, "latitude": 22.61, "date": "2025-11-12", "tz": "Asia/Taipei"}


class Running:
    def __init__(self, proc: subprocess.Popen, url: str) -> None:
        self.proc, self.url = proc, url


def _start(env: dict[str, str], *options: str) -> Running:
    proc = subprocess.Popen([sys.executable, "-c", "import sys; from metocean.server import _cli; sys.exit(_cli(sys.argv[1:]))",
                             "--port", "0", *options],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(x) for x in proc.stdout], daemon=True).start()  # type: ignore[union-attr]
    try:
        line = lines.get(timeout=30)
    except queue.Empty:
        proc.kill()
        pytest.fail("metocean server did not print its ready line")
    assert "ready" in line, line
    url = line.split()[-1]
    assert url.startswith("http://127.0.0.1:") and url.endswith("/mcp/metocean")
    return Running(proc, url)


def _stop(run: Running, sig: int = signal.SIGTERM) -> int:
    if run.proc.poll() is None:
        run.proc.send_signal(sig)
    try:
        return run.proc.wait(timeout=15)
    finally:
        if run.proc.poll() is None:
            run.proc.kill()


@pytest.fixture(scope="module")
def erddap():
    with FakeErddap() as srv:
        yield srv


@pytest.fixture(scope="module")
def server(erddap):
    env = dict(os.environ, ERDDAP_URL=erddap.url, PYTHONPATH=str(ROOT))
    run = _start(env)
    yield run
    assert _stop(run) == 0


@asynccontextmanager
async def _client(url: str):
    hc = httpx2.AsyncClient(headers={"User-Agent": "metocean-mcp"}, timeout=httpx2.Timeout(10))
    async with hc, Client(streamable_http_client(url, http_client=hc)) as c:
        yield c


@pytest.mark.e2e
async def test_list_tools_mirror_the_contract_models(server):
    async with _client(server.url) as c:
        tools = {t.name: t for t in (await c.list_tools()).tools}
    assert set(tools) == set(METOCEAN_TOOLS)
    for name, model in METOCEAN_TOOLS.items():
        assert tools[name].input_schema == model.model_json_schema()
        assert tools[name].output_schema is not None and tools[name].description


@pytest.mark.e2e
async def test_tide_forecast_keelung_kaohsiung_and_station_id(server):
    async with _client(server.url) as c:
        r = await c.call_tool("tide.forecast", KEELUNG)
        assert not r.is_error
        assert json.loads(r.content[0].text) == r.structured_content
        assert r.structured_content["station"]["name"] == "Keelung"
        assert r.structured_content["moonphase"]["current"] == "Last Quarter"
        assert r.structured_content["tide"]["highs"] and r.structured_content["tide"]["lows"]

        r = await c.call_tool("tide.forecast", KAOHSIUNG)
        assert not r.is_error and r.structured_content["station"]["name"] == "Kaohsiung"

        r = await c.call_tool("tide.forecast", {"station_id": "ticon/keelung-341-twn-uhslc_fd",
                                                "tz": "+08:00", "date": "2025-11-12",
                                                "query_time": "2025-11-12T00:10:00+08:00"})
        assert not r.is_error
        assert r.structured_content["station"]["id"] == "ticon/keelung-341-twn-uhslc_fd"
        assert r.structured_content["tide"]["state_now"] in ("rising", "falling")
        assert "tz_name" not in r.structured_content  # nulls are not invented


@pytest.mark.e2e
async def test_invalid_input_is_a_short_tool_error(server):
    async with _client(server.url) as c:
        r = await c.call_tool("tide.forecast", {"longitude": 500, "latitude": 25.0, "tz": "8"})
        assert r.is_error
        text = r.content[0].text
        assert "longitude" in text and len(text) < 160 and "pydantic" not in text
        r = await c.call_tool("tide.forecast", {"longitude": 121.75, "latitude": 25.15})
        assert r.is_error and "timezone (tz) required (use IANA name or numeric offset)" in r.content[0].text
        r = await c.call_tool("tide.forecast", {"tz": "8"})
        assert r.is_error and "station_id" in r.content[0].text


@pytest.mark.e2e
async def test_ghrsst_through_the_server(server):
    async with _client(server.url) as c:
        r = await c.call_tool("ghrsst.point_value", {"longitude": 121.5, "latitude": 25.0, "date": "2025-11-10"})
        assert not r.is_error
        assert r.structured_content["sst"] == round(sst_at(25.0, 121.5, __import__("datetime").date(2025, 11, 10)), 2)
        r = await c.call_tool("ghrsst.point_value", {"longitude": 121.5, "latitude": 25.0, "date": "2025-12-30"})
        assert r.is_error and "Data not exist" in r.content[0].text and "2002-06-01/2025-11-18" in r.content[0].text
        r = await c.call_tool("ghrsst.bbox_mean", {"bbox": [122.0, 25.0, 121.8, 24.8], "date": "2025-11-10"})
        assert not r.is_error and r.structured_content["region"] == [121.8, 24.8, 122.0, 25.0]


@pytest.mark.e2e
async def test_concurrent_clients(server):
    async def one(i: int) -> list[str]:
        async with _client(server.url) as c:
            names = []
            for args in (KEELUNG, KAOHSIUNG, dict(KEELUNG, date=f"2025-11-{10 + i:02d}")):
                r = await c.call_tool("tide.forecast", args)
                assert not r.is_error
                names.append(r.structured_content["station"]["name"])
            return names

    started = time.monotonic()
    results = await asyncio.gather(*(one(i) for i in range(6)))
    assert all(r[:2] == ["Keelung", "Kaohsiung"] for r in results)
    assert time.monotonic() - started < 30


def _children(pid: int) -> list[int]:
    return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


@pytest.mark.e2e
async def test_forecasts_run_in_one_worker_process_per_core_and_answer_as_in_process(server):
    from metocean.engine import validate
    from metocean.forecast import tide_forecast
    from metocean.server import default_workers

    assert len(_children(server.proc.pid)) == default_workers()
    args = dict(KEELUNG, query_time="2025-11-12T10:00:00+08:00")
    async with _client(server.url) as c:
        answers = await asyncio.gather(*(c.call_tool("tide.forecast", args) for _ in range(4)))
    want = tide_forecast(validate("tide.forecast", args)).model_dump(mode="json", exclude_unset=True)
    assert all(not r.is_error and r.structured_content == want for r in answers)


@pytest.mark.e2e
def test_workers_option_and_a_lost_worker():
    """--workers 1 starts one; when it is killed, answers still come (in-process) and the server stops cleanly."""
    run = _start(dict(os.environ, PYTHONPATH=str(ROOT)), "--workers", "1")
    try:
        (worker,) = _children(run.proc.pid)
        os.kill(worker, signal.SIGKILL)

        async def ask() -> dict:
            async with _client(run.url) as c:
                r = await c.call_tool("tide.forecast", KEELUNG)
                assert not r.is_error, r.content
                return r.structured_content

        assert asyncio.run(ask())["station"]["name"] == "Keelung"
    finally:
        assert _stop(run) == 0


@pytest.mark.e2e
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_signal_stops_cleanly(sig):
    run = _start(dict(os.environ, PYTHONPATH=str(ROOT)))
    assert _stop(run, sig) == 0
    assert "Traceback" not in run.proc.stderr.read()  # type: ignore[union-attr]


# -- the engine in-process (what the server wraps) ------------------------------------------
async def test_engine_validates_and_answers():
    from metocean.errors import ToolFailure
    from metocean.engine import LocalEngine

    engine = LocalEngine()
    engine.warm()
    assert engine.tools() == list(METOCEAN_TOOLS)
    r = await engine.call("tide.forecast", KEELUNG)
    assert r.station is not None and r.station.name == "Keelung"
    for tool, args, needle in (("tide.nowcast", {}, "unknown tool"),
                               ("tide.forecast", dict(KEELUNG, colour="blue"), "unexpected argument: colour"),
                               ("ghrsst.bbox_mean", {"bbox": [1, 2, 3]}, "bbox"),
                               ("ghrsst.point_value", {"longitude": 1, "latitude": 2, "method": "closest"}, "method")):
        with pytest.raises(ToolFailure) as err:
            await engine.call(tool, args)
        assert err.value.code == "INVALID_ARGUMENT" and needle in err.value.message
        assert "\n" not in err.value.message
    await engine.aclose()


async def test_engine_keeps_the_loop_free_during_tide_work():
    from metocean.engine import LocalEngine

    engine = LocalEngine()
    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.001)
            ticks += 1

    task = asyncio.create_task(ticker())
    # Days no other test asks (none answered from a cache), enough of them to take many milliseconds.
    await asyncio.gather(*(engine.call("tide.forecast", dict(KEELUNG, date=f"2031-03-{d:02d}")) for d in range(1, 29)))
    task.cancel()
    assert ticks > 3
