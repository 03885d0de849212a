"""Fundamental astronomical arguments for UTC instants.

Mean longitudes (degrees) as polynomials in T, Julian centuries of 36525 days from
J2000.0 (JD 2451545.0), after Meeus, *Astronomical Algorithms* (2nd ed., ch. 22 and 47),
the same series the IHO/NOAA practice uses. UT is used for T (ΔT ignored, < 2 minutes of
time, which moves s by < 0.001 degree).

    s   mean longitude of the Moon
    h   mean longitude of the Sun
    p   longitude of the Moon's perigee
    N   longitude of the Moon's ascending node
    p1  longitude of the Sun's perigee (perihelion)
    tau mean lunar time: T + h - s, with T = 180 deg + 15 deg/hour * UT hours
"""
from __future__ import annotations

import numpy as np

J2000_UNIX = 946_728_000.0  # 2000-01-01T12:00:00Z, JD 2451545.0
SECONDS_PER_CENTURY = 36525.0 * 86400.0
HOURS_PER_CENTURY = 36525.0 * 24.0

# Polynomial coefficients in T (ascending powers), degrees.
POLY: dict[str, tuple[float, ...]] = {
    "s": (218.3164591, 481267.88134236, -0.0013268, 1 / 538841 - 1 / 65194000),
    "h": (280.46645, 36000.76983, 0.0003032),
    "p": (83.353243, 4069.0137111, -0.0103238, -1 / 80053, 1 / 18999000),
    "N": (125.044555, -1934.1361849, 0.0020762, 1 / 467410, -1 / 60616000),
    "p1": (282.93734, 1.71946, 0.00045688, -0.000000018),
}

# Order of the arguments that Doodson-style coefficient rows multiply (see constituents.py):
# tau, s, h, p, N' = -N, p1, and a constant 90 degrees.
ARGUMENTS = ("tau", "s", "h", "p", "N'", "p1", "90")


def centuries(unix_seconds: np.ndarray | float) -> np.ndarray:
    """Return Julian centuries since J2000.0 for UTC unix timestamps (seconds)."""
    return (np.asarray(unix_seconds, dtype=np.float64) - J2000_UNIX) / SECONDS_PER_CENTURY


def _poly(coef: tuple[float, ...], t: np.ndarray) -> np.ndarray:
    return np.polynomial.polynomial.polyval(t, coef)


def _poly_rate(coef: tuple[float, ...], t: np.ndarray) -> np.ndarray:
    """Derivative in degrees per hour."""
    d = np.polynomial.polynomial.polyder(np.asarray(coef))
    return np.polynomial.polynomial.polyval(t, d) / HOURS_PER_CENTURY


def fundamentals(unix_seconds: np.ndarray | float) -> dict[str, np.ndarray]:
    """Return s, h, p, N, p1, tau in degrees (reduced to [0, 360)) for each instant."""
    t = centuries(unix_seconds)
    out = {k: np.mod(_poly(c, t), 360.0) for k, c in POLY.items()}
    ut_hours = np.mod(np.asarray(unix_seconds, dtype=np.float64), 86400.0) / 3600.0
    out["tau"] = np.mod(180.0 + 15.0 * ut_hours + out["h"] - out["s"], 360.0)
    return out


def argument_matrix(unix_seconds: np.ndarray | float) -> np.ndarray:
    """Return the (n, 7) matrix of ARGUMENTS in degrees, one row per instant."""
    f = fundamentals(np.atleast_1d(unix_seconds))
    return np.stack([f["tau"], f["s"], f["h"], f["p"], -f["N"], f["p1"],
                     np.full_like(f["s"], 90.0)], axis=-1)


def argument_rates(unix_seconds: float) -> np.ndarray:
    """Return the rates of ARGUMENTS in degrees per hour at one instant (shape (7,))."""
    t = centuries(unix_seconds)
    r = {k: float(_poly_rate(c, t)) for k, c in POLY.items()}
    return np.array([15.0 + r["h"] - r["s"], r["s"], r["h"], r["p"], -r["N"], r["p1"], 0.0])
