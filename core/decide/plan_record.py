"""A routing decision as a record (`Plan`), apart from the rules that make one (`plan.py`), so the
per-question record can name it without importing the tools those rules read."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

PlanMode = Literal["mcp_tools", "explain", "code", "fallback"]


@dataclass
class Plan:
    """A routing decision: mode, tool and the location arguments the slots gave."""

    mode: PlanMode
    tool: str | None = None
    arguments: dict[str, Any] = field(default_factory=dict)
    reason: str = ""
    variant: str | None = None       # a variant the tool declares (tide.forecast: sun_moon_only)
    static: str | None = None        # key of a fixed reply (sea_state, need_location)
