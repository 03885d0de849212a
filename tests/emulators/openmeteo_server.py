"""A local HTTP server speaking Open-Meteo's forecast API (`GET /v1/forecast`), for offline tests.

The JSON has the real structure and key order (`latitude`, `longitude`, `generationtime_ms`,
`utc_offset_seconds`, `timezone`, `timezone_abbreviation`, `elevation`, `current_units`,
`current`, `hourly_units`, `hourly`, `daily_units`, `daily`), includes only the variables
asked for, and rejects what the real API rejects with its 400 `{"reason": ..., "error": true}`.

Modes: "success" (default), "bad_request" (always 400 with `reason`), "error" (always 500),
"slow" (answers after `delay` seconds), "flaky" (first request 500, then success).
Every request's query parameters are recorded in `requests`.

    with OpenMeteoServer() as om:
        ... get_settings(open_meteo_url=om.url) ...
        om.requests[-1]["forecast_days"]
"""
from __future__ import annotations

import json
import math
import threading
from datetime import date, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlparse
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

START = date(2025, 11, 25)
CURRENT_TIME = "2025-11-25T10:15"

# Day 0 is "today" at the server's clock (START), day 1 "tomorrow"; later days follow a formula.
DEFAULT_DAYS: list[dict[str, float | int]] = [
    {"weather_code": 3, "temperature_2m_max": 23.4, "temperature_2m_min": 19.1, "precipitation_sum": 0.4,
     "precipitation_probability_max": 35, "wind_speed_10m_max": 18.7},
    {"weather_code": 63, "temperature_2m_max": 23.0, "temperature_2m_min": 19.0, "precipitation_sum": 12.3,
     "precipitation_probability_max": 80, "wind_speed_10m_max": 25.2},
]
DEFAULT_CURRENT: dict[str, float | int] = {"temperature_2m": 21.3, "precipitation": 0.0, "wind_speed_10m": 14.2,
                                           "weather_code": 3}
_DRY_CODES = (0, 1, 2, 3, 45)

UNITS = {
    "current": {"time": "iso8601", "interval": "seconds", "temperature_2m": "°C", "precipitation": "mm",
                "wind_speed_10m": "km/h", "weather_code": "wmo code"},
    "hourly": {"time": "iso8601", "temperature_2m": "°C", "precipitation": "mm", "precipitation_probability": "%",
               "wind_speed_10m": "km/h", "wind_gusts_10m": "km/h"},
    "daily": {"time": "iso8601", "weather_code": "wmo code", "temperature_2m_max": "°C",
              "temperature_2m_min": "°C", "precipitation_sum": "mm", "precipitation_probability_max": "%",
              "wind_speed_10m_max": "km/h"},
}


def _day_values(i: int, days: list[dict[str, Any]]) -> dict[str, Any]:
    if i < len(days):
        return dict(days[i])
    probability = int(max(0, 60 * math.sin(i * 1.7)))
    # The sky follows the rain chance, as a real forecast's would.
    code = 61 if probability >= 50 else 80 if probability >= 20 else _DRY_CODES[i % len(_DRY_CODES)]
    return {"weather_code": code,
            "temperature_2m_max": round(22.0 + 2 * math.sin(i), 1),
            "temperature_2m_min": round(17.0 + 1.5 * math.sin(i), 1),
            "precipitation_sum": round(probability / 12, 1),
            "precipitation_probability_max": probability,
            "wind_speed_10m_max": round(15 + 5 * math.cos(i), 1)}


class _Rejected(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _float(params: dict[str, str], key: str) -> float:
    try:
        return float(params[key])
    except KeyError:
        raise _Rejected(f"Parameter '{key}' is required") from None
    except ValueError:
        raise _Rejected(f"Cannot initialize Float from invalid String value {params[key]} for key {key}") from None


def _vars(params: dict[str, str], block: str) -> list[str]:
    names = [v for v in params.get(block, "").split(",") if v]
    for name in names:
        if name not in UNITS[block]:
            raise _Rejected(f"Cannot initialize ForecastVariable{block.capitalize()} from invalid String value "
                            f"{name} for key {block}")
    return names


def forecast_body(params: dict[str, str], *, start: date = START, current_time: str = CURRENT_TIME,
                  days: list[dict[str, Any]] | None = None,
                  current: dict[str, Any] | None = None) -> dict[str, Any]:
    """Return the JSON body Open-Meteo would send for `params` (raises _Rejected like its 400s)."""
    lat, lon = _float(params, "latitude"), _float(params, "longitude")
    if not -90 <= lat <= 90:
        raise _Rejected(f"Latitude must be in range of -90 to 90°. Given: {lat}.")
    if not -180 <= lon <= 180:
        raise _Rejected(f"Longitude must be in range of -180 to 180°. Given: {lon}.")
    n_days = int(params.get("forecast_days", "7"))
    if not 0 <= n_days <= 16:
        raise _Rejected("Forecast days is invalid. Allowed range 0 to 16.")
    tz_name = params.get("timezone", "GMT")
    if tz_name in ("auto", ""):
        tz_name = "Asia/Taipei"  # what the real API resolves for the test points around Taiwan
    try:
        zone = ZoneInfo(tz_name)
    except (ZoneInfoNotFoundError, ValueError):
        raise _Rejected("Invalid timezone") from None
    offset = zone.utcoffset(datetime(start.year, start.month, start.day, 12))
    offset_s = int(offset.total_seconds()) if offset is not None else 0
    hours = offset_s // 3600
    abbreviation = zone.tzname(datetime(start.year, start.month, start.day, 12)) or "GMT"
    if abbreviation[0] in "+-":
        abbreviation = f"GMT{hours:+d}"

    table = days if days is not None else DEFAULT_DAYS
    body: dict[str, Any] = {
        # The real API snaps to its grid and echoes the grid point, not the request.
        "latitude": round(round(lat * 16) / 16, 4),
        "longitude": round(round(lon * 16) / 16, 4),
        "generationtime_ms": 0.0874996185302734,
        "utc_offset_seconds": offset_s,
        "timezone": tz_name,
        "timezone_abbreviation": abbreviation,
        "elevation": 12.0,
    }
    cur_vars = _vars(params, "current")
    if cur_vars:
        values = current if current is not None else DEFAULT_CURRENT
        body["current_units"] = {"time": "iso8601", "interval": "seconds", **{v: UNITS["current"][v] for v in cur_vars}}
        body["current"] = {"time": current_time, "interval": 900, **{v: values.get(v) for v in cur_vars}}
    rows = [_day_values(i, table) for i in range(n_days)]
    dates = [(start + timedelta(days=i)).isoformat() for i in range(n_days)]
    hourly_vars = _vars(params, "hourly")
    if hourly_vars:
        hourly: dict[str, list[Any]] = {"time": []}
        for v in hourly_vars:
            hourly[v] = []
        for d, row in zip(dates, rows):
            for h in range(24):
                hourly["time"].append(f"{d}T{h:02d}:00")
                lo, hi = row["temperature_2m_min"], row["temperature_2m_max"]
                values = {
                    "temperature_2m": round(lo + (hi - lo) * (1 - math.cos(2 * math.pi * (h - 3) / 24)) / 2, 1),
                    "precipitation": round(row["precipitation_sum"] / 24, 2),
                    "precipitation_probability": row["precipitation_probability_max"] if 6 <= h <= 18
                    else row["precipitation_probability_max"] // 2,
                    # the day's strongest wind in the afternoon, gusts half as strong again
                    "wind_speed_10m": round(row.get("wind_speed_10m_max", 15.0) * (0.6 + 0.4 * math.sin(math.pi * h / 24)), 1),
                    "wind_gusts_10m": round(1.5 * row.get("wind_speed_10m_max", 15.0) * (0.6 + 0.4 * math.sin(math.pi * h / 24)), 1),
                }
                for v in hourly_vars:
                    hourly[v].append(values[v])
        body["hourly_units"] = {"time": "iso8601", **{v: UNITS["hourly"][v] for v in hourly_vars}}
        body["hourly"] = hourly
    daily_vars = _vars(params, "daily")
    if daily_vars:
        body["daily_units"] = {"time": "iso8601", **{v: UNITS["daily"][v] for v in daily_vars}}
        body["daily"] = {"time": dates, **{v: [row.get(v) for row in rows] for v in daily_vars}}
    return body


class OpenMeteoServer:
    """Threaded loopback server on a free port; use as a context manager."""

    def __init__(self, mode: str = "success", *, delay: float = 5.0,
                 reason: str = "Latitude must be in range of -90 to 90°. Given: 91.0.",
                 start: date = START, current_time: str = CURRENT_TIME,
                 days: list[dict[str, Any]] | None = None, current: dict[str, Any] | None = None) -> None:
        self.mode = mode
        self.delay = delay
        self.reason = reason
        self.start = start
        self.current_time = current_time
        self.days = days
        self.current = current
        self.requests: list[dict[str, str]] = []
        self._stop = threading.Event()
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        """The forecast endpoint, like `https://api.open-meteo.com/v1/forecast`."""
        assert self._httpd is not None, "server not started"
        return f"http://127.0.0.1:{self._httpd.server_address[1]}/v1/forecast"

    def _respond(self, path: str, params: dict[str, str]) -> tuple[int, dict[str, Any]]:
        if path != "/v1/forecast":
            return 404, {"error": True, "reason": "Not Found"}
        self.requests.append(params)
        if self.mode == "slow":
            self._stop.wait(self.delay)
        if self.mode == "error" or (self.mode == "flaky" and len(self.requests) == 1):
            return 500, {"error": True, "reason": "Internal Server Error"}
        if self.mode == "bad_request":
            return 400, {"reason": self.reason, "error": True}
        try:
            return 200, forecast_body(params, start=self.start, current_time=self.current_time,
                                      days=self.days, current=self.current)
        except _Rejected as exc:
            return 400, {"reason": exc.reason, "error": True}

    def __enter__(self) -> "OpenMeteoServer":
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
                parsed = urlparse(self.path)
                params = {k: v[-1] for k, v in parse_qs(parsed.query, keep_blank_values=True).items()}
                status, body = owner._respond(parsed.path, params)
                data = json.dumps(body, ensure_ascii=False).encode("utf-8")
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json; charset=utf-8")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (timeout tests)

            def log_message(self, *args: Any) -> None:
                pass

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05},
                                        name="openmeteo-test", daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        assert self._httpd is not None and self._thread is not None
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)


if __name__ == "__main__":  # manual use: serve until Ctrl+C
    import time

    with OpenMeteoServer() as server:
        print("ready", server.url, flush=True)
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            pass
