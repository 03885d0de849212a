"""High and low waters as the zeros of dh/dt.

h(t) is a sum of cosines, so its derivatives are analytic. Per UTC day the constants are
fixed (f, u at noon; V0 at 00:00), so on a grid tau_j shared by all days the derivative is
Re(C' @ E) with C'[d,k] = i omega_k A[d,k] exp(i phi[d,k]) and E[k,j] = exp(i omega_k tau_j):
one small matrix product for a whole year (done as two real ones). Sign changes of dh/dt
on that grid bracket the extremes. In each bracket h is expanded about the grid point
nearer the root as a Taylor polynomial in the offset s (the phasors at a grid point come
from the grid's own e^{i omega tau_j}, and the coefficients are one more matrix product);
its degree is chosen from the Lagrange remainder so that the polynomial equals the harmonic
sum to EPS_CM over the whole bracket. A safeguarded Newton iteration (falling back to
bisection) on these polynomials then solves every bracket at once without evaluating a
single sine per bracket and iteration. Pairs of extremes closer than MIN_RANGE_CM in height
are wiggles (a stand on the rising tide, say) and are dropped in pairs, smallest first, so
HIGH and LOW keep alternating.
"""
from __future__ import annotations

import numpy as np

from .linalg import matmul
from .prediction import DAY, Harmonics, day_parameters, speeds

MIN_RANGE_CM = 1.0
PAD_DAYS = 1            # extra days searched on each side, so edges don't change the result
TOL_HOURS = 0.05 / 3600  # Newton stops when the step is below 0.05 s
EPS_CM = 1e-9           # truncation bound of the Taylor expansions, cm and cm/hour


def _grid_step_hours(omega: np.ndarray, amp: np.ndarray) -> float:
    """A quarter period of the fastest constituent that matters (at most one root of
    dh/dt per bracket in practice), capped at 30 minutes."""
    w = omega[amp > 0.0]
    fastest = float(w.max()) if w.size else 0.0
    return min(0.5, np.pi / (2.0 * fastest)) if fastest > 0 else 0.5


def _taylor(Zc: np.ndarray, Zs: np.ndarray, Ec: np.ndarray, Es: np.ndarray,
            omega: np.ndarray, smax: float) -> np.ndarray:
    """Taylor coefficients (N, P+1) of h(tau_m + s) in s (hours) for N expansion points.

    Row b has h = sum_k A cos(w_k (tau_m + s) + phi_k) with A e^{i phi} = Zc + i Zs and
    e^{i w tau_m} = Ec + i Es (all (N, K)). The degree P is chosen so that for |s| <= smax
    the Lagrange remainders of cos and sin (|w s|^n / n!) leave h within EPS_CM and dh/dt
    within EPS_CM per hour: the polynomial is the harmonic sum, not an approximation of it.
    """
    Bc = Zc * Ec - Zs * Es  # A cos(w tau_m + phi)
    Bs = Zs * Ec + Zc * Es  # A sin(w tau_m + phi)
    amp = np.sqrt(np.max(Zc * Zc + Zs * Zs, axis=0))  # (K,) largest A over the rows
    x = np.abs(omega) * smax
    term = amp.copy()  # A x^n / n!
    P = 0
    while P < 60:
        term = term * x / (P + 1)
        # remainder of h after degree P, and of dh/dt (degree P-1 in s) after P
        if (np.sum(term) <= EPS_CM
                and np.sum(term * (P + 1) / np.maximum(smax, 1e-300)) <= EPS_CM):
            break
        P += 1
    n = np.arange(P + 1)
    fact = np.cumprod(np.concatenate([[1.0], np.arange(1.0, P + 1)]))
    W = omega[:, None] ** n / fact  # (K, P+1): w^n / n!
    # d^n/ds^n of cos(w s) at 0: w^n (1, 0, -1, 0, ...); of -sin(w s): w^n (0, -1, 0, 1, ...)
    c = np.empty((Bc.shape[0], P + 1))
    even, odd = n[0::2], n[1::2]
    c[:, 0::2] = matmul(Bc, W[:, 0::2] * np.where(even % 4 == 0, 1.0, -1.0))
    c[:, 1::2] = matmul(Bs, W[:, 1::2] * np.where(odd % 4 == 1, -1.0, 1.0))
    return c


def _polyval(c: np.ndarray, s: np.ndarray, deriv: int = 0) -> np.ndarray:
    """The deriv-th derivative of the polynomials (rows of c, ascending powers) at s."""
    P = c.shape[1] - 1
    if deriv > P:
        return np.zeros(s.shape)
    k = np.arange(deriv, P + 1)
    scale = np.ones(k.size)
    for i in range(deriv):
        scale = scale * (k - i)
    cd = c[:, deriv:] * scale
    y = cd[:, -1].copy()
    for i in range(cd.shape[1] - 2, -1, -1):
        y *= s
        y += cd[:, i]
    return y


def _poly_roots(c: np.ndarray, lo: np.ndarray, hi: np.ndarray, glo: np.ndarray,
                x: np.ndarray) -> np.ndarray:
    """Solve p'(s) = 0 in each bracket [lo, hi] from guesses x, all at once: Newton,
    falling back to bisection when a step would leave the bracket."""
    x, lo, hi = x.copy(), lo.copy(), hi.copy()
    active = np.ones(x.shape, dtype=bool)
    for _ in range(60):
        d1 = _polyval(c, x, 1)
        d2 = _polyval(c, x, 2)
        # keep the bracket: the side whose derivative sign matches the low end moves
        same = np.sign(d1) == np.sign(glo)
        lo = np.where(active & same, x, lo)
        hi = np.where(active & ~same, x, hi)
        with np.errstate(divide="ignore", invalid="ignore"):
            xn = x - d1 / d2
        bad = ~np.isfinite(xn) | (xn <= lo) | (xn >= hi)
        xn = np.where(bad, 0.5 * (lo + hi), xn)
        step = np.abs(xn - x)
        x = np.where(active, xn, x)
        active &= ~((step < TOL_HOURS) | (hi - lo < TOL_HOURS))
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
    # h = sum A cos(w tau + phi) = Zc @ Ec - Zs @ Es with Z = A e^{i phi}, E = e^{i w tau};
    # dh/dt = -(w Zs) @ Ec - (w Zc) @ Es: real products (numpy's complex matmul is ~10x slower)
    Zc, Zs = A * np.cos(phi), A * np.sin(phi)  # (D, K)
    wt = np.outer(tau, omega)                  # (n+1, K)
    Ec, Es = np.cos(wt), np.sin(wt)
    G = -matmul(Zs * omega, Ec.T) - matmul(Zc * omega, Es.T)  # (D, n+1) cm/hour
    # sign changes inside [tau_j, tau_j+1); an exact zero at a grid point counts once
    g0, g1 = G[:, :-1], G[:, 1:]
    d_idx, j_idx = np.nonzero(((g0 > 0) & (g1 <= 0)) | ((g0 < 0) & (g1 >= 0)))
    if d_idx.size == 0:
        return empty
    ga, gb = g0[d_idx, j_idx], g1[d_idx, j_idx]
    lo, hi = tau[j_idx], tau[j_idx + 1]
    x0 = lo + (hi - lo) * ga / (ga - gb)  # linear interpolation of dh/dt
    # Expand h about the grid point nearer the guess: with B = Z e^{i w tau_m},
    # h(tau_m + s) = sum_k Bc cos(w s) - Bs sin(w s), a polynomial in s (Taylor, |s| <= step)
    m = np.where(x0 - lo <= hi - x0, j_idx, j_idx + 1)
    c = _taylor(Zc[d_idx], Zs[d_idx], Ec[m], Es[m], omega, step)
    s = _poly_roots(c, lo - tau[m], hi - tau[m], ga, x0 - tau[m])
    z = _polyval(c, s)
    high = _polyval(c, s, 2) < 0
    t = days[d_idx] * DAY + (tau[m] + s) * 3600.0
    order = np.argsort(t, kind="stable")
    t, z, high = t[order], z[order], high[order]
    # a root on a day boundary can be seen from both days: keep one
    dup = np.concatenate([[False], (np.diff(t) < 60.0) & (high[1:] == high[:-1])])
    t, z, high = t[~dup], z[~dup], high[~dup]
    t, z, high = _drop_wiggles(t, z, high, min_range_cm)
    inside = (t >= start) & (t < end)
    return t[inside], z[inside], high[inside]
