"""Tidal constituent definitions, read from constituents.json.

Each entry of constituents.json is one of
  {"doodson": [7 ints], "nodal": BASE}           a fundamental with its own f/u formula
  {"doodson": [7 ints], "members": [[NAME, k]]}  f = prod f_m^|k|, u = sum k u_m
  {"alias": NAME}                                another name of the same line
The Doodson row multiplies astronomy.ARGUMENTS (tau, s, h, p, N'=-N, p1, 90 deg) to give
the equilibrium argument V0, and the same row times the argument rates gives the speed.
Names and V0 conventions follow the IHO TWCWG constituent list (Schureman/NOAA signs);
shallow-water members follow its Annex B decomposition of the name.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from .nodal import BASES

DATA_FILE = Path(__file__).with_name("constituents.json")


@dataclass(frozen=True)
class Constituent:
    name: str
    doodson: tuple[int, ...]
    # Weights on nodal.BASES: u = u_weights @ u_base, log f = f_weights @ log f_base
    u_weights: tuple[float, ...]
    f_weights: tuple[float, ...]


@lru_cache(maxsize=1)
def _raw() -> dict[str, dict]:
    return json.loads(DATA_FILE.read_text())


def canonical(name: str) -> str:
    """Return the canonical name for NAME (resolving aliases such as LAM2 -> LAMBDA2)."""
    entry = _raw().get(name)
    if entry is None:
        raise KeyError(f"unknown tidal constituent {name!r}")
    return entry.get("alias", name)


def _weights(name: str, seen: tuple[str, ...] = ()) -> tuple[np.ndarray, np.ndarray]:
    """Expand a constituent down to the base formulas: (u weights, f weights)."""
    if name in seen:
        raise ValueError(f"cyclic constituent definition: {' -> '.join(seen + (name,))}")
    entry = _raw()[canonical(name)]
    u, f = np.zeros(len(BASES)), np.zeros(len(BASES))
    if "nodal" in entry:
        if entry["nodal"] != "unity":
            u[BASES.index(entry["nodal"])] = 1.0
            f[BASES.index(entry["nodal"])] = 1.0
        return u, f
    for member, k in entry["members"]:
        mu, mf = _weights(member, seen + (name,))
        u += k * mu
        f += abs(k) * mf
    return u, f


@lru_cache(maxsize=None)
def get(name: str) -> Constituent:
    """Return the Constituent for NAME or an alias of it; KeyError if unknown."""
    canon = canonical(name)
    u, f = _weights(canon)
    return Constituent(canon, tuple(_raw()[canon]["doodson"]), tuple(u), tuple(f))


def supported_constituents() -> set[str]:
    """Return every constituent name (canonical names and aliases) the engine predicts."""
    return set(_raw())
