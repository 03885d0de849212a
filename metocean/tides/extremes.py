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

import heapq

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


def _degree(amp: np.ndarray, omega: np.ndarray, smax: float) -> int:
    """Smallest degree P for which the Taylor polynomials of h and dh/dt about any point
    are within EPS_CM (cm, cm/hour) of the harmonic sum for |s| <= smax hours: the Lagrange
    remainders of cos and sin are at most |w s|^n / n!, so the polynomial is the sum."""
    x = np.abs(omega) * smax
    term = amp.astype(np.float64)  # A x^(P+1) / (P+1)!, the remainder bound of h
    for P in range(60):
        term = term * x / (P + 1)
        # dh/dt is degree P-1 in s; its remainder is sum A w x^P / P! = term (P+1) / smax
        if np.sum(term) <= EPS_CM and np.sum(term) * (P + 1) <= EPS_CM * smax:
            return P
    return 60


def _taylor(Zc: np.ndarray, Zs: np.ndarray, Ec: np.ndarray, Es: np.ndarray,
            d: np.ndarray, m: np.ndarray, omega: np.ndarray, P: int) -> np.ndarray:
    """Taylor coefficients (N, P+1) of h(tau_m + s) in s (hours) for N expansion points.

    Point b is day d[b] at grid point m[b]: h = sum_k A cos(w_k (tau_m + s) + phi_k) with
    A e^{i phi} = Zc + i Zs (rows d) and e^{i w tau_m} = Ec + i Es (rows m).
    """
    n = np.arange(P + 1)
    W = omega[:, None] ** n / np.cumprod(np.maximum(n, 1))  # (K, P+1): w^n / n!
    # d^n/ds^n at 0 of cos(w s): w^n (1, 0, -1, 0, ...); of -sin(w s): w^n (0, -1, 0, 1, ...)
    We = W[:, 0::2] * np.where(n[0::2] % 4 == 0, 1.0, -1.0)
    Wo = W[:, 1::2] * np.where(n[1::2] % 4 == 1, -1.0, 1.0)
    N, K = d.size, Zc.shape[1]
    c = np.empty((N, P + 1))
    # blocks of ~100 kB: N x K temporaries for a year would be megabytes of fresh pages,
    # which cost more to fault in than the arithmetic (measured 6 ms vs 1 ms at K = 120)
    rows = max(16, 12288 // max(K, 1))
    for i in range(0, N, rows):
        dd, mm = d[i:i + rows], m[i:i + rows]
        a, b, e, f = Zc[dd], Zs[dd], Ec[mm], Es[mm]
        Bc = a * e
        Bc -= b * f  # A cos(w tau_m + phi)
        Bs = b * e
        Bs += a * f  # A sin(w tau_m + phi)
        c[i:i + rows, 0::2] = matmul(Bc, We)
        c[i:i + rows, 1::2] = matmul(Bs, Wo)
    return c


def _horner(cT: np.ndarray, s: np.ndarray) -> np.ndarray:
    """Polynomials with coefficient rows cT (ascending powers, one column per point) at s."""
    y = cT[-1].copy()
    for row in cT[-2::-1]:
        y *= s
        y += row
    return y


def _deriv(c: np.ndarray, k: int) -> np.ndarray:
    """Coefficients of the k-th derivative, transposed (P+1-k, N) for _horner."""
    n = np.arange(k, c.shape[1])
    scale = np.ones(n.size)
    for i in range(k):
        scale *= n - i
    return np.ascontiguousarray((c[:, k:] * scale).T)


def _poly_roots(c: np.ndarray, lo: np.ndarray, hi: np.ndarray, glo: np.ndarray,
                x: np.ndarray) -> np.ndarray:
    """Solve p'(s) = 0 in each bracket [lo, hi] from guesses x, all at once: Newton,
    falling back to bisection when a step would leave the bracket."""
    c1, c2 = _deriv(c, 1), _deriv(c, 2)
    x = x.copy()
    idx = np.arange(x.size)  # the points still iterating
    xa, la, ha, ga = x.copy(), lo.copy(), hi.copy(), glo
    for _ in range(60):
        d1, d2 = _horner(c1, xa), _horner(c2, xa)
        # keep the bracket: the side whose derivative sign matches the low end moves
        same = np.sign(d1) == np.sign(ga)
        la = np.where(same, xa, la)
        ha = np.where(same, ha, xa)
        with np.errstate(divide="ignore", invalid="ignore"):
            xn = xa - d1 / d2
        bad = ~np.isfinite(xn) | (xn <= la) | (xn >= ha)
        xn = np.where(bad, 0.5 * (la + ha), xn)
        x[idx] = xn
        go = (np.abs(xn - xa) >= TOL_HOURS) & (ha - la >= TOL_HOURS)
        if not go.any():
            break
        idx, xa, la, ha, ga = idx[go], xn[go], la[go], ha[go], ga[go]
        c1, c2 = c1[:, go], c2[:, go]
    return x


def _drop_wiggles(t: np.ndarray, z: np.ndarray, high: np.ndarray,
                  min_range: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Remove adjacent pairs whose height difference is below min_range, smallest first.

    A heap of the candidate pairs over a linked list of the kept extremes: the same result
    as rescanning all differences after every removal (ties go to the earlier pair), in
    time proportional to the number of wiggles rather than wiggles x extremes.
    """
    n = len(t)
    dz = np.abs(np.diff(z))
    cand = np.flatnonzero(dz < min_range)
    if cand.size == 0:
        return t, z, high
    zl = z.tolist()
    prev = list(range(-1, n - 1))
    nxt = list(range(1, n + 1))
    alive = [True] * n
    heap = list(zip(dz[cand].tolist(), cand.tolist(), (cand + 1).tolist()))
    heapq.heapify(heap)
    while heap:
        _, i, j = heapq.heappop(heap)
        if not (alive[i] and alive[j] and nxt[i] == j):
            continue  # stale: one of the pair went with another wiggle
        alive[i] = alive[j] = False
        p, q = prev[i], nxt[j]
        if p >= 0:
            nxt[p] = q
        if q < n:
            prev[q] = p
        if p >= 0 and q < n:
            d = abs(zl[q] - zl[p])
            if d < min_range:
                heapq.heappush(heap, (d, p, q))
    k = np.flatnonzero(alive)
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
    G = -matmul(Zs, (Ec * omega).T) - matmul(Zc, (Es * omega).T)  # (D, n+1) cm/hour
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
    P = _degree(np.max(A, axis=0), omega, step)
    c = _taylor(Zc, Zs, Ec, Es, d_idx, m, omega, P)
    s = _poly_roots(c, lo - tau[m], hi - tau[m], ga, x0 - tau[m])
    z = _horner(np.ascontiguousarray(c.T), s)
    high = _horner(_deriv(c, 2), s) < 0
    t = days[d_idx] * DAY + (tau[m] + s) * 3600.0
    order = np.argsort(t, kind="stable")
    t, z, high = t[order], z[order], high[order]
    # a root on a day boundary can be seen from both days: keep one
    dup = np.concatenate([[False], (np.diff(t) < 60.0) & (high[1:] == high[:-1])])
    t, z, high = t[~dup], z[~dup], high[~dup]
    t, z, high = _drop_wiggles(t, z, high, min_range_cm)
    inside = (t >= start) & (t < end)
    return t[inside], z[inside], high[inside]
