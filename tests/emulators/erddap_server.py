"""A small ERDDAP look-alike on loopback for the GHRSST tests (griddap .json only).

It answers the queries metocean/sst.py makes, in ERDDAP's own formats:
- `time[0]`, `time[last]`: the first/last time of a dataset;
- `var[(time)][(lat)][(lon)]`: one grid point; `(value)` snaps to the closest stored value,
  as ERDDAP does (so a missing day inside the range comes back as a neighbouring day);
- `var[(time)][(lat0):stride:(lat1)][(lon0):stride:(lon1)]`: a strided box; a large one (the
  whole globe at stride 26 is 960,000 rows) is written as it is made, one row per line as
  ERDDAP writes it, so the server never holds it.
Times outside a dataset's range give ERDDAP's 404 "Error { code=404; message=... actual_range ...}".
`fail_next` makes the next N requests answer 503 (retry tests). The data are synthetic
(see `sst_at`); the "land" box 120.90..121.10 E, 23.40..23.60 N holds nulls as MUR land does.
"""
from __future__ import annotations

import contextlib
import json
import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import unquote, urlsplit

import numpy as np

STEP = 0.01
LAND = (120.90, 23.40, 121.10, 23.60)
STREAM_ROWS = 20_000  # a box with more rows is written as it is made


def _streamed_table(names: list[str], types: list[str], units: list[str], lats: np.ndarray, lons: np.ndarray,
                    day: date, value: Any) -> Iterator[str]:
    """Yield a .json table in ERDDAP's own layout (one row per line), one latitude at a time."""
    yield ('{\n  "table": {\n    "columnNames": ' + json.dumps(names) + ',\n    "columnTypes": ' + json.dumps(types)
           + ',\n    "columnUnits": ' + json.dumps(units) + ',\n    "rows": [\n')
    stamp = f"{day}T09:00:00Z"
    first = True
    for la in lats:
        lat = round(float(la), 2)
        lines = []
        for lo in lons:
            lon = round(float(lo), 2)
            v = "null" if _is_land(lat, lon) else repr(value(lat, lon, day))
            lines.append(f'{"" if first else ","}\n      ["{stamp}", {lat}, {lon}, {v}]')
            first = False
        yield "".join(lines)
    yield "\n    ]\n  }\n}\n"


@dataclass
class Dataset:
    variable: str
    units: str
    first: date
    last: date
    missing: set[date] = field(default_factory=set)

    def days(self) -> list[date]:
        n = (self.last - self.first).days + 1
        return [d for d in (self.first + timedelta(days=i) for i in range(n)) if d not in self.missing]


def sst_at(lat: float, lon: float, day: date) -> float:
    """The synthetic SST: warmer to the south, a little warmer each day of the month."""
    return round(30.0 - 0.2 * lat + 0.01 * day.day + 0.001 * (lon % 10), 3)


def anomaly_at(lat: float, lon: float, day: date) -> float:
    return round(0.18 + 0.001 * day.day, 3)


def _is_land(lat: float, lon: float) -> bool:
    return LAND[0] <= lon <= LAND[2] and LAND[1] <= lat <= LAND[3]


def _axis(lo: float, hi: float, stride: int, limit: float) -> np.ndarray:
    """Snapped grid values from lo to hi (inclusive) every `stride` cells."""
    a = round(max(-limit, min(limit, lo)) / STEP)
    b = round(max(-limit, min(limit, hi)) / STEP)
    return np.arange(a, b + 1, stride) * STEP


class FakeErddap:
    """Start with `with FakeErddap() as srv:`; `srv.url` is the ERDDAP base URL."""

    def __init__(self, last: date = date(2025, 11, 18), missing: set[date] | None = None,
                 anomaly_last: date | None = None) -> None:
        self.datasets = {
            "jplMURSST41": Dataset("analysed_sst", "degree_C", date(2002, 6, 1), last, set(missing or ())),
            "jplMURSST41anom1day": Dataset("sstAnom", "degree_C", date(2002, 6, 1), anomaly_last or last,
                                           set(missing or ())),
        }
        self.fail_next = 0
        self.requests: list[str] = []
        self.user_agents: list[str] = []
        self._lock = threading.Lock()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self._httpd.server_address[1]}/erddap"

    def __enter__(self) -> "FakeErddap":
        threading.Thread(target=self._httpd.serve_forever, args=(0.05,), daemon=True).start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    # -- ERDDAP behaviour -------------------------------------------------------------
    def answer(self, path: str, query: str) -> tuple[int, str, str | Iterator[str]]:
        """Return (status, content type, body) for a griddap request (a large body as pieces)."""
        m = re.fullmatch(r"/erddap/griddap/([A-Za-z0-9_]+)\.json", path)
        if not m or m.group(1) not in self.datasets:
            return self._error(404, "Not Found: Currently unknown datasetID=" + (m.group(1) if m else path))
        ds = self.datasets[m.group(1)]
        days = ds.days()
        if query in ("time[0]", "time[last]"):
            day = days[0] if query == "time[0]" else days[-1]
            return self._table(["time"], ["String"], ["UTC"], [[f"{day}T09:00:00Z"]])
        q = re.fullmatch(re.escape(ds.variable) + r"\[\((\d{4}-\d{2}-\d{2})T09:00:00Z\)\]"
                         r"\[\(([-\d.e]+)\)(?::(\d+):\(([-\d.e]+)\))?\]"
                         r"\[\(([-\d.e]+)\)(?::(\d+):\(([-\d.e]+)\))?\]", query)
        if not q:
            return self._error(400, f"Bad Request: Query error: Unrecognized constraint: {query[:80]}")
        want = date.fromisoformat(q.group(1))
        if not ds.first <= want <= ds.last:
            return self._error(404, "Not Found: Your query produced no matching results. "
                                    f"(time={want}T09:00:00Z is outside of the variable's actual_range: "
                                    f"{ds.first}T09:00:00Z to {ds.last}T09:00:00Z)")
        day = min(days, key=lambda d: (abs((d - want).days), d))  # ERDDAP snaps to the closest
        lat0 = float(q.group(2))
        lats = _axis(lat0, float(q.group(4) or lat0), int(q.group(3) or 1), 89.99)
        lon0 = float(q.group(5))
        lons = _axis(lon0, float(q.group(7) or lon0), int(q.group(6) or 1), 179.99)
        value = sst_at if ds.variable == "analysed_sst" else anomaly_at
        names, types = ["time", "latitude", "longitude", ds.variable], ["String", "float", "float", "float"]
        units = ["UTC", "degrees_north", "degrees_east", ds.units]
        if lats.size * lons.size > STREAM_ROWS:
            return 200, "application/json;charset=UTF-8", _streamed_table(names, types, units, lats, lons, day, value)
        rows = [[f"{day}T09:00:00Z", round(float(la), 2), round(float(lo), 2),
                 None if _is_land(la, lo) else value(float(la), float(lo), day)]
                for la in lats for lo in lons]
        return self._table(names, types, units, rows)

    @staticmethod
    def _table(names: list[str], types: list[str], units: list[str], rows: list[list[Any]]) -> tuple[int, str, str]:
        body = {"table": {"columnNames": names, "columnTypes": types, "columnUnits": units, "rows": rows}}
        return 200, "application/json;charset=UTF-8", json.dumps(body)

    @staticmethod
    def _error(code: int, message: str) -> tuple[int, str, str]:
        return code, "text/plain;charset=UTF-8", f'Error {{\n    code={code};\n    message="{message}";\n}}\n'

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 - http.server naming
                parts = urlsplit(self.path)
                query = unquote(parts.query)
                with fake._lock:
                    fake.requests.append(query)
                    fake.user_agents.append(self.headers.get("User-Agent", ""))
                    failing = fake.fail_next > 0
                    fake.fail_next -= 1 if failing else 0
                if failing:
                    status, ctype, body = fake._error(503, "Service Unavailable: ERDDAP is restarting")
                else:
                    status, ctype, body = fake.answer(parts.path, query)
                self.send_response(status)
                self.send_header("Content-Type", ctype)
                if isinstance(body, str):
                    data = body.encode()
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                    return
                self.end_headers()  # no length: the body ends when the connection closes (HTTP/1.0)
                with contextlib.suppress(OSError):  # the client may hang up early (a byte cap)
                    for piece in body:
                        self.wfile.write(piece.encode())

            def log_message(self, *args: Any) -> None:
                pass

        return Handler
