"""The 24 solar terms (節氣): the moments the Sun's apparent ecliptic longitude reaches a multiple
of 15° (冬至 270°, 小寒 285°, 春分 0° …), searched with Skyfield on the shipped ephemeris."""
from __future__ import annotations

import functools
from datetime import date, datetime, timedelta, timezone, tzinfo

from metocean.astro import ephemeris


@functools.lru_cache(maxsize=64)
def _terms(year: int) -> tuple[tuple[datetime, int], ...]:
    """Return every solar term of `year` (UTC moment, longitude in degrees), in order."""
    from skyfield.framelib import ecliptic_frame
    from skyfield.searchlib import find_discrete

    ts, eph = ephemeris()
    earth, sun = eph["earth"], eph["sun"]

    def sector(t):  # type: ignore[no-untyped-def]
        _, lon, _ = earth.at(t).observe(sun).apparent().frame_latlon(ecliptic_frame)
        return (lon.degrees // 15).astype(int) % 24

    sector.step_days = 5  # type: ignore[attr-defined]  # skyfield reads the search step off the function
    start = ts.utc(year, 1, 1) - 1
    end = ts.utc(year + 1, 1, 1) + 1
    times, values = find_discrete(start, end, sector)
    return tuple((t.utc_datetime(), int(v) * 15) for t, v in zip(times, values))


def solar_term_moment(year: int, longitude: int) -> datetime | None:
    """Return the UTC moment in `year` (reckoned in UTC+8, as solar_term_day) when the Sun reaches
    ecliptic `longitude`, or None outside the ephemeris."""
    day = solar_term_day(year, longitude)
    if day is None:
        return None
    return next(moment for moment, lon in _terms(year)
                if lon == longitude % 360 and moment.astimezone(_UTC8).date() == day)


_UTC8 = timezone(timedelta(hours=8))


def solar_term_day(year: int, longitude: int, tz: tzinfo = timezone(timedelta(hours=8))) -> date | None:
    """Return the local day in `tz` (default UTC+8, where the terms' dates are reckoned) on which the
    Sun reaches ecliptic `longitude` (a multiple of 15) in `year`, or None outside the ephemeris."""
    try:
        terms = _terms(year)
    except Exception:  # noqa: BLE001 - outside the ephemeris's years: no day
        return None
    for moment, lon in terms:
        day = moment.astimezone(tz).date()
        if lon == longitude % 360 and day.year == year:
            return day
    return None


_JDN_OF_ORDINAL = 1721425   # a date's Julian day number less its proleptic Gregorian ordinal


def stem_day_after(year: int, longitude: int, stem: int, nth: int) -> date | None:
    """Return the `nth` day of heavenly stem `stem` (0 甲 … 6 庚 … 9 癸) counted from the day the Sun reaches `longitude`
    in `year` (that day included), or None outside the ephemeris: 初伏 is the third 庚 day from 夏至."""
    return cycle_day_after(year, longitude, nth, stem=stem)


@functools.lru_cache(maxsize=64)
def _crossing(year: int, longitude: float) -> datetime | None:
    """Return the UTC moment in `year` when the Sun's apparent ecliptic longitude reaches `longitude` (any
    degree, not only a term's multiple of 15: 土用 begins at 117°), or None outside the ephemeris."""
    from skyfield.framelib import ecliptic_frame
    from skyfield.searchlib import find_discrete

    try:
        ts, eph = ephemeris()
    except Exception:  # noqa: BLE001 - no ephemeris: no day
        return None
    earth, sun = eph["earth"], eph["sun"]

    def half(t):  # type: ignore[no-untyped-def]   # 0 on the half-circle that begins at `longitude`
        _, lon, _ = earth.at(t).observe(sun).apparent().frame_latlon(ecliptic_frame)
        return (((lon.degrees - longitude) % 360) // 180).astype(int)

    half.step_days = 5  # type: ignore[attr-defined]
    try:
        times, values = find_discrete(ts.utc(year, 1, 1), ts.utc(year + 1, 1, 1), half)
    except Exception:  # noqa: BLE001 - outside the ephemeris's years
        return None
    return next((t.utc_datetime() for t, v in zip(times, values) if int(v) == 0), None)


def cycle_day_after(year: int, longitude: float, nth: int, stem: int | None = None, branch: int | None = None,
                    tz: tzinfo = _UTC8, until: int | None = None) -> date | None:
    """Return the `nth` day of heavenly stem `stem` (0 甲 … 9 癸) or of earthly branch `branch` (0 子, 1 丑 … 11 亥)
    counted from the local day in `tz` on which the Sun reaches `longitude` (that day included), or None outside the
    ephemeris, or None when it falls on or after the term at `until` (土用 ends the day before 立秋, 135°, so some years
    have no second 丑 day): 初伏 is the third 庚 day from 夏至 (90°), 土用の丑の日 the first 丑 day from 117° in JST."""
    if longitude % 15 == 0:
        start = solar_term_day(year, int(longitude), tz)
    else:
        moment = _crossing(year, float(longitude))
        start = None if moment is None else moment.astimezone(tz).date()
    if start is None:
        return None
    jdn = start.toordinal() + _JDN_OF_ORDINAL - 11   # JDN 11 was a 甲子 day
    if branch is not None:
        found = start + timedelta(days=(branch - jdn) % 12 + 12 * (nth - 1))
    elif stem is None:   # neither: the day the Sun reaches it (土用入り)
        found = start
    else:
        found = start + timedelta(days=(int(stem or 0) - jdn) % 10 + 10 * (nth - 1))
    end = None if until is None else solar_term_day(year, until, tz)
    return None if end is not None and found >= end else found
