"""Coordinate slot parsing: example tables plus round-trip properties."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.understand.coords import _NOT_COORD, _NOT_COORD_SPEC, BBox, Point, normalize_bbox, parse_bbox, parse_location, parse_point

POINTS = [
    ("(121.5,25.0)", 121.5, 25.0),
    ("121.5, 25", 121.5, 25.0),
    ("121.5 25.0", 121.5, 25.0),
    ("121.5 25", 121.5, 25.0),
    ("25.2079, 121.4286", 121.4286, 25.2079),
    ("22.55N, 120.95E", 120.95, 22.55),
    ("121.7E,24.0N", 121.7, 24.0),
    ("N25 E121", 121.0, 25.0),
    ("E121 N25", 121.0, 25.0),
    ("-33.87, 151.21", 151.21, -33.87),
    ("157.8W 21.3N", -157.8, 21.3),
    ("W157.8 S21.3", -157.8, -21.3),
    ("121°30'E 25°N", 121.5, 25.0),
    ("25°02′30″N 121°33′E", 121.55, 25 + 2 / 60 + 30 / 3600),
    ("（121.5，25.0）", 121.5, 25.0),
    ("１２１．５，２５．０", 121.5, 25.0),
    ("東經121.5度 北緯25度", 121.5, 25.0),
    ("北緯25度、東經121.5度", 121.5, 25.0),
    ("北緯25度30分 東經121度", 121.0, 25.5),
    ("lat 25.0 lon 121.5", 121.5, 25.0),
    ("lat: 25.03, lon: 121.56", 121.56, 25.03),
    ("2025/11/25 座標約為 25.2079, 121.4286", 121.4286, 25.2079),
    ("2025-11-25T06:30:00+08:00 121.5,25", 121.5, 25.0),
    ("溫度 25°C 在 121.5, 25 附近", 121.5, 25.0),
    ("明天 06:30 在 (120.3, 22.6) 的浪高", 120.3, 22.6),
    ("121, 25", 121.0, 25.0),
    ("what's the sea state at 45.5, -30.25?", 45.5, -30.25),
]


@pytest.mark.parametrize(("text", "lon", "lat"), POINTS)
def test_parse_point_examples(text: str, lon: float, lat: float) -> None:
    p = parse_point(text)
    assert p is not None, text
    assert p.lon == pytest.approx(lon, abs=1e-9)
    assert p.lat == pytest.approx(lat, abs=1e-9)


def test_point_span_points_into_original_text() -> None:
    text = "2025/11/25 座標約為 25.2079, 121.4286 的潮汐"
    p = parse_point(text)
    assert p is not None
    assert text[p.span[0]:p.span[1]] == "25.2079, 121.4286"
    full = "查（１２１．５，２５．０）"
    q = parse_point(full)
    assert q is not None and full[q.span[0]:q.span[1]] == "１２１．５，２５．０"


NOT_POINTS = [
    "2025/11/25",
    "11月25日 06:30 的潮汐",
    "2025年11月25日",
    "200, 95",
    "121.5, 95",
    "[118,20,123,25]",
    "118-123E 20-25N",
    "3.5 25",
    "at 121 25",
    "浪高 1.5 m, 週期 8 s",
    "風速 12 km/h, 25°C",
    "N25 N26",
    "B52 and F16",
    "3天後 12:30",
    "",
]


@pytest.mark.parametrize("text", NOT_POINTS)
def test_parse_point_rejects(text: str) -> None:
    assert parse_point(text) is None


BOXES = [
    ("[118,20,123,25]", (118, 20, 123, 25)),
    ("[118, 20, 123, 25]", (118, 20, 123, 25)),
    ("[123,25,118,20]", (118, 20, 123, 25)),
    ("[20,118,25,123]", (118, 20, 123, 25)),
    ("118-123E 20-25N", (118, 20, 123, 25)),
    ("118~123E, 20~25N", (118, 20, 123, 25)),
    ("20-25N 118-123E", (118, 20, 123, 25)),
    ("lon 118-123 lat 20-25", (118, 20, 123, 25)),
    ("120.5E-122E 21N-25.5N", (120.5, 21, 122, 25.5)),
    ("160W-155W 18N-23N", (-160, 18, -155, 23)),
    ("160-155W 18-23N", (-160, 18, -155, 23)),
    ("東經118至123度 北緯20至25度", (118, 20, 123, 25)),
    ("［118，20，123，25］的海溫", (118, 20, 123, 25)),
    ("118E to 123E, 20N to 25N", (118, 20, 123, 25)),
]


@pytest.mark.parametrize(("text", "box"), BOXES)
def test_parse_bbox_examples(text: str, box: tuple[float, ...]) -> None:
    b = parse_bbox(text)
    assert b is not None, text
    assert (b.lon0, b.lat0, b.lon1, b.lat1) == pytest.approx(box)


@pytest.mark.parametrize("text", ["(118,20,123,25)", "[200,20,123,25]", "121.5, 25", "2025-11-25", "[1,2,3]"])
def test_parse_bbox_rejects(text: str) -> None:
    assert parse_bbox(text) is None


def test_normalize_bbox() -> None:
    assert normalize_bbox([123, 25, 118, 20]) == (118, 20, 123, 25)
    for bad in ([1, 2, 3], [0, 0, 0, 5], [0, 0, 200, 5], [0, -95, 5, 5], [0, float("nan"), 1, 1]):
        with pytest.raises(ValueError):
            normalize_bbox(bad)


# --- properties ---------------------------------------------------------------

FULL_WIDTH = {c: c + 0xFEE0 for c in range(0x21, 0x7F)}


def _hemi(lon: float, lat: float) -> tuple[str, str]:
    return ("E" if lon >= 0 else "W"), ("N" if lat >= 0 else "S")


def _dms(v: float, sec: bool) -> str:
    v = abs(v)
    d = int(v)
    m = int((v - d) * 60)
    s = round(((v - d) * 60 - m) * 60)
    if s == 60:  # rounding can carry; keep digits valid
        s = 59
    return f"{d}°{m:02d}′{s:02d}″" if sec else f"{d}°{m:02d}'"


def _styles(lon: float, lat: float) -> list[tuple[str, float]]:
    """(text, tolerance) for each supported way to write the point."""
    ew, ns = _hemi(lon, lat)
    al, at = abs(lon), abs(lat)
    out = [
        (f"{lon:.4f}, {lat:.4f}", 1e-4),
        (f"({lon:.4f},{lat:.4f})", 1e-4),
        (f"{lon:.4f} {lat:.4f}", 1e-4),
        (f"({lon:.4f},{lat:.4f})".translate(FULL_WIDTH), 1e-4),
        (f"{at:.3f}{ns}, {al:.3f}{ew}", 1e-3),
        (f"{al:.3f}{ew} {at:.3f}{ns}", 1e-3),
        (f"{ns}{at:.2f} {ew}{al:.2f}", 1e-2),
        (f"{_dms(lat, True)}{ns} {_dms(lon, True)}{ew}", 1 / 3600 + 1e-9),
        (f"{_dms(lon, False)}{ew} {_dms(lat, False)}{ns}", 1 / 60 + 1e-9),
        (f"{'北緯' if lat >= 0 else '南緯'}{at:.2f}度 {'東經' if lon >= 0 else '西經'}{al:.2f}度", 1e-2),
    ]
    if abs(round(lon, 4)) > 90:   # as written: 90.000005 prints as 90.0000, which cannot tell the order
        out.append((f"{lat:.4f}, {lon:.4f}", 1e-4))  # lat-first, told apart by range
    return out


lons = st.floats(-180, 180, allow_nan=False)
lats = st.floats(-90, 90, allow_nan=False)
wrappers = st.sampled_from(["{}", "座標 {} 的浪高", "weather at {} tomorrow", "2025/11/25 {}", "查詢 {}？", "{} 06:30"])


@settings(max_examples=150, deadline=None)
@given(lons, lats, wrappers)
def test_point_round_trip(lon: float, lat: float, wrap: str) -> None:
    for text, tol in _styles(lon, lat):
        p = parse_point(wrap.format(text))
        assert p is not None, text
        assert p.lon == pytest.approx(lon, abs=tol), text
        assert p.lat == pytest.approx(lat, abs=tol), text


@settings(max_examples=100, deadline=None)
@given(lons, lons, lats, lats)
def test_bbox_round_trip(x0: float, x1: float, y0: float, y1: float) -> None:
    x0, x1, y0, y1 = (round(v, 2) for v in (x0, x1, y0, y1))
    if x0 == x1 or y0 == y1:
        return
    want = (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
    ew = lambda v: f"{abs(v)}{'E' if v >= 0 else 'W'}"  # noqa: E731
    ns = lambda v: f"{abs(v)}{'N' if v >= 0 else 'S'}"  # noqa: E731
    for text in (f"[{x0},{y0},{x1},{y1}]", f"{ew(x0)}-{ew(x1)} {ns(y0)}-{ns(y1)}",
                 f"lon {x0} to {x1}, lat {y0} to {y1}"):
        b = parse_bbox(text)
        assert b is not None, text
        assert (b.lon0, b.lat0, b.lon1, b.lat1) == pytest.approx(want), text


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_no_exception_on_any_text(text: str) -> None:
    p = parse_point(text)
    b = parse_bbox(text)
    assert p is None or isinstance(p, Point)
    assert b is None or isinstance(b, BBox)


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="0123456789.,-~ []()NSEW°'″:/年月日度東經北緯", max_size=40))
def test_no_exception_on_numeric_soup(text: str) -> None:
    p = parse_point(text)
    if p is not None:
        assert -180 <= p.lon <= 180 and -90 <= p.lat <= 90
    b = parse_bbox(text)
    if b is not None:
        assert b.lon0 < b.lon1 and b.lat0 < b.lat1


# --- the fast paths answer exactly what the readable ones do ------------------

_MASK_PIECES = list("0123456789-.:/ T+Z°度CFcfkmhs攝氏華摄华年月日天%,(") + [
    "km", "hPa", "days", "knots", "am", "2025", "-12", "m/s", "℃", "小時", "公里", "min", "°C", "年"]
_MASK_SOUP = st.lists(st.sampled_from(_MASK_PIECES), max_size=16).map("".join)


# Hypothesis explores (and shrinks) a couple of hundred new soups each run; the seeded sweep below
# keeps the volume (1500 soups of the same pieces) at a fraction of Hypothesis's per-example cost.
@settings(max_examples=200, deadline=None)
@given(_MASK_SOUP)
def test_fast_mask_matches_readable_mask(text: str) -> None:
    assert [m.span() for m in _NOT_COORD.finditer(text)] == [m.span() for m in _NOT_COORD_SPEC.finditer(text)]


def test_fast_mask_matches_readable_mask_on_a_seeded_sweep() -> None:
    rng = random.Random(20251125)
    for _ in range(1500):
        text = "".join(rng.choice(_MASK_PIECES) for _ in range(rng.randint(0, 16)))
        assert [m.span() for m in _NOT_COORD.finditer(text)] == [m.span() for m in _NOT_COORD_SPEC.finditer(text)], text


@pytest.mark.parametrize("text", ["0:2025km", "2025/11/253km", "12025/11/25", "-5.5 °C", "攝氏 -3.5 度", "11/25/2025 3天",
                                  "118-123E", "1.2.3km", "06:30:15 5 m/s"])
def test_fast_mask_examples(text: str) -> None:
    assert [m.span() for m in _NOT_COORD.finditer(text)] == [m.span() for m in _NOT_COORD_SPEC.finditer(text)]


def _location(text: str) -> tuple[BBox | None, Point | None]:
    box = parse_bbox(text)
    return box, None if box else parse_point(text)


@pytest.mark.parametrize("text", [t for t, *_ in POINTS] + NOT_POINTS + [t for t, _ in BOXES])
def test_parse_location_agrees(text: str) -> None:
    assert parse_location(text) == _location(text)


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="0123456789.,-~ []()NSEW°'″:/年月日度東經北緯lat座標", max_size=40))
def test_parse_location_agrees_on_soup(text: str) -> None:
    assert parse_location(text) == _location(text)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ａ１２，（）？　−〜–—º˚’”abc 12潮") + [chr(0xFF01 + i) for i in range(0, 94, 7)]),
               max_size=20))
def test_fold_width_is_the_translation(text: str) -> None:
    from core.understand.coords import _FOLD, fold_width
    assert fold_width(text) == text.translate(_FOLD)
