"""Code answers: request detection, template filling, LLM adaptation, and the templates run for real
against local stand-ins of the ODB MCP server, the ODB GHRSST API and Open-Meteo."""
from __future__ import annotations

import ast
import subprocess
import sys
from datetime import date
from typing import Any

import pytest
from mcp.server.mcpserver import MCPServer
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from core.answers.codegen import code_answer, fill_template, is_code_request, template_names, template_source
from core.decide.llm import LLMClient
from core.answers.code_places import ListedPlace
from ollama_server import ASGIServer, OllamaServer, unused_port
from program_params import params_of




def run_script(code: str, tmp_path) -> subprocess.CompletedProcess[str]:
    script = tmp_path / "snippet.py"
    script.write_text(code, encoding="utf-8")
    return subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=90, cwd=tmp_path)


# --- is_code_request ----------------------------------------------------------------------
@pytest.mark.parametrize("query", [
    "幫我寫 Python 畫出 (121.5,25.0) 這週的海溫",
    "用python畫基隆潮汐",
    "給我取得海溫的程式碼",
    "寫一個程式抓潮汐",
    "幫我畫圖：台灣周遭海溫",
    "Write a script to download SST",
    "Can you give me code for the tide forecast?",
    "plot the SST at (121.5, 25) last week",
    "a notebook example for GHRSST",
])
def test_code_requests(query: str) -> None:
    assert is_code_request(query)


@pytest.mark.parametrize("query", [
    "不用程式，直接告訴我 (121.5,25.0) 的海溫",
    "不要程式，畫圖也不用，告訴我基隆潮汐",
    "我不需要程式，只想知道海溫",
    "no code please, just the SST at (121.5, 25)",
    "Explain GHRSST without code",
    "I don't need any python, what is MUR?",
    "How do I use the CLI to get a tide plot?",
    "odbchat ask 要怎麼用？可以寫程式嗎",
    "命令列工具怎麼查海溫？",
    "GHRSST 是什麼？",
    "(121.75,25.15) 現在是漲潮還是退潮？",
])
def test_not_code_requests(query: str) -> None:
    assert not is_code_request(query)


# --- templates ----------------------------------------------------------------------------
@pytest.mark.parametrize("name", template_names())
def test_every_template_parses_before_and_after_filling(name: str) -> None:
    source = template_source(name)
    ast.parse(source)
    filled = fill_template(source, {"LON": -70.5, "LAT": 41.25, "START": "2024-01-01", "END": "2024-01-03",
                                    "BBOX": [1.0, 2.0, 3.0, 4.0], "STATION_ID": None, "QUERY": 'a "quoted" 問題'})
    values = params_of(filled)
    for key, expected in {"LON": -70.5, "LAT": 41.25, "START": "2024-01-01", "BBOX": [1.0, 2.0, 3.0, 4.0],
                          "QUERY": 'a "quoted" 問題'}.items():
        if key in params_of(source):
            assert values[key] == expected


async def test_sst_point_this_week_carries_parameters() -> None:
    result = await code_answer("幫我寫 Python 畫出 (121.5,25.0) 這週的海溫", "zh",
                               {"point": (121.5, 25.0), "today": "2025-11-14"}, None)  # a Friday
    values = params_of(result.code)
    assert (values["LON"], values["LAT"]) == (121.5, 25.0)
    # Monday..yesterday: MUR is published a day late, so the week's last days have no SST yet.
    assert (values["START"], values["END"]) == ("2025-11-10", "2025-11-13")
    assert "ghrsst.point_value" in result.code and "from mcp import Client" in result.code
    assert result.llm_calls == 0
    assert result.text.startswith("以下 Python") and "\n" not in result.text
    assert "(121.5, 25.0)" in result.text and "2025-11-10" in result.text


async def test_sst_default_is_last_seven_days() -> None:
    result = await code_answer("python for SST at a point", "en", {"point": (120.0, 22.0), "today": "2025-11-14"}, None)
    values = params_of(result.code)
    assert (values["START"], values["END"]) == ("2025-11-07", "2025-11-13")
    assert result.text.startswith("This Python")


async def test_sst_bbox_sorted_with_explicit_dates() -> None:
    result = await code_answer("SST box code", "en", {"bbox": [123, 25, 118, 20], "start": "2025-11-01",
                                                      "end": "2025-11-07", "topic": "sst"}, None)
    values = params_of(result.code)
    assert values["BBOX"] == [118.0, 20.0, 123.0, 25.0]
    assert (values["START"], values["END"]) == ("2025-11-01", "2025-11-07")
    assert "ghrsst.bbox_mean" in result.code


async def test_api_wording_selects_the_httpx_template() -> None:
    result = await code_answer("用 httpx 呼叫 API 寫程式取海溫", "zh", {"point": (121.5, 25.0)}, None)
    assert "eco.odb.ntu.edu.tw/api/ghrsst" in result.code and "import httpx" in result.code


async def test_tide_template_with_place_and_date() -> None:
    result = await code_answer("寫程式畫基隆潮汐", "zh", {"point": (121.75, 25.15), "place": "基隆",
                                                      "date": "2025-11-20", "topic": "tide"}, None)
    values = params_of(result.code)
    assert values["PLACE"] == "基隆" and values["TZ"] == "Asia/Taipei"
    assert values["START"] == values["END"] == "2025-11-20"
    assert "tide.forecast" in result.code and "基隆" in result.text


async def test_project_mcp_server_template() -> None:
    result = await code_answer("寫程式呼叫 odbchat mcp-server 的 router.answer", "zh", {}, None)
    assert params_of(result.code)["MCP_URL"] == "http://127.0.0.1:8766/mcp"
    assert "router.answer" in result.code


async def test_weather_template() -> None:
    result = await code_answer("python weather forecast", "en", {"point": (121.74, 25.13), "place": "Keelung",
                                                                "today": "2025-11-14"}, None)
    values = params_of(result.code)
    assert (values["START"], values["END"]) == ("2025-11-14", "2025-11-20") and values["LAT"] == 25.13
    assert "open-meteo" in result.code


# --- with an LLM ------------------------------------------------------------------------
@pytest.mark.e2e
async def test_llm_adaptation_used_when_it_parses_and_keeps_parameters() -> None:
    base = await code_answer("python SST at (121.5, 25)", "en", {"point": (121.5, 25.0), "today": "2025-11-14"}, None)
    adapted = base.code.replace('print(f"saved {OUT_FILE}")', 'print("saved the figure")')
    with OllamaServer(reply=f"Here you go:\n```python\n{adapted}```\n") as server:
        llm = LLMClient(server.url, "test-model", timeout=5.0)
        result = await code_answer("python SST at (121.5, 25)", "en",
                                   {"point": (121.5, 25.0), "today": "2025-11-14"}, llm)
        assert server.calls == 1 and result.llm_calls == 1
        assert "saved the figure" in result.code
        assert "LON = 121.5" in server.messages()[-1]["content"]  # the filled template was sent


@pytest.mark.parametrize("reply", [
    "```python\ndef broken(:\n```",                       # does not parse
    "```python\nprint('hello')\n```",                    # parses but lost the parameters
    "Sorry, I cannot help with that.",                   # no code at all
])
@pytest.mark.e2e
async def test_llm_bad_adaptation_falls_back_to_template(reply: str) -> None:
    with OllamaServer(reply=reply) as server:
        llm = LLMClient(server.url, "test-model", timeout=5.0)
        result = await code_answer("寫程式畫潮汐", "zh", {"point": (121.75, 25.15), "topic": "tide"}, llm)
    assert result.llm_calls == 1 and "tide.forecast" in result.code
    ast.parse(result.code)


@pytest.mark.e2e
async def test_llm_down_or_slow_falls_back_to_template() -> None:
    llm = LLMClient(f"http://127.0.0.1:{unused_port()}", "test-model", timeout=1.0)
    result = await code_answer("python SST", "en", {"point": (121.5, 25.0)}, llm)
    assert result.llm_calls == 1 and "ghrsst.point_value" in result.code
    with OllamaServer(reply="```python\nx = 1\n```", delay=5.0) as server:
        llm = LLMClient(server.url, "test-model", timeout=0.5)
        result = await code_answer("python SST", "en", {"point": (121.5, 25.0)}, llm)
    assert server.calls == 1 and "ghrsst.point_value" in result.code


# --- the generated scripts run --------------------------------------------------------------
def _fake_metocean() -> MCPServer:
    server = MCPServer("fake-metocean")

    @server.tool(name="ghrsst.point_value")
    def point_value(longitude: float, latitude: float, date: str | None = None,
                    fields: list[str] | None = None, method: str = "exact") -> dict[str, Any]:
        if date == "2025-11-16":
            raise ValueError("Data not exist. available date is 2002-06-01/2025-11-15")
        return {"region": [longitude, latitude], "date": date, "sst": 26.5, "sst_anomaly": 0.4}

    @server.tool(name="ghrsst.bbox_mean")
    def bbox_mean(bbox: list[float], date: str, fields: list[str] | None = None,
                  method: str = "exact") -> dict[str, Any]:
        return {"region": bbox, "date": date, "sample": 1, "sst": 25.1, "sst_anomaly": -0.2}

    @server.tool(name="tide.forecast")
    def tide_forecast(longitude: float, latitude: float, tz: str, date: str | None = None,
                      query_time: str | None = None) -> dict[str, Any]:
        return {"region": [longitude, latitude], "date": date, "timezone": "+08:00",
                "sun": {"rise": f"{date}T06:08:00+08:00", "set": f"{date}T17:13:00+08:00"},
                "moonphase": {"current": "Waning Crescent", "illumination": "31%"},
                "tide": {"highs": [{"time": f"{date}T06:08:00+08:00", "height_cm": 62.0}],
                         "lows": [{"time": f"{date}T12:20:00+08:00", "height_cm": -48.5}]}}

    return server


@pytest.fixture(scope="module")
def metocean_url():
    with ASGIServer(_fake_metocean().streamable_http_app(), lifespan="on") as server:
        yield server.url + "/mcp"


@pytest.mark.parametrize("query,slots,expect", [
    ("python SST", {"point": (121.5, 25.0), "start": "2025-11-14", "end": "2025-11-16"},
     ["2025-11-14  26.5", "2025-11-15  26.5", "2025-11-16  -"]),
    ("python SST box", {"bbox": [118, 20, 123, 25], "start": "2025-11-14", "end": "2025-11-15"},
     ["2025-11-15  25.1"]),
    ("python tide plot", {"point": (121.75, 25.15), "start": "2025-11-14", "end": "2025-11-15", "topic": "tide"},
     ["2025-11-14 06:08  HIGH  62", "2025-11-15 12:20  LOW   -48.5", "saved tide.png"]),
    # (s22) a list of places: one table, each row naming its place; a plot draws one line per place
    ("python tide table", {"point": (121.75, 25.15), "start": "2025-11-14", "end": "2025-11-14", "topic": "tide",
                           "places": [ListedPlace("Keelung", "基隆", 121.75, 25.15, "Keelung"), ListedPlace("Su'ao", "蘇澳", 121.87, 24.6, "Su'ao")]},
     ["2025-11-14 06:08  HIGH  62         Keelung", "2025-11-14 12:20  LOW   -48.5      Su'ao"]),
    ("python tide plot", {"point": (121.75, 25.15), "start": "2025-11-14", "end": "2025-11-15", "topic": "tide",
                          "places": [ListedPlace("Keelung", "基隆", 121.75, 25.15, "Keelung"), ListedPlace("Su'ao", "蘇澳", 121.87, 24.6, "Su'ao")]},
     ["2025-11-15 12:20  LOW   -48.5      Su'ao", "saved tide.png"]),
])
@pytest.mark.e2e
def test_mcp_templates_run_against_a_local_mcp_server(metocean_url: str, tmp_path, query, slots, expect) -> None:
    import asyncio

    result = asyncio.run(code_answer(query, "en", {**slots, "mcp_url": metocean_url}, None))
    proc = run_script(result.code, tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    for line in expect:
        assert line in proc.stdout


@pytest.mark.e2e
def test_rest_templates_run_against_local_apis(tmp_path) -> None:
    import asyncio

    seen: dict[str, dict[str, str]] = {}

    async def ghrsst(request: Request) -> JSONResponse:
        seen["ghrsst"] = dict(request.query_params)
        return JSONResponse([{"date": "2025-11-14", "sst": 26.1, "sst_anomaly": 0.3},
                             {"date": "2025-11-15", "sst": 26.0, "sst_anomaly": 0.2}])

    async def forecast(request: Request) -> JSONResponse:
        seen["weather"] = dict(request.query_params)
        return JSONResponse({"daily": {"time": ["2025-11-14"], "temperature_2m_min": [20.1],
                                       "temperature_2m_max": [24.3], "precipitation_probability_max": [80],
                                       "precipitation_sum": [5.2]},
                             "hourly": {"time": [], "temperature_2m": [], "precipitation_probability": []}})

    app = Starlette(routes=[Route("/api/ghrsst", ghrsst), Route("/v1/forecast", forecast)])
    with ASGIServer(app) as server:
        sst = asyncio.run(code_answer("httpx api 程式 海溫", "zh",
                                      {"point": (121.5, 25.0), "start": "2025-11-14", "end": "2025-11-15"}, None))
        code = fill_template(sst.code, {"API_URL": server.url + "/api/ghrsst"})
        proc = run_script(code, tmp_path)
        assert proc.returncode == 0, proc.stderr[-2000:]
        assert "2025-11-15  SST 26.0" in proc.stdout
        assert seen["ghrsst"] == {"lon0": "121.5", "lat0": "25.0", "start": "2025-11-14", "end": "2025-11-15",
                                  "append": "sst,sst_anomaly"}

        weather = asyncio.run(code_answer("weather python table", "en", {"point": (121.74, 25.13), "topic": "weather",
                                                                          "today": "2025-11-14"}, None))
        proc = run_script(fill_template(weather.code, {"API_URL": server.url + "/v1/forecast"}), tmp_path)
        assert proc.returncode == 0, proc.stderr[-2000:]
        assert "2025-11-14  20.1   24.3   80        5.2      -" in proc.stdout
        assert seen["weather"]["latitude"] == "25.13"
        assert (seen["weather"]["start_date"], seen["weather"]["end_date"]) == ("2025-11-14", "2025-11-20")


def test_today_default_is_used_when_not_given() -> None:
    import asyncio

    result = asyncio.run(code_answer("tide python", "en", {"point": (121.75, 25.15), "topic": "tide"}, None))
    assert params_of(result.code)["START"] == date.today().isoformat()


@pytest.mark.e2e
def test_map_and_time_templates_run(tmp_path) -> None:
    import asyncio

    from erddap_server import FakeErddap

    with FakeErddap() as erddap:
        area = asyncio.run(code_answer("python SST map of [120,22,121,23]", "en",
                                       {"bbox": [120, 22, 121, 23], "today": "2025-11-15"}, None))
        proc = run_script(fill_template(area.code, {"ERDDAP_URL": erddap.url, "STRIDE": 20}), tmp_path)
        assert proc.returncode == 0, proc.stderr[-2000:]
        assert "2025-11-14: " in proc.stdout and (tmp_path / "sst_map.png").stat().st_size > 1000
    conv = asyncio.run(code_answer("python UTC to America/New_York conversion", "en", {"today": "2025-11-15"}, None))
    proc = run_script(conv.code, tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "2025-11-15T12:00:00 UTC = 2025-11-15 07:00 America/New_York (UTC-0500)" in proc.stdout
