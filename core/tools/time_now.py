"""`time.now`: the local time, date, weekday, UTC offset and zone of a place, point or zone."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core.tools.base import Tool, ToolContext, ToolRun
from core.tools.clock import TimeNow, TimeNowArgs, time_now
from core.words.local_time import render_time

if TYPE_CHECKING:
    from datetime import datetime

    from core.asked import Asked

DESCRIPTION = "Current local time, date, weekday, UTC offset and IANA zone for a place or zone."


def normalize(raw: dict[str, Any], asked: "Asked") -> dict[str, Any]:
    """Return the call's arguments: the named place's zone, else the point, else the asker's zone."""
    place = asked.slots.place if asked.slots else None
    if place:
        return {"tz": place.tz, "place": place.name_en}
    out = {k: raw[k] for k in ("longitude", "latitude", "place") if raw.get(k) is not None}
    if "longitude" not in out:
        out["tz"] = raw.get("tz") or asked.tz
    return out


async def execute(ctx: ToolContext, arguments: dict[str, Any], _backend: str | None,
                  query_time: "datetime | None") -> ToolRun:
    """Return the time at the moment the question was asked, as the adapter stamped it."""
    return ToolRun(time_now(TimeNowArgs(**arguments), now=query_time, default_tz=ctx.settings.odbchat_default_tz))


def render(result: dict[str, Any], arguments: dict[str, Any], asked: "Asked") -> str:
    """Return "<place> is HH:MM on <weekday>, <date> (<zone>)" in the reply language."""
    label = asked.place_label()
    return render_time(dict(result, place=label) if label else result, lang=asked.lang)


TOOL = Tool(
    name="time.now", args=TimeNowArgs, result=TimeNow, backend="clock", description=DESCRIPTION,
    source="local clock (IANA tz database)", colour=0x8E24AA,
    normalize=normalize, execute=execute, render=render, needs_location=False,
)
