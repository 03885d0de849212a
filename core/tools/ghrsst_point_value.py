"""`ghrsst.point_value`: MUR sea-surface temperature and anomaly at a point for a day (metocean MCP)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core.decide.plan_record import PlanArgs
from core.reply import Footer, Reply
from core.tools.base import AskedFor, Command, Tool
from core.tools.metocean_call import metocean_call, valid_date
from core.tools.sst_plan import sst_plan
from core.words.place import where_line
from core.words.sst import render_ghrsst, sst_notes
from metocean.contract import TOOL_DESCRIPTIONS, GhrsstBboxArgs, GhrsstPointArgs, GhrsstPointResult

if TYPE_CHECKING:
    from core.asked import Asked

#: The router always asks for both fields (the upstream default is sst only).
FIELDS = ["sst", "sst_anomaly"]


def day_and_method(raw: PlanArgs, asked: "Asked") -> dict[str, Any]:
    """Return the `date`, `fields` and `method` every GHRSST call carries.

    "now/today" questions about today take the nearest available day.
    """
    slots = asked.slots
    day = slots.date.day.isoformat() if slots and slots.date else valid_date(raw.date, asked.day().isoformat())
    now = bool(slots and slots.now)
    if day > asked.today.isoformat() or slots and slots.date and slots.date.unrecognised:
        # no sea temperature is forecast: a day or span to come (下個月) gets the latest (core/decide/vet.py says so)
        day, now = asked.today.isoformat(), True
    nearest = raw.method == "nearest" or (now and day == asked.today.isoformat())
    return {"date": day, "fields": list(FIELDS), "method": "nearest" if nearest else "exact"}


def normalize(raw: PlanArgs, asked: "Asked") -> GhrsstPointArgs:
    """Return the call's arguments (the model; ValidationError when they do not fit it): the point as floats, plus date, fields and method."""
    out = raw.model_dump(include={"longitude", "latitude"}, exclude_none=True)
    out.update(day_and_method(raw, asked))
    return GhrsstPointArgs.model_validate(out)


def render(result: GhrsstPointResult, arguments: GhrsstPointArgs | GhrsstBboxArgs, asked: "Asked") -> Reply:
    """Return the one-line SST answer (with the requested day when another was served), under
    the line naming the place when the question named one."""
    line = render_ghrsst(result, asked.lang, requested_date=arguments.date)
    place = where_line(asked)  # a named place's SST is the sea around it: say which place
    footer = Footer(place=asked.place_label() or None)
    notes = sst_notes(result, asked.lang)  # e.g. a globe-sized box averaged on a coarser grid
    if place:
        return Reply(headline=place, lines=[line], footer=footer, notes=notes)
    return Reply(headline=line, footer=footer, notes=notes)


TOOL: Tool[GhrsstPointArgs, GhrsstPointResult] = Tool(
    name="ghrsst.point_value", args=GhrsstPointArgs, result=GhrsstPointResult, backend="metocean",
    description=TOOL_DESCRIPTIONS["ghrsst.point_value"], source="NASA JPL MUR GHRSST via ODB metocean",
    colour=0xE53935, normalize=normalize, execute=metocean_call("ghrsst.point_value", GhrsstPointResult), render=render,
    commands=(Command("sst", 3),), locate=sst_plan, observed=True, asked_for=AskedFor(30, lambda s: s.sst),
)
