"""The engine fixes glibc's malloc thresholds once, so long spans reuse their temporaries."""
from __future__ import annotations

import platform

import pytest

from metocean.tides import load_stations
from metocean.speed.heap_thresholds import keep_temporaries_in_heap


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="mallopt is glibc's")
def test_loading_the_stations_sets_the_thresholds_on_glibc() -> None:
    load_stations()
    assert keep_temporaries_in_heap.cache_info().currsize == 1   # called by the load
    assert keep_temporaries_in_heap() is True
