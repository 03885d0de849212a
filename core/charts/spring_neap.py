"""Spring, mid and neap tides (大潮 / 中潮 / 小潮) from the moon's age, as Taiwan's tide tables name them.

Taiwan's tide calendars count by the lunar day: 大潮 around new and full moon (lunar days 30-3 and
14-18), 小潮 around the quarters (lunar days 7-10 and 22-25), 中潮 between. The moon's age (days
since new moon) stands in for the lunar day, folded onto half a synodic month so new and full
moon count alike. The age is read from the tide answer's closest principal phase, so it works
for the local engine and upstream answers alike.
"""
from __future__ import annotations

from datetime import date, datetime, time, tzinfo
from typing import Literal

from metocean.contract import MoonPhase, TideForecastResult

SYNODIC_DAYS = 29.530589
HALF = SYNODIC_DAYS / 2
# Days after each principal phase (the phases are a quarter of a synodic month apart).
_PHASE_AGE = {"New Moon": 0.0, "First Quarter": SYNODIC_DAYS / 4, "Full Moon": HALF,
              "Last Quarter": 3 * SYNODIC_DAYS / 4, "Third Quarter": 3 * SYNODIC_DAYS / 4}
# Bounds on the age folded onto half a month, in days: spring from one day before syzygy to
# 3.5 days after (the tide lags the moon by a day or two), neap a day and a half either side of the
# quarter (age 7.4): the quarter's day and the days either side, the three East Asia's tables call
# 小潮 / 조금 (lunar days 7-9 or 8-10, 22-24 or 23-25); a band reaching 10.5 put the neap's first day
# after the quarter's and counted Japan's 若潮 (age 10.5, rising again) as neap, and one reaching 9.4
# still took in the 11th when the quarter fell late (s22: 2028-03-04 18:02 JST made 6 March neap).
SPRING_BEFORE, SPRING_AFTER = 1.0, 3.5
NEAP_FROM, NEAP_TO = 5.9, 8.9

Range = Literal["spring", "mid", "neap"]


def moon_age(moonphase: MoonPhase | None, at: datetime) -> float | None:
    """Return the moon's age in days (0 ≤ age < 29.53) at `at`, from a tide answer's `moonphase`
    block (its closest principal phase); None when the block does not say."""
    closest = moonphase.closest if moonphase is not None else None
    if closest is None:
        return None
    base = _PHASE_AGE.get(closest.phase)
    try:
        when = datetime.fromisoformat(closest.time)
    except ValueError:
        return None
    if base is None or when.tzinfo is None:
        return None
    return (base + (at - when).total_seconds() / 86400.0) % SYNODIC_DAYS


def tide_range(age: float | None) -> Range | None:
    """Return "spring", "mid" or "neap" for a moon age in days; None when the age is unknown."""
    if age is None:
        return None
    folded = age % HALF
    if folded <= SPRING_AFTER or folded >= HALF - SPRING_BEFORE:
        return "spring"
    if NEAP_FROM <= folded <= NEAP_TO:
        return "neap"
    return "mid"


def day_range(result: TideForecastResult, day: date, tz: tzinfo) -> Range | None:
    """Return the spring/mid/neap state of local `day` (at its noon) from that day's tide answer: the
    official table's own word when the answer is CWA's, else from the moon's age."""
    official = result.official
    if official is not None and official.tide_range in ("spring", "mid", "neap"):
        return official.tide_range  # type: ignore[return-value]
    return tide_range(moon_age(result.moonphase, datetime.combine(day, time(12), tzinfo=tz)))
