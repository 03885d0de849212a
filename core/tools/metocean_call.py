"""Calling a metocean tool (upstream MCP, local engine or both) and the argument helpers they share."""
from __future__ import annotations

from datetime import date, datetime
from typing import Any

from core.tools.base import Execute, ToolContext, ToolRun
from metocean.errors import ToolFailure


def with_float_coordinates(raw: dict[str, Any]) -> dict[str, Any]:
    """Return `raw` without None values and with longitude/latitude as floats where they parse."""
    args = {k: v for k, v in raw.items() if v is not None}
    for key in ("longitude", "latitude"):
        if key in args:
            try:
                args[key] = float(args[key])
            except (TypeError, ValueError):
                pass  # left as given: validation names the bad value
    return args


def valid_date(value: Any, default: str) -> str:
    """Return `value` as YYYY-MM-DD when it is a date, else `default`."""
    try:
        return date.fromisoformat(str(value)).isoformat()
    except ValueError:
        return default


def metocean_call(tool: str) -> Execute:
    """Return the `execute` step of metocean tool `tool`: one call on the chosen backend.

    A GHRSST day that does not exist is retried once with `nearest` (the
    closest day within 7 days), and the arguments then say `nearest`.
    """
    async def execute(ctx: ToolContext, arguments: dict[str, Any], backend: str | None,
                      _query_time: datetime | None) -> ToolRun:
        chosen = ctx.backend(backend)
        try:
            out = await chosen.call(tool, arguments)
        except ToolFailure as exc:
            if exc.code != "NOT_FOUND" or not tool.startswith("ghrsst.") or arguments.get("method") == "nearest":
                raise
            out = await chosen.call(tool, dict(arguments, method="nearest"))
            arguments["method"] = "nearest"
        return ToolRun(out.result, out.backend, out.fell_back)

    return execute
