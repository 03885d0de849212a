"""Tide engine: constituent coverage, accuracy against neaps (fixture), regime snapshots,
and properties of the extremes. Offline: the neaps fixture was made by
scripts/make_tide_golden.mjs and is committed."""
from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from metocean.tides import (load_stations, supported_constituents, tide_extremes,
                            tide_heights)
from metocean.tides import constituents
from metocean.tides.extremes import find_extremes
from metocean.tides.prediction import build_harmonics
from paths import DATA

GOLDEN = DATA / "tide_golden.json"
UTC = timezone.utc


def _dt(s: str) -> datetime:
    return datetime.fromisoformat(s.replace("Z", "+00:00"))


# --- constituents ---------------------------------------------------------------------

def test_every_constituent_in_the_data_is_supported():
    names = load_stations().constituent_names()
    assert len(names) == 133
    assert names - supported_constituents() == set()


def test_every_reference_station_builds_without_skipping():
    idx = load_stations()
    for s in idx:
        if s.kind == "reference":
            n, a, p = idx.constants(s.id)
            h = build_harmonics(n, a, p)
            # every non-zero constant is used (aliases of one line would be merged)
            assert len(h.names) == len({constituents.canonical(x) for x, amp in zip(n, a) if amp})


def test_unknown_constituent_is_an_error_not_a_silent_skip():
    with pytest.raises(KeyError):
        build_harmonics(["M2", "XYZ9"], np.array([1.0, 0.1]), np.array([0.0, 0.0]))


def test_aliases_are_the_same_line():
    for alias, canon in [("LAM2", "LAMBDA2"), ("RHO", "RHO1"), ("SGM", "SIGMA1")]:
        assert constituents.get(alias) == constituents.get(canon)
    # the data never carries two names of one line at a station (checked, so merging
    # phasors in build_harmonics is only a safety net)
    idx = load_stations()
    for s in idx:
        if s.kind == "reference":
            n = idx.constants(s.id)[0]
            assert len({constituents.canonical(x) for x in n}) == len(n), s.id


def test_speeds_match_known_values():
    t = 946_728_000.0
    for name, speed in [("M2", 28.9841042), ("S2", 30.0), ("K1", 15.0410686), ("O1", 13.9430356),
                        ("N2", 28.4397295), ("M4", 57.9682085), ("MSF", 1.0158958),
                        ("2MK3", 42.9271398), ("3N2", 28.4350877)]:
        c = constituents.get(name)
        from metocean.tides import astronomy
        assert np.dot(c.doodson, astronomy.argument_rates(t)) == pytest.approx(speed, abs=2e-6)


# --- accuracy against neaps -----------------------------------------------------------

# Anchorage Knik Arm carries MLN2S2 (3.9 cm), which the IHO list names as the line 3MS2.
# neaps 0.11.0 cannot split "3MS2" into members (3 M2 - 2 S2: the name carries no 2 on S)
# and so applies no nodal correction to it; we use f = f(M2)^3, u = 3 u(M2). That alone
# moves its extremes by up to 16 s / 0.47 cm (with f=1, u=0 we agree to 1 s / 0.02 cm).
KNOWN_DIFFERENCES = {"noaa/9455920"}


def _golden_cases():
    return json.loads(GOLDEN.read_text())["cases"]


def _ours(case) -> list[tuple[float, float, str]]:
    """Our extremes for a fixture case, leaving out the same constituents as the fixture."""
    start, end = _dt(case["start"]), _dt(case["end"])
    if not case["excluded"]:
        return [(e.time.timestamp(), e.height_cm, e.kind)
                for e in tide_extremes(case["station"], start, end)]
    idx = load_stations()
    n, a, p = idx.constants(case["station"])
    keep = [x not in case["excluded"] for x in n]
    h = build_harmonics([x for x, k in zip(n, keep) if k], a[keep], p[keep])
    t, z, hi = find_extremes(h, start.timestamp(), end.timestamp())
    return [(round(ti), round(zi, 2), "HIGH" if k else "LOW") for ti, zi, k in zip(t, z, hi)]


def _is_alternative(ev, others, tol_cm=1.5):
    """A double high/low: the other engine picked the twin of the same kind nearby."""
    t, z, k = ev
    return any(k2 == k and abs(t2 - t) < 8 * 3600 and abs(z2 - z) < tol_cm
               for t2, z2, k2 in others)


def test_extremes_match_neaps_within_1_minute_and_1_cm():
    max_dt = max_dz = 0.0
    matched = 0
    for case in _golden_cases():
        ours = _ours(case)
        theirs = [(_dt(x["time"]).timestamp(), x["level_m"] * 100, x["kind"])
                  for x in case["extremes"]]
        used = set()
        for i, (t, z, k) in enumerate(theirs):
            j = min(range(len(ours)), key=lambda j: abs(ours[j][0] - t))
            if abs(ours[j][0] - t) <= 60 and ours[j][2] == k:
                used.add(j)
                matched += 1
                dt, dz = abs(ours[j][0] - t), abs(ours[j][1] - z)
                assert dt <= 60 and dz <= 1.0, (case["station"], case["start"], t, dt, dz)
                if case["station"] not in KNOWN_DIFFERENCES:
                    max_dt, max_dz = max(max_dt, dt), max(max_dz, dz)
                continue
            # neaps' greedy prominence filter can keep the other twin of a double low,
            # or leave two highs in a row; anything else is a real disagreement
            repeated = any(theirs[m][2] == k for m in (i - 1, i + 1) if 0 <= m < len(theirs))
            assert repeated or _is_alternative((t, z, k), ours), (case["station"], case["start"], t, z, k)
        # neaps shifts only the extremes it found inside the window; we search the
        # reference around it, so a subordinate may gain events within its time offset
        # of the edges
        off = load_stations().offsets(case["station"])
        edge = 60 + (60 * max(abs(off.time_high_min), abs(off.time_low_min)) if off else 0)
        t0, t1 = _dt(case["start"]).timestamp(), _dt(case["end"]).timestamp()
        for j, ev in enumerate(ours):
            if j not in used:
                near_edge = ev[0] - t0 < edge or t1 - ev[0] < edge
                assert near_edge or _is_alternative(ev, theirs), (case["station"], ev)
    assert matched > 550  # 592 of 596 neaps events
    # achieved elsewhere: 1 s (rounding to the second), 0.005 cm (fixture rounded to 1e-6 m)
    assert max_dt <= 1.0, max_dt
    assert max_dz <= 0.01, max_dz


# --- golden snapshots per regime (2026-03-01 UTC, cm rel. MSL) ------------------------
# Values from this engine; neaps 0.11.0 gives the same to 1 s / 0.01 cm:
#   Boston    02:03:43 112.83 | 07:57:40 -141.42 | 14:17:18 156.39 | 20:40:49 -170.89
#   San Fran. 06:32:51  59.10 | 11:26:46  -25.18 | 17:27:46  92.79
#   Pensacola 02:57:35  15.37 | 13:48:34  -34.50
SNAPSHOTS = {
    "noaa/8443970": [  # Boston: semidiurnal, two similar tides a day
        ("2026-03-01T02:03:43", 112.83, "HIGH"),
        ("2026-03-01T07:57:40", -141.42, "LOW"),
        ("2026-03-01T14:17:18", 156.39, "HIGH"),
        ("2026-03-01T20:40:49", -170.89, "LOW"),
    ],
    "noaa/9414290": [  # San Francisco: mixed, strong diurnal inequality
        ("2026-03-01T06:32:51", 59.10, "HIGH"),
        ("2026-03-01T11:26:47", -25.18, "LOW"),
        ("2026-03-01T17:27:47", 92.79, "HIGH"),
    ],
    "noaa/8729840": [  # Pensacola: diurnal, one high and one low
        ("2026-03-01T02:57:36", 15.37, "HIGH"),
        ("2026-03-01T13:48:35", -34.50, "LOW"),
    ],
}


@pytest.mark.parametrize("station", sorted(SNAPSHOTS))
def test_regime_snapshot(station):
    got = tide_extremes(station, datetime(2026, 3, 1, tzinfo=UTC), datetime(2026, 3, 2, tzinfo=UTC))
    want = SNAPSHOTS[station]
    assert len(got) == len(want)
    for g, (t, z, k) in zip(got, want):
        assert g.kind == k
        assert abs((g.time - datetime.fromisoformat(t).replace(tzinfo=UTC)).total_seconds()) <= 1
        assert g.height_cm == pytest.approx(z, abs=0.02)


# --- properties of the extremes -------------------------------------------------------

def _check_true_extremes(station: str, start: datetime, end: datetime):
    ex = tide_extremes(station, start, end)
    assert ex, station
    kinds = [e.kind for e in ex]
    assert all(a != b for a, b in zip(kinds, kinds[1:])), "HIGH and LOW must alternate"
    assert all(a.time < b.time for a, b in zip(ex, ex[1:]))
    assert all(start <= e.time < end and e.time.tzinfo is not None for e in ex)
    t = np.array([e.time.timestamp() for e in ex])
    h0 = tide_heights(station, t)
    dh = (tide_heights(station, t + 1.0) - tide_heights(station, t - 1.0)) / 2.0  # cm/s
    # the slope at the rounded second is at most what a 0.5 s rounding leaves
    curv = np.abs(tide_heights(station, t + 60) + tide_heights(station, t - 60) - 2 * h0) / 3600
    assert np.all(np.abs(dh) <= curv * 0.6 + 1e-6)
    for e, a, b in zip(ex, tide_heights(station, t - 600), tide_heights(station, t + 600)):
        if e.kind == "HIGH":
            assert e.height_cm >= max(a, b) - 0.01
        else:
            assert e.height_cm <= min(a, b) + 0.01
    np.testing.assert_allclose([e.height_cm for e in ex], h0, atol=0.011)
    return ex


@pytest.mark.parametrize("station", ["noaa/8443970", "noaa/9414290", "noaa/8729840",
                                     "ticon/keelung-341-twn-uhslc_fd", "ticon/cuxhaven-825-deu-uhslc_fd",
                                     "noaa/9455920"])
def test_extremes_are_true_extremes(station):
    ex = _check_true_extremes(station, datetime(2025, 1, 1, tzinfo=UTC), datetime(2025, 2, 1, tzinfo=UTC))
    assert 40 <= len(ex) <= 130


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(["noaa/8443970", "ticon/kaohsiung-340-twn-uhslc_fd", "ticon/brest-822-fra-uhslc_fd"]),
       st.integers(min_value=0, max_value=40 * 365), st.integers(min_value=1, max_value=10))
def test_extremes_property(station, day, ndays):
    start = datetime(2000, 1, 1, tzinfo=UTC) + timedelta(days=day, hours=day % 24)
    _check_true_extremes(station, start, start + timedelta(days=ndays))


def test_window_split_gives_the_same_extremes():
    a, b, c = (datetime(2015, 6, 1, tzinfo=UTC), datetime(2015, 6, 4, 7, 13, tzinfo=UTC),
               datetime(2015, 6, 9, tzinfo=UTC))
    sid = "ticon/keelung-341-twn-uhslc_fd"
    assert tide_extremes(sid, a, b) + tide_extremes(sid, b, c) == tide_extremes(sid, a, c)


def test_subordinate_offsets_applied():
    idx = load_stations()
    start, end = datetime(2025, 5, 1, tzinfo=UTC), datetime(2025, 5, 8, tzinfo=UTC)
    for sid in ("noaa/1611401", "noaa/1613077"):
        sub = idx.get(sid)
        off = idx.offsets(sid)
        assert sub.kind == "subordinate" and off is not None
        ref = {(e.kind, e.time): e for e in tide_extremes(sub.reference_id, start - timedelta(hours=3),
                                                          end + timedelta(hours=3))}
        got = tide_extremes(sid, start, end)
        assert got
        for e in got:
            minutes = off.time_high_min if e.kind == "HIGH" else off.time_low_min
            r = ref[(e.kind, e.time - timedelta(minutes=minutes))]
            k = off.height_high if e.kind == "HIGH" else off.height_low
            want = r.height_cm * k if off.height_type == "ratio" else r.height_cm + 100 * k
            assert e.height_cm == pytest.approx(want, abs=0.02)
    # subordinate heights are the reference's (offsets only define extremes)
    t = np.array([datetime(2025, 5, 1, h, tzinfo=UTC).timestamp() for h in range(24)])
    np.testing.assert_array_equal(tide_heights("noaa/1611401", t), tide_heights("noaa/1611400", t))


def test_heights_accept_datetimes_datetime64_and_unix_seconds():
    ts = [datetime(2026, 1, 1, h, tzinfo=UTC) for h in range(0, 24, 6)]
    a = tide_heights("noaa/9414290", ts)
    b = tide_heights("noaa/9414290", np.array([t.replace(tzinfo=None) for t in ts], dtype="datetime64[s]"))
    c = tide_heights("noaa/9414290", np.array([t.timestamp() for t in ts]))
    np.testing.assert_allclose(a, b)
    np.testing.assert_allclose(a, c)
    assert a.shape == (4,) and np.all(np.abs(a) < 200)


def test_heights_are_harmonic_sum_relative_to_msl():
    # the mean over a long span is ~0 (no datum offset; SA/SSA average out over years)
    t = np.arange(datetime(2020, 1, 1, tzinfo=UTC).timestamp(),
                  datetime(2024, 1, 1, tzinfo=UTC).timestamp(), 1800.0)
    assert abs(float(np.mean(tide_heights("noaa/8443970", t)))) < 0.5


def test_naive_datetimes_rejected_and_unknown_station():
    with pytest.raises(ValueError):
        tide_extremes("noaa/9414290", datetime(2025, 1, 1), datetime(2025, 1, 2))
    with pytest.raises(KeyError):
        tide_extremes("noaa/does-not-exist", datetime(2025, 1, 1, tzinfo=UTC),
                      datetime(2025, 1, 2, tzinfo=UTC))
    assert tide_extremes("noaa/9414290", datetime(2025, 1, 2, tzinfo=UTC),
                         datetime(2025, 1, 1, tzinfo=UTC)) == []


# --- the fast paths of the extreme search against plain references -------------------

@pytest.mark.parametrize("station", ["noaa/9455920", "ticon/brest-822-fra-uhslc_fd",
                                     "ticon/keelung-341-twn-uhslc_fd"])
def test_extremes_are_roots_of_the_harmonic_sum(station):
    # the Taylor polynomials stand in for the cosine sums: check each root with the sums
    from metocean.tides import _harmonics
    from metocean.tides.prediction import DAY, day_parameters, speeds
    h = _harmonics(station)
    start, end = datetime(2031, 1, 1, tzinfo=UTC).timestamp(), datetime(2031, 4, 1, tzinfo=UTC).timestamp()
    t, z, high = find_extremes(h, start, end)
    assert len(t) > 150
    days = np.floor(t / DAY)
    A, phi = day_parameters(h, days)
    w = np.radians(speeds(h, 0.5 * (start + end)))
    th = w * ((t - days * DAY) / 3600.0)[:, None] + phi
    d1 = -np.sum(A * w * np.sin(th), axis=1)
    d2 = -np.sum(A * w * w * np.cos(th), axis=1)
    assert np.max(np.abs(d1 / d2)) * 3600 < 0.01  # one Newton step from the root: < 10 ms
    np.testing.assert_allclose(z, np.sum(A * np.cos(th), axis=1), rtol=0, atol=1e-6)
    np.testing.assert_array_equal(high, d2 < 0)


def _drop_wiggles_reference(t, z, high, min_range):
    keep = list(range(len(t)))
    while len(keep) > 1:
        diffs = np.abs(np.diff(z[keep]))
        i = int(np.argmin(diffs))
        if diffs[i] >= min_range:
            break
        del keep[i:i + 2]
    k = np.array(keep, dtype=np.int64)
    return t[k], z[k], high[k]


def test_drop_wiggles_matches_rescanning_reference():
    from metocean.tides.extremes import _drop_wiggles
    rng = np.random.default_rng(7)
    for _ in range(2000):
        n = int(rng.integers(0, 30))
        z = np.round(rng.normal(0, rng.choice([0.5, 2.0, 10.0]), n), int(rng.choice([1, 2, 8])))
        t, high = np.arange(n, dtype=float), rng.random(n) > 0.5
        mr = float(rng.choice([0.5, 1.0, 3.0]))
        for a, b in zip(_drop_wiggles(t, z, high, mr), _drop_wiggles_reference(t, z, high, mr)):
            np.testing.assert_array_equal(a, b)


def test_vectorised_rounding_is_round():
    from metocean.tides import _round2
    rng = np.random.default_rng(3)
    z = np.concatenate([rng.normal(0, 300, 20000), np.round(rng.normal(0, 300, 20000), 3),
                        np.round(rng.normal(0, 300, 20000), 2) + 0.005, [0.005, -0.005, 0.015, 2.675]])
    got = _round2(z)
    want = [round(x, 2) for x in z.tolist()]
    assert got == want and [repr(x) for x in got] == [repr(x) for x in want]
