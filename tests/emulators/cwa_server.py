"""A local HTTP server speaking CWA's open-data REST API for dataset F-A0021-001 (one month of
tide forecasts), for offline tests.

`GET /api/v1/rest/datastore/F-A0021-001?Authorization=KEY&format=JSON` answers in CWA's shape
(`records.TideForecasts[].Location{LocationId, LocationName, Latitude, Longitude,
TimePeriods.Daily[{Date, LunarDate, TideRange, Time[{DateTime, Tide, TideHeights{AboveTWVD
(a string), AboveLocalMSL, AboveChartDatum}}]}]}`), days out of order as CWA sends them. The data
are made here: eight coastal points with their real coordinates and ranges of the right size
(Keelung's small, Taichung's large), the highs and lows of a semidiurnal curve with a diurnal
inequality and a spring-neap cycle that follows the lunar date. A wrong key gets 401.

Modes: "ok" (default), "unauthorized" (401 whatever the key), "error" (500), "slow" (the body
after `delay` s), "truncated" (half the body, then the connection closes), "oversized" (more than
40 MB, chunked, no length), "garbage" (an HTML page with 200). `requests` counts the requests.

    with CwaServer(start=date(2026, 7, 20)) as cwa:
        env CWA_API_URL=cwa.url CWA_API_KEY=cwa.key
"""
from __future__ import annotations

import json
import math
import threading
import time
from datetime import date, datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlparse

import numpy as np
from lunardate import LunarDate

TAIPEI = timezone(timedelta(hours=8))
KEY = "CWA-TEST-KEY-0123456789"
PATH = "/api/v1/rest/datastore/F-A0021-001"
# (id, name, lat, lon, M2 amplitude cm, diurnal amplitude cm, phase h, chart datum below MSL cm, TWVD - MSL cm)
POINTS = [
    ("10017010", "基隆市中正區", 25.1517, 121.7730, 22.0, 18.0, 0.0, 62, -8),
    ("65000100", "新北市淡水區", 25.1760, 121.4230, 105.0, 22.0, 1.1, 180, -10),
    ("I00034", "梧棲漁港", 24.2890, 120.5040, 190.0, 25.0, 2.3, 310, -14),
    ("10016010", "澎湖縣馬公市", 23.5650, 119.5660, 110.0, 28.0, 2.9, 190, -12),
    ("I00071", "東港漁港", 22.4650, 120.4440, 32.0, 30.0, 4.2, 82, -9),
    ("10015050", "花蓮縣吉安鄉", 23.9424, 121.6125, 55.0, 20.0, 5.0, 112, -11),
    ("I00090", "成功漁港", 23.0970, 121.3810, 56.0, 21.0, 5.3, 115, -10),
    ("I00003", "富基漁港", 25.2940, 121.5370, 70.0, 20.0, 0.6, 130, -9),
]
NEW_MOON = datetime(2026, 1, 18, 19, 52, tzinfo=timezone.utc)
SYNODIC = 29.530589
_SPRING = {29, 30, 1, 2, 3, 14, 15, 16, 17, 18}
_NEAP = {7, 8, 9, 10, 22, 23, 24, 25}


def _lunar(day: date) -> LunarDate:
    return LunarDate.from_solar_date(day.year, day.month, day.day)


def _range_word(lunar_day: int) -> str:
    return "大" if lunar_day in _SPRING else "小" if lunar_day in _NEAP else "中"


def extremes(point: tuple[Any, ...], start: date, days: int) -> list[tuple[datetime, str, int]]:
    """Return (local time to the minute, 滿潮|乾潮, cm above local MSL) of the point's curve over the days."""
    _, _, _, _, m2, k1, phase, _, _ = point
    t0 = datetime(start.year, start.month, start.day, tzinfo=TAIPEI) - timedelta(hours=6)
    minutes = np.arange(0, (days * 24 + 12) * 60)
    hours = minutes / 60.0
    # The moon's age, continuous (days since a new moon): the range peaks ~2.5 days after new and full moon.
    age = ((t0 - NEW_MOON).total_seconds() / 86400 + hours / 24) % SYNODIC
    spring = 1 + 0.35 * np.cos(2 * math.pi * (age - 2.5) / (SYNODIC / 2))
    level = m2 * spring * np.cos(2 * math.pi * (hours - phase) / 12.4206) + k1 * np.cos(
        2 * math.pi * (hours - phase * 2) / 23.9345)
    d = np.diff(level)
    out = []
    for i in np.nonzero(np.sign(d[1:]) != np.sign(d[:-1]))[0] + 1:
        moment = t0 + timedelta(minutes=int(minutes[i]))
        if start <= moment.date() < start + timedelta(days=days):
            out.append((moment, "滿潮" if d[i - 1] > 0 else "乾潮", int(round(level[i]))))
    return out


def location(point: tuple[Any, ...], start: date, days: int) -> dict[str, Any]:
    """Return one `TideForecasts` item in CWA's shape, its days in a shuffled (but fixed) order."""
    loc_id, name, lat, lon, _, _, _, chart, twvd = point
    by_day: dict[date, list[dict[str, Any]]] = {}
    for moment, kind, msl in extremes(point, start, days):
        by_day.setdefault(moment.date(), []).append({
            "DateTime": moment.isoformat(timespec="seconds"), "Tide": kind,
            "TideHeights": {"AboveTWVD": str(msl + twvd), "AboveLocalMSL": msl, "AboveChartDatum": msl + chart}})
    daily = []
    for day, times in by_day.items():
        lunar = _lunar(day)
        daily.append({"Date": day.isoformat(), "LunarDate": f"{lunar.year:04d}-{lunar.month:02d}-{lunar.day:02d}",
                      "TideRange": _range_word(lunar.day), "Time": times})
    daily = [daily[i] for i in sorted(range(len(daily)), key=lambda i: (i * 7919) % 31)]   # as CWA: not by date
    return {"Location": {"LocationId": loc_id, "LocationName": name, "Latitude": lat, "Longitude": lon,
                         "TimePeriods": {"Daily": daily}}}


def response(start: date, days: int = 31) -> dict[str, Any]:
    """Return the whole F-A0021-001 answer for `days` days from `start`."""
    return {"success": "true",
            "result": {"resource_id": "F-A0021-001", "fields": []},
            "records": {"dataid": "F-A0021-001", "note": "潮汐預報(未來1個月潮汐預報)",
                        "TideForecasts": [location(p, start, days) for p in POINTS]}}


class CwaServer:
    """The CWA open-data emulator on loopback; use as a context manager."""

    def __init__(self, start: date, days: int = 31, mode: str = "ok", delay: float = 5.0, key: str = KEY) -> None:
        self.body = json.dumps(response(start, days), ensure_ascii=False).encode()
        self.mode = mode
        self.delay = delay
        self.key = key
        self.requests = 0
        self.seen_keys: list[str] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *_: Any) -> None:
                pass

            def handle_one_request(self) -> None:
                try:
                    super().handle_one_request()
                except (BrokenPipeError, ConnectionResetError):
                    self.close_connection = True   # the client gave up (its timeout): nothing to tell

            def _send(self, status: int, body: bytes, kind: str = "application/json") -> None:
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self) -> None:  # noqa: N802 - http.server's name
                url = urlparse(self.path)
                query = {k: v[-1] for k, v in parse_qs(url.query).items()}
                server.requests += 1
                server.seen_keys.append(query.get("Authorization", ""))
                if url.path != PATH:
                    self._send(404, b'{"message":"Not Found"}')
                elif server.mode == "unauthorized" or query.get("Authorization") != server.key:
                    self._send(401, b'{"message":"Unauthorized"}')
                elif server.mode == "error":
                    self._send(500, b'{"message":"Internal Server Error"}')
                elif server.mode == "garbage":
                    self._send(200, b"<html><body>Service temporarily unavailable</body></html>", "text/html")
                elif server.mode == "truncated":
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(server.body)))
                    self.end_headers()
                    self.wfile.write(server.body[: len(server.body) // 2])
                    self.wfile.flush()
                    self.close_connection = True
                elif server.mode == "oversized":
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Transfer-Encoding", "chunked")
                    self.end_headers()
                    pad = b" " * 1_000_000
                    for _ in range(42):   # 42 MB of leading blanks: valid JSON, far past any real answer
                        self.wfile.write(b"%x\r\n%s\r\n" % (len(pad), pad))
                    self.wfile.write(b"%x\r\n%s\r\n0\r\n\r\n" % (len(server.body), server.body))
                else:
                    if server.mode == "slow":
                        time.sleep(server.delay)
                    self._send(200, server.body)

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self._httpd.server_address[1]}/api"
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    def __enter__(self) -> "CwaServer":
        self._thread.start()
        return self

    def __exit__(self, *_: Any) -> None:
        self.stop()

    def stop(self) -> None:
        """Stop serving and free the port (a later fetch finds no one there)."""
        self._httpd.shutdown()
        self._httpd.server_close()


if __name__ == "__main__":   # python tests/cwa_server.py 2026-07-20: serve until Ctrl-C
    import sys

    with CwaServer(date.fromisoformat(sys.argv[1]) if len(sys.argv) > 1 else date.today()) as cwa:
        print("ready", cwa.url, "key", cwa.key, flush=True)
        threading.Event().wait()
