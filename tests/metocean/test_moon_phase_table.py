"""The shipped moon-phase table (metocean/moonphases.py) and the ephemeris load, checked against
Skyfield's own live search and loader: answers must be exactly what the search gave."""
from __future__ import annotations

import importlib.util
import warnings
from datetime import date

import numpy as np
import pytest

from metocean import astro, moonphases
from paths import ROOT



def _build_script():
    spec = importlib.util.spec_from_file_location("build_moon_phases", ROOT / "scripts" / "build_moon_phases.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# The first and last supported days, a leap-second day, and days in between.
@pytest.mark.parametrize("day", [date(1900, 1, 1), date(1961, 3, 14), date(2016, 12, 31),
                                 date(2026, 11, 25), date(2053, 7, 31)])
def test_table_is_exactly_the_live_search(day):
    block = day.toordinal() // moonphases.BLOCK_DAYS
    ts, eph = astro._loaded()
    live = moonphases.search_window(ts, eph, block)
    table = moonphases.from_table(block)
    assert table == live
    assert [t.microsecond for t, _ in table] == [t.microsecond for t, _ in live]
    assert len(table) >= 9 and {k for _, k in table} == {0, 1, 2, 3}


def test_table_covers_every_supported_day_and_the_phases_after():
    first, last = astro.supported_days()
    with np.load(moonphases.DATA_FILE) as z:
        first_block, last_block = z["blocks"].tolist()
        assert len(z["start"]) == last_block - first_block + 2
        assert z["start"][-1] == len(z["utc_us"]) == len(z["phase"])
    assert first_block <= first.toordinal() // 30 - 1 and last.toordinal() // 30 + 1 <= last_block
    assert moonphases.from_table(first_block - 1) is None
    assert moonphases.from_table(last_block + 1) is None


def test_build_script_writes_what_is_shipped():
    # The script's own output for its first two blocks equals the shipped file's start.
    script = _build_script()
    first_block, _ = script.block_span()
    fresh = script.build(first_block, first_block + 1)
    with np.load(moonphases.DATA_FILE) as z:
        assert z["blocks"][0] == first_block
        rows = fresh["start"][-1]
        for key in ("utc_us", "phase"):
            assert z[key].dtype == fresh[key].dtype
            assert np.array_equal(z[key][:rows], fresh[key])
        assert np.array_equal(z["start"][:3], fresh["start"])


def test_ephemeris_is_what_skyfields_loader_gives():
    from skyfield.api import Loader
    from skyfield_data import get_skyfield_data_path

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        loader = Loader(get_skyfield_data_path(), expire=False, verbose=False)
        ts_ref, eph_ref = loader.timescale(builtin=True), loader("de421.bsp")
    ts, eph = astro._loaded()
    assert all(np.array_equal(a, b) for a, b in zip(ts.delta_t_table, ts_ref.delta_t_table, strict=True))
    assert np.array_equal(ts.leap_dates, ts_ref.leap_dates)
    assert np.array_equal(ts.leap_offsets, ts_ref.leap_offsets)
    jd = np.linspace(2415020.5, 2470000.5, 997)  # 1900 .. 2050
    assert np.array_equal(ts.tt_jd(jd).delta_t, ts_ref.tt_jd(jd).delta_t)
    assert np.array_equal(ts.tt_jd(jd).ut1, ts_ref.tt_jd(jd).ut1)
    assert ts.utc(2016, 12, 31, 23, 59, 60).tt == ts_ref.utc(2016, 12, 31, 23, 59, 60).tt
    assert eph.path == eph_ref.path
    t = ts.tt_jd(jd)
    assert np.array_equal(eph["moon"].at(t).xyz.au, eph_ref["moon"].at(ts_ref.tt_jd(jd)).xyz.au)
