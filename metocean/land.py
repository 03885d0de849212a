"""Is a point inland? A 0.05-degree grid built from the 1 km GLOBE land mask (scripts/build_inland_mask.py).

Inland means on land with no sea within about 7 km, the gazetteer's "coastal" distance:
upstream's global tide model has nothing there, so the local engine answers as upstream
does (empty highs and lows) instead of borrowing a station's tides for a city up-country.
The grid is ~3 MiB of packed bits (eight cells a byte, read bit by bit: unpacking it would cost
26 MB), stored uncompressed and memory-mapped once per process: a question reads one byte, and
no process inflates the whole file (~10 ms) for it.
"""
from __future__ import annotations

import functools
import math
from pathlib import Path

import numpy as np

MASK_FILE = Path(__file__).resolve().parent / "data" / "inland.npy"


@functools.cache
def _grid() -> tuple[np.ndarray, tuple[int, int], float]:
    """Return (packed inland bits, row-major, first cell's bit the high bit; (rows, columns), row 0
    at -90 and column 0 at -180; cell size in degrees)."""
    packed = np.load(MASK_FILE, mmap_mode="r")  # (rows, columns / 8), see scripts/build_inland_mask.py
    rows, width = packed.shape
    return packed.reshape(-1), (rows, width * 8), 180.0 / rows


def is_inland(lon: float, lat: float) -> bool:
    """Return True when (lon, lat) is on land with no sea within ~7 km (False for bad numbers)."""
    if not (math.isfinite(lon) and math.isfinite(lat)):
        return False
    bits, (rows, cols), cell = _grid()
    row = min(max(int((lat + 90.0) // cell), 0), rows - 1)
    col = int(((lon + 180.0) % 360.0) // cell) % cols
    index = row * cols + col
    return bool((int(bits[index >> 3]) >> (7 - (index & 7))) & 1)   # np.unpackbits' big-endian order
