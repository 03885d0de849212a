"""A speed measure: keep the large temporaries of long spans in the heap (glibc's malloc only).

A month or a year of extremes works through arrays of a few megabytes. glibc serves blocks over
its mmap threshold (128 KiB at start) with a fresh mapping each time and unmaps them on free, so
every call page-faults its temporaries in again: a year for two stations took ~14 ms instead of
~11 ms. glibc raises that threshold by itself after the first such block is freed, which made the
figure depend on what the process happened to free earlier; fixing the thresholds once makes it
not. Freed blocks then stay with the process for reuse (up to the trim threshold).
benchmarks/speed_measures.py, the speed table's tide year (Keelung and San Francisco, 8 rounds):
best 8.5 ms and median 8.7 ms with the thresholds fixed, 9.3 ms and 10.6 ms without; a 31-day
span (the longest calendar) shows no difference (1.1 ms). Set by the station load
(metocean/tides/stations.py), the first thing every span needs; goes when the year no longer
differs.
"""
from __future__ import annotations

import ctypes
import functools

M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3   # <malloc.h>
MMAP_THRESHOLD = 16 << 20    # blocks up to 16 MiB come from the heap
TRIM_THRESHOLD = 32 << 20    # and up to 32 MiB of free heap top is kept (glibc's own ratio, 2x)


@functools.cache
def keep_temporaries_in_heap() -> bool:
    """Set glibc's mmap and trim thresholds once; return False where there is no glibc mallopt."""
    try:
        mallopt = ctypes.CDLL(None).mallopt   # the process's own C library
    except (OSError, AttributeError):
        return False
    mallopt.argtypes, mallopt.restype = [ctypes.c_int, ctypes.c_int], ctypes.c_int
    return bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)) and bool(mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD))
