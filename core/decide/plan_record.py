"""A routing decision as a record (`Plan`), apart from the rules that make one (`plan.py` and each
tool's own `PlanStep`s), so the per-question record and the tools can name it without importing
the rules; and what those rules read (`Heard`)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict

if TYPE_CHECKING:
    from core.understand.signals import Signals
    from core.understand.slots import Slots

PlanMode = Literal["mcp_tools", "explain", "code", "fallback"]


class PlanArgs(BaseModel):
    """A plan's arguments before its tool's `normalize` makes them the call's model: where to look
    (a point, a box or a station: from the slots, a typed request or the LLM) and what an LLM plan
    says besides (a day, a span, a zone, a place's name, ...). Each field means what the field of
    that name means in the tool's own model; a tool reads the ones it has."""

    model_config = ConfigDict(extra="ignore")
    longitude: float | None = None
    latitude: float | None = None
    bbox: list[float] | None = None
    station_id: str | None = None
    date: str | None = None
    days: int | None = None
    method: str | None = None
    tz: str | None = None
    place: str | None = None
    sun: bool | None = None
    from_tz: str | None = None
    to_tz: str | None = None

    @property
    def located(self) -> bool:
        """True when the arguments say where: a point, a box or a station."""
        return (self.longitude is not None and self.latitude is not None) or self.bbox is not None \
            or self.station_id is not None


ASKS_WHERE = ("need_location", "need_location_sst")   # fixed replies asking for a place


@dataclass
class Plan:
    """A routing decision: mode, tool and the location arguments the slots gave."""

    mode: PlanMode
    tool: str | None = None
    arguments: PlanArgs = field(default_factory=PlanArgs)
    reason: str = ""
    variant: str | None = None       # a variant the tool declares (tide.forecast: sun_moon_only)
    static: str | None = None        # key of a fixed reply (sea_state, need_location)

    @property
    def asks_where(self) -> bool:
        """True when the reply asks the asker for a place (the question is kept for the reply naming one)."""
        return self.mode == "fallback" and self.static in ASKS_WHERE


@dataclass(frozen=True)
class Heard:
    """What the keyword rules read of one question: its keyword groups, its slots, whether it asks
    for code, and the asker's zone (a default place is the zone's home city)."""

    signals: "Signals"
    slots: "Slots"
    code_request: bool = False
    tz: str | None = None
