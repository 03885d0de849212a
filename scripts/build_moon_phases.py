"""Search the principal moon phases of the supported span once: writes metocean/data/moon_phases.npz.

Usage: python scripts/build_moon_phases.py [--check]

Runs the live search (metocean.moonphases.search_window: Skyfield's almanac.moon_phases on the
shipped DE421, as answers used to) for every 30-day block from the one before the first
supported day to the one after the last, and stores each block's result as it came (see
metocean/moonphases.py for the layout). ~2 minutes of CPU. With --check it writes nothing and
only says whether the shipped file holds exactly what a fresh search gives.
"""
from __future__ import annotations

import io
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from metocean import astro, moonphases  # noqa: E402

OUT = moonphases.DATA_FILE


def block_span() -> tuple[int, int]:
    """Return the first and last block to search: one either side of the supported days, so
    every supported day's block and the next phases after the last day come from the table."""
    first, last = astro.supported_days()
    return (first.toordinal() // moonphases.BLOCK_DAYS - 1,
            last.toordinal() // moonphases.BLOCK_DAYS + 1)


def build(first_block: int, last_block: int) -> dict[str, np.ndarray]:
    """Return the table's arrays for blocks first..last, each searched live."""
    ts, eph = astro._loaded()
    rows: list[tuple] = []
    start = [0]
    for block in range(first_block, last_block + 1):
        rows += moonphases.search_window(ts, eph, block)
        start.append(len(rows))
    return {"utc_us": np.array([moonphases.to_us(t) for t, _ in rows], dtype=np.int64),
            "phase": np.array([k for _, k in rows], dtype=np.uint8),
            "start": np.array(start, dtype=np.int64),
            "blocks": np.array([first_block, last_block], dtype=np.int64)}


def main(argv: list[str]) -> None:
    arrays = build(*block_span())
    if "--check" in argv:
        with np.load(OUT) as z:
            same = all(np.array_equal(z[k], v) and z[k].dtype == v.dtype for k, v in arrays.items())
        print("up to date" if same else f"{OUT} differs from a fresh search")
        raise SystemExit(0 if same else 1)
    buf = io.BytesIO()
    np.savez(buf, **arrays)  # uncompressed: read in a millisecond
    OUT.write_bytes(buf.getvalue())
    print(f"{len(arrays['phase'])} instants, blocks {arrays['blocks'].tolist()} "
          f"-> {OUT} ({len(buf.getvalue()) / 1e3:.0f} kB)")


if __name__ == "__main__":
    main(sys.argv)
