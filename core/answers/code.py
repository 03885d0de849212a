"""Code answers: a runnable template filled with the question's place, box and dates."""
from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from core.answers.code_places import ListedPlace, listed_places, listed_points, point_listed
from core.answers.codegen import CodeResult, code_answer
from core.decide.plan_record import PlanArgs
from core.tools import time_convert
from core.understand.places import find_place
from core.understand.zone_words import HERE, zone_mentions

if TYPE_CHECKING:
    from core.asked import Asked
    from core.decide.llm import LLMClient


def template_slots(asked: "Asked") -> dict[str, Any]:
    """Return what the program needs from the question: point or place, box or region, date, today, tz, and a
    time question's zones."""
    slots = asked.slots
    info: dict[str, Any] = {}
    if slots is not None:
        if slots.point:
            info["point"] = (slots.point.lon, slots.point.lat)
            points = listed_points(asked.query, slots.point)
            if len(points) > 1:   # "SST at (25N,123E), (22N,121.5E) and (24N,119E)": the program fetches each
                info["places"] = [point_listed(p) for p in points]
        elif slots.place:
            info["point"] = (slots.place.lon, slots.place.lat)
            info["place"] = slots.place.name_en
            info["place_zh"] = slots.place.name_zh
        if slots.bbox:
            info["bbox"] = [slots.bbox.lon0, slots.bbox.lat0, slots.bbox.lon1, slots.bbox.lat1]
        elif slots.region:
            info["bbox"] = list(slots.region[1])
        if slots.date:
            info["date"] = slots.date.day.isoformat()
            days = int(getattr(slots.date, "days", 1) or 1)
            if days > 1:   # "next 10 days", "this weekend": the whole span
                info["start"] = info["date"]
                info["end"] = (slots.date.day + timedelta(days=days - 1)).isoformat()
    # Default periods ("this week", the last 7 days, from today for tides) are codegen's rules.
    info["today"] = asked.today.isoformat()
    # The place's own clock (Boston's tides in Boston time), else the asker's.
    place = slots.place if slots is not None else None
    info["tz"] = place.tz if place is not None and place.tz else (asked.tz or str(asked.query_time.tzinfo))
    info["asker_tz"] = asked.tz or str(asked.query_time.tzinfo)
    # Zones written as words (KST, 日本時間, "9am Eastern"): a time program's sides as places' zones are, with where
    # each ends, for the Japanese and Korean marks after the zone converted to (「KSTをUTCに変換」)
    info["zone_words"] = [(m.span[0], m.span[1], m.tz) for m in zone_mentions(asked.query)
                          if m.tz != HERE and ("/" in m.tz or m.tz == "UTC")]
    if place is not None:
        # A time program's given time and zones, read the way the time tool reads them, with where
        # each place is written (the one after 換成 / "to" is converted to).
        try:
            conversion = time_convert.normalize(PlanArgs(), asked).model_dump(
                include={"from_tz", "to_tz", "time", "date"}, exclude_none=True)
        except ValidationError:   # zones the time tool would refuse: the program gets none
            conversion = {}
        info["conversion"] = conversion
        listed = listed_places(asked.query, place)
        if len(listed) > 1:   # "loop over Dover, Calais and Vlissingen": the program fetches each
            info["places"] = [ListedPlace.of(p, asked.query) for p in listed]
        info["zones"] = [(place.span[0], place.tz)]
        start, end = place.span
        other = find_place(asked.query[:start] + " " * (end - start) + asked.query[end:])
        if other is not None and other.key != place.key and other.tz:
            info["zones"].append((other.span[0], other.tz))
    return info


async def code_for(asked: "Asked", llm: "LLMClient | None") -> CodeResult:
    """Return the CodeResult (text, code, LLM calls) for a code request."""
    return await code_answer(asked.query, asked.lang, template_slots(asked), llm)
