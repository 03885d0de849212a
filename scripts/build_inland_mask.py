"""Build metocean/data/inland.npy: where a point is on land with no sea within about 7 km.

Usage: ``python scripts/build_inland_mask.py`` (needs global-land-mask, already a pinned
dependency; nothing is downloaded). The runtime (metocean/land.py) only loads the result,
because the 1 km GLOBE mask itself costs ~1 GB of memory and ~5 s to import.

Rule (the same "sea within ~7 km" as the gazetteer's `coastal` flag, scripts/build_places.py):
the world is cut into 0.05-degree cells (~5.5 km); a cell holds sea when any of its 6 x 6
GLOBE pixels is ocean; a cell is *inland* when neither it nor any cell whose centre lies
within 7 km of its centre holds sea (lon neighbours widen with 1/cos(lat)). Stored as
packed bits, one grid row per array row (eight cells a byte, first cell the high bit), row 0
at latitude -90, column 0 at longitude -180; uncompressed, so the runtime maps the file and
reads one byte a question instead of inflating ~3 MiB (git compresses it to ~100 KiB).
"""
from __future__ import annotations

import math
import sys
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
OUT = REPO / "metocean" / "data" / "inland.npy"
CELL_DEG = 0.05
PIXELS = 6  # GLOBE pixels (1/120 degree) per cell side
COAST_KM = 7.0
KM_PER_DEG = 111.32


def sea_cells() -> np.ndarray:
    """Return a (3600, 7200) bool grid: True where the cell holds any ocean pixel (south row first)."""
    from global_land_mask import globe  # build-time only: ~1 GB

    ocean = globe._mask  # (21600, 43200) True = ocean, row 0 at +90 (north): the package's layout
    rows, cols = ocean.shape[0] // PIXELS, ocean.shape[1] // PIXELS
    any_ocean = ocean.reshape(rows, PIXELS, cols, PIXELS).any(axis=(1, 3))
    return any_ocean[::-1]  # south first, as the runtime indexes


def inland_cells(sea: np.ndarray) -> np.ndarray:
    """Return True where no sea cell's centre lies within COAST_KM of the cell's centre."""
    rows, cols = sea.shape
    near = sea.copy()
    dlat_cells = int(COAST_KM // (CELL_DEG * KM_PER_DEG))  # 1 at 0.05 degree
    for dr in range(-dlat_cells, dlat_cells + 1):
        near |= np.roll(sea, dr, axis=0) if dr else sea
    lat = -90 + (np.arange(rows) + 0.5) * CELL_DEG
    cos = np.maximum(np.cos(np.radians(lat)), 1e-3)
    reach = np.minimum((COAST_KM / (CELL_DEG * KM_PER_DEG * cos)).astype(int), cols // 2)
    vertical = near.copy()
    for r in range(rows):
        k = int(reach[r])
        if k == 0:
            continue
        row = vertical[r]
        acc = row.copy()
        for dc in range(1, k + 1):
            acc |= np.roll(row, dc) | np.roll(row, -dc)
        near[r] = acc
    return ~near


def write(inland: np.ndarray, out: Path = OUT) -> None:
    """Write the (rows, cols) bool grid as packed bits; the cell size is 180 / rows degrees."""
    rows, cols = inland.shape
    if cols % 8 or 180.0 / rows != CELL_DEG or cols != 2 * rows:
        raise ValueError(f"unexpected grid shape {inland.shape}")
    np.save(out, np.packbits(inland, axis=1))


def main() -> int:
    """Write metocean/data/inland.npy; return 0."""
    sea = sea_cells()
    inland = inland_cells(sea)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    write(inland)
    share = inland.mean() * 100
    print(f"wrote {OUT.relative_to(REPO)}: {inland.shape[0]} x {inland.shape[1]} cells, "
          f"{share:.1f}% inland, {OUT.stat().st_size / 1024:.0f} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
