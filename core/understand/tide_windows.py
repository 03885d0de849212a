"""Spring- and neap-tide windows (大潮 / 小潮) over a span of days, from the moon-phase table.

A window is the run of local days whose noon falls in the same band of the moon's age that the
week table and the spring-tide alert use (`core.charts.spring_neap`): spring from a day before a
new or full moon to 3.5 days after, neap around the quarters. They come about every 14.8 days,
so a month usually holds two of each. Days are on the given zone's calendar (the place's), as the
phase instant falls on different days in different zones.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Literal

from core.charts.spring_neap import NEAP_FROM, NEAP_TO, SPRING_AFTER, SPRING_BEFORE, SYNODIC_DAYS

Kind = Literal["spring", "neap"]

# The phases that cause each kind, and each window's reach around its phase, in days.
_CAUSES: dict[str, tuple[str, ...]] = {"spring": ("New Moon", "Full Moon"), "neap": ("First Quarter", "Last Quarter")}
_QUARTER = SYNODIC_DAYS / 4
_REACH: dict[str, tuple[float, float]] = {"spring": (-SPRING_BEFORE, SPRING_AFTER),
                                          "neap": (NEAP_FROM - _QUARTER, NEAP_TO - _QUARTER)}


@dataclass(frozen=True)
class Window:
    """One spring- or neap-tide window: its first and last local day, and the phase causing it."""

    first: date
    last: date
    phase: str          # "New Moon", "Full Moon", "First Quarter", "Last Quarter"
    moment: datetime    # the phase's instant on the window's zone's clock

    @property
    def days(self) -> int:
        """Return how many days the window holds."""
        return (self.last - self.first).days + 1


def _window(kind: str, moment: datetime, phase: str) -> Window:
    """Return the window `moment`'s phase causes: the days whose local noon is within its reach."""
    lo, hi = (moment + timedelta(days=d) for d in _REACH[kind])
    first = lo.date() if lo.time() <= time(12) else lo.date() + timedelta(days=1)
    last = hi.date() if hi.time() >= time(12) else hi.date() - timedelta(days=1)
    return Window(first, last, phase, moment)


@functools.lru_cache(maxsize=256)
def windows(kind: Kind, start: date, end: date | None, tz: str) -> tuple[Window, ...]:
    """Return the windows of `kind` with a day in `start`..`end` on zone `tz`'s calendar, in order;
    with `end` None, only the first one starting on or after `start`. () when the table cannot say."""
    from metocean.astro import next_phases   # the ephemeris: only for a spring/neap question
    from metocean.errors import ToolFailure

    days = 1 if end is None else (end - start).days + 1
    since = datetime.combine(start - timedelta(days=5), time(0))
    try:
        found = next_phases(since, tz, count=4 * (days // 29 + 3))
    except ToolFailure:
        return ()
    out = [_window(kind, moment, name) for moment, name in found if name in _CAUSES[kind]]
    if end is None:
        return tuple(w for w in out if w.first >= start)[:1]
    return tuple(w for w in out if w.last >= start and w.first <= end)


def zone_of(moment: datetime) -> str:
    """Return the zone of an aware `moment` as next_phases reads it: its IANA name, else its offset."""
    return str(getattr(moment.tzinfo, "key", None) or moment.isoformat()[-6:])
