"""Where metocean tool calls go: the upstream ODB MCP server, the built-in engine, or both.

A small registry keyed by name (`upstream`, `local`, `auto`), so the router never knows
which one answered until the result says so.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Protocol

from core.config import Settings
from metocean.config import EngineConfig
from metocean.errors import ToolFailure


class MetoceanBackend(Protocol):
    name: str

    async def call(self, tool: str, arguments: dict[str, Any]) -> "BackendResult": ...

    async def aclose(self) -> None: ...


@dataclass
class BackendResult:
    """A tool result and the backend that produced it (`fell_back` when auto used local)."""

    result: dict[str, Any]
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
        return BackendResult(await self._client.call(tool, arguments), "upstream")

    async def aclose(self) -> None:
        await self._client.aclose()


class AutoBackend:
    """Upstream first; when it cannot be reached, the local engine answers (and says so).

    After an upstream outage the upstream is skipped for `cooldown` seconds, so every
    question does not pay the connect timeout again.
    """

    name = "auto"

    def __init__(self, settings: Settings, cooldown: float = 60.0) -> None:
        self._upstream = UpstreamBackend(settings)
        self._local = LocalBackend(settings)
        self._cooldown = cooldown
        self._down_until = 0.0

    async def call(self, tool: str, arguments: dict[str, Any]) -> BackendResult:
        if arguments.get("station_id"):
            return await self._local.call(tool, arguments)
        if time.monotonic() >= self._down_until:
            try:
                return await self._upstream.call(tool, arguments)
            except ToolFailure as exc:
                if exc.code != "UNAVAILABLE":
                    raise
                self._down_until = time.monotonic() + self._cooldown
        local = await self._local.call(tool, arguments)
        local.fell_back = True
        return local

    async def aclose(self) -> None:
        await self._upstream.aclose()
        await self._local.aclose()


_BACKENDS: dict[str, type] = {"upstream": UpstreamBackend, "local": LocalBackend, "auto": AutoBackend}


def make_backend(name: str, settings: Settings) -> MetoceanBackend:
    """Return the backend registered under `name`; ValueError for an unknown name."""
    try:
        return _BACKENDS[name](settings)
    except KeyError:
        raise ValueError(f"unknown backend {name!r}; choose one of {sorted(_BACKENDS)}") from None
