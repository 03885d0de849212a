"""Calling a metocean tool (upstream MCP, local engine or both) and the argument helpers they share."""
from __future__ import annotations

from datetime import date, datetime
from typing import Any, TypeVar, cast

from pydantic import BaseModel

from core.decide.plan_record import PlanArgs
from core.tools.base import Execute, ToolContext, ToolRun
from metocean.contract import GhrsstBboxArgs, GhrsstPointArgs
from metocean.errors import ToolFailure

A = TypeVar("A", bound=BaseModel)
R = TypeVar("R", bound=BaseModel)


def where(raw: PlanArgs) -> dict[str, Any]:
    """Return the point (or station) a plan's arguments give, as the call's fields (those given only)."""
    return raw.model_dump(include={"longitude", "latitude", "station_id"}, exclude_none=True)


def valid_date(value: Any, default: str) -> str:
    """Return `value` as YYYY-MM-DD when it is a date, else `default`."""
    try:
        return date.fromisoformat(str(value)).isoformat()
    except ValueError:
        return default


def metocean_call(tool: str, result: type[R]) -> Execute[Any, R]:
    """Return the `execute` step of metocean tool `tool`: one call on the chosen backend, its
    answer the contract's model `result`.

    A GHRSST day that does not exist is retried once with `nearest` (the closest day within 7
    days), and the run's arguments then say `nearest`.
    """
    async def execute(ctx: ToolContext, arguments: BaseModel, backend: str | None,
                      _query_time: datetime | None) -> ToolRun[R]:
        chosen = ctx.backend(backend)
        wire = arguments.model_dump(mode="json", exclude_unset=True, exclude_none=True)
        try:
            out = await chosen.call(tool, wire)
        except ToolFailure as exc:
            if exc.code != "NOT_FOUND" or not isinstance(arguments, (GhrsstPointArgs, GhrsstBboxArgs)) or arguments.method == "nearest":
                raise
            arguments = arguments.model_copy(update={"method": "nearest"})
            out = await chosen.call(tool, dict(wire, method="nearest"))
        return ToolRun(cast(R, out.result), out.backend, out.fell_back, arguments)

    return execute
