"""The kept copy of CWA's tide forecast: fetched at most every few hours for the whole deployment,
parsed as a stream, kept in the shared store, and read back location by location.

The store is injected (`KeptCopies`, implemented by bots/common/store on SQLite and PostgreSQL),
so the core imports nothing from bots/. A refresh is claimed in the store first: one process of
all those sharing it fetches, the others keep answering from the copy they have. Any trouble
(CWA down, slow, refusing the key, a garbled or oversized body) leaves the last good copy in use
and is logged without the key; a user never sees it.
"""
from __future__ import annotations

import asyncio
import json
import logging
import re
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from core.tools.cwa_parse import MAX_BYTES, CappedBody, CwaGarbage, CwaLocation, parse_stream

if TYPE_CHECKING:
    from core.config import Settings

log = logging.getLogger("odbchat.cwa")
COPY = "cwa:F-A0021-001"
INDEX = "index"
_KEY_IN_TEXT = re.compile(r"(Authorization=)[^&\s'\"]+")


class KeptCopies(Protocol):
    """A named copy of outside data in the shared store, in parts, and who refreshes it when
    (coroutines: the store works on the event loop's side, no thread per call)."""

    async def copy_stamp(self, name: str) -> float | None:
        """Return when the kept copy `name` was stored (epoch s), None when there is none."""
        ...

    async def copy_part(self, name: str, part: str) -> bytes | None:
        """Return one part of the kept copy, None when absent."""
        ...

    async def keep_copy(self, name: str, parts: Mapping[str, bytes]) -> float:
        """Replace the copy `name` by `parts` in one transaction; return its stamp."""
        ...

    async def claim_refresh(self, name: str, lease_s: float) -> bool:
        """Return True (and hold the refresh for `lease_s`) when no one refreshed or holds it and it is due."""
        ...

    async def refresh_under_way(self, name: str) -> bool:
        """Return True while some process holds the refresh of `name` (fetching it now)."""
        ...

    async def refresh_after(self, name: str, delay_s: float) -> None:
        """Make the next refresh of `name` due `delay_s` from now (and free the claim on it)."""
        ...


@dataclass(frozen=True)
class CwaConfig:
    """Where the forecast is, the key, and how often and how long a refresh may take."""

    api_url: str
    api_key: str
    every_s: float = 6 * 3600.0      # a good copy is refreshed this often, at most
    retry_s: float = 1800.0          # after a failed refresh, the next try
    timeout_s: float = 30.0          # one refresh, connect to last byte
    wait_s: float = 10.0             # how long a question waits for the first copy (the fetch goes on)
    max_bytes: int = MAX_BYTES

    @property
    def url(self) -> str:
        """Return the dataset's URL without the key (the key goes as a query parameter)."""
        return f"{self.api_url.rstrip('/')}/v1/rest/datastore/F-A0021-001"


def without_key(text: str, key: str) -> str:
    """Return `text` with the API key (and any `Authorization=` value) taken out, for a log line."""
    text = _KEY_IN_TEXT.sub(r"\1<redacted>", text)
    return text.replace(key, "<redacted>") if key else text


class CwaRefused(Exception):
    """CWA answered with an HTTP error (401 for a refused key, 5xx when it is down)."""


async def fetch_locations(config: CwaConfig) -> list[CwaLocation]:
    """Return the forecast's locations, fetched and parsed as a stream within `timeout_s`;
    CwaRefused, CwaGarbage, httpx errors or TimeoutError when there is no usable answer."""
    import httpx   # a refresh's cost, not a question's

    async def run() -> list[CwaLocation]:
        async with httpx.AsyncClient(timeout=config.timeout_s, follow_redirects=False) as client:
            params = {"Authorization": config.api_key, "format": "JSON"}
            async with client.stream("GET", config.url, params=params) as response:
                if response.status_code != 200:
                    raise CwaRefused(f"HTTP {response.status_code}")
                declared = response.headers.get("content-length")
                if declared and declared.isdigit() and int(declared) > config.max_bytes:
                    raise CwaGarbage(f"declared {declared} bytes")
                return await parse_stream(CappedBody(response.aiter_raw(), config.max_bytes))

    return await asyncio.wait_for(run(), config.timeout_s)


def copy_parts(locations: list[CwaLocation]) -> dict[str, bytes]:
    """Return the parts the copy is kept in: an index of the points, and each point's days."""
    index = [[loc.id, loc.name, loc.lat, loc.lon] for loc in locations]
    parts = {INDEX: json.dumps(index, ensure_ascii=False).encode()}
    for loc in locations:
        parts[f"loc:{loc.id}"] = loc.model_dump_json().encode()
    return parts


class CwaCopy:
    """One process's view of the kept copy: refreshes it when due, reads the index and points."""

    def __init__(self, config: CwaConfig, store: KeptCopies, *, check_every_s: float = 30.0) -> None:
        self.config = config
        self.store = store
        self.check_every_s = check_every_s
        self.fetches = 0                               # this process's fetches (tests, benchmarks)
        self._stamp: float | None = None
        self._index: list[tuple[str, str, float, float]] = []
        self._points: dict[str, CwaLocation] = {}
        self._checked = 0.0
        self._refresh: asyncio.Task[bool] | None = None

    async def index(self) -> list[tuple[str, str, float, float]]:
        """Return (id, name, lat, lon) of every kept point: with no copy yet, refreshed first (or,
        when another process holds the refresh, waited for), within the timeout; when the copy is
        due, refreshed in the background; [] when there is still none."""
        now = time.monotonic()
        if self._stamp is None or now - self._checked >= self.check_every_s:
            self._checked = now
            await self._reload()
            if self._stamp is None:
                if not await self._shared_refresh() and \
                        await self.store.refresh_under_way(COPY):
                    await self._wait_for_copy()   # another process is fetching the first copy
                await self._reload()
            elif self._refresh is None or self._refresh.done():
                self._refresh = asyncio.create_task(self._refresh_once())
        return self._index

    async def _shared_refresh(self) -> bool:
        """Run (or join) this process's one refresh, waiting for it at most `wait_s` (it goes on
        after that); return whether this process is the one fetching."""
        if self._refresh is None or self._refresh.done():
            self._refresh = asyncio.create_task(self._refresh_once())
        try:
            return await asyncio.wait_for(asyncio.shield(self._refresh), min(self.config.wait_s, self.config.timeout_s))
        except asyncio.TimeoutError:
            return True   # still fetching: this question answers as before, the next one from the copy

    async def _wait_for_copy(self) -> None:
        """Another process is fetching the first copy: wait for it, at most `wait_s`."""
        deadline = time.monotonic() + min(self.config.wait_s, self.config.timeout_s)
        while time.monotonic() < deadline:
            if await self.store.copy_stamp(COPY) is not None or \
                    not await self.store.refresh_under_way(COPY):
                return
            await asyncio.sleep(0.2)

    async def point(self, location_id: str) -> CwaLocation | None:
        """Return one kept point's days, read from the store once per copy."""
        if location_id not in self._points:
            raw = await self.store.copy_part(COPY, f"loc:{location_id}")
            if raw is None:
                return None
            self._points[location_id] = CwaLocation.model_validate_json(raw)
        return self._points[location_id]

    async def _reload(self) -> None:
        stamp = await self.store.copy_stamp(COPY)
        if stamp is None or stamp == self._stamp:
            return
        raw = await self.store.copy_part(COPY, INDEX)
        if raw is None:
            return
        self._index = [(str(i), str(n), float(la), float(lo)) for i, n, la, lo in json.loads(raw)]
        self._points.clear()
        self._stamp = stamp

    async def _refresh_once(self) -> bool:
        """Fetch and keep a new copy when this process wins the claim (return whether it did); on
        trouble, log it and make the next try due later."""
        config = self.config
        if not await self.store.claim_refresh(COPY, config.timeout_s + 30.0):
            return False
        self.fetches += 1
        started = time.perf_counter()
        try:
            locations = await fetch_locations(config)
            await self.store.keep_copy(COPY, copy_parts(locations))
        except Exception as exc:  # noqa: BLE001 - every failure keeps the last copy; the kind goes to the log
            await self.store.refresh_after(COPY, config.retry_s)
            log.warning("cwa refresh failed", extra={"event": "cwa_refresh", "ok": False, "kind": type(exc).__name__,
                                                     "error": without_key(str(exc), config.api_key)[:200]})
            return True
        await self.store.refresh_after(COPY, config.every_s)
        log.info("cwa refresh", extra={"event": "cwa_refresh", "ok": True, "points": len(locations),
                                       "ms": round((time.perf_counter() - started) * 1000)})
        return True

    async def aclose(self) -> None:
        """Let a refresh under way finish (it is bounded by the timeout), so a one-shot process keeps it."""
        if self._refresh is not None and not self._refresh.done():
            try:
                await asyncio.wait_for(self._refresh, self.config.timeout_s + 5)
            except Exception:  # noqa: BLE001 - closing: the refresh logged its own trouble
                pass


def official_copy(settings: "Settings", store: KeptCopies | None) -> CwaCopy | None:
    """Return the kept CWA forecast for a router: None without a key or without a store (nothing changes)."""
    key = settings.cwa_api_key.get_secret_value() if settings.cwa_api_key else ""
    if not key or store is None:
        return None
    return CwaCopy(CwaConfig(api_url=settings.cwa_api_url, api_key=key, every_s=settings.cwa_refresh_hours * 3600,
                             retry_s=settings.cwa_retry_minutes * 60, timeout_s=settings.cwa_timeout), store)
