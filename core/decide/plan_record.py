"""A routing decision as a record (`Plan`), apart from the rules that make one (`plan.py` and each
tool's own `PlanStep`s), so the per-question record and the tools can name it without importing
the rules; and what those rules read (`Heard`)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from core.understand.signals import Signals
    from core.understand.slots import Slots

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


@dataclass(frozen=True)
class Heard:
    """What the keyword rules read of one question: its keyword groups, its slots, whether it asks
    for code, and the asker's zone (a default place is the zone's home city)."""

    signals: "Signals"
    slots: "Slots"
    code_request: bool = False
    tz: str | None = None
