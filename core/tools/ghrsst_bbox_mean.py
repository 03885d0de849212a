"""`ghrsst.bbox_mean`: mean MUR sea-surface temperature and anomaly over a box for a day (metocean MCP)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core.decide.plan_record import Heard, Plan, PlanArgs
from core.tools.base import PlanStep, Tool
from core.tools.ghrsst_point_value import day_and_method, render
from core.tools.metocean_call import metocean_call
from core.tools.sst_plan import BOX_MEAN, sst_plan
from core.understand.places_regions import sea_only
from metocean.contract import TOOL_DESCRIPTIONS, GhrsstBboxArgs, GhrsstBboxResult

if TYPE_CHECKING:
    from core.asked import Asked

NAME = BOX_MEAN
WITHOUT_LOCATION = "sst_without_location"   # no place named: the asker is asked which sea


def normalize(raw: PlanArgs, asked: "Asked") -> GhrsstBboxArgs:
    """Return the call's arguments (the model; ValidationError when they do not fit it): the box sorted as [lon0, lat0, lon1, lat1], plus date, fields, method."""
    out: dict[str, Any] = {}
    b = raw.bbox
    if b is not None:
        # sorted when it has its four corners; otherwise left as given: validation names the problem
        out["bbox"] = [min(b[0], b[2]), min(b[1], b[3]), max(b[0], b[2]), max(b[1], b[3])] if len(b) == 4 else b
    out.update(day_and_method(raw, asked))
    return GhrsstBboxArgs.model_validate(out)


def _sst(heard: Heard) -> Plan | None:
    s = heard.signals
    if s.sst:   # no place: which sea is meant is asked (a mean over all of Taiwan's seas answers nobody's sea)
        return sst_plan(heard.slots, "sst_keywords") or _ask_which_sea()
    # a sea word with how warm it is and no place ("how warm is the sea now") asks which sea too; with a
    # place it stays undecided, for the inferred plan (or the one LLM call) to settle
    if s.sst_weak and s.temperature and not s.wind and not s.rain and sst_plan(heard.slots, "sst_keywords") is None:
        return _ask_which_sea()
    region = heard.slots.region
    if s.temperature and not s.wind and not s.rain and region is not None and sea_only(region[0]):
        return sst_plan(heard.slots, "sst_of_sea_named")   # "how warm is the Mediterranean": its water, no air asked
    return None


def _ask_which_sea() -> Plan:
    """Return the plan asking which sea is meant (built only when it is the answer)."""
    return Plan("fallback", tool=NAME, reason=WITHOUT_LOCATION, static="need_location_sst")


def _inferred(heard: Heard) -> Plan | None:
    return sst_plan(heard.slots, "inferred_sst") if heard.signals.sst_weak or heard.signals.sst else None


TOOL: Tool[GhrsstBboxArgs, GhrsstBboxResult] = Tool(
    name=NAME, args=GhrsstBboxArgs, result=GhrsstBboxResult, backend="metocean",
    description=TOOL_DESCRIPTIONS["ghrsst.bbox_mean"], source="NASA JPL MUR GHRSST via ODB metocean",
    colour=0xE53935, topic_at_place="ghrsst.point_value", answers_sea_regions=True, normalize=normalize, execute=metocean_call("ghrsst.bbox_mean", GhrsstBboxResult), render=render,
    steps=(PlanStep(110, _sst),), inferred=PlanStep(10, _inferred), locate=sst_plan, observed=True,
)
