"""weather.forecast against a local Open-Meteo look-alike, and the weather replies."""
from __future__ import annotations

import time
from datetime import date

import httpx
import pytest
import yaml
from pydantic import ValidationError

from core.config import get_settings
from metocean.errors import ToolFailure
from core.tools.open_meteo import WeatherForecastArgs
from core.words.weather import beaufort, render_weather, weather_aspects, wmo_text
from core.tools.open_meteo import CURRENT_VARS, DAILY_VARS, HOURLY_VARS, WeatherForecast, weather_forecast
from openmeteo_server import OpenMeteoServer
from paths import ROOT

KEELUNG = WeatherForecastArgs(latitude=25.13, longitude=121.74, forecastDays=7)
BERN_DAYS = [  # today, tomorrow: the seed's Bern example, a cold rainy day
    {"weather_code": 3, "temperature_2m_max": 6.2, "temperature_2m_min": 1.4, "precipitation_sum": 0.4,
     "precipitation_probability_max": 35, "wind_speed_10m_max": 18.7},
    {"weather_code": 63, "temperature_2m_max": 8.0, "temperature_2m_min": 3.0, "precipitation_sum": 12.3,
     "precipitation_probability_max": 80, "wind_speed_10m_max": 25.2},
]
ALL_WMO_CODES = {0, 1, 2, 3, 45, 48, 51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 71, 73, 75, 77, 80, 81, 82, 85, 86,
                 95, 96, 99}


@pytest.fixture(autouse=True)
def _fresh_settings(monkeypatch: pytest.MonkeyPatch):
    # Settings are cached per process; a test's environment must not leak into the next.
    monkeypatch.delenv("OPEN_METEO_URL", raising=False)
    get_settings.cache_clear()
    yield
    get_settings.cache_clear()


# ---- fetching and mapping -----------------------------------------------------------

@pytest.mark.e2e
async def test_maps_open_meteo_json_to_the_seed_model():
    with OpenMeteoServer() as om:
        result = await weather_forecast(KEELUNG, url=om.url)
    assert set(result) >= {"current", "hourly", "daily", "timezone", "elevation"}
    WeatherForecast.model_validate(result)
    assert result["current"] == {"time": "2025-11-25T10:15", "temperature": 21.3, "precipitation": 0.0,
                                 "windSpeed": 14.2, "weatherCode": 3}
    daily = result["daily"]
    assert daily["time"][:2] == ["2025-11-25", "2025-11-26"] and len(daily["time"]) == 7
    assert daily["temperatureMax"][1] == 23.0 and daily["temperatureMin"][1] == 19.0
    assert daily["precipitationSum"][1] == 12.3 and daily["precipitationProbabilityMax"][1] == 80
    assert daily["weatherCode"][1] == 63 and daily["windSpeedMax"][1] == 25.2
    hourly = result["hourly"]
    assert len(hourly["time"]) == 7 * 24 == len(hourly["temperature"]) == len(hourly["precipitationProbability"])
    assert hourly["time"][0] == "2025-11-25T00:00"
    assert result["timezone"] == "Asia/Taipei" and result["elevation"] == 12.0
    assert result["utcOffsetSeconds"] == 28800 and result["latitude"] == 25.125


@pytest.mark.e2e
async def test_sends_the_documented_query():
    with OpenMeteoServer() as om:
        await weather_forecast(WeatherForecastArgs(latitude=46.9479, longitude=7.4474, forecastDays=3,
                                                   timezone="Europe/Zurich"), url=om.url)
    (q,) = om.requests
    assert float(q["latitude"]) == 46.9479 and float(q["longitude"]) == 7.4474
    assert q["forecast_days"] == "3" and q["timezone"] == "Europe/Zurich"
    assert q["current"].split(",") == list(CURRENT_VARS)
    assert q["hourly"].split(",") == list(HOURLY_VARS)
    assert q["daily"].split(",") == list(DAILY_VARS)


@pytest.mark.e2e
async def test_without_hourly_asks_for_none_and_returns_none():
    with OpenMeteoServer() as om:
        result = await weather_forecast(WeatherForecastArgs(latitude=25, longitude=121.5, includeHourly=False),
                                        url=om.url)
    assert "hourly" not in om.requests[0]
    assert result["hourly"] is None and len(result["daily"]["time"]) == 7


@pytest.mark.e2e
async def test_url_comes_from_settings(monkeypatch: pytest.MonkeyPatch):
    with OpenMeteoServer() as om:
        monkeypatch.setenv("OPEN_METEO_URL", om.url)
        get_settings.cache_clear()
        result = await weather_forecast(KEELUNG)
    assert len(om.requests) == 1 and result["daily"]["time"]


@pytest.mark.e2e
async def test_shared_client_is_used_and_left_open():
    with OpenMeteoServer() as om:
        async with httpx.AsyncClient() as client:
            await weather_forecast(KEELUNG, url=om.url, client=client)
            assert not client.is_closed


@pytest.mark.parametrize("field, value, message", [
    ("latitude", 91, "Latitude must be between -90 and 90 degrees"),
    ("latitude", -90.5, "Latitude must be between -90 and 90 degrees"),
    ("longitude", 181, "Longitude must be between -180 and 180 degrees"),
    ("forecastDays", 17, "Forecast days must be between 1 and 16"),
    ("forecastDays", 0, "Forecast days must be between 1 and 16"),
])
def test_validation_messages_are_the_seeds(field: str, value: float, message: str):
    args = {"latitude": 25.0, "longitude": 121.5, field: value}
    with pytest.raises(ValidationError) as info:
        WeatherForecastArgs(**args)
    assert message in str(info.value)


def test_defaults_are_the_seeds():
    args = WeatherForecastArgs(latitude=46.9479, longitude=7.4474)
    assert (args.forecastDays, args.includeHourly, args.timezone) == (7, True, "auto")


@pytest.mark.e2e
async def test_open_meteo_400_is_invalid_argument_with_its_reason():
    with OpenMeteoServer("bad_request", reason="Invalid timezone") as om:
        with pytest.raises(ToolFailure) as info:
            await weather_forecast(KEELUNG, url=om.url)
    assert info.value.code == "INVALID_ARGUMENT" and info.value.message == "Invalid timezone"
    assert len(om.requests) == 1  # a 4xx is not retried


@pytest.mark.e2e
async def test_real_400_from_the_servers_own_validation():
    with OpenMeteoServer() as om:
        with pytest.raises(ToolFailure) as info:
            await weather_forecast(WeatherForecastArgs(latitude=25, longitude=121, timezone="Mars/Olympus"),
                                   url=om.url)
    assert info.value.code == "INVALID_ARGUMENT" and "timezone" in info.value.message.lower()


@pytest.mark.e2e
async def test_500_is_retried_once_then_unavailable():
    with OpenMeteoServer("error") as om:
        with pytest.raises(ToolFailure) as info:
            await weather_forecast(KEELUNG, url=om.url)
    assert info.value.code == "UNAVAILABLE"
    assert info.value.message.startswith("Failed to fetch weather data: ")
    assert len(om.requests) == 2


@pytest.mark.e2e
async def test_one_500_then_success_is_answered():
    with OpenMeteoServer("flaky") as om:
        result = await weather_forecast(KEELUNG, url=om.url)
    assert len(om.requests) == 2 and result["daily"]["time"]


@pytest.mark.e2e
async def test_slow_upstream_times_out_within_bounds():
    with OpenMeteoServer("slow", delay=10) as om:
        started = time.perf_counter()
        with pytest.raises(ToolFailure) as info:
            await weather_forecast(KEELUNG, url=om.url, timeout=0.5)
        elapsed = time.perf_counter() - started
    assert info.value.code == "UNAVAILABLE" and "timed out" in info.value.message
    assert elapsed < 2.0 and len(om.requests) == 1  # a read timeout is not retried


@pytest.mark.e2e
async def test_unreachable_upstream_is_unavailable_quickly():
    with OpenMeteoServer() as om:
        url = om.url  # the port is free again once the server is gone
    started = time.perf_counter()
    with pytest.raises(ToolFailure) as info:
        await weather_forecast(KEELUNG, url=url, timeout=1)
    assert info.value.code == "UNAVAILABLE" and info.value.message.startswith("Failed to fetch weather data: ")
    assert time.perf_counter() - started < 3


# ---- words ------------------------------------------------------------------------------

def test_every_wmo_code_has_words_in_both_languages():
    table = yaml.safe_load((ROOT / "core/data/wmo_codes.yaml").read_text(encoding="utf-8"))
    assert set(table) == ALL_WMO_CODES
    for code in ALL_WMO_CODES:
        assert wmo_text(code, "zh") and wmo_text(code, "en")
    assert wmo_text(63, "zh") == "中雨" and wmo_text(63, "en") == "moderate rain"
    assert wmo_text(42, "en") == "weather code 42" and wmo_text(None, "zh") is None


@pytest.mark.parametrize("query, aspects", [
    ("明天基隆會下雨嗎", {"rain"}),
    ("要帶傘嗎", {"rain"}),
    ("Will it rain tomorrow in Bern?", {"rain"}),
    ("do I need an umbrella", {"rain"}),
    ("台北今天幾度", {"temperature"}),
    ("明天會很冷嗎", {"temperature"}),
    ("how hot is it in Tainan", {"temperature"}),
    ("現在風大嗎", {"wind"}),
    ("is it windy in Keelung", {"wind"}),
    ("明天氣溫和降雨", {"rain", "temperature"}),
    ("基隆天氣如何", {"general"}),
    ("What's the weather in Zürich?", {"general"}),
    ("train times", {"general"}),
])
def test_weather_aspects(query: str, aspects: set[str]):
    assert weather_aspects(query) == aspects


def test_beaufort():
    assert [beaufort(v) for v in (0, 5, 14.2, 25.2, 40, 130)] == [0, 1, 3, 4, 6, 12]


@pytest.fixture(scope="module")
def bern() -> dict:
    import asyncio

    async def fetch() -> dict:
        with OpenMeteoServer(days=BERN_DAYS, current={"temperature_2m": 4.6, "precipitation": 0.2,
                                                      "wind_speed_10m": 14.2, "weather_code": 61}) as om:
            return await weather_forecast(WeatherForecastArgs(latitude=46.9479, longitude=7.4474,
                                                              timezone="Europe/Zurich"), url=om.url)
    return asyncio.run(fetch())


@pytest.fixture(scope="module")
def keelung() -> dict:
    import asyncio

    async def fetch() -> dict:
        with OpenMeteoServer() as om:
            return await weather_forecast(KEELUNG, url=om.url)
    return asyncio.run(fetch())


TOMORROW = date(2025, 11, 26)
TODAY = date(2025, 11, 25)


@pytest.mark.e2e
def test_rain_tomorrow_zh(keelung: dict):
    text = render_weather(keelung, lang="zh", day=TOMORROW, aspects={"rain"}, place="基隆")
    assert text == "基隆 明天（2025-11-26）降雨機率 80%，預估雨量 12.3 mm；天氣：中雨。氣溫 19–23 °C。\n資料來源：Open-Meteo"


@pytest.mark.e2e
def test_rain_tomorrow_en(bern: dict):
    text = render_weather(bern, lang="en", day=TOMORROW, aspects={"rain"}, place="Bern")
    assert text == ("Bern tomorrow (2025-11-26): 80% chance of rain, about 12.3 mm expected; moderate rain. "
                    "3–8 °C.\nSource: Open-Meteo")


@pytest.mark.e2e
def test_high_low_today(keelung: dict, bern: dict):
    zh = render_weather(keelung, lang="zh", day=TODAY, aspects={"temperature"}, place="基隆")
    assert zh.startswith("基隆 今天（2025-11-25）最高 23 °C、最低 19 °C；天氣：陰天。目前 21.3 °C。")
    en = render_weather(bern, lang="en", day=TODAY, aspects={"temperature"}, place="Bern")
    assert en.startswith("Bern today (2025-11-25): high 6 °C, low 1 °C; overcast. Now 4.6 °C.")
    assert "降雨" not in zh and "rain" not in en.split("\n")[0]  # answers what was asked


@pytest.mark.e2e
def test_wind_now(keelung: dict, bern: dict):
    zh = render_weather(keelung, lang="zh", day=None, aspects={"wind"}, place="基隆")
    assert zh.startswith("基隆 現在（2025-11-25 10:15）風速 14 km/h（約 3 級風）；天氣：陰天。")
    en = render_weather(bern, lang="en", day=None, aspects={"wind"}, place="Bern")
    assert en.startswith("Bern now (2025-11-25 10:15): wind 14 km/h (Beaufort 3); slight rain.")


@pytest.mark.e2e
def test_rain_now_uses_the_next_hours(keelung: dict):
    text = render_weather(keelung, lang="en", day=None, aspects={"rain"}, place="Keelung")
    assert "0.0 mm of precipitation now" in text and "35% chance of rain in the next 6 hours" in text


@pytest.mark.e2e
def test_general_day_mentions_everything(keelung: dict):
    zh = render_weather(keelung, lang="zh", day=TOMORROW, aspects={"general"}, place="基隆")
    assert zh.startswith("基隆 明天（2025-11-26）天氣：中雨；氣溫 19–23 °C；降雨機率 80%")
    assert "最大風速 25 km/h" in zh
    en = render_weather(keelung, lang="en", day=date(2025, 11, 28), aspects={"general"}, place="Keelung")
    assert en.startswith("Keelung on Friday (2025-11-28): ")


@pytest.mark.e2e
def test_day_out_of_range_is_a_polite_line(keelung: dict):
    zh = render_weather(keelung, lang="zh", day=date(2025, 12, 20), aspects={"rain"}, place="基隆")
    assert zh.startswith("抱歉，基隆的預報只涵蓋 2025-11-25 至 2025-12-01，無法提供 2025-12-20 的天氣")
    en = render_weather(keelung, lang="en", day=date(2025, 11, 20), aspects={"rain"}, place="Keelung")
    assert en.startswith("Sorry, the forecast for Keelung starts on 2025-11-25")
    assert en.endswith("Source: Open-Meteo")


@pytest.mark.e2e
def test_place_falls_back_to_the_grid_point(keelung: dict):
    text = render_weather(keelung, lang="en", day=TOMORROW, aspects={"rain"}, place=None)
    assert text.startswith("25.12°N, 121.75°E tomorrow (2025-11-26)")


@pytest.mark.e2e
def test_below_zero_range_is_spelled_out(keelung: dict):
    cold = {**keelung, "daily": {**keelung["daily"], "temperatureMin": [-3.2] * 7, "temperatureMax": [2.4] * 7}}
    assert "-3 to 2 °C" in render_weather(cold, lang="en", day=TOMORROW, aspects={"rain"}, place="X")
    assert "-3 至 2 °C" in render_weather(cold, lang="zh", day=TOMORROW, aspects={"rain"}, place="X")
