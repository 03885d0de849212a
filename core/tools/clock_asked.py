"""Which clock time a conversion converts when a question writes more than one: the first, unless a trip's
arrival stands with its own time after the departure's ("my flight leaves Dubai Fri 21:40 and lands in Perth
12:10 local on Saturday: what time is it back home when I land?"): then the arrival's, on the arrival's clock
(its place is written beside it, so `convert_sides.by_the_clock` reads it as that place's).
"""
from __future__ import annotations

import functools
import re
from datetime import time

from core.data import DATA_DIR, read_yaml
from core.understand.clock_times import alternation, find_clocks, part_after
from core.understand.trip_time import names_a_departure

_BEFORE = 40   # characters an arrival word may stand before its clock time ("lands in Perth at 12:10")


@functools.cache
def _landing() -> re.Pattern[str]:
    """Return the compiled pattern of the words putting a clock time at a trip's arrival (clock_words.yaml)."""
    words = [str(w) for w in read_yaml(DATA_DIR / "clock_words.yaml")["landing_words"]]
    return re.compile(alternation(words), re.IGNORECASE)


def clock_asked(text: str) -> tuple[time, int, int] | None:
    """Return (the clock time a conversion converts, its start, its end), or None when `text` writes none: the
    first possible one, or with two or more, the first written after an arrival word that follows an earlier
    clock time (the departure's)."""
    clocks = [c for c in find_clocks(text, after_at=False) if c.valid]
    if not clocks:
        return None
    chosen = next((c for c in clocks[1:] if _arrives_at(text, clocks[0].span[1], c.span[0])), clocks[0])
    # (s23) the part of the day written after it is the clock's ("om 10 uur 's ochtends Nederlandse tijd", "at 9 in the
    # evening Dutch time"): the zone after that part labels the clock
    after = part_after(text, chosen.span[1])
    return time(chosen.hour, chosen.minute), chosen.span[0], after.end() if after else chosen.span[1]


def _arrives_at(text: str, after: int, at: int) -> bool:
    """Whether an arrival word stands shortly before the clock time starting at `at` (and after `after`)."""
    return _landing().search(text[max(after, at - _BEFORE):at]) is not None


def departure_only(text: str) -> bool:
    """True when `text` gives a trip's departure time and no arrival time of its own: the time converted is the
    departure's (the answer then says it is no arrival, the trip's length unknown)."""
    clocks = [c for c in find_clocks(text, after_at=False) if c.valid]
    arrival = any(_arrives_at(text, clocks[0].span[1], c.span[0]) for c in clocks[1:])
    return names_a_departure(text) and not arrival
