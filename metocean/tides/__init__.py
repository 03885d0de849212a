"""Tide prediction from harmonic constants (TICON-4 and NOAA CO-OPS stations).

Heights are in cm relative to mean sea level; times are timezone-aware UTC.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import lru_cache

import numpy as np

from . import constituents as _constituents
from .extremes import find_extremes
from .prediction import Harmonics, build_harmonics, heights
from .stations import Station, StationIndex, load_stations

__all__ = ["Station", "StationIndex", "TideExtreme", "load_stations", "tide_heights",
           "tide_extremes", "supported_constituents"]


@dataclass(frozen=True)
class TideExtreme:
    time: datetime   # timezone-aware UTC, rounded to the second
    height_cm: float  # relative to MSL, 2 decimals
    kind: str        # "HIGH" | "LOW"


def supported_constituents() -> set[str]:
    """Return every constituent name (including aliases) the engine can predict."""
    return _constituents.supported_constituents()


def _reference_id(station_id: str) -> str:
    st = load_stations().get(station_id)
    if st is None:
        raise KeyError(f"unknown tide station {station_id!r}")
    if st.kind == "subordinate":
        ref = load_stations().get(st.reference_id or "")
        if ref is None or ref.kind != "reference":
            raise KeyError(f"{station_id}: reference station {st.reference_id!r} not available")
        return ref.id
    return st.id


@lru_cache(maxsize=256)
def _harmonics(reference_id: str) -> Harmonics:
    return build_harmonics(*load_stations().constants(reference_id))


def _unix(t: datetime) -> float:
    if t.tzinfo is None:
        raise ValueError("naive datetime: pass a timezone-aware datetime (UTC)")
    return t.timestamp()


def _to_unix_array(times: Sequence[datetime] | np.ndarray) -> np.ndarray:
    arr = np.asarray(times)
    if arr.dtype.kind == "M":  # numpy datetime64, taken as UTC
        return arr.astype("datetime64[ns]").astype(np.int64) / 1e9
    if arr.dtype.kind in "fiu":  # already unix seconds
        return arr.astype(np.float64)
    return np.array([_unix(t) for t in np.ravel(arr)], dtype=np.float64).reshape(arr.shape)


def tide_heights(station_id: str, times: Sequence[datetime] | np.ndarray) -> np.ndarray:
    """Return predicted heights (cm relative to MSL) at TIMES as a float array.

    TIMES: aware datetimes, numpy datetime64 (UTC) or unix seconds. A subordinate station
    returns its reference station's heights (its offsets only define extremes).
    """
    return heights(_harmonics(_reference_id(station_id)), _to_unix_array(times))


def _round2(z: np.ndarray) -> list[float]:
    """[round(x, 2) for x in z], vectorised: rint(100 x) / 100 is the same float (the
    nearest to the same decimal) unless 100 x is within float error of a half, where the
    decimal rounding is left to round() itself."""
    z100 = z * 100.0
    out = (np.rint(z100) / 100.0).tolist()
    for i in np.flatnonzero(np.abs(z100 - np.floor(z100) - 0.5) < 1e-6).tolist():
        out[i] = round(float(z[i]), 2)
    return out


def _as_extremes(t: np.ndarray, z: np.ndarray, high: np.ndarray) -> list[TideExtreme]:
    # whole seconds (rint rounds half to even, as round() does); Python scalars throughout:
    # numpy scalars make datetime and round() ~10x slower
    fromts, utc = datetime.fromtimestamp, timezone.utc
    times = [fromts(s, utc) for s in np.rint(t).tolist()]
    kinds = np.where(high, "HIGH", "LOW").tolist()
    return list(map(TideExtreme, times, _round2(z), kinds))


def tide_extremes(station_id: str, start: datetime, end: datetime) -> list[TideExtreme]:
    """Return every high and low water in [start, end), sorted by time.

    Subordinate stations: the reference's extremes shifted by the time offsets (minutes)
    and scaled (ratio) or shifted (fixed, metres) in height, then clipped to [start, end).
    """
    t0, t1 = _unix(start), _unix(end)
    ref = _reference_id(station_id)
    off = load_stations().offsets(station_id)
    h = _harmonics(ref)
    if off is None:
        return _as_extremes(*find_extremes(h, t0, t1))
    pad = 60.0 * max(abs(off.time_high_min), abs(off.time_low_min)) + 3600.0
    t, z, high = find_extremes(h, t0 - pad, t1 + pad)
    t = t + 60.0 * np.where(high, off.time_high_min, off.time_low_min)
    if off.height_type == "ratio":
        z = z * np.where(high, off.height_high, off.height_low)
    else:
        z = z + 100.0 * np.where(high, off.height_high, off.height_low)
    order = np.argsort(t, kind="stable")
    t, z, high = t[order], z[order], high[order]
    inside = (t >= t0) & (t < t1)
    return _as_extremes(t[inside], z[inside], high[inside])
