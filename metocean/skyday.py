"""Sun and moon positions for one local day, computed once and shared by every place.

Where the sun and moon are seen from the Earth's centre does not depend on the observer, and
Skyfield's ephemeris and frame calls are what a day's rise/set search spends its time on. So one
vectorised Skyfield pass per (local day, zone) stores both bodies' apparent geocentric positions
in the true-equator-of-date frame and the Earth's rotation angle (GAST) on a 10-minute grid.
A place then needs only NumPy: rotate into the Earth-fixed frame, subtract the observer's
position (the moon's parallax, up to a degree), and read altitude and hour angle. Crossings are
bracketed on the grid and refined with a few secant steps on cubic (Lagrange) interpolation of
the slow quantities, which is exact to far below a second (the moon moves 0.3 deg per 10 min).

Against Skyfield's topocentric `observe().apparent()` this leaves out the observer's diurnal
aberration (0.3") and the Earth's own light deflection (0.001"): under 0.1 s on an event time.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

STEP_DAYS = 10.0 / 1440.0  # grid spacing: fine enough to see every rise/set of sun and moon
_MOON_RADIUS_KM = 1737.4
_REFRACTION = math.radians(-34.0 / 60.0)
_SUN_HORIZON = math.radians(-50.0 / 60.0)  # refraction + solar semidiameter 16'
_CIVIL = math.radians(-6.0)
_SECANT_STEPS = 2  # each is a few NumPy operations; two reach milliseconds from a 10-minute bracket
_WGS84_A_KM = 6378.137
_WGS84_E2 = (2 - 1 / 298.257223563) / 298.257223563

# Event name -> (body, direction, criterion); direction +1 is an upward zero crossing (rise, transit).
EVENTS: dict[str, tuple[str, int, str]] = {
    "begin_civil_twilight": ("sun", +1, "civil"),
    "rise": ("sun", +1, "horizon"),
    "transit": ("sun", +1, "hour_angle"),
    "set": ("sun", -1, "horizon"),
    "end_civil_twilight": ("sun", -1, "civil"),
    "moonrise": ("moon", +1, "horizon"),
    "moontransit": ("moon", +1, "hour_angle"),
    "moonset": ("moon", -1, "horizon"),
}
BODIES = ("sun", "moon")
# Per event, as arrays: body index, +1/-1, is an hour-angle crossing, is the moon's horizon,
# and the altitude of the event for the sun's (the moon's depends on its distance).
_BODY = np.array([BODIES.index(b) for b, _, _ in EVENTS.values()])
_DIRECTION = np.array([d for _, d, _ in EVENTS.values()])
_IS_HA = np.array([c == "hour_angle" for _, _, c in EVENTS.values()])
_IS_MOON = np.array([b == "moon" and c == "horizon" for b, _, c in EVENTS.values()])
_ALTITUDE = np.array([_CIVIL if c == "civil" else _SUN_HORIZON for _, _, c in EVENTS.values()])
_NODES = np.arange(-1, 3)  # the 4 nodes of cubic interpolation around an interval's left end
_OFF_DIAGONAL = ~np.eye(4, dtype=bool)


def skyfield_times(ts: Any, jd: np.ndarray) -> Any:
    """Return a skyfield Time for TT Julian dates, with the cheap IAU 2000B nutation.

    Full nutation dominates the cost of each position; 2000B is accurate to ~1 mas,
    far below the one-minute precision wanted here (Skyfield's own almanac does the same).
    """
    from skyfield.nutationlib import iau2000b_radians

    t = ts.tt_jd(jd)
    t._nutation_angles_radians = iau2000b_radians(t)
    return t


@dataclass(frozen=True)
class DaySky:
    """Both bodies on the day's grid: `jd` (TT, one pad point each side), `first`/`last` the
    indices of the day's own first and last grid points, `tod` {body: (3, n) km, apparent,
    true equator of date, stacked in BODIES order as (2, 3, n)}, `gast` (n,) radians unwrapped."""

    jd: np.ndarray
    first: int
    last: int
    tod: np.ndarray
    gast: np.ndarray


def day_grid(jd0: float, jd1: float) -> tuple[np.ndarray, int, int]:
    """Return (TT grid from jd0 to jd1 every STEP_DAYS plus both ends, padded by one step each
    side, index of jd0, index of jd1)."""
    inner = np.arange(jd0, jd1, STEP_DAYS)
    if jd1 - inner[-1] < 1e-9:  # a float step landing on the end would make a zero-width interval
        inner = inner[:-1]
    grid = np.concatenate(([jd0 - STEP_DAYS], inner, [jd1, jd1 + STEP_DAYS]))
    return grid, 1, grid.size - 2


def observe_day(ts: Any, eph: Any, grid: np.ndarray, first: int, last: int,
                extra: np.ndarray) -> tuple[DaySky, dict[str, Any], dict[str, np.ndarray]]:
    """Return (the day's sky on `grid`, {body: astrometric position}, {body: apparent GCRS km})
    from one vectorised pass over the grid and then the `extra` TT instants, in that order."""
    jd = np.concatenate((grid, extra))
    t = skyfield_times(ts, jd)
    earth = eph["earth"].at(t)
    n = grid.size
    astrometric: dict[str, Any] = {}
    apparent: dict[str, np.ndarray] = {}
    for name in BODIES:
        astrometric[name] = earth.observe(eph[name])
        apparent[name] = astrometric[name].apparent(()).xyz.km  # deflection is sub-arcsecond: skipped
    tod = np.stack([np.einsum("ijn,jn->in", t.M[:, :, :n], apparent[name][:, :n]) for name in BODIES])
    gast = np.unwrap(np.asarray(t.gast)[:n] * (math.pi / 12.0))
    return DaySky(jd=grid, first=first, last=last, tod=tod, gast=gast), astrometric, apparent


def _observer(lon: float, lat: float) -> tuple[np.ndarray, np.ndarray]:
    """Return (Earth-fixed position in km on the WGS84 ellipsoid, geodetic up unit vector)."""
    phi, lam = math.radians(lat), math.radians(lon)
    sin_phi, cos_phi = math.sin(phi), math.cos(phi)
    radius = _WGS84_A_KM / math.sqrt(1.0 - _WGS84_E2 * sin_phi * sin_phi)
    up = np.array([cos_phi * math.cos(lam), cos_phi * math.sin(lam), sin_phi])
    position = np.array([radius * up[0], radius * up[1], radius * (1.0 - _WGS84_E2) * sin_phi])
    return position, up


def _curves(tod: np.ndarray, gast: np.ndarray, lon: float, position: np.ndarray,
            up: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return (altitude, topocentric distance km, hour angle wrapped to -pi..pi) of bodies at
    true-of-date positions `tod` (3, ...) when the Earth's rotation angle is `gast` (...)."""
    c, s = np.cos(gast), np.sin(gast)
    x = c * tod[0] + s * tod[1] - position[0]  # Earth-fixed = rot_z(-GAST) . true-of-date
    y = -s * tod[0] + c * tod[1] - position[1]
    z = tod[2] - position[2]
    distance = np.sqrt(x * x + y * y + z * z)
    alt = np.arcsin((x * up[0] + y * up[1] + z * up[2]) / distance)
    ha = (math.radians(lon) - np.arctan2(y, x) + math.pi) % (2 * math.pi) - math.pi
    return alt, distance, ha


def _values(alt: np.ndarray, distance: np.ndarray, ha: np.ndarray, which: np.ndarray) -> np.ndarray:
    """Return, for events `which` (indices into EVENTS; leading axis of the curves), the function
    whose zero crossings are the events: altitude minus the event's altitude (the moon's limb at
    its topocentric distance, parallax included), or the hour angle (upper transit = upward
    zero crossing)."""
    shape = (-1,) + (1,) * (alt.ndim - 1)
    moon_alt = _REFRACTION - _MOON_RADIUS_KM / distance
    target = np.where(_IS_MOON[which].reshape(shape), moon_alt, _ALTITUDE[which].reshape(shape))
    return np.where(_IS_HA[which].reshape(shape), ha, alt - target)


def solve(sky: DaySky, lon: float, lat: float) -> dict[str, float]:
    """Return the first TT instant (Julian date) of each event in the day's grid span; the caller
    keeps those inside its day. An event whose curve does not cross zero is absent."""
    position, up = _observer(lon, lat)
    lo, hi = sky.first, sky.last
    alt, distance, ha = _curves(sky.tod[:, :, lo:hi + 1].transpose(1, 0, 2), sky.gast[lo:hi + 1], lon, position, up)
    every = np.arange(len(EVENTS))
    values = _values(alt[_BODY], distance[_BODY], ha[_BODY], every)  # (events, grid)
    a, b = values[:, :-1], values[:, 1:]
    up_cross = (a < 0) & (b >= 0)
    down_cross = (a >= 0) & (b < 0)
    hit = np.where((_DIRECTION > 0)[:, None], up_cross, down_cross)
    hit &= ~_IS_HA[:, None] | (np.abs(b - a) < math.pi)  # the -pi/+pi wrap is lower transit, not a crossing
    which = np.nonzero(hit.any(axis=1))[0]
    if not which.size:
        return {}
    first = hit[which].argmax(axis=1)
    left = lo + first
    ta, tb = sky.jd[left], sky.jd[left + 1]
    fa, fb = values[which, first], values[which, first + 1]
    body = _BODY[which]
    nodes = left[:, None] + _NODES  # (m, 4); the pads make every stencil exist
    x = sky.jd[nodes]
    span = np.where(_OFF_DIAGONAL, x[:, :, None] - x[:, None, :], 1.0)  # x_j - x_k
    tod_nodes = sky.tod[body[:, None], :, nodes]  # (m, 4, 3)
    gast_nodes = sky.gast[nodes]
    prev_t, prev_f = ta, fa
    cur_t = ta - fa * (tb - ta) / (fb - fa)  # linear interpolation inside the bracket
    for _ in range(_SECANT_STEPS):
        # Cubic Lagrange weights w_j = prod_k!=j (t - x_k) / (x_j - x_k) at every event's time.
        gap = np.where(_OFF_DIAGONAL, (cur_t[:, None] - x)[:, None, :], 1.0)
        weights = np.prod(gap / span, axis=2)
        tod = np.einsum("mkc,mk->cm", tod_nodes, weights)
        cur_f = _values(*_curves(tod, np.einsum("mk,mk->m", gast_nodes, weights), lon, position, up), which)
        denom = cur_f - prev_f
        ok = np.abs(denom) > 1e-15
        step = np.where(ok, cur_f * (cur_t - prev_t) / np.where(ok, denom, 1.0), 0.0)
        prev_t, prev_f = cur_t, cur_f
        cur_t = np.clip(cur_t - step, ta, tb)  # never leave the bracket (grazing cases)
    names = list(EVENTS)
    return {names[k]: float(when) for k, when in zip(which, cur_t)}
