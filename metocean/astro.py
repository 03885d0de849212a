"""Sun and moon for one local day, computed with Skyfield and the shipped DE421 ephemeris.

Conventions follow the USNO "Rise, Set, and Transit" tables (https://aa.usno.navy.mil/faq/RST_defs):
standard refraction 34', upper limb on the horizon (sun centre at -0.8333 deg; the moon's
topocentric position plus its semidiameter, so horizontal parallax is included), civil
twilight at sun centre -6 deg, times rounded to the nearest minute. An event that does not
happen during the local day (polar day/night, a moonless day) is simply absent.

Nothing is downloaded: the ephemeris comes from `skyfield-data` and the timescale from
Skyfield's built-in tables. The ephemeris is loaded once per process.
"""
from __future__ import annotations

import functools
import math
import os
import threading
from dataclasses import dataclass
import warnings
from datetime import date, datetime, time, timedelta, timezone, tzinfo
from typing import Any

import numpy as np

from metocean import moonphases, skyday
from metocean.errors import ToolFailure

# Principal phases in the order skyfield's almanac.moon_phases numbers them (0..3).
PRINCIPAL_PHASES = ("New Moon", "First Quarter", "Full Moon", "Last Quarter")
# Names between principal phases, indexed the same way (phase after principal i).
INTERMEDIATE_PHASES = ("Waxing Crescent", "Waxing Gibbous", "Waning Gibbous", "Waning Crescent")

_lock = threading.Lock()


@functools.cache
def _ephemeris() -> tuple[Any, Any]:
    """Return (timescale, ephemeris), loading them from the shipped files once.

    This is what `skyfield.api.Loader(path).timescale(builtin=True)` and `loader("de421.bsp")`
    build, without importing skyfield.api: its downloader (urllib, ssl, sgp4) is half of a cold
    process's first sun/moon answer, and nothing is ever downloaded here. `skyfield-data` warns
    when its bundled Earth-orientation file is past its nominal expiry; we do not use that file
    (the timescale is Skyfield's built-in one), so the warning is silenced rather than shown.
    """
    from skyfield.functions import load_bundled_npy
    from skyfield.jpllib import SpiceKernel
    from skyfield.timelib import Timescale

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from skyfield_data import get_skyfield_data_path

        eph = SpiceKernel(os.path.join(get_skyfield_data_path(), "de421.bsp"))
    # Loader.timescale(builtin=True), skyfield 1.55 (tests/metocean/test_astro.py checks they agree)
    arrays = load_bundled_npy("iers.npz")
    daily_tt = arrays["tt_jd_minus_arange"]
    daily_tt += np.arange(len(daily_tt))
    daily_delta_t = (arrays["delta_t_1e7"] / 1e7).round(7)
    ts = Timescale((daily_tt, daily_delta_t), arrays["leap_dates"], arrays["leap_offsets"])
    return ts, eph


def load_ephemeris() -> None:
    """Load the ephemeris now (warm-up); raises ToolFailure("UNAVAILABLE") if it cannot be read."""
    _loaded()


def ephemeris() -> tuple[Any, Any]:
    """Return (timescale, ephemeris), loaded once; ToolFailure UNAVAILABLE when they cannot be."""
    return _loaded()


def _loaded() -> tuple[Any, Any]:
    try:
        with _lock:  # the first load must not race between worker threads
            return _ephemeris()
    except Exception as exc:  # noqa: BLE001 - any loader failure means "no sun/moon"
        raise ToolFailure("UNAVAILABLE", f"ephemeris could not be loaded: {exc}") from None


# The moon-phase search looks up to 51 days either side of the asked day (_phases_block).
_PHASE_REACH_DAYS = 60


@functools.cache
def supported_days() -> tuple[date, date]:
    """Return (first, last) local day sun and moon can be computed for, from the shipped ephemeris.

    The ephemeris span (DE421: 1899-07-29 to 2053-10-08) less the phase search's reach, rounded
    inward to a new year at the start and to a month's end at the end: 1900-01-01 to 2053-07-31.
    Raises ToolFailure("UNAVAILABLE") if the ephemeris cannot be loaded.
    """
    ts, eph = _loaded()
    segments = eph.spk.segments
    first = ts.tt_jd(max(s.start_jd for s in segments)).utc_datetime().date()
    last = ts.tt_jd(min(s.end_jd for s in segments)).utc_datetime().date()
    first += timedelta(days=_PHASE_REACH_DAYS)
    last -= timedelta(days=_PHASE_REACH_DAYS)
    if (first.month, first.day) != (1, 1):
        first = date(first.year + 1, 1, 1)
    return first, date(last.year, last.month, 1) - timedelta(days=1)


def _local_bounds(day: date, tz: tzinfo) -> tuple[datetime, datetime]:
    """Return the UTC start and end of the local day (23 or 25 hours on DST days)."""
    start = datetime.combine(day, time(0), tzinfo=tz).astimezone(timezone.utc)
    end = datetime.combine(day + timedelta(days=1), time(0), tzinfo=tz).astimezone(timezone.utc)
    return start, end


def _minute(moment: datetime, tz: tzinfo) -> str:
    """Return `moment` rounded to the nearest minute as ISO-8601 in `tz` (USNO precision)."""
    rounded = (moment + timedelta(seconds=30)).replace(second=0, microsecond=0)
    return rounded.astimezone(tz).isoformat()


def _phases_around(day: date) -> tuple[tuple[datetime, int], ...]:
    """Return the principal moon phases (UTC instant, index 0..3) from 20 days before `day`
    to 20 days after it (at least). Independent of place and zone: cached per 30-day block.
    """
    return _phases_block(day.toordinal() // 30)


@functools.lru_cache(maxsize=32)
def _phases_block(block: int) -> tuple[tuple[datetime, int], ...]:
    # From the shipped table (metocean/moonphases.py); a live search only outside it.
    found = moonphases.from_table(block)
    if found is None:
        ts, eph = _loaded()
        found = moonphases.search_window(ts, eph, block)
    return found


def _moonphase(day: date, tz: tzinfo, start: datetime, end: datetime, noon_jd: float,
               astrometric: dict[str, Any], apparent: dict[str, np.ndarray]) -> dict[str, Any]:
    """Return {"current", "illumination", "closest"} for the local day (see module rules), from
    the day's pass whose last instant is local noon (TT `noon_jd`)."""
    from skyfield.framelib import ecliptic_frame
    from skyfield.functions import angle_between

    ts, eph = _loaded()
    noon = datetime.combine(day, time(12), tzinfo=tz).astimezone(timezone.utc)
    # almanac.fraction_illuminated's formula (positionlib.phase_angle): the angle at the moon
    # between the Earth (astrometric moon) and the Sun (geometric, at the same instant).
    moon = astrometric["moon"]
    u = moon.xyz.au[:, -1]
    t_noon = skyday.skyfield_times(ts, np.array([noon_jd]))
    v = u - eph["sun"].at(t_noon).xyz.au[:, 0] + moon.center_barycentric.xyz.au[:, -1]
    fraction = 0.5 * (1.0 + math.cos(float(angle_between(u, v))))
    phases = _phases_around(day)

    # A principal phase names the whole local day its instant falls in (USNO/upstream habit).
    current = next((PRINCIPAL_PHASES[k] for t, k in phases if start <= t < end), None)
    if current is None:
        # Otherwise the intermediate name after the most recent principal phase: the quarter
        # (0 new .. 3 last quarter) of the moon's ecliptic elongation from the sun.
        rotation = ecliptic_frame.rotation_at(t_noon)[:, :, 0]
        mx, my, _ = rotation @ apparent["moon"][:, -1]
        sx, sy, _ = rotation @ apparent["sun"][:, -1]
        quarter = int((math.atan2(my, mx) - math.atan2(sy, sx)) // (math.pi / 2) % 4)
        current = INTERMEDIATE_PHASES[quarter]
    closest = min(phases, key=lambda p: abs(p[0] - noon))
    return {
        "current": current,
        "illumination": f"{round(fraction * 100)}%",
        "closest": {"time": _minute(closest[0], tz), "phase": PRINCIPAL_PHASES[closest[1]]},
    }


_UNIX_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
_UNIX_EPOCH_JD = 2440587.5


def _jd_utc(moment: datetime) -> float:
    return _UNIX_EPOCH_JD + moment.timestamp() / 86400.0


@dataclass(frozen=True)
class _Day:
    """A local day's shared part: its sky, UTC bounds, TT - UTC in days (None on a day with a
    leap second: then Skyfield converts) and its moonphase block."""

    sky: skyday.DaySky
    start: datetime
    end: datetime
    tt_minus_utc: float | None
    moonphase: dict[str, Any]

    def utc(self, tt: list[float]) -> list[datetime]:
        """Return the UTC instants of TT Julian dates `tt`."""
        if self.tt_minus_utc is None:
            ts, _ = _loaded()
            return list(ts.tt_jd(np.array(tt)).utc_datetime())
        return [_UNIX_EPOCH + timedelta(days=jd - self.tt_minus_utc - _UNIX_EPOCH_JD) for jd in tt]


@functools.lru_cache(maxsize=256)
def _day(day: date, tz: tzinfo) -> _Day:
    """Return the local day's shared part: one Skyfield pass (~5 ms) serving every place asking
    about that day in that zone (then well under a millisecond each)."""
    ts, eph = _loaded()
    start, end = _local_bounds(day, tz)
    noon = datetime.combine(day, time(12), tzinfo=tz).astimezone(timezone.utc)
    jd0, jd1 = ts.from_datetime(start).tt, ts.from_datetime(end).tt
    offsets = (jd0 - _jd_utc(start), jd1 - _jd_utc(end))
    grid, first, last = skyday.day_grid(jd0, jd1)
    noon_jd = ts.from_datetime(noon).tt
    sky, astrometric, apparent = skyday.observe_day(ts, eph, grid, first, last, np.array([noon_jd]))
    return _Day(sky, start, end, offsets[0] if abs(offsets[0] - offsets[1]) < 1e-9 else None,
                _moonphase(day, tz, start, end, noon_jd, astrometric, apparent))


def _copy(answer: dict[str, Any]) -> dict[str, Any]:
    """Return a copy of a sun_moon answer sharing nothing mutable with it (cached values stay intact)."""
    phase = answer["moonphase"]
    return {"sun": dict(answer["sun"]), "moon": dict(answer["moon"]),
            "moonphase": {**phase, "closest": dict(phase["closest"])}}


def sun_moon(lon: float, lat: float, day: date, tz: tzinfo) -> dict[str, Any]:
    """Return {"sun": {...}, "moon": {...}, "moonphase": {...}} for the local `day` at (lon, lat).

    sun: begin_civil_twilight, rise, transit, set, end_civil_twilight; moon: rise, transit,
    set -- each an ISO-8601 string in `tz` to the minute, absent when it does not happen that
    day. moonphase: current name, illumination at local noon ("51%"), closest principal phase
    {"time", "phase"}. Raises ToolFailure("UNAVAILABLE") only if the ephemeris cannot be loaded.
    """
    # Identical questions (same place to ~100 m, day and zone) are common in chat: cache them.
    # Rounding moves the times by well under a second.
    return _copy(_sun_moon_cached(round(lon, 3), round(lat, 3), day, tz))


@functools.lru_cache(maxsize=512)
def _sun_moon_cached(lon: float, lat: float, day: date, tz: tzinfo) -> dict[str, Any]:
    shared = _day(day, tz)
    found = skyday.solve(shared.sky, lon, lat)
    moments = shared.utc(list(found.values())) if found else []
    events = {n: m for n, m in zip(found, moments) if shared.start <= m < shared.end}
    sun_keys = ("begin_civil_twilight", "rise", "transit", "set", "end_civil_twilight")
    moon_keys = {"rise": "moonrise", "transit": "moontransit", "set": "moonset"}
    return {
        "sun": {k: _minute(events[k], tz) for k in sun_keys if k in events},
        "moon": {k: _minute(events[v], tz) for k, v in moon_keys.items() if v in events},
        "moonphase": shared.moonphase,  # shared with the day: sun_moon hands out copies
    }


def next_phases(after: datetime, tz: str, count: int = 4) -> list[tuple[datetime, str]]:
    """Return the next `count` principal moon phases after the instant `after`, in time order.

    Each is (instant in zone `tz` to the second, name from PRINCIPAL_PHASES), e.g. the full
    moon of 2025-12-05 00:14 UTC as 08:14 +08:00 for "Asia/Taipei"; the local day a phase
    falls on is `instant.date()`. A naive `after` is read in `tz`. Uses skyfield's
    almanac.moon_phases instants (the shipped table, metocean/moonphases.py) by 30-day
    block. Raises ToolFailure: INVALID_ARGUMENT for an unknown zone or an instant outside
    `supported_days()`, UNAVAILABLE when the ephemeris cannot be loaded.
    """
    from metocean.timezones import parse_tz

    try:
        zone, _ = parse_tz(tz)
    except ValueError as exc:
        raise ToolFailure("INVALID_ARGUMENT", str(exc)) from None
    moment = (after if after.tzinfo else after.replace(tzinfo=zone)).astimezone(timezone.utc)
    first, last = supported_days()
    if not first <= moment.date() <= last:
        raise ToolFailure("INVALID_ARGUMENT", f"date out of the supported range ({first}..{last})")
    found: list[tuple[datetime, int]] = []
    block = moment.date().toordinal() // 30
    # Each cached block searches 72 days around its 30; taking from each only its own 30 days
    # (blocks tile time) lists every phase once.
    while len(found) < count:
        own = (date.fromordinal(block * 30), date.fromordinal(block * 30 + 30))
        found += [(t, k) for t, k in _phases_block(block) if t > moment and own[0] <= t.date() < own[1]]
        block += 1
    return [(t.replace(microsecond=0).astimezone(zone), PRINCIPAL_PHASES[k]) for t, k in found[:count]]
