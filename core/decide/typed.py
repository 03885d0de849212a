"""Typed requests: when an adapter already knows the tool, place, point or day, trust it.

A slash command or a shared pin arrives as fields of the Question; they replace what the
text would have given (parse at the edge), and the plan follows the same rules as for a
typed-out question (e.g. SST at a named place is the sea around it).
"""
from __future__ import annotations

from dataclasses import replace
from datetime import date

from core.decide.plan import Plan, location_plan
from core.envelope import Context, Question
from core.tools.catalog import CATALOG
from core.understand.coords import Point
from core.understand.dates import DateHint
from core.understand.places import find_place
from core.understand.slots import Slots


def is_typed(question: Question) -> bool:
    """Return True when the adapter named a tool or a place/point for the question."""
    return bool(question.tool or question.place or question.point or question.date)


def typed_slots(question: Question, slots: Slots) -> Slots | None:
    """Return `slots` with the typed place, point and day put in; None when the named place is unknown."""
    if question.point is not None:
        lon, lat = question.point
        # A point with the name it was shown under (a button under a named answer) keeps the name:
        # the answer says 「地點：基隆」 at the point, not bare coordinates.
        named = find_place(question.place) if question.place else None
        slots = replace(slots, point=Point(float(lon), float(lat), (0, 0)), place=named, bbox=None, region=None)
    elif question.place:
        place = find_place(question.place)
        if place is None:
            return None
        slots = replace(slots, place=place, point=None, bbox=None, region=None)
    if question.date:
        slots = replace(slots, date=DateHint(date.fromisoformat(question.date), explicit=True, relative=False,
                                             span=(0, 0)))
    return slots


def typed_plan(question: Question, slots: Slots) -> Plan | None:
    """Return the plan for a typed request naming a tool, or None when no tool was named."""
    if not question.tool:
        return None
    plan = location_plan(question.tool, slots, reason="typed_request")
    if plan is None:
        return Plan("fallback", reason="typed_without_location", static="need_location")
    plan.variant = variant_asked(question.tool, question)
    return plan


def variant_asked(tool: str, fields: Question | Context) -> str | None:
    """Return the variant of `tool` the question's (or context's) boolean field of that name asks for, or None."""
    declared = CATALOG[tool].variants if tool in CATALOG else ()
    return next((name for name in declared if getattr(fields, name, False) is True), None)
