"""Issue 26 §4 through the real Router, in new wordings: a code answer does what it can when an output
is out of its reach (sending, scheduling) and says in one line what it left out and why; a weather
quantity named (wind, rain, temperature) is the variable the program reads and plots, hourly; the
variable, place or box, span and output are the ones understood."""
from __future__ import annotations

import subprocess
import sys

import pytest
from router_ask import ask_router

from core.answers.compose import fill_template
from program_params import params_of

QT = "2026-11-27T09:30:00+08:00"     # a Friday




@pytest.mark.parametrize("query,output,left_out,why", [
    ("寫個 Python 抓安平後天的潮汐，然後用 LINE 通知我", "print", "LINE", "token"),   # s20: a message sends text
    ("幫我寫一支程式，把花蓮這三天的天氣預報寄到我的信箱", "print", "寄電子郵件", "郵件伺服器"),
    ("python that prints tomorrow's tides at Kaohsiung and sends them to my Slack", "print", "Slack", "token"),
    ("write a script that emails me the Taipei rain forecast every morning", "print", "e-mail", "cron"),
    ("每兩小時自動抓一次澎湖海溫的 Python", "plot", "自動排程", "工作排程器"),
    ("python that saves next week's Taitung tides as csv and uploads the file to Dropbox", "csv", "cloud", "authorisation"),
    ("python code that charts the sunset in Tainan this month and texts it to my phone", "plot", "phone", "token"),
])
async def test_an_output_out_of_reach_is_said_and_the_rest_is_done(query: str, output: str, left_out: str,
                                                                   why: str) -> None:
    answer = await ask_router(query, QT, dry_run=False)
    assert answer.mode == "code" and answer.code, (query, answer.mode, answer.text)
    params = params_of(answer.code)
    assert params["OUTPUT"] == output, (query, params)
    assert left_out in answer.text and why in answer.text, answer.text
    # the note is one line of the answer, and the program does not pretend to send anything
    assert len([line for line in answer.text.splitlines() if left_out in line]) == 1
    assert "smtplib" not in answer.code and "api.telegram.org" not in answer.code


@pytest.mark.parametrize("query,columns,hourly", [
    ("寫程式畫出基隆接下來兩天的風速變化", ["wind_kmh", "gust_kmh"], "wind_speed_10m"),
    ("用 Python 畫宜蘭明天每小時的降雨", ["rain_mm", "rain_pct"], "precipitation"),
    ("python plot of the wind at Penghu for the next 3 days", ["wind_kmh", "gust_kmh"], "wind_gusts_10m"),
    ("Python to chart the rain in Tainan tomorrow", ["rain_mm", "rain_pct"], "precipitation_probability"),
    ("python graph of the air temperature in Hsinchu over the next 4 days", ["temp_c"], "temperature_2m"),
])
async def test_a_weather_quantity_is_the_variable_plotted(query: str, columns: list[str], hourly: str) -> None:
    answer = await ask_router(query, QT, dry_run=False)
    assert answer.mode == "code", (query, answer.mode, answer.text)
    params = params_of(answer.code or "")
    assert params["VARIABLE"] == "weather" and params["OUTPUT"] == "plot"
    assert params["PLOT_COLUMNS"] == columns and hourly in params["HOURLY"].values()
    assert "api.open-meteo.com" in params["API_URL"] and "tide.forecast" not in (answer.code or "")


@pytest.mark.parametrize("query,variable,output,span", [
    ("用 Python 把台東下個月每天的日出日落存成 CSV", "sun", "csv", ("2026-12-01", "2026-12-31")),
    ("python: sunrise times in Sydney for all of January 2027 as a csv file", "sun", "csv",
     ("2027-01-01", "2027-01-31")),
    ("寫程式列出明年一整年的月相", "moon", "print", ("2027-01-01", "2027-12-31")),
    ("python table of the moon phases for 2028", "moon", "table", ("2028-01-01", "2028-12-31")),
])
async def test_the_variable_span_and_output_understood(query: str, variable: str, output: str,
                                                       span: tuple[str, str]) -> None:
    answer = await ask_router(query, QT, dry_run=False)
    assert answer.mode == "code", (query, answer.mode, answer.text)
    params = params_of(answer.code or "")
    assert (params["VARIABLE"], params["OUTPUT"]) == (variable, output), params
    assert (params["START"], params["END"]) == span, params


@pytest.mark.parametrize("query,bbox", [
    ("用 Python 畫 121E-123E、24N-26N 的海溫距平分布圖", [121.0, 24.0, 123.0, 26.0]),
    ("python map of the sea temperature anomaly for the box 118-120E 21-23N", [118.0, 21.0, 120.0, 23.0]),
])
async def test_an_anomaly_map_of_a_box(query: str, bbox: list[float]) -> None:
    answer = await ask_router(query, QT, dry_run=False)
    params = params_of(answer.code or "")
    assert (params["VARIABLE"], params["OUTPUT"]) == ("sst_anomaly", "map")
    assert params["BBOX"] == bbox and params["DATASET"] == "jplMURSST41anom1day"
    assert params["DATE"] <= "2026-11-26"     # MUR is a day late


@pytest.mark.parametrize("output", ["print", "table", "csv", "plot", "function"])
def test_every_output_of_hourly_weather_compiles(output: str) -> None:
    from datetime import date

    from core.answers.code_ask import CodeAsk
    from core.answers.compose import compose
    ask = CodeAsk(variable="weather", output=output, place="Keelung", point=(121.74, 25.15), bbox=None,
                  start=date(2025, 11, 25), end=date(2025, 11, 26), tz="Asia/Taipei", measures=("wind", "rain"))
    params = params_of(compose(ask, "A test program.").source)
    assert list(params["HOURLY"]) == ["wind_kmh", "gust_kmh", "rain_mm", "rain_pct"]
    assert params.get("OUT_FILE", "wind_rain").startswith("wind_rain")


@pytest.mark.e2e
async def test_a_wind_plot_program_runs_against_the_open_meteo_emulator(tmp_path) -> None:
    from openmeteo_server import OpenMeteoServer

    answer = await ask_router("python plot of the wind at Keelung tomorrow", "2025-11-25T10:20:00+08:00",
                              dry_run=False)
    with OpenMeteoServer() as meteo:
        script = tmp_path / "wind.py"
        script.write_text(fill_template(answer.code or "", {"API_URL": meteo.url}), encoding="utf-8")
        proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120,
                              cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr[-2000:]
        assert (tmp_path / "wind.png").stat().st_size > 1000
        assert meteo.requests[-1]["hourly"] == "wind_speed_10m,wind_gusts_10m"
        assert meteo.requests[-1]["start_date"] == meteo.requests[-1]["end_date"] == "2025-11-26"
    lines = [line for line in proc.stdout.splitlines() if line.startswith("2025-11-26T")]
    assert len(lines) == 24
