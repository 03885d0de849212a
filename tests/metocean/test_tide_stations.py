"""Station index: the compact data folder, lookups, nearest search, attribution."""
from __future__ import annotations

import math
import time
import zlib

import pytest

from metocean.tides import Station, StationIndex, load_stations
from metocean.tides.stations import DATA_DIR
from paths import ROOT

KEELUNG = "ticon/keelung-341-twn-uhslc_fd"
KAOHSIUNG = "ticon/kaohsiung-340-twn-uhslc_fd"


def _haversine_km(lon1, lat1, lon2, lat2):
    # independent scalar formula, for checking the vectorised one
    p1, p2 = math.radians(lat1), math.radians(lat2)
    a = (math.sin((p2 - p1) / 2) ** 2
         + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lon2 - lon1) / 2) ** 2)
    return 2 * 6371.0088 * math.asin(math.sqrt(a))


def test_compact_data_is_small_and_loads_fast():
    # Stored uncompressed so a process maps it instead of inflating it; git and wheels
    # compress it, and that is what the repository and a download carry.
    files = [f.read_bytes() for f in DATA_DIR.iterdir() if f.is_file()]
    assert sum(len(data) for data in files) < 8_000_000
    assert sum(len(zlib.compress(data)) for data in files) < 5_000_000
    t = time.perf_counter()
    idx = StationIndex()
    assert time.perf_counter() - t < 0.3
    assert len(idx) == 7616
    kinds = [s.kind for s in idx]
    assert kinds.count("reference") == 5377 and kinds.count("subordinate") == 2239


def test_load_stations_is_a_cached_singleton():
    assert load_stations() is load_stations()


def test_get_keelung_and_kaohsiung():
    idx = load_stations()
    k = idx.get(KEELUNG)
    assert isinstance(k, Station)
    assert (k.name, k.latitude, k.longitude) == ("Keelung", 25.157, 121.745)
    assert k.source == "TICON-4" and k.license == "cc-by-4.0" and k.kind == "reference"
    assert k.timezone == "Asia/Taipei" and k.reference_id is None
    h = idx.get(KAOHSIUNG)
    assert (round(h.latitude, 3), round(h.longitude, 3)) == (22.615, 120.282)
    assert idx.get("nope/0") is None


def test_noaa_station_metadata_and_subordinate_reference():
    idx = load_stations()
    sf = idx.get("noaa/9414290")
    assert sf.license == "public domain" and sf.source.startswith("US National Oceanic")
    assert sf.source_url and "9414290" in sf.source_url
    for s in idx:
        if s.kind == "subordinate":
            ref = idx.get(s.reference_id)
            assert ref is not None and ref.kind == "reference", s.id


def test_nearest_distance_and_radius():
    idx = load_stations()
    st, d = idx.nearest(121.745, 25.157)
    assert st.id == KEELUNG and d == pytest.approx(0.0, abs=1e-6)
    # 0.2 deg north of Keelung, open sea: Keelung is still the closest gauge
    st, d = idx.nearest(121.745, 25.357, max_km=100)
    assert d == pytest.approx(_haversine_km(121.745, 25.357, st.longitude, st.latitude), rel=1e-9)
    assert d == pytest.approx(min(_haversine_km(121.745, 25.357, s.longitude, s.latitude) for s in idx))
    # middle of the South Pacific: nothing within 50 km
    assert idx.nearest(-130.0, -40.0) is None
    assert idx.nearest(-130.0, -40.0, max_km=20000) is not None


def test_nearest_across_the_antimeridian():
    idx = load_stations()
    s = min(idx, key=lambda s: abs(abs(s.longitude) - 180))
    lon = s.longitude - 360 if s.longitude > 0 else s.longitude + 360
    st, d = idx.nearest(lon, s.latitude, max_km=1)
    assert d < 1e-6


def test_nearest_is_fast():
    idx = load_stations()
    t = time.perf_counter()
    for i in range(100):
        idx.nearest(-180 + 3.6 * i, -60 + 1.2 * i, max_km=500)
    assert (time.perf_counter() - t) / 100 < 0.005


def test_find_by_name():
    idx = load_stations()
    hits = idx.find_by_name("Keelung")
    assert hits and hits[0].id == KEELUNG
    assert idx.find_by_name("kaohsiung")[0].id == KAOHSIUNG
    assert any(s.id == "noaa/9414290" for s in idx.find_by_name("san francisco golden gate"))
    assert idx.find_by_name("zzzz-no-such-place") == []
    assert idx.find_by_name("  ") == []


def test_notice_has_the_required_attributions():
    text = (ROOT / "metocean" / "NOTICE").read_text()
    assert "TICON-4, Hart-Davis et al., SEANOE, derived from GESLA-4" in text
    assert "tide-database, openwaters.io" in text
    assert "CC BY 4.0" in text and "public domain" in text and "MIT" in text
