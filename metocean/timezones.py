"""Time zones as users and the upstream write them: IANA names or numeric offsets."""
from __future__ import annotations

import functools
import re
from datetime import datetime, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

_OFFSET = re.compile(r"^(?:UTC|GMT)?\s*([+-]?)(\d{1,2})(?::?(\d{2}))?$|^([+-]?\d{1,2}\.\d+)$", re.I)


@functools.lru_cache(maxsize=256)  # keyed by the zone text, not the question: a handful of values
def parse_tz(value: str) -> tuple[tzinfo, str | None]:
    """Return (tzinfo, IANA name or None) for an IANA name or an offset (`+08:00`, `8`, `-5.5`, `Z`).

    Raises ValueError with a short reason when the value is neither.
    """
    text = (value or "").strip()
    if not text:
        raise ValueError("timezone (tz) required (use IANA name or numeric offset)")
    if text.upper() in ("Z", "UTC", "GMT"):
        return timezone.utc, None
    m = _OFFSET.match(text)
    if m:
        if m.group(4):
            hours = float(m.group(4))
            delta = timedelta(minutes=round(hours * 60))
        else:
            sign = -1 if m.group(1) == "-" else 1
            delta = sign * timedelta(hours=int(m.group(2)), minutes=int(m.group(3) or 0))
        if abs(delta) > timedelta(hours=14):
            raise ValueError(f"timezone offset out of range: {text}")
        return timezone(delta), None
    if len(text) > 64 or not re.fullmatch(r"[A-Za-z0-9_+\-/]+", text):
        raise ValueError(f"unknown timezone: {text[:64]}")
    try:
        return ZoneInfo(text), text
    except (ZoneInfoNotFoundError, ValueError, OSError):
        raise ValueError(f"unknown timezone: {text}") from None


def offset_label(moment: datetime) -> str:
    """Return the UTC offset of an aware datetime as `±HH:MM`."""
    off = moment.utcoffset() or timedelta(0)
    total = int(off.total_seconds() // 60)
    sign = "+" if total >= 0 else "-"
    total = abs(total)
    return f"{sign}{total // 60:02d}:{total % 60:02d}"


def parse_query_time(value: str | None, tz: tzinfo) -> datetime:
    """Return `value` (ISO-8601) as an aware datetime in `tz`; now when value is empty.

    A naive ISO value is read as local time in `tz`. Raises ValueError when unreadable.
    """
    if not value:
        return datetime.now(tz)
    text = value.strip().replace("Z", "+00:00") if value.strip().endswith("Z") else value.strip()
    moment = datetime.fromisoformat(text)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=tz)
    return moment.astimezone(tz)
