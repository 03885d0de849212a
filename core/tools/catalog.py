"""The tool catalog: the only tools any plan may name. Adding a tool is one module plus one entry here.

Everything else reads this table: the plan validation and the LLM's tool enum, both MCP
servers, the chat adapters' titles, sources and colours, and the specs export. Nothing the
user or the LLM writes can make the bot call a tool outside it.
"""
from __future__ import annotations

from core.tools import (ghrsst_bbox_mean, ghrsst_point_value, tide_chart, tide_forecast, tide_week, time_convert,
                        time_now, weather_forecast)
from core.tools.base import Tool

CATALOG: dict[str, Tool] = {tool.name: tool for tool in (
    ghrsst_point_value.TOOL,
    ghrsst_bbox_mean.TOOL,
    tide_forecast.TOOL,
    tide_chart.TOOL,
    tide_week.TOOL,
    weather_forecast.TOOL,
    time_now.TOOL,
    time_convert.TOOL,
)}


def get_tool(name: str) -> Tool | None:
    """Return the catalog entry of `name`, or None when it is not a catalog tool."""
    return CATALOG.get(name)
