"""Where metocean tool calls go: the upstream ODB MCP server, the built-in engine, or both.

A small registry keyed by name (`upstream`, `local`, `auto`), so the router never knows
which one answered until the result says so.
"""
from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from pydantic import BaseModel

from core.config import Settings
from core.tools.metocean_replies import UpstreamOutage
from metocean.config import EngineConfig
from metocean.errors import ToolFailure

log = logging.getLogger("odbchat.backends")


class MetoceanBackend(Protocol):
    name: str

    async def call(self, tool: str, arguments: dict[str, Any]) -> "BackendResult":
        """Return the tool's result as the contract's model (metocean.contract), and who answered."""
        ...

    async def aclose(self) -> None: ...


@dataclass
class BackendResult:
    """A tool result (the contract's model) and the backend that produced it (`fell_back` when auto used local)."""

    result: BaseModel
    backend: str
    fell_back: bool = False


def engine_config(settings: Settings) -> EngineConfig:
    """Return the local engine's settings taken from the bot's `Settings`."""
    return EngineConfig(tide_station_radius_km=settings.tide_station_radius_km, erddap_url=settings.erddap_url,
                        erddap_sst_dataset=settings.erddap_sst_dataset,
                        erddap_anomaly_dataset=settings.erddap_anomaly_dataset,
                        erddap_timeout=settings.erddap_timeout)


class LocalBackend:
    """The built-in engine of `metocean/`, called in-process."""

    name = "local"

    def __init__(self, settings: Settings) -> None:
        from metocean.engine import LocalEngine  # imported lazily: loads station data on first use

        self._engine = LocalEngine(engine_config(settings))

    async def call(self, tool: str, arguments: dict[str, Any]) -> BackendResult:
        return BackendResult(await self._engine.call(tool, arguments), "local")

    async def aclose(self) -> None:
        await self._engine.aclose()


class UpstreamBackend:
    """The ODB metocean MCP server (METOCEAN_MCP_URL, User-Agent metocean-mcp)."""

    name = "upstream"

    def __init__(self, settings: Settings) -> None:
        from core.tools.metocean_client import MetoceanClient

        self._client = MetoceanClient(settings.metocean_mcp_url, settings.metocean_mcp_user_agent,
                                      connect_timeout=settings.metocean_connect_timeout,
                                      call_timeout=settings.metocean_call_timeout)

    async def call(self, tool: str, arguments: dict[str, Any]) -> BackendResult:
        if arguments.get("station_id"):
            raise ToolFailure("INVALID_ARGUMENT", "station_id is only served by the local engine")
        return BackendResult(await self._client.answer(tool, arguments), "upstream")

    async def aclose(self) -> None:
        await self._client.aclose()


Ticket = Literal["upstream", "probe", "local"]


class CircuitBreaker:
    """Whether questions should try the upstream now; one per auto backend, so one per Router.

    closed: every question tries the upstream. `threshold` outages in a row (transport,
    timeouts, HTTP errors, protocol errors: `UpstreamOutage`) open it for `cooldown` seconds,
    during which questions go straight to the local engine. After that it is half-open: the
    first question is the probe and tries the upstream while the others still go local; the
    probe's answer closes it, its outage opens it again. A tool's own error answer
    (INVALID_ARGUMENT, NOT_FOUND) shows the upstream is there and never counts as an outage.
    """

    def __init__(self, cooldown: float = 60.0, threshold: int = 1,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.cooldown = cooldown
        self.threshold = max(1, threshold)
        self._clock = clock
        self._outages = 0
        self._open_until: float | None = None   # None: closed
        self._probing = False

    @property
    def state(self) -> Literal["closed", "open", "half_open"]:
        """Return the breaker's state now."""
        if self._open_until is None:
            return "closed"
        return "open" if self._clock() < self._open_until else "half_open"

    def admit(self) -> Ticket:
        """Return how this question goes: `upstream` (closed), `probe` (the one half-open try) or `local`."""
        state = self.state
        if state == "closed":
            return "upstream"
        if state == "half_open" and not self._probing:
            self._probing = True
            return "probe"
        return "local"

    def answered(self, ticket: Ticket) -> None:
        """The upstream answered (a result or a tool's error): a probe's answer closes the breaker."""
        if ticket == "probe" or self._open_until is None:
            if self._open_until is not None:
                log.info("upstream circuit closed", extra={"event": "upstream_circuit", "state": "closed"})
            self._open_until, self._outages = None, 0

    def outage(self, ticket: Ticket, error: str) -> None:
        """The upstream could not be reached or did not answer: count it; open when it is time."""
        self._outages += 1
        # Calls that were already out when it opened report late: they do not stretch the cooldown.
        if ticket == "probe" or (self._open_until is None and self._outages >= self.threshold):
            self._open_until = self._clock() + self.cooldown
            log.warning("upstream circuit open", extra={"event": "upstream_circuit", "state": "open",
                                                         "cooldown_s": self.cooldown, "error": error[:200]})

    def done(self, ticket: Ticket) -> None:
        """The question holding `ticket` is over (whatever happened): a probe frees the half-open slot."""
        if ticket == "probe":
            self._probing = False


class AutoBackend:
    """Upstream first; when it cannot be reached, the local engine answers (and says so).

    A `CircuitBreaker` shared by every question of this backend skips the upstream after an
    outage for `cooldown` seconds, so every question does not pay the connect timeout again.
    """

    name = "auto"

    def __init__(self, settings: Settings, cooldown: float = 60.0, threshold: int = 1) -> None:
        self._upstream = UpstreamBackend(settings)
        self._local = LocalBackend(settings)
        self.breaker = CircuitBreaker(cooldown, threshold)

    async def call(self, tool: str, arguments: dict[str, Any]) -> BackendResult:
        """Return the upstream's result, or the local engine's (`fell_back`) when the upstream is down.

        Raises the upstream's INVALID_ARGUMENT / NOT_FOUND answers as they are (the question,
        not the service, is at fault); a tool's own UNAVAILABLE answer falls back for this
        question only.
        """
        if arguments.get("station_id"):
            return await self._local.call(tool, arguments)
        ticket = self.breaker.admit()
        try:
            if ticket != "local":
                try:
                    result = await self._upstream.call(tool, arguments)
                except UpstreamOutage as exc:
                    self.breaker.outage(ticket, exc.message)
                except ToolFailure as exc:
                    self.breaker.answered(ticket)
                    if exc.code != "UNAVAILABLE":
                        raise
                else:
                    self.breaker.answered(ticket)
                    return result
        finally:
            self.breaker.done(ticket)
        local = await self._local.call(tool, arguments)
        local.fell_back = True
        return local

    async def aclose(self) -> None:
        await self._upstream.aclose()
        await self._local.aclose()


_BACKENDS: dict[str, Callable[[Settings], MetoceanBackend]] = {"upstream": UpstreamBackend, "local": LocalBackend, "auto": AutoBackend}


def make_backend(name: str, settings: Settings) -> MetoceanBackend:
    """Return the backend registered under `name`; ValueError for an unknown name."""
    try:
        return _BACKENDS[name](settings)
    except KeyError:
        raise ValueError(f"unknown backend {name!r}; choose one of {sorted(_BACKENDS)}") from None
