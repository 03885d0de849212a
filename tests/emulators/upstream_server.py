"""A real MCP server that answers like the upstream metocean server, for tests.

It is an official-SDK `MCPServer` named `metocean-mcp` (version 0.2.0) served over
streamable HTTP by uvicorn on 127.0.0.1 in a background thread, and it answers with the
upstream's payload shapes. Use it from any test:

    from upstream_server import running_upstream      # tests/ is on sys.path under pytest

    with running_upstream(latest="2025-11-10") as url:  # url: "http://127.0.0.1:<port>/mcp"
        ...                                             # call the tools at `url`
        url.state.tool_calls                            # [(tool, arguments), ...] as received
        url.state.user_agents                           # {"metocean-mcp"}
        url.state.initialize_count                      # MCP sessions opened
        url.state.behaviour.slow = 3.0                  # behaviour can change while running
        url.state.requests                              # every HTTP request (RequestRecord), also
                                                        # those answered with an error status

`running_upstream(**behaviour)` yields an `UpstreamURL`: a `str` (the endpoint URL) with
an extra `.state` (an `UpstreamState`). Pass `port=` to start again on the port of a
server that was stopped (restart tests).

Tools and their deterministic answers (all numbers follow from the arguments):

`ghrsst.point_value(longitude, latitude, date?, fields?, method?)`
  -> `{"region": [lon, lat], "date": d, "sst": round(20 + lat/10, 2),
  "sst_anomaly": round(lon/100, 2)}`; only the requested `fields` (default `["sst"]`)
  appear. `date` absent means the latest day. Days outside `2002-06-01 .. latest` fail
  with `Data not exist for requested date <d>; available date is 2002-06-01/<latest>`
  unless `method="nearest"` and the closest available day is within 7 days: then that
  day is used and `"method": "nearest", "requested_date": <d>` are added.
  Out-of-range coordinates fail with the SDK's pydantic validation error text.
`ghrsst.bbox_mean(bbox, date, fields?, method?)`
  -> bbox sorted to `[lon0, lat0, lon1, lat1]`; values are those of the point at the box
  centre; `"sample"` = ceil(sqrt(points / 1,000,000)) on a 0.01 degree grid (1 for small
  boxes). Same date rules as the point tool.
`tide.forecast(longitude, latitude, date?, tz, query_time?)`
  -> one local day as in the upstream document. `tz` missing fails with
  `timezone (tz) required (use IANA name or numeric offset)`. Tide: semidiurnal, period
  12 h 25 min 12 s, first high at local midnight + (lon mod 360)/360 of a period,
  amplitude A = 40 + |lat| cm; highs are `+A - 2k`, lows `-A + 2k` (k = index in the
  day). Sun: civil twilight 05:30 / rise 06:00 / transit 12:00 / set 18:00 / end 18:30
  local. Moon: rise/transit/set at 06:00/12:00/18:00 shifted by 50 min per day of the
  lunar age, wrapped into the local day. Moon phase from a mean lunation
  (29.530588853 d, anchored on the Last Quarter of 2025-11-12 05:28 UTC); `illumination` is the
  lit fraction at local noon as `"51%"`. `state_now` etc. appear when `query_time` falls
  inside the day between two extremes. `tz="Z"` adds the UTC note first in `messages`.

Behaviour switches (keyword arguments of `running_upstream`, fields of `Behaviour`):
  latest="2025-11-10"  last available GHRSST day
  today=None           "today" for tide.forecast without date/query_time (None: real clock)
  legacy_keys=False    older build: sunrise/sunset/moonrise/moonset, numeric illumination
  usno_down=False      sun/moon/moonphase absent, backend.usno_status set, message first
  tide_down=False      tide.forecast fails with `Tide backend unavailable`
  inland=False         tide highs/lows empty, GHRSST sst/sst_anomaly null
  slow=0.0             seconds every tool call sleeps before answering
  http_status=None     answer every HTTP request with this status (transport failure)
  modern=False         accept 2026 protocol requests; False answers them 400 like the
                       handshake-era upstream does (so `mode="auto"` clients fall back)
  tide_range=None      (first, last) days tide.forecast serves; another day fails with
                       `date <d> out of range (<first>..<last>)` (an INVALID_ARGUMENT answer)
  hang=False           accept every connection and request, read it, never answer (a hung
                       upstream; switch it on while a client holds a session to hang that too)

Also here: `silent_tcp_server()` (accepts TCP, reads, never answers) and `unused_url()`
(a loopback URL where nothing listens), for timeout and connection-refused tests.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date as Date
from datetime import datetime, timedelta, timezone
from typing import Annotated, Any, Literal

import uvicorn
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS
from pydantic import Field

from metocean.timezones import offset_label, parse_query_time, parse_tz

EARLIEST = "2002-06-01"
TIDE_PERIOD_S = 12 * 3600 + 25 * 60 + 12
SYNODIC_DAYS = 29.530588853
# Anchored so that the Last Quarter of 2025-11-12 13:28 +08:00 (the example in the
# upstream document) comes out on the minute.
NEW_MOON_EPOCH = datetime(2025, 11, 12, 5, 28, tzinfo=timezone.utc) - timedelta(days=0.75 * SYNODIC_DAYS)
REFERENCE = "TPXO9_atlas_v5 relative to MSL (NTDE 1983-2001)"
TIDE_NOTE = "Note: Tide heights are relative to NTDE 1983-2001 MSL and provided for reference only."
UTC_NOTE = "Timezone not provided; times shown are in UTC (+00:00). Convert to your local time if needed."
USNO_ERROR = "USNO API error: HTTP 503"


@dataclass
class Behaviour:
    """How the test upstream answers (see the module docstring); mutable while running."""

    latest: str = "2025-11-10"
    today: str | None = None
    legacy_keys: bool = False
    usno_down: bool = False
    tide_down: bool = False
    inland: bool = False
    slow: float = 0.0
    http_status: int | None = None
    modern: bool = False
    tide_range: tuple[str, str] | None = None
    hang: bool = False


@dataclass
class RequestRecord:
    """One HTTP request the server received (JSON-RPC details when the body had them)."""

    http_method: str
    user_agent: str | None
    session_id: str | None
    protocol_version: str | None
    rpc_method: str | None = None
    tool: str | None = None
    arguments: dict[str, Any] | None = None


@dataclass
class UpstreamState:
    """What a running test upstream has seen, and its behaviour."""

    behaviour: Behaviour
    requests: list[RequestRecord] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def record(self, rec: RequestRecord) -> None:
        """Append one request record (called from the server thread)."""
        with self._lock:
            self.requests.append(rec)

    def _snapshot(self) -> list[RequestRecord]:
        with self._lock:
            return list(self.requests)

    @property
    def tool_calls(self) -> list[tuple[str, dict[str, Any]]]:
        """Return `(tool, arguments)` of every `tools/call` received, in order."""
        return [(r.tool or "", r.arguments or {}) for r in self._snapshot() if r.rpc_method == "tools/call"]

    @property
    def user_agents(self) -> set[str | None]:
        """Return the set of User-Agent headers of all requests."""
        return {r.user_agent for r in self._snapshot()}

    @property
    def initialize_count(self) -> int:
        """Return how many `initialize` requests (MCP sessions opened) were received."""
        return sum(1 for r in self._snapshot() if r.rpc_method == "initialize")

    @property
    def session_ids(self) -> set[str]:
        """Return the distinct `mcp-session-id` headers that requests carried."""
        return {r.session_id for r in self._snapshot() if r.session_id}

    def clear(self) -> None:
        """Forget the requests seen so far."""
        with self._lock:
            self.requests.clear()


class UpstreamURL(str):
    """The endpoint URL of a running test upstream; `.state` is its `UpstreamState`."""

    state: UpstreamState
    port: int

    def __new__(cls, url: str, state: UpstreamState, port: int) -> "UpstreamURL":
        obj = super().__new__(cls, url)
        obj.state = state
        obj.port = port
        return obj


# --------------------------------------------------------------------------- payloads

def _parse_day(text: str | None, name: str = "date") -> Date | None:
    if text is None:
        return None
    try:
        return Date.fromisoformat(text)
    except ValueError:
        raise ToolError(f"Invalid {name} format: {text!r} (expected YYYY-MM-DD)") from None


def _resolve_day(requested: Date | None, method: str, b: Behaviour) -> tuple[str, dict[str, Any]]:
    """Return (day served, extra keys) under the upstream's exact/nearest rules."""
    earliest, latest = Date.fromisoformat(EARLIEST), Date.fromisoformat(b.latest)
    if requested is None:
        return latest.isoformat(), {}
    if earliest <= requested <= latest:
        return requested.isoformat(), {}
    if method == "nearest":
        closest = latest if requested > latest else earliest
        if abs((requested - closest).days) <= 7:
            return closest.isoformat(), {"method": "nearest", "requested_date": requested.isoformat()}
    raise ToolError(f"Data not exist for requested date {requested.isoformat()}; "
                    f"available date is {EARLIEST}/{b.latest}")


def _sst_values(lon: float, lat: float, fields: list[str], b: Behaviour) -> dict[str, Any]:
    values = {"sst": round(20 + lat / 10, 2), "sst_anomaly": round(lon / 100, 2)}
    return {f: (None if b.inland else values[f]) for f in fields}


def _iso(moment: datetime) -> str:
    return moment.replace(microsecond=0).isoformat()


def _hms(delta: timedelta) -> str:
    s = int(delta.total_seconds())
    return f"{s // 3600:02d}:{s % 3600 // 60:02d}:{s % 60:02d}"


def _tide_block(lon: float, lat: float, start: datetime, end: datetime, now: datetime | None,
                b: Behaviour) -> dict[str, Any]:
    block: dict[str, Any] = {"highs": [], "lows": []}
    if b.inland:
        return block
    amp = 40 + abs(lat)
    first_high = start + timedelta(seconds=(lon % 360) / 360 * TIDE_PERIOD_S)
    # Step back one period so a low before the first high of the day is not missed.
    extremes: list[tuple[str, datetime, float]] = []
    for k in range(-1, 3):
        hi = first_high + timedelta(seconds=k * TIDE_PERIOD_S)
        lo = hi + timedelta(seconds=TIDE_PERIOD_S / 2)
        extremes += [("HIGH", hi, 0.0), ("LOW", lo, 0.0)]
    extremes = sorted((e for e in extremes if start <= e[1] < end), key=lambda e: e[1])
    n_hi = n_lo = 0
    out: list[tuple[str, datetime, float]] = []
    for kind, moment, _ in extremes:
        if kind == "HIGH":
            h, n_hi = round(amp - 2 * n_hi, 2), n_hi + 1
        else:
            h, n_lo = round(-amp + 2 * n_lo, 2), n_lo + 1
        out.append((kind, moment, h))
        block["highs" if kind == "HIGH" else "lows"].append({"time": _iso(moment), "height_cm": h})
    if now is not None and start <= now < end:
        before = [e for e in out if e[1] <= now]
        after = [e for e in out if e[1] > now]
        if before and after:
            last, nxt = before[-1], after[0]
            block.update({
                "state_now": "rising" if last[0] == "LOW" else "falling",
                "since_extreme": _hms(now - last[1]),
                "until_extreme": _hms(nxt[1] - now),
                "last_extreme": {"type": last[0], "time": _iso(last[1]), "height_cm": last[2]},
                "next_extreme": {"type": nxt[0], "time": _iso(nxt[1]), "height_cm": nxt[2]},
            })
    return block


_PRINCIPAL = ["New Moon", "First Quarter", "Full Moon", "Last Quarter"]
_INTERMEDIATE = ["Waxing Crescent", "Waxing Gibbous", "Waning Gibbous", "Waning Crescent"]


def _moon(start: datetime, end: datetime, legacy: bool) -> tuple[dict[str, Any], dict[str, Any]]:
    noon = start + timedelta(hours=12)
    age = ((noon - NEW_MOON_EPOCH).total_seconds() / 86400) % SYNODIC_DAYS
    quarter = SYNODIC_DAYS / 4
    lunation_start = noon - timedelta(days=age)
    instants = [(lunation_start + timedelta(days=q * quarter), _PRINCIPAL[q % 4]) for q in range(-1, 6)]
    closest_time, closest_phase = min(instants, key=lambda i: abs(i[0] - noon))
    in_day = [i for i in instants if start <= i[0] < end]
    current = in_day[0][1] if in_day else _INTERMEDIATE[int(age // quarter) % 4]
    lit = (1 - math.cos(2 * math.pi * age / SYNODIC_DAYS)) / 2
    phase = {"current": current,
             "illumination": round(lit, 2) if legacy else f"{round(lit * 100)}%",
             "closest": {"time": _iso(closest_time.astimezone(start.tzinfo)), "phase": closest_phase}}
    shift = timedelta(minutes=50 * age)
    events = {k: start + (timedelta(hours=h) + shift) % timedelta(days=1)
              for k, h in (("rise", 6), ("transit", 12), ("set", 18))}
    moon = {("moon" + k if legacy and k != "transit" else k): _iso(v) for k, v in events.items()}
    return moon, phase


def tide_payload(lon: float, lat: float, day: str | None, tz: str | None, query_time: str | None,
                 b: Behaviour) -> dict[str, Any]:
    """Return the `tide.forecast` answer of the test upstream (raises ToolError like upstream)."""
    if b.tide_down:
        raise ToolError("Tide backend unavailable")
    if not tz:
        raise ToolError("timezone (tz) required (use IANA name or numeric offset)")
    try:
        tzinfo, tz_name = parse_tz(tz)
        now = parse_query_time(query_time, tzinfo) if query_time else None
    except ValueError as exc:
        raise ToolError(str(exc)) from None
    local_day = _parse_day(day)
    if local_day is not None and b.tide_range and not b.tide_range[0] <= local_day.isoformat() <= b.tide_range[1]:
        raise ToolError(f"date {local_day.isoformat()} out of range ({b.tide_range[0]}..{b.tide_range[1]})")
    if local_day is None:
        if now is not None:
            local_day = now.date()
        elif b.today:
            local_day = Date.fromisoformat(b.today)
        else:
            local_day = datetime.now(tzinfo).date()
    start = datetime(local_day.year, local_day.month, local_day.day, tzinfo=tzinfo)
    end = start + timedelta(days=1)
    out: dict[str, Any] = {"region": [lon, lat], "date": local_day.isoformat(), "timezone": offset_label(start)}
    if tz_name:
        out["tz_name"] = tz_name
    out["reference"] = REFERENCE
    messages: list[str] = []
    if tz.strip().upper() == "Z":
        messages.append(UTC_NOTE)
    if b.usno_down:
        messages.insert(0, f"Sun/Moon data unavailable at this time ({USNO_ERROR}). Tide extrema are provided below.")
    else:
        sun_times = {"begin_civil_twilight": 5.5, "rise": 6.0, "transit": 12.0, "set": 18.0, "end_civil_twilight": 18.5}
        out["sun"] = {("sun" + k if b.legacy_keys and k in ("rise", "set") else k): _iso(start + timedelta(hours=h))
                      for k, h in sun_times.items()}
        out["moon"], out["moonphase"] = _moon(start, end, b.legacy_keys)
    out["tide"] = _tide_block(lon, lat, start, end, now, b)
    messages.append(TIDE_NOTE)
    out["messages"] = messages
    out["backend"] = {"usno_status": USNO_ERROR if b.usno_down else "", "tide_api_status": "OK"}
    return out


# --------------------------------------------------------------------------- server

Lon = Annotated[float, Field(ge=-180, le=180, description="Longitude, -180..180")]
Lat = Annotated[float, Field(ge=-90, le=90, description="Latitude, -90..90")]
Fields = list[Literal["sst", "sst_anomaly"]] | None
MethodArg = Literal["exact", "nearest"]


def build_server(state: UpstreamState) -> MCPServer:
    """Return an `MCPServer` with the three upstream tools answering from `state.behaviour`."""
    mcp = MCPServer("metocean-mcp", version="0.2.0", log_level="WARNING")

    async def _maybe_slow() -> None:
        if state.behaviour.slow > 0:
            await asyncio.sleep(state.behaviour.slow)

    @mcp.tool(name="ghrsst.point_value", description="MUR SST v4.1 value at a point on one day")
    async def point_value(longitude: Lon, latitude: Lat, date: str | None = None, fields: Fields = None,
                          method: MethodArg = "exact") -> dict[str, Any]:
        await _maybe_slow()
        b = state.behaviour
        served, extra = _resolve_day(_parse_day(date), method, b)
        return {"region": [longitude, latitude], "date": served,
                **_sst_values(longitude, latitude, fields or ["sst"], b), **extra}

    @mcp.tool(name="ghrsst.bbox_mean", description="MUR SST v4.1 mean over a box on one day")
    async def bbox_mean(bbox: Annotated[list[float], Field(min_length=4, max_length=4)], date: str,
                        fields: Fields = None, method: MethodArg = "exact") -> dict[str, Any]:
        await _maybe_slow()
        b = state.behaviour
        lon0, lon1 = sorted((bbox[0], bbox[2]))
        lat0, lat1 = sorted((bbox[1], bbox[3]))
        if not (-180 <= lon0 and lon1 <= 180 and -90 <= lat0 and lat1 <= 90):
            raise ToolError("bbox out of range: longitudes -180..180, latitudes -90..90")
        served, extra = _resolve_day(_parse_day(date), method, b)
        points = max(1.0, (lon1 - lon0) / 0.01) * max(1.0, (lat1 - lat0) / 0.01)
        sample = max(1, math.ceil(math.sqrt(points / 1_000_000)))
        values = _sst_values((lon0 + lon1) / 2, (lat0 + lat1) / 2, fields or ["sst"], b)
        return {"region": [lon0, lat0, lon1, lat1], "date": served, "sample": sample, **values, **extra}

    @mcp.tool(name="tide.forecast", description="Tide extrema, sun and moon for one local day")
    async def tide_forecast(longitude: Lon, latitude: Lat, date: str | None = None, tz: str | None = None,
                            query_time: str | None = None) -> dict[str, Any]:
        await _maybe_slow()
        return tide_payload(longitude, latitude, date, tz, query_time, state.behaviour)

    return mcp


class _Recorder:
    """ASGI middleware: records each request (UA, session, JSON-RPC method) and applies
    the transport-level behaviours (`http_status`, rejecting 2026-era requests)."""

    def __init__(self, app: Any, state: UpstreamState) -> None:
        self.app, self.state = app, state
        self._loop: asyncio.AbstractEventLoop | None = None
        self._closing: asyncio.Event | None = None

    def disconnect_all(self) -> None:
        """Tell every open request that its client went away (call from any thread).

        Clients hold an SSE GET stream open for the whole session; ending the streams
        first lets uvicorn shut down at once instead of waiting out its grace period.
        """
        if self._loop is not None and self._closing is not None:
            with contextlib.suppress(RuntimeError):  # loop already closed
                self._loop.call_soon_threadsafe(self._closing.set)

    def _receive_or_close(self, receive: Any) -> Any:
        closing = self._closing
        assert closing is not None

        async def wrapped() -> dict[str, Any]:
            if closing.is_set():
                return {"type": "http.disconnect"}
            recv = asyncio.ensure_future(receive())
            stop = asyncio.ensure_future(closing.wait())
            done, pending = await asyncio.wait({recv, stop}, return_when=asyncio.FIRST_COMPLETED)
            for task in pending:
                task.cancel()
            return recv.result() if recv in done else {"type": "http.disconnect"}

        return wrapped

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if self._closing is None:
            self._loop, self._closing = asyncio.get_running_loop(), asyncio.Event()
        # Track the response so a stream ended by `disconnect_all` is finished properly
        # (uvicorn logs an error for a response left open).
        progress = {"started": False, "done": False}
        inner_send = send

        async def send(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                progress["started"] = True
            elif message["type"] == "http.response.body" and not message.get("more_body", False):
                progress["done"] = True
            await inner_send(message)

        try:
            await self._handle(scope, receive, send)
        finally:
            if progress["started"] and not progress["done"]:
                with contextlib.suppress(Exception):
                    await inner_send({"type": "http.response.body", "body": b"", "more_body": False})

    async def _hang(self, receive: Any, send: Any) -> None:
        """Answer nothing until the client goes away or the server stops (then a 503 nobody reads)."""
        rest = self._receive_or_close(receive)
        while (await rest())["type"] != "http.disconnect":
            pass
        with contextlib.suppress(Exception):   # uvicorn wants a response; the client is gone
            await _plain(send, 503, b"hung")

    async def _handle(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        rec = RequestRecord(scope["method"], headers.get("user-agent"), headers.get("mcp-session-id"),
                            headers.get("mcp-protocol-version"))
        b = self.state.behaviour
        reject: tuple[int, bytes] | None = None
        if b.http_status is not None:
            reject = (b.http_status, b"upstream test failure")
        elif not b.modern and rec.protocol_version and rec.protocol_version not in HANDSHAKE_PROTOCOL_VERSIONS:
            # A handshake-era server (as upstream is) answers a 2026 request this way.
            reject = (400, b"Bad Request: Unsupported protocol version")
        if scope["method"] != "POST":
            self.state.record(rec)
            if b.hang:
                await self._hang(receive, send)
            elif reject:
                await _plain(send, *reject)
            else:
                await self.app(scope, self._receive_or_close(receive), send)
            return
        # Read the whole body first so the record holds the JSON-RPC method before the
        # app answers; then replay it to the app.
        body = b""
        more = True
        while more:
            msg = await receive()
            body += msg.get("body", b"")
            more = msg.get("more_body", False)
        with contextlib.suppress(ValueError, AttributeError, TypeError):
            rpc = json.loads(body)
            rec.rpc_method = rpc.get("method")
            params = rpc.get("params") or {}
            if rec.rpc_method == "tools/call":
                rec.tool, rec.arguments = params.get("name"), params.get("arguments") or {}
        self.state.record(rec)
        if b.hang:
            await self._hang(receive, send)
            return
        if reject:
            await _plain(send, *reject)
            return
        sent = False
        rest = self._receive_or_close(receive)

        async def replay() -> dict[str, Any]:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await rest()

        await self.app(scope, replay, send)


async def _plain(send: Any, status: int, body: bytes) -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


def _bind(port: int = 0) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    # SO_REUSEADDR so a restart on the same port does not wait out TIME_WAIT.
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", port))
    sock.listen(64)
    return sock


@contextlib.contextmanager
def running_upstream(port: int = 0, **behaviour: Any) -> Iterator[UpstreamURL]:
    """Run the test upstream in a background thread; yield its URL (`UpstreamURL`, a str).

    `behaviour` sets `Behaviour` fields; `port` reuses a port (0: a free one). The server
    is stopped (connections closed) when the block exits.
    """
    state = UpstreamState(Behaviour(**behaviour))
    app = _Recorder(build_server(state).streamable_http_app(), state)
    # Test logs stay readable: the SDK logs every session at INFO.
    logging.getLogger("mcp.server.streamable_http_manager").setLevel(logging.WARNING)
    sock = _bind(port)
    real_port = sock.getsockname()[1]
    # A short graceful-shutdown timeout: clients keep an SSE GET stream open, which would
    # otherwise hold the shutdown forever.
    config = uvicorn.Config(app, log_level="warning", lifespan="on", timeout_graceful_shutdown=1)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=lambda: asyncio.run(server.serve(sockets=[sock])),
                              name=f"upstream-{real_port}", daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            sock.close()
            raise RuntimeError("test upstream did not start")
        time.sleep(0.01)
    try:
        yield UpstreamURL(f"http://127.0.0.1:{real_port}/mcp", state, real_port)
    finally:
        app.disconnect_all()
        server.should_exit = True
        thread.join(10)
        sock.close()


@contextlib.contextmanager
def silent_tcp_server() -> Iterator[str]:
    """Yield a URL whose server accepts TCP connections, reads, and never answers."""
    listener = _bind(0)
    listener.settimeout(0.1)
    conns: list[socket.socket] = []
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except (TimeoutError, OSError):
                continue
            conn.settimeout(0.1)
            conns.append(conn)
        for c in conns:
            c.close()

    def drain() -> None:
        # Read whatever arrives so the client's writes never block; answer nothing.
        while not stop.is_set():
            for c in list(conns):
                with contextlib.suppress(OSError):
                    c.recv(65536)
            time.sleep(0.01)

    threads = [threading.Thread(target=serve, daemon=True), threading.Thread(target=drain, daemon=True)]
    for t in threads:
        t.start()
    try:
        yield f"http://127.0.0.1:{listener.getsockname()[1]}/mcp"
    finally:
        stop.set()
        for t in threads:
            t.join(5)
        listener.close()


def unused_url() -> str:
    """Return a loopback MCP URL on a port where nothing listens (connection refused)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"http://127.0.0.1:{port}/mcp"
