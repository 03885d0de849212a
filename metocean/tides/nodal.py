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
    # every sine and cosine once (the series below share them)
    cN, c2N, c3N = np.cos(N), np.cos(2 * N), np.cos(3 * N)
    sN, s2N, s3N = np.sin(N), np.sin(2 * N), np.sin(3 * N)
    sp, cp, spN, cpN = np.sin(p), np.cos(p), np.sin(p - N), np.cos(p - N)
    s2p, c2p = np.sin(2 * p), np.cos(2 * p)
    s2pN, c2pN = np.sin(2 * p - N), np.cos(2 * p - N)
    s2p2N, c2p2N = np.sin(2 * p - 2 * N), np.cos(2 * p - 2 * N)
    f, u = {}, {}
    f["Mm"] = 1 - 0.1311 * cN + 0.0538 * c2p + 0.0205 * c2pN
    u["Mm"] = np.zeros_like(N)
    f["Mf"] = 1.084 + 0.415 * cN + 0.039 * c2N
    u["Mf"] = -23.7 * sN + 2.7 * s2N - 0.4 * s3N
    f["O1"] = 1.0176 + 0.1871 * cN - 0.0147 * c2N
    u["O1"] = 10.8 * sN - 1.34 * s2N + 0.19 * s3N
    f["K1"] = 1.006 + 0.115 * cN - 0.0088 * c2N + 0.0006 * c3N
    u["K1"] = -8.86 * sN + 0.68 * s2N - 0.07 * s3N
    f["J1"] = 1.1029 + 0.1676 * cN - 0.017 * c2N + 0.0016 * c3N
    u["J1"] = -12.94 * sN + 1.34 * s2N - 0.19 * s3N
    f["M1"], u["M1"] = _from_sin_cos(sp + 0.2 * spN, 2 * (cp + 0.2 * cpN))
    f["M2"] = 1.0007 - 0.0373 * cN + 0.0002 * c2N
    u["M2"] = -2.14 * sN
    f["K2"] = 1.0246 + 0.2863 * cN + 0.0083 * c2N - 0.0015 * c3N
    u["K2"] = -17.74 * sN + 0.68 * s2N - 0.04 * s3N
    f["L2"], u["L2"] = _from_sin_cos(
        -0.2505 * s2p - 0.1102 * s2pN - 0.0156 * s2p2N - 0.037 * sN,
        1 - 0.2505 * c2p - 0.1102 * c2pN - 0.0156 * c2p2N - 0.037 * cN)
    # M3 is third-degree: f = f(M2)^1.5, and its own u series
    f["M3"] = f["M2"] ** 1.5
    u["M3"] = -3.21 * sN
    return (np.stack([f[b] for b in BASES], axis=-1), np.stack([u[b] for b in BASES], axis=-1))


def corrections(unix_seconds: np.ndarray | float, u_weights: np.ndarray,
                f_weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Return (f, u) of shape (n, K) for constituents given by (K, len(BASES)) weights."""
    fb, ub = base_corrections(unix_seconds)
    return np.exp(matmul(np.log(fb), f_weights.T)), matmul(ub, u_weights.T)
