"""Nodal corrections f (amplitude factor) and u (phase, degrees).

The fundamental formulas are the IHO Tidal Working Group's (TWCWG constituent list,
Annex A): Fourier series in the lunar node N, with the lunar perigee p for the
constituents it modulates (Mm, M1, L2). They approximate Schureman's (1958) exact
expressions to ~0.1 % in f and ~0.1 degree in u. Every other constituent derives f and u
from these bases through constituents.json (f = prod f_m^|k|, u = sum k u_m).
"""
from __future__ import annotations

import numpy as np

from . import astronomy
from .linalg import matmul

BASES: tuple[str, ...] = ("Mm", "Mf", "O1", "K1", "J1", "M1", "M2", "K2", "L2", "M3")


def _from_sin_cos(fsin: np.ndarray, fcos: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    return np.hypot(fsin, fcos), np.degrees(np.arctan2(fsin, fcos))


def base_corrections(unix_seconds: np.ndarray | float) -> tuple[np.ndarray, np.ndarray]:
    """Return (f, u) arrays of shape (n, len(BASES)); u in degrees."""
    a = astronomy.fundamentals(np.atleast_1d(unix_seconds))
    N, p = np.radians(a["N"]), np.radians(a["p"])
    sin, cos = np.sin, np.cos
    f, u = {}, {}
    f["Mm"] = 1 - 0.1311 * cos(N) + 0.0538 * cos(2 * p) + 0.0205 * cos(2 * p - N)
    u["Mm"] = np.zeros_like(N)
    f["Mf"] = 1.084 + 0.415 * cos(N) + 0.039 * cos(2 * N)
    u["Mf"] = -23.7 * sin(N) + 2.7 * sin(2 * N) - 0.4 * sin(3 * N)
    f["O1"] = 1.0176 + 0.1871 * cos(N) - 0.0147 * cos(2 * N)
    u["O1"] = 10.8 * sin(N) - 1.34 * sin(2 * N) + 0.19 * sin(3 * N)
    f["K1"] = 1.006 + 0.115 * cos(N) - 0.0088 * cos(2 * N) + 0.0006 * cos(3 * N)
    u["K1"] = -8.86 * sin(N) + 0.68 * sin(2 * N) - 0.07 * sin(3 * N)
    f["J1"] = 1.1029 + 0.1676 * cos(N) - 0.017 * cos(2 * N) + 0.0016 * cos(3 * N)
    u["J1"] = -12.94 * sin(N) + 1.34 * sin(2 * N) - 0.19 * sin(3 * N)
    f["M1"], u["M1"] = _from_sin_cos(sin(p) + 0.2 * sin(p - N),
                                     2 * (cos(p) + 0.2 * cos(p - N)))
    f["M2"] = 1.0007 - 0.0373 * cos(N) + 0.0002 * cos(2 * N)
    u["M2"] = -2.14 * sin(N)
    f["K2"] = 1.0246 + 0.2863 * cos(N) + 0.0083 * cos(2 * N) - 0.0015 * cos(3 * N)
    u["K2"] = -17.74 * sin(N) + 0.68 * sin(2 * N) - 0.04 * sin(3 * N)
    f["L2"], u["L2"] = _from_sin_cos(
        -0.2505 * sin(2 * p) - 0.1102 * sin(2 * p - N) - 0.0156 * sin(2 * p - 2 * N) - 0.037 * sin(N),
        1 - 0.2505 * cos(2 * p) - 0.1102 * cos(2 * p - N) - 0.0156 * cos(2 * p - 2 * N) - 0.037 * cos(N))
    # M3 is third-degree: f = f(M2)^1.5, and its own u series
    f["M3"] = f["M2"] ** 1.5
    u["M3"] = -3.21 * sin(N)
    return (np.stack([f[b] for b in BASES], axis=-1), np.stack([u[b] for b in BASES], axis=-1))


def corrections(unix_seconds: np.ndarray | float, u_weights: np.ndarray,
                f_weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Return (f, u) of shape (n, K) for constituents given by (K, len(BASES)) weights."""
    fb, ub = base_corrections(unix_seconds)
    return np.exp(matmul(np.log(fb), f_weights.T)), matmul(ub, u_weights.T)
