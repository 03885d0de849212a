"""`weather.forecast`: Open-Meteo's forecast API mapped to the WeatherForecast model below.

The input is fixed (WeatherForecastArgs below, with its own
validation messages) and the output model below. The endpoint comes from settings
(`open_meteo_url`, env `OPEN_METEO_URL`) only: nothing the user writes chooses the host.

Errors (all ToolFailure, see metocean.errors):
  Open-Meteo 400 {"error": true, "reason": ...}  -> INVALID_ARGUMENT with the reason
  5xx, timeout, refused, non-JSON body            -> UNAVAILABLE "Failed to fetch weather data: ..."
"""
from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from core.config import get_settings
from metocean.errors import ToolFailure

if TYPE_CHECKING:
    import httpx

log = logging.getLogger("odbchat.weather")

CURRENT_VARS = ("temperature_2m", "precipitation", "wind_speed_10m", "weather_code")
HOURLY_VARS = ("temperature_2m", "precipitation", "precipitation_probability")
DAILY_VARS = ("weather_code", "temperature_2m_max", "temperature_2m_min", "precipitation_sum",
              "precipitation_probability_max", "wind_speed_10m_max")
CONNECT_TIMEOUT = 3.0
RETRY_DELAY = 0.3
USER_AGENT = "odbchat (weather.forecast)"


class WeatherForecastArgs(BaseModel):
    """Arguments of `weather.forecast` (Open-Meteo)."""

    model_config = ConfigDict(extra="forbid")

    latitude: float = Field(description="Latitude in decimal degrees (e.g., 46.9479 for Bern)")
    longitude: float = Field(description="Longitude in decimal degrees (e.g., 7.4474 for Bern)")
    forecastDays: int = Field(default=7, description="Number of forecast days (1-16)")
    includeHourly: bool = Field(default=True, description="Include hourly forecast data")
    timezone: str = Field(default="auto", max_length=64,
                          description="Timezone for timestamps (e.g., 'Europe/Zurich', 'auto')")

    # The seed's own messages, not pydantic's, so a user sees the documented wording.
    @field_validator("latitude")
    @classmethod
    def _lat(cls, v: float) -> float:
        if not -90 <= v <= 90:
            raise ValueError("Latitude must be between -90 and 90 degrees")
        return v

    @field_validator("longitude")
    @classmethod
    def _lon(cls, v: float) -> float:
        if not -180 <= v <= 180:
            raise ValueError("Longitude must be between -180 and 180 degrees")
        return v

    @field_validator("forecastDays")
    @classmethod
    def _days(cls, v: int) -> int:
        if not 1 <= v <= 16:
            raise ValueError("Forecast days must be between 1 and 16")
        return v


class CurrentWeather(BaseModel):
    """Conditions now at the grid point (local time of `WeatherForecast.timezone`)."""

    time: str = Field(description="ISO 8601 local time, e.g. 2025-11-25T10:15")
    temperature: float | None = Field(default=None, description="°C")
    precipitation: float | None = Field(default=None, description="mm")
    windSpeed: float | None = Field(default=None, description="km/h, 10 m")
    weatherCode: int | None = Field(default=None, description="WMO weather code (0-99)")


class HourlyForecast(BaseModel):
    """Hour-by-hour arrays, aligned on `time` (values may be null where the model has none)."""

    time: list[str] = Field(default_factory=list, description="ISO 8601 local times")
    temperature: list[float | None] = Field(default_factory=list, description="°C")
    precipitation: list[float | None] = Field(default_factory=list, description="mm")
    precipitationProbability: list[float | None] = Field(default_factory=list, description="%")


class DailyForecast(BaseModel):
    """Day-by-day arrays, aligned on `time` (local dates)."""

    time: list[str] = Field(default_factory=list, description="ISO 8601 dates")
    temperatureMax: list[float | None] = Field(default_factory=list, description="°C")
    temperatureMin: list[float | None] = Field(default_factory=list, description="°C")
    precipitationSum: list[float | None] = Field(default_factory=list, description="mm")
    precipitationProbabilityMax: list[float | None] = Field(default_factory=list, description="%")
    weatherCode: list[int | None] = Field(default_factory=list, description="WMO weather code")
    windSpeedMax: list[float | None] = Field(default_factory=list, description="km/h, 10 m")


class WeatherForecast(BaseModel):
    """Result of `weather.forecast` (Open-Meteo's forecast, plus the grid point used)."""

    current: CurrentWeather | None = None
    hourly: HourlyForecast | None = Field(default=None, description="absent when includeHourly is false")
    daily: DailyForecast = Field(default_factory=DailyForecast)
    timezone: str = Field(description="IANA zone of the timestamps")
    elevation: float | None = Field(default=None, description="metres")
    latitude: float | None = Field(default=None, description="grid point actually used")
    longitude: float | None = Field(default=None, description="grid point actually used")
    utcOffsetSeconds: int | None = Field(default=None, description="offset of the local timestamps")


def _params(args: WeatherForecastArgs) -> dict[str, str]:
    params = {
        "latitude": repr(float(args.latitude)),
        "longitude": repr(float(args.longitude)),
        "forecast_days": str(args.forecastDays),
        "timezone": args.timezone,
        "current": ",".join(CURRENT_VARS),
        "daily": ",".join(DAILY_VARS),
    }
    if args.includeHourly:
        params["hourly"] = ",".join(HOURLY_VARS)
    return params


def _series(block: dict[str, Any], key: str, length: int) -> list[Any]:
    # A variable Open-Meteo left out becomes nulls, so the arrays stay aligned on `time`.
    values = block.get(key)
    return list(values) if isinstance(values, list) else [None] * length


def map_forecast(data: dict[str, Any], *, include_hourly: bool = True) -> WeatherForecast:
    """Return the WeatherForecast model built from an Open-Meteo `/v1/forecast` JSON body."""
    current = None
    cur = data.get("current")
    if isinstance(cur, dict) and cur.get("time"):
        current = CurrentWeather(time=cur["time"], temperature=cur.get("temperature_2m"),
                                 precipitation=cur.get("precipitation"), windSpeed=cur.get("wind_speed_10m"),
                                 weatherCode=cur.get("weather_code"))
    hourly = None
    hrs = data.get("hourly")
    if include_hourly and isinstance(hrs, dict):
        n = len(hrs.get("time") or [])
        hourly = HourlyForecast(time=list(hrs.get("time") or []),
                                temperature=_series(hrs, "temperature_2m", n),
                                precipitation=_series(hrs, "precipitation", n),
                                precipitationProbability=_series(hrs, "precipitation_probability", n))
    daily_block = data.get("daily")
    day: dict[str, Any] = daily_block if isinstance(daily_block, dict) else {}
    n = len(day.get("time") or [])
    daily = DailyForecast(time=list(day.get("time") or []),
                          temperatureMax=_series(day, "temperature_2m_max", n),
                          temperatureMin=_series(day, "temperature_2m_min", n),
                          precipitationSum=_series(day, "precipitation_sum", n),
                          precipitationProbabilityMax=_series(day, "precipitation_probability_max", n),
                          weatherCode=_series(day, "weather_code", n),
                          windSpeedMax=_series(day, "wind_speed_10m_max", n))
    return WeatherForecast(current=current, hourly=hourly, daily=daily,
                           timezone=str(data.get("timezone") or "GMT"), elevation=data.get("elevation"),
                           latitude=data.get("latitude"), longitude=data.get("longitude"),
                           utcOffsetSeconds=data.get("utc_offset_seconds"))


def _reason(response: httpx.Response) -> str:
    try:
        body = response.json()
    except ValueError:
        return response.text.strip()[:200] or f"HTTP {response.status_code}"
    if isinstance(body, dict) and body.get("reason"):
        return str(body["reason"])[:300]
    return f"HTTP {response.status_code}"


async def _get(client: httpx.AsyncClient, url: str, params: dict[str, str]) -> httpx.Response:
    """GET with one retry on a 5xx answer or a failed connection (not on a read timeout:
    a slow upstream would only double the user's wait)."""
    import httpx  # with the client the caller made: loaded by the first weather question

    for attempt in (1, 2):
        try:
            response = await client.get(url, params=params, headers={"User-Agent": USER_AGENT})
        except (httpx.ConnectError, httpx.ConnectTimeout) as exc:
            if attempt == 2:
                raise
            log.info("open-meteo connect failed, retrying: %s", type(exc).__name__)
        else:
            if response.status_code < 500 or attempt == 2:
                return response
            log.info("open-meteo HTTP %s, retrying", response.status_code)
        await asyncio.sleep(RETRY_DELAY)
    raise AssertionError("unreachable")


async def weather_forecast(args: WeatherForecastArgs, *, url: str | None = None, timeout: float | None = None,
                           client: httpx.AsyncClient | None = None) -> WeatherForecast:
    """Return the forecast for `args`.

    `url` and `timeout` default to settings; `client` (not closed here) lets a caller share
    a connection pool. Raises ToolFailure INVALID_ARGUMENT or UNAVAILABLE.
    """
    import httpx  # ~0.1 s to import: weather questions only, not every start-up

    settings = get_settings()
    endpoint = url or settings.open_meteo_url
    limit = float(timeout if timeout is not None else settings.open_meteo_timeout)
    # Every phase bounded; connect shorter so an unreachable host fails fast.
    bounds = httpx.Timeout(limit, connect=min(CONNECT_TIMEOUT, limit))
    own = client is None
    http = client or httpx.AsyncClient(timeout=bounds, follow_redirects=False)
    try:
        # The per-request timeout also bounds a shared client that has none of its own.
        response = await asyncio.wait_for(_get(http, endpoint, _params(args)), timeout=2 * limit + 2 * RETRY_DELAY + 1)
    except (httpx.TimeoutException, asyncio.TimeoutError):
        raise ToolFailure("UNAVAILABLE", f"Failed to fetch weather data: timed out after {limit:g} s") from None
    except httpx.ConnectError:
        raise ToolFailure("UNAVAILABLE", "Failed to fetch weather data: cannot connect to Open-Meteo") from None
    except (httpx.HTTPError, httpx.InvalidURL) as exc:
        raise ToolFailure("UNAVAILABLE", f"Failed to fetch weather data: {type(exc).__name__}") from None
    finally:
        if own:
            await http.aclose()

    if response.status_code == 400:
        raise ToolFailure("INVALID_ARGUMENT", _reason(response))
    if response.status_code != 200:
        raise ToolFailure("UNAVAILABLE", f"Failed to fetch weather data: HTTP {response.status_code} {_reason(response)}")
    try:
        data = response.json()
    except ValueError:
        raise ToolFailure("UNAVAILABLE", "Failed to fetch weather data: response is not JSON") from None
    if not isinstance(data, dict):
        raise ToolFailure("UNAVAILABLE", "Failed to fetch weather data: unexpected response")
    if data.get("error"):
        raise ToolFailure("INVALID_ARGUMENT", str(data.get("reason") or "Open-Meteo rejected the request"))
    try:
        return map_forecast(data, include_hourly=args.includeHourly)
    except ValueError as exc:  # pydantic ValidationError: the body is not Open-Meteo's shape
        raise ToolFailure("UNAVAILABLE", f"Failed to fetch weather data: unexpected response ({exc.__class__.__name__})") from None
