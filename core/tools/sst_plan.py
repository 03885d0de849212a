"""Which of the two SST tools answers at a location, and with what: a mean over a written box or
named sea, or over the sea around a named place (its own pixel is usually land), else the value
at a written point. Both SST tools locate themselves with it."""
from __future__ import annotations

from typing import TYPE_CHECKING

from core.decide.locate import around_place_args, box_args, point_args
from core.decide.plan_record import Plan

if TYPE_CHECKING:
    from core.understand.slots import Slots

BOX_MEAN = "ghrsst.bbox_mean"
POINT_VALUE = "ghrsst.point_value"


def sst_plan(slots: "Slots", reason: str) -> Plan | None:
    """Return the SST plan at the slots' location, or None without a location."""
    args = box_args(slots)
    if args:
        return Plan("mcp_tools", BOX_MEAN, args, reason)
    args = around_place_args(slots)
    if args:
        return Plan("mcp_tools", BOX_MEAN, args, reason + "_near_place")
    args = point_args(slots)
    return Plan("mcp_tools", POINT_VALUE, args, reason) if args else None
