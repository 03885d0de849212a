"""GHRSST (MUR SST v4.1) point values and box means from an ERDDAP griddap server.

The server is NOAA CoastWatch ERDDAP by default (`EngineConfig.erddap_url`, passed in by the
caller; never from user input). Two daily datasets on the same 0.01 degree grid, both stamped 09:00Z:
`erddap_sst_dataset` (variable `analysed_sst`, deg C) and `erddap_anomaly_dataset`
(variable `sstAnom`, deg C). Day rules follow the upstream server:
- no date: the latest day every requested dataset has;
- `exact`: that day, else NOT_FOUND "Data not exist ... available date is <first>/<last>";
- `nearest`: the closest available day within 7 days; the output then adds
  "method": "nearest" and "requested_date".
Network trouble is ToolFailure("UNAVAILABLE"); requests are retried once on 5xx or a failed
connection and bounded by the configured timeout, so a call never hangs.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import math
import re
import time
import weakref
from datetime import date
from typing import Any
from urllib.parse import quote

import httpx

from metocean.config import EngineConfig
from metocean.errors import ToolFailure
from metocean.contract import GhrsstBboxArgs, GhrsstBboxResult, GhrsstPointArgs, GhrsstPointResult
from metocean.notes import Note, english
from metocean.sst_stream import BoxSum, NotATable, TooLarge, sum_rows

MAX_POINTS = 1_000_000  # grid points per box request, as upstream
MAX_BYTES = 96 * 2**20  # a reply larger than this is refused (a million rows are ~50 MB), read as it comes
MAX_SMALL_BYTES = 2**20  # a time range or one point is a few hundred bytes
MAX_ERROR_BYTES = 4096  # of an error reply, only the start is read
HEAVY_POINTS = 50_000  # a box with more points is a heavy call ...
HEAVY_CALLS = 2  # ... and at most this many run at once per process (others wait their turn)
GRID_STEP = 0.01  # MUR grid spacing, degrees
NEAREST_DAYS = 7
_VARIABLES = {"sst": "analysed_sst", "sst_anomaly": "sstAnom"}
_RANGE_RE = re.compile(r"time=\S+ is outside of the variable's actual_range: (\d{4}-\d{2}-\d{2})\S* to "
                       r"(\d{4}-\d{2}-\d{2})")
_LAST_TTL = 600.0  # seconds a dataset's last day is trusted before asking again
_range_cache: dict[tuple[str, str], tuple[float, date, date]] = {}


class _Missing(Exception):
    """ERDDAP said the day does not exist; carries the available range when it said so."""

    def __init__(self, span: tuple[date, date] | None) -> None:
        super().__init__("missing")
        self.span = span


def _datasets(config: EngineConfig) -> dict[str, str]:
    return {"sst": config.erddap_sst_dataset, "sst_anomaly": config.erddap_anomaly_dataset}


def _stamp(day: date) -> str:
    return f"{day.isoformat()}T09:00:00Z"


def new_client(config: EngineConfig) -> httpx.AsyncClient:
    """Return a client with a short connect timeout (fail fast when offline)."""
    total = config.erddap_timeout
    return httpx.AsyncClient(timeout=httpx.Timeout(total, connect=min(3.0, total)),
                             headers={"User-Agent": config.erddap_user_agent}, follow_redirects=True)


async def _griddap(client: httpx.AsyncClient, config: EngineConfig, dataset: str, query: str,
                   *, box: bool = False) -> Any:
    """Return the rows of a griddap .json query, or for a `box` its running BoxSum (read while
    it arrives, metocean/sst_stream.py); raise _Missing or ToolFailure on errors."""
    # ERDDAP (Tomcat) rejects raw brackets, so the whole query is percent-encoded.
    url = f"{config.erddap_url.rstrip('/')}/griddap/{quote(dataset, safe='')}.json?{quote(query, safe='')}"
    for attempt in (1, 2):
        try:
            async with asyncio.timeout(config.erddap_timeout), client.stream("GET", url) as response:
                if response.status_code >= 500 and attempt == 1:
                    continue
                if response.status_code == 200:
                    return await (_box_sum(response) if box else _rows(response))
                text = (await _read_capped(response, MAX_ERROR_BYTES))[:MAX_ERROR_BYTES].decode("utf-8", "replace")
                status = response.status_code
                break
        except (httpx.TransportError, TimeoutError) as exc:
            if attempt == 1 and isinstance(exc, httpx.ConnectError | httpx.RemoteProtocolError):
                continue
            reason = "timed out" if isinstance(exc, TimeoutError | httpx.TimeoutException) else "cannot connect"
            raise ToolFailure("UNAVAILABLE", f"ERDDAP backend unavailable ({reason})") from None
    if "actual_range" in text and "time=" in text or "no matching results" in text.lower():
        m = _RANGE_RE.search(text)
        raise _Missing((date.fromisoformat(m.group(1)), date.fromisoformat(m.group(2))) if m else None)
    if status >= 500:
        raise ToolFailure("UNAVAILABLE", f"ERDDAP backend unavailable (HTTP {status})")
    message = re.search(r'message="([^"]*)"', text)
    raise ToolFailure("INVALID_ARGUMENT", (message.group(1) if message else text.strip())[:200])


async def _read_capped(response: httpx.Response, limit: int) -> bytes:
    """Return the body, or its first chunks once they pass `limit` bytes (the rest is never read)."""
    parts: list[bytes] = []
    size = 0
    async for chunk in response.aiter_bytes():
        parts.append(chunk)
        size += len(chunk)
        if size > limit:
            break
    return b"".join(parts)


async def _rows(response: httpx.Response) -> list[list[Any]]:
    """Return the rows of a small .json table (time ranges, one point)."""
    body = await _read_capped(response, MAX_SMALL_BYTES)
    if len(body) > MAX_SMALL_BYTES:
        raise ToolFailure("UNAVAILABLE", "ERDDAP backend returned an answer too large to read")
    try:
        return json.loads(body)["table"]["rows"]
    except (ValueError, KeyError, TypeError):
        raise ToolFailure("UNAVAILABLE", "ERDDAP backend returned an unreadable answer") from None


async def _box_sum(response: httpx.Response) -> BoxSum:
    """Return the running sum of a box's rows, read chunk by chunk."""
    try:
        return await sum_rows(response.aiter_text(), MAX_BYTES)
    except TooLarge:
        raise ToolFailure("UNAVAILABLE", "ERDDAP backend returned an answer too large to read") from None
    except (NotATable, ValueError):
        raise ToolFailure("UNAVAILABLE", "ERDDAP backend returned an unreadable answer") from None


async def _time_range(client: httpx.AsyncClient, config: EngineConfig, dataset: str) -> tuple[date, date]:
    """Return (first day, last day) of a dataset, cached for a few minutes."""
    key = (config.erddap_url, dataset)
    cached = _range_cache.get(key)
    if cached and time.monotonic() - cached[0] < _LAST_TTL:
        return cached[1], cached[2]
    first, last = await asyncio.gather(_griddap(client, config, dataset, "time[0]"),
                                       _griddap(client, config, dataset, "time[last]"))
    span = (date.fromisoformat(first[0][0][:10]), date.fromisoformat(last[0][0][:10]))
    _range_cache[key] = (time.monotonic(), *span)
    return span


def _not_exist(day: date, span: tuple[date, date]) -> ToolFailure:
    return ToolFailure("NOT_FOUND", f"Data not exist for {day.isoformat()}; available date is "
                                    f"{span[0].isoformat()}/{span[1].isoformat()}")


def _first_time(reply: Any) -> str | None:
    """Return the time of a reply's first row (rows or a BoxSum), None when it has none."""
    if isinstance(reply, BoxSum):
        return reply.first_time
    return reply[0][0] if reply else None


async def _fetch_day(client: httpx.AsyncClient, config: EngineConfig, dataset: str, variable: str, day: date,
                     where: str, method: str, box: bool) -> tuple[date, Any]:
    """Return (day used, rows or a box's BoxSum) for `variable[(day)]` + `where`, applying the
    exact/nearest rule."""
    try:
        rows = await _griddap(client, config, dataset, f"{variable}[({_stamp(day)})]{where}", box=box)
        first = _first_time(rows)
        used = date.fromisoformat(first[:10]) if first else day
    except _Missing as missing:
        span = missing.span or await _time_range(client, config, dataset)
        used = min(max(day, span[0]), span[1])  # the closest end of the range
        if method != "nearest" or used == day or abs((used - day).days) > NEAREST_DAYS:
            raise _not_exist(day, span) from None
        rows = await _griddap(client, config, dataset, f"{variable}[({_stamp(used)})]{where}", box=box)
    # ERDDAP snaps "(time)" to the closest stored day: a gap inside the range shows up here.
    if used != day and (method != "nearest" or abs((used - day).days) > NEAREST_DAYS):
        raise _not_exist(day, await _time_range(client, config, dataset))
    return used, rows


async def _latest_common_day(client: httpx.AsyncClient, config: EngineConfig, fields: list[str]) -> date:
    """Return the latest day that every requested dataset has."""
    datasets = _datasets(config)
    lasts = await asyncio.gather(*(_griddap(client, config, datasets[f], "time[last]") for f in fields))
    return min(date.fromisoformat(rows[0][0][:10]) for rows in lasts)


def _round(value: float | None) -> float | None:
    return None if value is None or not math.isfinite(value) else round(float(value), 2)


async def _run(args: GhrsstPointArgs | GhrsstBboxArgs, where: str, reduce: Any, config: EngineConfig,
               client: httpx.AsyncClient | None) -> tuple[date, dict[str, float | None], bool]:
    """Fetch every requested field for the requested (or latest) day.

    Returns (day used, {field: value}, True when `nearest` fell back to another day).
    The first field decides the day; the others are read for that same day (null if absent).
    """
    own = client is None
    client = client or new_client(config)
    try:
        fields = list(dict.fromkeys(args.fields or ["sst"]))
        datasets = _datasets(config)
        if args.date is None:
            day = await _latest_common_day(client, config, fields)
        else:
            try:
                day = date.fromisoformat(args.date)
            except ValueError:
                raise ToolFailure("INVALID_ARGUMENT", f"invalid date: {args.date}") from None
        box = isinstance(args, GhrsstBboxArgs)
        used, rows = await _fetch_day(client, config, datasets[fields[0]], _VARIABLES[fields[0]], day, where,
                                      args.method, box)
        values = {fields[0]: reduce(rows)}
        for field in fields[1:]:
            try:
                _, more = await _fetch_day(client, config, datasets[field], _VARIABLES[field], used, where, "exact", box)
                values[field] = reduce(more)
            except ToolFailure as exc:
                if exc.code != "NOT_FOUND":
                    raise
                values[field] = None  # e.g. the anomaly product lags the SST product by a day
        return used, values, used != day and args.date is not None
    finally:
        if own:
            await client.aclose()


def _point_value(rows: list[list[Any]]) -> float | None:
    return _round(rows[0][-1]) if rows and rows[0][-1] is not None else None


def _mean_value(box: BoxSum) -> float | None:
    return _round(box.mean())  # land and ice (NaN/null in MUR) are left out by the sum


def _grid_points(bbox: list[float]) -> tuple[int, int]:
    """Return (longitudes, latitudes) of a box on the 0.01-degree grid."""
    return (math.floor((bbox[2] - bbox[0]) / GRID_STEP + 1e-9) + 1,
            math.floor((bbox[3] - bbox[1]) / GRID_STEP + 1e-9) + 1)


def points_for(bbox: list[float], sample: int) -> int:
    """Return how many grid points a box query with stride `sample` asks for."""
    nlon, nlat = _grid_points(bbox)
    return math.ceil(nlon / sample) * math.ceil(nlat / sample)


def stride_for(bbox: list[float], limit: int | None = None) -> int:
    """Return the smallest stride keeping a box's 0.01-degree grid points at or under `limit`
    (default MAX_POINTS)."""
    limit = limit or MAX_POINTS
    nlon, nlat = _grid_points(bbox)
    sample = max(1, math.ceil(math.sqrt(nlon * nlat / limit)))
    while points_for(bbox, sample) > limit:
        sample += 1
    return sample


# One semaphore per event loop (an asyncio semaphore must not cross loops).
_heavy_slots: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore]" = weakref.WeakKeyDictionary()


def _heavy_slot() -> asyncio.Semaphore:
    """Return this loop's semaphore for heavy box calls (HEAVY_CALLS at once)."""
    loop = asyncio.get_running_loop()
    slot = _heavy_slots.get(loop)
    if slot is None:
        slot = _heavy_slots[loop] = asyncio.Semaphore(HEAVY_CALLS)
    return slot


def _finish(result: dict[str, Any], args: GhrsstPointArgs | GhrsstBboxArgs, used: date,
            values: dict[str, float | None], fell_back: bool) -> dict[str, Any]:
    result.update(values)
    if fell_back:
        result["method"] = "nearest"
        result["requested_date"] = args.date
    return result


async def point_value(args: GhrsstPointArgs, *, config: EngineConfig,
                      client: httpx.AsyncClient | None = None) -> dict[str, Any]:
    """Return {"region": [lon, lat], "date", "sst", "sst_anomaly"} (requested fields only, deg C, 2 decimals).

    Adds "method": "nearest" and "requested_date" when another day was used.
    Raises ToolFailure NOT_FOUND (day missing) / UNAVAILABLE (ERDDAP unreachable).
    """
    where = f"[({args.latitude})][({args.longitude})]"
    used, values, fell_back = await _run(args, where, _point_value, config, client)
    result = _finish({"region": [args.longitude, args.latitude], "date": used.isoformat()},
                     args, used, values, fell_back)
    GhrsstPointResult.model_validate(result)
    return result


async def bbox_mean(args: GhrsstBboxArgs, *, config: EngineConfig,
                    client: httpx.AsyncClient | None = None) -> dict[str, Any]:
    """Return {"region": [lon0, lat0, lon1, lat1], "date", "sample", "sst", "sst_anomaly"}: box means.

    `sample` is the grid stride used to stay under MAX_POINTS; land (null) is left out of
    the mean; a box with no ocean gives null. A strided box adds the coded note `box_sampled`
    (`notes`, metocean/notes.py) and its English sentence (`messages`). The reply is averaged
    as it arrives (bounded memory, MAX_BYTES at most) and at most HEAVY_CALLS boxes of more
    than HEAVY_POINTS points are fetched at once. Same day rules and errors as point_value.
    """
    lon0, lat0, lon1, lat1 = args.bbox  # already sorted by the model
    sample = stride_for(args.bbox)
    where = f"[({lat0}):{sample}:({lat1})][({lon0}):{sample}:({lon1})]"
    heavy = points_for(args.bbox, sample) > HEAVY_POINTS
    async with _heavy_slot() if heavy else contextlib.nullcontext():
        used, values, fell_back = await _run(args, where, _mean_value, config, client)
    result = _finish({"region": [lon0, lat0, lon1, lat1], "date": used.isoformat(), "sample": sample},
                     args, used, values, fell_back)
    if sample > 1:
        note = Note(code="box_sampled", sample=sample, step_deg=round(sample * GRID_STEP, 2))
        result["notes"] = [note.payload()]
        result["messages"] = [english(note)]
    GhrsstBboxResult.model_validate(result)
    return result

