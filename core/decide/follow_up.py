"""Follow-ups: "那明天呢？", "高雄呢？", "and the low tide?" inherit what they leave out.

A chat adapter hands back the Context of the chat's last answer (kept about 30 minutes);
a question that names only a day, only a place, or only what to look up, with no plan of
its own, is answered as the previous question with that one part changed.
"""
from __future__ import annotations

from dataclasses import replace
from datetime import date

from core.asked import Asked
from core.decide.plan import Plan, location_plan
from core.decide.typed import variant_asked
from core.envelope import Context
from core.tools.catalog import CATALOG
from core.tools.tide_forecast import SUN_MOON_ONLY
from core.understand.coords import Point
from core.understand.dates import DateHint
from core.understand.places import find_place, qualified_name
from core.understand.signals import Signals
from core.understand.slots import Slots


def _asked_tool(signals: Signals) -> tuple[str, str | None] | None:
    """Return (tool, variant) the question's own words ask for, or None when they name none."""
    if signals.tide or signals.astro:
        return "tide.forecast", None if signals.tide else SUN_MOON_ONLY
    if signals.weather:
        return "weather.forecast", None
    if signals.sst:
        return "ghrsst.point_value", None
    return None


def _with_context(slots: Slots, context: Context) -> Slots:
    """Return `slots` with the previous place and day filled in where the question gave none."""
    changes: dict[str, object] = {}
    if not slots.has_location:
        if context.point is not None:
            changes["point"] = Point(float(context.point[0]), float(context.point[1]), (0, 0))
        elif context.place:
            changes["place"] = find_place(context.place)
    if slots.date is None and context.date:
        changes["date"] = DateHint(date.fromisoformat(context.date), explicit=True, relative=False, span=(0, 0))
    return replace(slots, **changes) if changes else slots


def follow_up_plan(asked: Asked, plan: Plan | None) -> Plan | None:
    """Return the plan of a follow-up question (and fill `asked.slots`), or None when it is not one."""
    context = asked.question.context
    slots, signals = asked.slots, asked.signals
    if context is None or context.tool not in CATALOG or slots is None or signals is None:
        return None
    if plan is not None and plan.static != "need_location":
        return None   # the question decided on its own (data with a place, an explanation, a greeting …)
    own = _asked_tool(signals)
    if own is None and not (slots.has_location or slots.date):
        return None   # nothing that refers back to the previous question
    tool, variant = own or (context.tool, variant_asked(context.tool, context))
    filled = _with_context(slots, context)
    follow = location_plan(tool, filled, reason="follow_up")
    if follow is None:
        return None
    follow.variant = variant
    asked.slots = filled
    return follow


def context_of(asked: Asked, tool: str, arguments: dict[str, object]) -> Context | None:
    """Return the Context a located answer leaves for the chat's next question."""
    slots, plan = asked.slots, asked.plan
    if slots is None or plan is None:
        return None
    point = (slots.point.lon, slots.point.lat) if slots.point else None
    place = qualified_name(slots.place) if slots.place else None
    if point is None and place is None:
        return None
    day = arguments.get("date") if slots.date else None
    variant = {plan.variant: True} if plan.variant else {}
    return Context(tool=tool, place=place, point=point, date=str(day) if day else None, **variant)
