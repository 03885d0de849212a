"""The tool catalog: the only tools any plan may name, with their argument models.

The router validates every plan against this table, so nothing the user or the LLM
writes can make the bot call a tool outside it.
"""
from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel

from metocean.contract import TOOL_ARGS


@dataclass(frozen=True)
class ToolSpec:
    name: str
    args: type[BaseModel]
    backend: str          # "metocean" (upstream MCP or local engine) | "open-meteo" | "clock"
    description: str


_DESCRIPTIONS = {
    "ghrsst.point_value": ("metocean", "Daily sea-surface temperature and anomaly (MUR GHRSST) at a point."),
    "ghrsst.bbox_mean": ("metocean", "Daily mean sea-surface temperature and anomaly over a box [lon0,lat0,lon1,lat1]."),
    "tide.forecast": ("metocean", "One local day of tide highs/lows, state now, sun and moon times and moon phase."),
    "weather.forecast": ("open-meteo", "Weather forecast (current, hourly, daily) from Open-Meteo for a point."),
    "time.now": ("clock", "Current local time, date, weekday, UTC offset and IANA zone for a place or zone."),
}

CATALOG: dict[str, ToolSpec] = {
    name: ToolSpec(name, TOOL_ARGS[name], *_DESCRIPTIONS[name]) for name in TOOL_ARGS
}


def get_tool(name: str) -> ToolSpec | None:
    """Return the catalog entry of `name`, or None when it is not a catalog tool."""
    return CATALOG.get(name)
