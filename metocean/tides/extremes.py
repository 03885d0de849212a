"""High and low waters as the zeros of dh/dt.

h(t) is a sum of cosines, so dh/dt and d2h/dt2 are analytic. Per UTC day the constants are
fixed (f, u at noon; V0 at 00:00), so on a grid tau_j shared by all days the derivative is
Re(C' @ E) with C'[d,k] = i omega_k A[d,k] exp(i phi[d,k]) and E[k,j] = exp(i omega_k tau_j):
one small complex matrix product for a whole year. Sign changes of dh/dt on that grid
bracket the extremes (the product is done as two real ones); a safeguarded Newton iteration (falling back to bisection) then
solves each to well under a second. Pairs of extremes closer than MIN_RANGE_CM in height
are wiggles (a stand on the rising tide, say) and are dropped in pairs, smallest first, so
HIGH and LOW keep alternating.
"""
from __future__ import annotations

import numpy as np

from .prediction import DAY, Harmonics, day_parameters, speeds

MIN_RANGE_CM = 1.0
PAD_DAYS = 1            # extra days searched on each side, so edges don't change the result
TOL_HOURS = 0.05 / 3600  # Newton stops when the step is below 0.05 s


def _grid_step_hours(omega: np.ndarray, amp: np.ndarray) -> float:
    """A quarter period of the fastest constituent that matters (at most one root of
    dh/dt per bracket in practice), capped at 30 minutes."""
    w = omega[amp > 0.0]
    fastest = float(w.max()) if w.size else 0.0
    return min(0.5, np.pi / (2.0 * fastest)) if fastest > 0 else 0.5


def _newton(A: np.ndarray, phi: np.ndarray, omega: np.ndarray, lo: np.ndarray,
            hi: np.ndarray, glo: np.ndarray, x: np.ndarray) -> np.ndarray:
    """Solve dh/dt = 0 in each bracket [lo, hi] (hours) from guesses x, all at once."""
    x = x.copy()
    aw, aw2 = A * omega, A * omega * omega
    active = np.ones(x.shape, dtype=bool)
    for _ in range(40):
        th = omega * x[active, None] + phi[active]
        d1 = -np.sum(aw[active] * np.sin(th), axis=1)
        d2 = -np.sum(aw2[active] * np.cos(th), axis=1)
        # keep the bracket: the side whose derivative sign matches the low end moves
        same = np.sign(d1) == np.sign(glo[active])
        lo[active] = np.where(same, x[active], lo[active])
        hi[active] = np.where(same, hi[active], x[active])
        with np.errstate(divide="ignore", invalid="ignore"):
            xn = x[active] - d1 / d2
        bad = ~np.isfinite(xn) | (xn <= lo[active]) | (xn >= hi[active])
        xn = np.where(bad, 0.5 * (lo[active] + hi[active]), xn)
        step = np.abs(xn - x[active])
        x[active] = xn
        done = (step < TOL_HOURS) | (hi[active] - lo[active] < TOL_HOURS)
        idx = np.flatnonzero(active)
        active[idx[done]] = False
        if not active.any():
            break
    return x


def _drop_wiggles(t: np.ndarray, z: np.ndarray, high: np.ndarray, min_range: float):
    """Remove adjacent pairs whose height difference is below min_range, smallest first."""
    keep = list(range(len(t)))
    while len(keep) > 1:
        diffs = np.abs(np.diff(z[keep]))
        i = int(np.argmin(diffs))
        if diffs[i] >= min_range:
            break
        del keep[i:i + 2]
    k = np.array(keep, dtype=np.int64)
    return t[k], z[k], high[k]


def find_extremes(h: Harmonics, start: float, end: float,
                  min_range_cm: float = MIN_RANGE_CM) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return (unix seconds, heights cm rel. MSL, is_high) of the extremes in [start, end)."""
    empty = (np.empty(0), np.empty(0), np.empty(0, dtype=bool))
    if end <= start or len(h.names) == 0:
        return empty
    day0 = np.floor(start / DAY) - PAD_DAYS
    day1 = np.floor(end / DAY) + PAD_DAYS
    days = np.arange(day0, day1 + 1)
    omega = np.radians(speeds(h, 0.5 * (start + end)))  # rad/hour
    A, phi = day_parameters(h, days)
    step = _grid_step_hours(omega, h.amp_cm)
    n = int(np.ceil(24.0 / step))
    tau = np.linspace(0.0, 24.0, n + 1)
    # dh/dt = -sum A w sin(w tau + phi) = -(A w sin phi) @ cos(w tau) - (A w cos phi) @ sin(w tau);
    # two real products: numpy's complex matmul is ~10x slower here
    aw = A * omega
    wt = np.outer(omega, tau)
    G = -(aw * np.sin(phi)) @ np.cos(wt) - (aw * np.cos(phi)) @ np.sin(wt)  # (D, n+1) cm/hour
    # sign changes inside [tau_j, tau_j+1); an exact zero at a grid point counts once
    g0, g1 = G[:, :-1], G[:, 1:]
    d_idx, j_idx = np.nonzero(((g0 > 0) & (g1 <= 0)) | ((g0 < 0) & (g1 >= 0)))
    if d_idx.size == 0:
        return empty
    Ab, pb = A[d_idx], phi[d_idx]
    ga, gb = g0[d_idx, j_idx], g1[d_idx, j_idx]
    lo, hi = tau[j_idx].copy(), tau[j_idx + 1].copy()
    x0 = lo + (hi - lo) * ga / (ga - gb)  # linear interpolation: Newton then needs ~3 steps
    x = _newton(Ab, pb, omega, lo, hi, ga, x0)
    th = omega * x[:, None] + pb
    z = np.sum(Ab * np.cos(th), axis=1)
    high = -np.sum(Ab * omega * omega * np.cos(th), axis=1) < 0
    t = days[d_idx] * DAY + x * 3600.0
    order = np.argsort(t, kind="stable")
    t, z, high = t[order], z[order], high[order]
    # a root on a day boundary can be seen from both days: keep one
    dup = np.concatenate([[False], (np.diff(t) < 60.0) & (high[1:] == high[:-1])])
    t, z, high = t[~dup], z[~dup], high[~dup]
    t, z, high = _drop_wiggles(t, z, high, min_range_cm)
    inside = (t >= start) & (t < end)
    return t[inside], z[inside], high[inside]
