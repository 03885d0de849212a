"""The reply to a failed tool call: one clear sentence in the asker's language saying what went
wrong, and what was understood (the place, the day and what to look up), so a wrong reading
shows: 「目前無法取得資料：資料服務暫時無法連線。（查詢：基隆 11月26日 的海溫）」."""
from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import BaseModel

from core.words.day import month_day
from core.words.place import coordinates
from core.words.strings import detail_repeats, error_detail, t, table

if TYPE_CHECKING:
    from core.asked import Asked
    from core.tools.base import Tool


def _where(asked: "Asked", arguments: BaseModel | None) -> str:
    """Return the place understood: its name, else the call's point or box (the question's, when
    its arguments did not fit the tool), else ""."""
    label = asked.place_label()
    if label:
        return label
    slots = asked.slots
    lon, lat = getattr(arguments, "longitude", None), getattr(arguments, "latitude", None)
    if (lon is None or lat is None) and arguments is None and slots is not None and slots.point is not None:
        lon, lat = slots.point.lon, slots.point.lat
    if isinstance(lon, (int, float)) and isinstance(lat, (int, float)):
        return coordinates(float(lon), float(lat))
    box = getattr(arguments, "bbox", None)
    if box is None and arguments is None and slots is not None and slots.bbox is not None:
        box = (slots.bbox.lon0, slots.bbox.lat0, slots.bbox.lon1, slots.bbox.lat1)
    if isinstance(box, (list, tuple)) and len(box) == 4:
        return "[" + ", ".join(f"{float(v):g}" for v in box) + "]"
    return ""


def about_text(asked: "Asked", tool: "Tool[BaseModel, BaseModel]", arguments: BaseModel | None) -> str:
    """Return what was understood, in the asker's words: 「基隆 11月26日 的海溫」, "the sea
    surface temperature for Keelung on Nov 26"; `arguments` is None when they did not fit the tool."""
    lang = asked.lang
    place = _where(asked, arguments)
    topic_of = tool.topic_at_place if tool.topic_at_place and asked.place_label() else tool.name
    topic = str(table(lang, "failure.topics").get(topic_of, topic_of))
    asked_day = tool.day_of(arguments) if arguments is not None else None
    day = "" if tool.about_a_moment else month_day(asked_day or asked.day(), lang, asked.today.year)
    key = "full" if place and day else "place" if place else "day" if day else "none"
    return t(lang, f"failure.about.{key}", topic=topic, place=place, day=day)


def failure_text(asked: "Asked", tool: "Tool[BaseModel, BaseModel]", arguments: BaseModel | None, code: str,
                 detail: str) -> str:
    """Return the reply to a failed call: what was wrong with the question (INVALID_ARGUMENT),
    that there is no such data (NOT_FOUND), else "data unavailable: <reason>" for an outage
    (its detail only when it adds something and can be said in the asker's language); then what
    was understood."""
    lang = asked.lang
    said = None if detail_repeats(code, detail) else error_detail(detail[:160], lang)
    if code in ("INVALID_ARGUMENT", "NOT_FOUND"):
        # The question, not the service, is at fault: an "unavailable right now" lead would mislead.
        key = f"faults.{code.lower()}"
        text = t(lang, key, detail=said.rstrip(". ")) if said else t(lang, f"{key}_bare")
    else:
        reason = t(lang, f"invalid_reason.{code}") if code in table(lang, "invalid_reason") else \
            t(lang, "invalid_reason.UNAVAILABLE")
        text = t(lang, "error", reason=t(lang, "reason_detail", reason=reason, detail=said) if said else reason)
        text += t(lang, "end") if not text.endswith((".", "。")) else ""
    return t(lang, "failure.asked", text=text, about=about_text(asked, tool, arguments))
