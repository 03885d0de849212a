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

import copy
import functools
import math
import threading
import warnings
from datetime import date, datetime, time, timedelta, timezone, tzinfo
from typing import Any

import numpy as np

from metocean.errors import ToolFailure

# Principal phases in the order skyfield's almanac.moon_phases numbers them (0..3).
PRINCIPAL_PHASES = ("New Moon", "First Quarter", "Full Moon", "Last Quarter")
# Names between principal phases, indexed the same way (phase after principal i).
INTERMEDIATE_PHASES = ("Waxing Crescent", "Waxing Gibbous", "Waning Gibbous", "Waning Crescent")

_lock = threading.Lock()


@functools.cache
def _ephemeris() -> tuple[Any, Any]:
    """Return (timescale, ephemeris), loading them from the shipped files once.

    `skyfield-data` warns when its bundled Earth-orientation file is past its nominal
    expiry; we do not use that file (the timescale is Skyfield's built-in one), so the
    warning is silenced rather than shown to users.
    """
    from skyfield.api import Loader

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from skyfield_data import get_skyfield_data_path

        loader = Loader(get_skyfield_data_path(), expire=False, verbose=False)
        ts = loader.timescale(builtin=True)
        eph = loader("de421.bsp")
    return ts, eph


def load_ephemeris() -> None:
    """Load the ephemeris now (warm-up); raises ToolFailure("UNAVAILABLE") if it cannot be read."""
    _loaded()


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


_STEP_DAYS = 10.0 / 1440.0  # grid spacing: fine enough to see every rise/set of sun and moon
_MOON_RADIUS_KM = 1737.4
_REFRACTION = math.radians(-34.0 / 60.0)
_SUN_HORIZON = math.radians(-50.0 / 60.0)  # refraction + solar semidiameter 16'
_CIVIL = math.radians(-6.0)

# Event name -> (body, direction, criterion); direction +1 is an upward zero crossing (rise, transit).
_EVENTS: dict[str, tuple[str, int, str]] = {
    "begin_civil_twilight": ("sun", +1, "civil"),
    "rise": ("sun", +1, "horizon"),
    "transit": ("sun", +1, "hour_angle"),
    "set": ("sun", -1, "horizon"),
    "end_civil_twilight": ("sun", -1, "civil"),
    "moonrise": ("moon", +1, "horizon"),
    "moontransit": ("moon", +1, "hour_angle"),
    "moonset": ("moon", -1, "horizon"),
}


def _times(ts: Any, jd: np.ndarray) -> Any:
    """Return a skyfield Time for TT Julian dates, with the cheap IAU 2000B nutation.

    Full nutation dominates the cost of each position; 2000B is accurate to ~1 mas,
    far below the one-minute precision wanted here (Skyfield's own almanac does the same).
    """
    from skyfield.nutationlib import iau2000b_radians

    t = ts.tt_jd(jd)
    t._nutation_angles_radians = iau2000b_radians(t)
    return t


def _curves(observer: Any, eph: Any, t: Any) -> dict[tuple[str, str], np.ndarray]:
    """Return, per (body, criterion), the function whose zero crossings are the events.

    horizon/civil: altitude minus the altitude of the event (the moon's includes its
    semidiameter at its topocentric distance, so parallax is accounted for);
    hour_angle: the hour angle wrapped to -pi..pi (upper transit = upward zero crossing).
    """
    out: dict[tuple[str, str], np.ndarray] = {}
    position = observer.at(t)
    for name in ("sun", "moon"):
        apparent = position.observe(eph[name]).apparent(())  # deflection is sub-arcsecond: skipped
        alt, _, distance = apparent.altaz()
        ha, _, _ = apparent.hadec()
        if name == "sun":
            out[(name, "horizon")] = alt.radians - _SUN_HORIZON
            out[(name, "civil")] = alt.radians - _CIVIL
        else:
            out[(name, "horizon")] = alt.radians - (_REFRACTION - _MOON_RADIUS_KM / distance.km)
        out[(name, "hour_angle")] = (ha.radians + math.pi) % (2 * math.pi) - math.pi
    return out


def _brackets(values: np.ndarray, direction: int, criterion: str) -> np.ndarray:
    """Return grid indices i where the curve crosses zero in `direction` between i and i+1."""
    a, b = values[:-1], values[1:]
    hit = (a < 0) & (b >= 0) if direction > 0 else (a >= 0) & (b < 0)
    if criterion == "hour_angle":
        hit &= np.abs(b - a) < math.pi  # the -pi/+pi wrap is lower transit, not a crossing
    return np.nonzero(hit)[0]


def _solve_events(observer: Any, eph: Any, ts: Any, start: datetime, end: datetime) -> dict[str, datetime]:
    """Return the first instant of each event in [start, end) (UTC); missing events are absent.

    Sample both bodies every 10 minutes over the day, bracket each zero crossing, then
    refine all brackets together: linear interpolation, then one secant step (one vectorised
    position). Over 150 random places/days (|lat| <= 66) this stays within 1 s of Skyfield's
    own almanac searches, at about a fifth of their cost.
    """
    jd0 = ts.from_datetime(start).tt
    jd1 = ts.from_datetime(end).tt
    grid = np.append(np.arange(jd0, jd1, _STEP_DAYS), jd1)
    curves = _curves(observer, eph, _times(ts, grid))

    found: list[tuple[str, float, float, float, float]] = []  # name, ta, fa, tb, fb
    for name, (body, direction, criterion) in _EVENTS.items():
        values = curves[(body, criterion)]
        idx = _brackets(values, direction, criterion)
        if idx.size:
            i = int(idx[0])
            found.append((name, grid[i], values[i], grid[i + 1], values[i + 1]))
    if not found:
        return {}

    ta = np.array([f[1] for f in found]); fa = np.array([f[2] for f in found])
    tb = np.array([f[3] for f in found]); fb = np.array([f[4] for f in found])
    prev_t, prev_f = ta, fa
    cur_t = ta - fa * (tb - ta) / (fb - fa)  # linear interpolation inside the bracket
    for _ in range(1):  # a second step would gain milliseconds of accuracy for ~2 ms of CPU
        fresh = _curves(observer, eph, _times(ts, cur_t))
        cur_f = np.array([fresh[(_EVENTS[f[0]][0], _EVENTS[f[0]][2])][k] for k, f in enumerate(found)])
        denom = cur_f - prev_f
        safe = np.where(np.abs(denom) > 1e-15, denom, 1.0)
        step = np.where(np.abs(denom) > 1e-15, cur_f * (cur_t - prev_t) / safe, 0.0)
        prev_t, prev_f = cur_t, cur_f
        cur_t = np.clip(cur_t - step, ta, tb)  # never leave the bracket (grazing cases)

    utc = _times(ts, cur_t).utc_datetime()
    return {f[0]: moment for f, moment in zip(found, utc) if start <= moment < end}


def _phases_around(day: date) -> tuple[tuple[datetime, int], ...]:
    """Return the principal moon phases (UTC instant, index 0..3) from 20 days before `day`
    to 20 days after it (at least). Independent of place and zone: cached per 30-day block.
    """
    return _phases_block(day.toordinal() // 30)


@functools.lru_cache(maxsize=32)
def _phases_block(block: int) -> tuple[tuple[datetime, int], ...]:
    from skyfield import almanac

    ts, eph = _loaded()
    first = date.fromordinal(block * 30 - 21)
    last = date.fromordinal(block * 30 + 51)
    t0 = ts.utc(first.year, first.month, first.day)
    t1 = ts.utc(last.year, last.month, last.day)
    times, kinds = almanac.find_discrete(t0, t1, almanac.moon_phases(eph))
    return tuple(zip(times.utc_datetime(), (int(k) for k in kinds)))


def _moonphase(day: date, tz: tzinfo, start: datetime, end: datetime) -> dict[str, Any]:
    """Return {"current", "illumination", "closest"} for the local day (see module rules)."""
    from skyfield.framelib import ecliptic_frame

    ts, eph = _loaded()
    noon = datetime.combine(day, time(12), tzinfo=tz).astimezone(timezone.utc)
    # Same quantities as almanac.fraction_illuminated and almanac.moon_phases, sharing one
    # geocentre position instead of computing it twice.
    earth = eph["earth"].at(_times(ts, np.array([ts.from_datetime(noon).tt])))
    moon = earth.observe(eph["moon"])
    fraction = float(moon.fraction_illuminated(eph["sun"])[0])
    phases = _phases_around(day)

    # A principal phase names the whole local day its instant falls in (USNO/upstream habit).
    current = next((PRINCIPAL_PHASES[k] for t, k in phases if start <= t < end), None)
    if current is None:
        # Otherwise the intermediate name after the most recent principal phase: the quarter
        # (0 new .. 3 last quarter) of the moon's ecliptic elongation from the sun.
        _, mlon, _ = moon.apparent().frame_latlon(ecliptic_frame)
        _, slon, _ = earth.observe(eph["sun"]).apparent().frame_latlon(ecliptic_frame)
        quarter = int((mlon.radians[0] - slon.radians[0]) // (math.pi / 2) % 4)
        current = INTERMEDIATE_PHASES[quarter]
    closest = min(phases, key=lambda p: abs(p[0] - noon))
    return {
        "current": current,
        "illumination": f"{round(fraction * 100)}%",
        "closest": {"time": _minute(closest[0], tz), "phase": PRINCIPAL_PHASES[closest[1]]},
    }


def sun_moon(lon: float, lat: float, day: date, tz: tzinfo) -> dict[str, Any]:
    """Return {"sun": {...}, "moon": {...}, "moonphase": {...}} for the local `day` at (lon, lat).

    sun: begin_civil_twilight, rise, transit, set, end_civil_twilight; moon: rise, transit,
    set -- each an ISO-8601 string in `tz` to the minute, absent when it does not happen that
    day. moonphase: current name, illumination at local noon ("51%"), closest principal phase
    {"time", "phase"}. Raises ToolFailure("UNAVAILABLE") only if the ephemeris cannot be loaded.
    """
    # Identical questions (same place to ~100 m, day and zone) are common in chat: cache them.
    # Rounding moves the times by well under a second.
    return copy.deepcopy(_sun_moon_cached(round(lon, 3), round(lat, 3), day, tz))


@functools.lru_cache(maxsize=512)
def _sun_moon_cached(lon: float, lat: float, day: date, tz: tzinfo) -> dict[str, Any]:
    from skyfield.api import wgs84

    ts, eph = _loaded()
    start, end = _local_bounds(day, tz)
    observer = eph["earth"] + wgs84.latlon(lat, lon)
    events = _solve_events(observer, eph, ts, start, end)
    sun_keys = ("begin_civil_twilight", "rise", "transit", "set", "end_civil_twilight")
    moon_keys = {"rise": "moonrise", "transit": "moontransit", "set": "moonset"}
    return {
        "sun": {k: _minute(events[k], tz) for k in sun_keys if k in events},
        "moon": {k: _minute(events[v], tz) for k, v in moon_keys.items() if v in events},
        "moonphase": _moonphase(day, tz, start, end),
    }


def next_phases(after: datetime, tz: str, count: int = 4) -> list[tuple[datetime, str]]:
    """Return the next `count` principal moon phases after the instant `after`, in time order.

    Each is (instant in zone `tz` to the second, name from PRINCIPAL_PHASES), e.g. the full
    moon of 2025-12-05 00:14 UTC as 08:14 +08:00 for "Asia/Taipei"; the local day a phase
    falls on is `instant.date()`. A naive `after` is read in `tz`. Uses skyfield's
    almanac.moon_phases over the cached 30-day blocks. Raises ToolFailure: INVALID_ARGUMENT
    for an unknown zone or an instant outside `supported_days()`, UNAVAILABLE when the
    ephemeris cannot be loaded.
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
