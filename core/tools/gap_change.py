"""When the gap between two clocks changes soon: one side's daylight-saving change and not the other's ("London and
New York: 4 h this week, 5 h from Sunday 7 November"), said after a time difference asked now (time.convert)."""
from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, NamedTuple

from metocean.timezones import parse_tz

if TYPE_CHECKING:
    from core.asked import Asked

AHEAD_DAYS = 28   # a change this near is said with the gap now ("this week? and after the 7th?")


class GapChange(NamedTuple):
    """The gap's change: the day it comes on (the changing side's calendar), whether it is the target side's clocks
    that change (else the source's), and the target's difference from the source after it (±HH:MM)."""

    day: date
    target_changes: bool
    difference: str


def gap_change(source_tz: str, target_tz: str, now: datetime) -> GapChange | None:
    """Return the first change within AHEAD_DAYS of `now` in how far the target clock is from the source's, or None
    (no change, or both sides change together, as Europe's clocks do)."""
    try:
        src, dst = parse_tz(source_tz)[0], parse_tz(target_tz)[0]
    except ValueError:
        return None

    def offsets(at: datetime) -> tuple[timedelta, timedelta]:
        return at.astimezone(src).utcoffset() or timedelta(0), at.astimezone(dst).utcoffset() or timedelta(0)

    first = offsets(now)
    for hours in range(1, AHEAD_DAYS * 24 + 1):   # the zones change on the hour or half hour: hourly steps find it
        at = now + timedelta(hours=hours)
        later = offsets(at)
        if later[1] - later[0] != first[1] - first[0]:
            target_changes = later[1] != first[1]
            minutes = int((later[1] - later[0]).total_seconds() // 60)
            sign = "+" if minutes >= 0 else "-"
            return GapChange(at.astimezone(dst if target_changes else src).date(), target_changes,
                             f"{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}")
    return None


def gap_day(asked: "Asked") -> date | None:
    """Return the day a time difference is asked for when it is another than the asker's today and beyond the gap's
    coming change said with the gap now ("the gap between Delhi and London on 15 July"): the clocks' offsets that day
    answer it, not today's; None for a gap asked now (no day, today, a now word beside the day: "rn? and after this
    Sunday", or a day within AHEAD_DAYS, whose change the answer says) or a day word not understood."""
    hint = asked.slots.date if asked.slots else None
    if hint is None or hint.unrecognised or asked.slots is None or asked.slots.now \
            or 0 <= (hint.day - asked.today).days <= AHEAD_DAYS:
        return None
    return hint.day
