"""The tool catalog: the only tools any plan may name. Adding a tool is one module plus one entry here.

Everything else reads this table: the plan validation, the LLM's tool enum, tool list and
hints, the keyword rules that pick a tool over another, both MCP servers, the chat commands
and their menus, the adapters' titles, sources and colours, and the specs export. Nothing the
user or the LLM writes can make the bot call a tool outside it.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.tools import (ghrsst_bbox_mean, ghrsst_point_value, tide_calendar, tide_chart, tide_forecast, tide_week,
                        time_convert, time_now, weather_forecast)
from core.tools.base import Command, Tool

CATALOG: dict[str, Tool[Any, Any]] = {tool.name: tool for tool in (
    ghrsst_point_value.TOOL,
    ghrsst_bbox_mean.TOOL,
    tide_forecast.TOOL,
    tide_chart.TOOL,
    tide_week.TOOL,
    tide_calendar.TOOL,
    weather_forecast.TOOL,
    time_now.TOOL,
    time_convert.TOOL,
)}

#: The results of the tide tools (a day, a chart, a week, a calendar): a reply about tides, read by type.
TIDE_RESULTS: tuple[type[Any], ...] = tuple(tool.result for tool in (
    tide_forecast.TOOL, tide_chart.TOOL, tide_week.TOOL, tide_calendar.TOOL))


def get_tool(name: str) -> Tool[Any, Any] | None:
    """Return the catalog entry of `name`, or None when it is not a catalog tool."""
    return CATALOG.get(name)


def commands() -> list[tuple[Command, Tool[Any, Any]]]:
    """Return every tool's chat commands with their tool, in menu order."""
    return sorted(((command, tool) for tool in CATALOG.values() for command in tool.commands),
                  key=lambda pair: pair[0].menu_rank)


def refined(tool: str, signals: Mapping[str, bool]) -> Tool[Any, Any] | None:
    """Return the first catalog tool whose plan rule takes `tool`'s place for these keyword
    signals (every group the rule names is on), or None."""
    for other in _RULES_INSTEAD_OF.get(tool, ()):
        if all(signals[group] for group in other.rule.signals):   # type: ignore[union-attr]
            return other
    return None


# Each tool's rivals by plan rule, in catalog order: a plan reads only its own tool's (one lookup per question).
_RULES_INSTEAD_OF: dict[str, tuple[Tool[Any, Any], ...]] = {
    name: tuple(other for other in CATALOG.values() if other.rule is not None and other.rule.instead_of == name)
    for name in CATALOG}
