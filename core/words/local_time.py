"""Replies for `time.now` results, in zh-TW or English."""
from __future__ import annotations

from datetime import date
from typing import Any

_ZH_WEEKDAYS = ("一", "二", "三", "四", "五", "六", "日")
_EN_WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def _zone_label(result: dict[str, Any]) -> str:
    offset = f"UTC{result['utc_offset']}"
    tz = result.get("tz") or ""
    # A bare offset, or a nautical Etc/GMT±N zone whose sign reads backwards: the offset says it all.
    if not tz or tz.startswith(("UTC", "Etc/")):
        return offset
    return f"{tz}, {offset}"


def render_time(result: dict[str, Any], *, lang: str) -> str:
    """Return the reply for a `time.now` result (date, weekday, HH:MM, zone and offset) in `lang`."""
    day = date.fromisoformat(result["date"])
    hhmm = result["time"][:5]
    place = result.get("place")
    zone = _zone_label(result)
    if lang == "zh":
        zone_zh = zone.replace(", ", "（") + "）" if ", " in zone else zone
        # "Honolulu 現在是" but "東京現在是": a space only after a Latin name.
        who = f"{place}{' ' if place[-1].isascii() else ''}現在是" if place else "現在是"
        return f"{who} {day.isoformat()}（星期{_ZH_WEEKDAYS[day.weekday()]}）{hhmm}，時區 {zone_zh}。"
    weekday = _EN_WEEKDAYS[day.weekday()]
    lead = f"In {place} it is" if place else "It is"
    return f"{lead} {hhmm} on {weekday}, {day.isoformat()} ({zone})."
