"""The reply to a failed tool call: one clear sentence in the asker's language saying what went
wrong, and what was understood (the place, the day and what to look up), so a wrong reading
shows: 「目前無法取得資料：資料服務暫時無法連線。（查詢：基隆 11月26日 的海溫）」."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core.words.day import month_day
from core.words.place import coordinates
from core.words.strings import detail_repeats, error_detail, t, table

if TYPE_CHECKING:
    from core.asked import Asked

DAYLESS = ("time.now", "time.convert")   # clock answers are about a moment, not a day


def _where(asked: "Asked", arguments: dict[str, Any]) -> str:
    """Return the place understood: its name, else the point, else the box; "" with none."""
    label = asked.place_label()
    if label:
        return label
    lon, lat = arguments.get("longitude"), arguments.get("latitude")
    if isinstance(lon, (int, float)) and isinstance(lat, (int, float)):
        return coordinates(float(lon), float(lat))
    box = arguments.get("bbox")
    if isinstance(box, (list, tuple)) and len(box) == 4:
        return "[" + ", ".join(f"{float(v):g}" for v in box) + "]"
    return ""


def about_text(asked: "Asked", tool: str, arguments: dict[str, Any]) -> str:
    """Return what was understood, in the asker's words: 「基隆 11月26日 的海溫」, "the sea
    surface temperature for Keelung on Nov 26"."""
    lang = asked.lang
    place = _where(asked, arguments)
    if tool == "ghrsst.bbox_mean" and asked.place_label():
        tool = "ghrsst.point_value"   # a place's SST is the sea around it: the asker asked for its SST
    topic = str(table(lang, "failure.topics").get(tool, tool))
    day = "" if tool in DAYLESS else month_day(arguments.get("date") or asked.day(), lang, asked.today.year)
    key = "full" if place and day else "place" if place else "day" if day else "none"
    return t(lang, f"failure.about.{key}", topic=topic, place=place, day=day)


def failure_text(asked: "Asked", tool: str, arguments: dict[str, Any], code: str, detail: str) -> str:
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
