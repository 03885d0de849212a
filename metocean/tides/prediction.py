"""Harmonic tide heights: h(t) = sum_k f_k A_k cos(V0_k(t) + u_k(t) - g_k), in cm rel. MSL.

V0 comes from the astronomical arguments at the instant itself; f and u, which move on the
18.6-year nodal cycle (< 0.01 % per day), are evaluated at noon UTC of each instant's day.
No datum offset is added: heights are relative to mean sea level.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import astronomy, constituents, nodal
from .linalg import matmul

DAY = 86400.0


@dataclass(frozen=True, eq=False)
class Harmonics:
    """The harmonic constants of one station, ready for vectorised evaluation."""
    names: tuple[str, ...]
    amp_cm: np.ndarray     # (K,)
    phase_deg: np.ndarray  # (K,) Greenwich phase lag g
    doodson: np.ndarray    # (K, 7) rows on astronomy.ARGUMENTS
    u_weights: np.ndarray  # (K, len(nodal.BASES))
    f_weights: np.ndarray


def build_harmonics(names: list[str], amplitudes_m: np.ndarray, phases_deg: np.ndarray) -> Harmonics:
    """Return Harmonics for a station's constants; KeyError on an unknown constituent name.

    Zero amplitudes are dropped (they contribute nothing). Two names for the same line
    (e.g. LAM2 and LAMBDA2) are summed as phasors: each is a fitted part of that line.
    """
    phasors: dict[str, complex] = {}
    for name, a, g in zip(names, amplitudes_m, phases_deg):
        c = constituents.get(name)  # raises KeyError: never skip a constituent silently
        if a != 0:
            phasors[c.name] = phasors.get(c.name, 0j) + a * 100.0 * np.exp(-1j * np.radians(g))
    keys = tuple(phasors)
    z = np.array([phasors[k] for k in keys], dtype=np.complex128)
    defs = [constituents.get(k) for k in keys]
    width = len(nodal.BASES)
    return Harmonics(
        names=keys,
        amp_cm=np.abs(z),
        phase_deg=np.mod(-np.degrees(np.angle(z)), 360.0),
        doodson=np.array([d.doodson for d in defs], dtype=np.float64).reshape(-1, 7),
        u_weights=np.array([d.u_weights for d in defs], dtype=np.float64).reshape(-1, width),
        f_weights=np.array([d.f_weights for d in defs], dtype=np.float64).reshape(-1, width),
    )


def speeds(h: Harmonics, unix_seconds: float) -> np.ndarray:
    """Return the constituent speeds in degrees per hour at one instant."""
    return h.doodson @ astronomy.argument_rates(unix_seconds)


def _daily_nodal(h: Harmonics, days: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """f, u (shape (len(days), K)) at noon of each UTC day number."""
    return nodal.corrections(days * DAY + DAY / 2, h.u_weights, h.f_weights)


def heights(h: Harmonics, unix_seconds: np.ndarray, chunk: int = 20000) -> np.ndarray:
    """Return predicted heights in cm relative to MSL at UTC unix timestamps."""
    t = np.atleast_1d(np.asarray(unix_seconds, dtype=np.float64))
    out = np.empty(t.shape)
    if len(h.names) == 0:
        out[:] = 0.0
        return out
    flat, res = t.ravel(), out.ravel()
    for i in range(0, flat.size, chunk):  # bounded memory: chunk x K matrices
        tc = flat[i:i + chunk]
        day = np.floor(tc / DAY)
        udays, inv = np.unique(day, return_inverse=True)
        f, u = _daily_nodal(h, udays)
        v0 = matmul(astronomy.argument_matrix(tc), h.doodson.T)
        arg = np.radians(v0 + u[inv] - h.phase_deg)
        res[i:i + chunk] = np.sum(h.amp_cm * f[inv] * np.cos(arg), axis=1)
    return out


def day_parameters(h: Harmonics, days: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Return (A (D,K) cm, phi (D,K) rad) so that on day d, at tau hours after 00:00 UTC,
    h = sum_k A[d,k] cos(omega_k tau + phi[d,k]) with omega from speeds(); phi in [-pi, pi]."""
    f, u = _daily_nodal(h, days)
    v0 = matmul(astronomy.argument_matrix(days * DAY), h.doodson.T)
    phase = v0 + u - h.phase_deg
    phase -= 360.0 * np.rint(phase / 360.0)  # exact reduction, ~5x cheaper than np.mod
    return h.amp_cm * f, np.radians(phase)
