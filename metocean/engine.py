"""The local metocean engine: the three upstream tools answered in-process.

`LocalEngine.call(tool, arguments)` validates the arguments with the contract models
(metocean.contract), runs the tool and returns upstream's payload; every failure is a ToolFailure.
The CPU-bound tide forecast runs in a worker thread so the event loop stays responsive, or, when
the engine is given `workers` (the MCP server: one per core), in that many forked processes, so
that forecasts use every core while the serving process speaks MCP. The tide and sun/moon modules
(numpy, Skyfield) are imported by whichever process computes.
"""
from __future__ import annotations

import asyncio
import logging
import multiprocessing
import signal
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ValidationError

from metocean.config import EngineConfig
from metocean.errors import ToolFailure
from metocean.contract import (TZ_REQUIRED, METOCEAN_TOOLS, GhrsstBboxArgs, GhrsstBboxResult, GhrsstPointArgs,
                               GhrsstPointResult, TideForecastArgs, TideForecastResult)

if TYPE_CHECKING:  # httpx and the SST module load with the first SST call: a tide question never needs them
    import httpx

log = logging.getLogger("metocean.engine")


def short_reason(exc: ValidationError) -> str:
    """Return a one-line human reason for a pydantic validation error (at most three problems)."""
    parts: list[str] = []
    for err in exc.errors()[:3]:
        where = ".".join(str(p) for p in err.get("loc", ()))
        if err.get("type") == "extra_forbidden":
            parts.append(f"unexpected argument: {where}")
            continue
        if where == "tz" and (err.get("type") == "missing" or not str(err.get("input") or "").strip()):
            parts.append(TZ_REQUIRED)   # upstream's own words for an absent zone
            continue
        msg = str(err.get("msg", "invalid value")).removeprefix("Value error, ")
        parts.append(f"{where}: {msg}" if where else msg)
    return "; ".join(parts) or "invalid arguments"


def forecast(args: TideForecastArgs, config: EngineConfig) -> TideForecastResult:
    """Return the tide.forecast answer (metocean.forecast.tide_forecast), in whichever process runs it."""
    from metocean.forecast import tide_forecast

    return tide_forecast(args, config)


def validate(tool: str, arguments: dict[str, Any] | None) -> BaseModel:
    """Return the validated argument model for `tool`; ToolFailure INVALID_ARGUMENT otherwise."""
    model = METOCEAN_TOOLS.get(tool)
    if model is None:
        raise ToolFailure("INVALID_ARGUMENT", f"unknown tool: {tool} (known: {', '.join(METOCEAN_TOOLS)})")
    try:
        return model.model_validate(arguments or {})
    except ValidationError as exc:
        raise ToolFailure("INVALID_ARGUMENT", short_reason(exc)) from None


class LocalEngine:
    """In-process answers for ghrsst.point_value, ghrsst.bbox_mean and tide.forecast."""

    def __init__(self, config: EngineConfig | None = None, *, workers: int = 0) -> None:
        self.config = config or EngineConfig()
        # One ERDDAP client per event loop (an httpx client must not cross loops).
        self._http: tuple[asyncio.AbstractEventLoop, httpx.AsyncClient] | None = None
        self._workers = workers
        self._pool: ProcessPoolExecutor | None = None

    def tools(self) -> list[str]:
        """Return the tool names this engine answers."""
        return list(METOCEAN_TOOLS)

    def warm(self) -> None:
        """Load the tide stations and the ephemeris now, so the first call is fast."""
        from metocean.forecast import warm

        warm()

    def start_workers(self) -> int:
        """Fork the forecast worker processes (after `warm`, so they share its tables); return
        how many run. Call it before any thread or event loop starts: forking a threaded
        process can copy a held lock into the child."""
        if self._workers > 0 and self._pool is None:
            self._pool = ProcessPoolExecutor(self._workers, mp_context=multiprocessing.get_context("fork"),
                                             initializer=_quiet_worker)
            self._pool.submit(int).result()  # with fork, the first task starts every worker
        return self._workers if self._pool is not None else 0

    async def _forecast(self, args: TideForecastArgs) -> TideForecastResult:
        if self._pool is not None:
            try:
                return await asyncio.get_running_loop().run_in_executor(self._pool, forecast, args, self.config)
            except BrokenProcessPool:
                # A worker was killed (OOM, a signal): answer in-process from now on.
                log.warning("forecast workers lost; answering in-process", extra={"event": "workers_lost"})
                self._pool = None
        return await asyncio.to_thread(forecast, args, self.config)

    def _client(self) -> httpx.AsyncClient:
        from metocean import sst

        loop = asyncio.get_running_loop()
        if self._http is None or self._http[0] is not loop or self._http[1].is_closed:
            self._http = (loop, sst.new_client(self.config))
        return self._http[1]

    async def call(self, tool: str, arguments: dict[str, Any] | None) -> BaseModel:
        """Return the tool's result as the contract's model (upstream shape); raise ToolFailure on any failure."""
        args = validate(tool, arguments)
        if isinstance(args, TideForecastArgs):
            return await self._forecast(args)
        from metocean import sst

        if isinstance(args, GhrsstPointArgs):
            return GhrsstPointResult.model_validate(await sst.point_value(args, config=self.config,
                                                                          client=self._client()))
        if isinstance(args, GhrsstBboxArgs):
            return GhrsstBboxResult.model_validate(await sst.bbox_mean(args, config=self.config,
                                                                       client=self._client()))
        raise ToolFailure("INVALID_ARGUMENT", f"unknown tool: {tool}")  # pragma: no cover - table and code agree

    async def aclose(self) -> None:
        """Stop the worker processes and close the ERDDAP client (if one was opened in this loop)."""
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await asyncio.to_thread(pool.shutdown, True, cancel_futures=True)
        if self._http is not None:
            loop, client = self._http
            self._http = None
            if loop is asyncio.get_running_loop():
                await client.aclose()


def _quiet_worker() -> None:
    """Leave Ctrl-C to the serving process, which stops the workers itself."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
