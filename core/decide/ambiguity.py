"""A place name several places share (issue 10 §2): settle it, or ask "which one?".

The gazetteer already weighed population, coastal places for sea questions, a country or
division named alongside and Taiwan as home (`core.understand.places_rank`); what it flags
`ambiguous` is still undecided after all that. One more thing a person would use is the
asker's own zone: someone in America/New_York asking about Portland means Portland, Maine.
When that does not decide either, the plan becomes a question back to the user, never a guess.
"""
from __future__ import annotations

from dataclasses import replace

from core.decide.plan import Plan, location_plan
from core.tools.catalog import CATALOG
from core.understand.places import Place
from core.understand.slots import Slots

ASK_REASON = "ambiguous_place"
BY_ASKER_ZONE = "_home_zone"  # the plan's reason ends so when the asker's own zone chose the place (said in one line)


def candidates(place: Place) -> tuple[Place, ...]:
    """Return every place an ambiguous name may mean, the gazetteer's choice first (flags cleared)."""
    first = replace(place, ambiguous=False, alternatives=())
    return (first, *(replace(p, span=place.span) for p in place.alternatives))


def home_choice(place: Place, asker_tz: str) -> Place | None:
    """Return the one candidate in the asker's own zone, or None when none or several are.

    Taiwan's places are left out: the gazetteer has already counted Taiwan as home, and a
    Taipei asker typing "Bali" may well mean Indonesia.
    """
    local = [p for p in candidates(place) if p.tz == asker_tz and p.country != "TW"]
    return local[0] if len(local) == 1 else None


def _uses_place(plan: Plan, slots: Slots) -> bool:
    """True when the plan's answer is about the place of the slots (not a point, box or sea region)."""
    if plan.mode != "mcp_tools" or not plan.tool or slots.place is None or slots.point or slots.bbox:
        return False
    if slots.region and CATALOG[plan.tool].answers_sea_regions and slots.region[0] not in slots.place.name_en:
        return False
    return True


def settle_place(plan: Plan, slots: Slots, asker_tz: str, written_zone: str | None = None) -> tuple[Plan, Slots]:
    """Return (plan, slots) with an ambiguous place settled by a zone written over its name
    (美國東岸: New York's) or else the asker's zone, or the "which one?" plan.

    Unchanged when the place is not ambiguous, the plan does not use it, or — for clock tools —
    every candidate keeps the same time.
    """
    place = slots.place
    if place is None or not place.ambiguous or not _uses_place(plan, slots):
        return plan, slots
    assert plan.tool is not None
    # A clock tool's answer depends only on the place's zone: candidates sharing one give the same answer.
    about_a_moment = CATALOG[plan.tool].about_a_moment
    if about_a_moment and len({p.tz for p in candidates(place)}) == 1:
        return plan, slots
    chosen = next((p for p in candidates(place) if p.tz == written_zone), None)
    suffix = "_written_zone"
    if chosen is None:
        chosen, suffix = home_choice(place, asker_tz), BY_ASKER_ZONE
    if chosen is None:
        return Plan("fallback", reason=ASK_REASON), slots
    settled = replace(slots, place=chosen)
    again = location_plan(plan.tool, settled, reason=plan.reason + suffix)
    if about_a_moment:
        return replace(plan, reason=plan.reason + suffix), settled
    if again is None:
        return plan, settled
    again.variant = plan.variant
    return again, settled
