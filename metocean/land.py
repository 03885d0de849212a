"""Is a point inland? A 0.05-degree grid built from the 1 km GLOBE land mask (scripts/build_inland_mask.py).

Inland means on land with no sea within about 7 km, the gazetteer's "coastal" distance:
upstream's global tide model has nothing there, so the local engine answers as upstream
does (empty highs and lows) instead of borrowing a station's tides for a city up-country.
The grid is ~95 KiB on disk and ~3 MiB in memory (kept packed, eight cells a byte, and read bit
by bit: unpacking it would cost 26 MB and tens of milliseconds per process), loaded once per process.
"""
from __future__ import annotations

import functools
import math
from pathlib import Path

import numpy as np

MASK_FILE = Path(__file__).resolve().parent / "data" / "inland.npz"


@functools.cache
def _grid() -> tuple[np.ndarray, tuple[int, int], float]:
    """Return (packed inland bits, row-major, first cell's bit the high bit; (rows, columns), row 0
    at -90 and column 0 at -180; cell size in degrees)."""
    with np.load(MASK_FILE) as data:
        shape = tuple(int(n) for n in data["shape"])
        return data["bits"], (shape[0], shape[1]), float(data["cell_deg"])


def is_inland(lon: float, lat: float) -> bool:
    """Return True when (lon, lat) is on land with no sea within ~7 km (False for bad numbers)."""
    if not (math.isfinite(lon) and math.isfinite(lat)):
        return False
    bits, (rows, cols), cell = _grid()
    row = min(max(int((lat + 90.0) // cell), 0), rows - 1)
    col = int(((lon + 180.0) % 360.0) // cell) % cols
    index = row * cols + col
    return bool((int(bits[index >> 3]) >> (7 - (index & 7))) & 1)   # np.unpackbits' big-endian order
