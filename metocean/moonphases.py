"""Principal moon phases (new, first quarter, full, last quarter) from a shipped table.

Answers search for them by 30-day block (day ordinal // 30, 21 days before its start to 51
after) with Skyfield's `almanac.moon_phases` on DE421 (`find_discrete` to 1 ms): ~70 ms a block,
the largest part of a cold process's first sun/moon answer. scripts/build_moon_phases.py runs
that search once for every block of the supported span and ships what each returned in
metocean/data/moon_phases.npz (uncompressed, read in a millisecond):

- `utc_us` int64: the instants, microseconds since 1970-01-01 UTC (exactly the `datetime`s the
  search returns; leap seconds are not counted, as in `datetime` arithmetic);
- `phase` uint8: 0..3 in `almanac.moon_phases` order;
- `start` int64: block `blocks[0] + j` found rows start[j]:start[j + 1];
- `blocks` int64 [first, last]: the blocks searched.

Each block's own result is kept, not one instant per phase: the same phase found from two
blocks can differ by under a millisecond, sometimes across a whole second, and answers must be
what the live search gave. Blocks outside the table are searched live (`search_window`).
"""
from __future__ import annotations

import functools
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import numpy as np

DATA_FILE = Path(__file__).resolve().parent / "data" / "moon_phases.npz"
BLOCK_DAYS = 30
WINDOW_DAYS = (-21, 51)  # a block's search runs from its start + 21 days before to + 51 days
_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
_US = timedelta(microseconds=1)

Phase = tuple[datetime, int]


def window(block: int) -> tuple[date, date]:
    """Return the first and last UTC day (midnight starts) of `block`'s search."""
    return (date.fromordinal(block * BLOCK_DAYS + WINDOW_DAYS[0]),
            date.fromordinal(block * BLOCK_DAYS + WINDOW_DAYS[1]))


def search_window(ts: Any, eph: Any, block: int) -> tuple[Phase, ...]:
    """Return the principal phases (UTC instant, index 0..3) Skyfield finds in `block`'s window.

    The live search: ~70 ms. Raises Skyfield's EphemerisRangeError outside the ephemeris.
    """
    from skyfield import almanac

    first, last = window(block)
    t0 = ts.utc(first.year, first.month, first.day)
    t1 = ts.utc(last.year, last.month, last.day)
    times, kinds = almanac.find_discrete(t0, t1, almanac.moon_phases(eph))
    return tuple(zip(times.utc_datetime(), (int(k) for k in kinds)))


def to_us(moment: datetime) -> int:
    """Return an aware instant as integer microseconds since 1970-01-01 UTC (exact)."""
    return (moment - _EPOCH) // _US


@functools.cache
def _table() -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    with np.load(DATA_FILE) as z:
        return z["utc_us"], z["phase"], z["start"], int(z["blocks"][0])


def from_table(block: int) -> tuple[Phase, ...] | None:
    """Return what `search_window` returns for `block`, from the table; None outside it."""
    us, kinds, start, first_block = _table()
    j = block - first_block
    if not 0 <= j < len(start) - 1:
        return None
    rows = range(start[j], start[j + 1])
    return tuple((_EPOCH + timedelta(microseconds=int(us[i])), int(kinds[i])) for i in rows)
