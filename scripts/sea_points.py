"""Sea points for the hand-kept gazetteer files, from the 1 km GLOBE land mask.

Usage: ``python scripts/sea_points.py [--write]``: lists the coastal places of
``places_tw_coast.yaml``, ``places_tw.yaml`` and ``places_world_coast.yaml`` that have no
``sea: [lon, lat]`` yet with the point this script proposes; ``--write`` adds them to the lines.
A proposal is the nearest pixel of open water (sea on every side for ~1 km) that the straight
line from the place reaches without crossing land again once at sea, so a harbour's tides are
asked in its own bay and not across a headland. Review each proposal like any hand edit;
``tests/core/understand/test_coastal_gazetteer.py`` checks every entry against the same mask.

The mask is global-land-mask's (MIT; data NOAA GLOBE, public domain), a 21600 x 43200 bool array
saved compressed in the package. Loading it costs ~1 GB; ``ocean_windows`` instead streams the
compressed array once and keeps only small windows around the points asked (~1 s, a few MB).
"""
from __future__ import annotations

import math
import re
import sys
import zipfile
from importlib.util import find_spec
from pathlib import Path

import numpy as np
from numpy.lib import format as npy_format

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "core" / "data"
FILES = ("places_tw_coast.yaml", "places_tw.yaml", "places_world_coast.yaml")
PX_PER_DEG = 120  # GLOBE pixels are 1/120 degree (~0.9 km)
HALF = 12  # window half-width in pixels (~11 km): room for a sea point 5 km off and its checks
OPEN_PX = 1  # open water: sea on every pixel this far around (~1 km)
KM_PER_DEG = 111.32


def km(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Return the great-circle distance in km between two (lon, lat) points."""
    (lo1, la1), (lo2, la2) = (map(math.radians, a)), (map(math.radians, b))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 2 * 6371.0 * math.asin(math.sqrt(min(1.0, h)))


def pixel(lon: float, lat: float) -> tuple[int, int]:
    """Return (row, column) of the GLOBE pixel holding (lon, lat); row 0 at 90N, column 0 at 180W."""
    return min(int((90.0 - lat) * PX_PER_DEG), 21599), int((lon + 180.0) * PX_PER_DEG) % 43200


def ocean_windows(points: list[tuple[float, float]], half: int = HALF) -> list[np.ndarray]:
    """Return, per (lon, lat), the (2*half+1)-square of GLOBE pixels around it: True = ocean."""
    spec = find_spec("global_land_mask")
    assert spec and spec.origin, "pip install global-land-mask (the [test] or [gazetteer-build] extra)"
    npz = Path(spec.origin).parent / "globe_combined_mask_compressed.npz"
    centres = [pixel(lon, lat) for lon, lat in points]
    wanted: dict[int, list[int]] = {}
    for i, (r, _) in enumerate(centres):
        for row in range(max(r - half, 0), min(r + half, 21599) + 1):
            wanted.setdefault(row, []).append(i)
    out = [np.zeros((2 * half + 1, 2 * half + 1), dtype=bool) for _ in points]
    with zipfile.ZipFile(npz) as zf, zf.open("mask.npy") as fh:
        npy_format.read_magic(fh)
        shape, fortran, dtype = npy_format.read_array_header_1_0(fh)
        assert shape == (21600, 43200) and not fortran and dtype == np.bool_, (shape, fortran, dtype)
        last = max(wanted) if wanted else -1
        chunk = 240  # rows read at a time (~10 MB)
        for start in range(0, last + 1, chunk):
            n = min(chunk, 21600 - start)
            block = np.frombuffer(fh.read(n * 43200), dtype=bool).reshape(n, 43200)
            for row in range(start, start + n):
                for i in wanted.get(row, ()):
                    r, c = centres[i]
                    cols = np.arange(c - half, c + half + 1) % 43200
                    out[i][row - r + half] = block[row - start, cols]
    return out


def window_point(lon: float, lat: float, dr: int, dc: int) -> tuple[float, float]:
    """Return (lon, lat) of the centre of the pixel ``dr`` rows and ``dc`` columns from (lon, lat)'s."""
    r, c = pixel(lon, lat)
    return ((c + dc + 0.5) / PX_PER_DEG - 180.0, 90.0 - (r + dr + 0.5) / PX_PER_DEG)


def line_cells(dr: int, dc: int) -> list[tuple[int, int]]:
    """Return the window offsets the straight line from the centre to (dr, dc) passes over."""
    n = max(abs(dr), abs(dc)) * 2 or 1
    cells = dict.fromkeys((round(dr * k / n), round(dc * k / n)) for k in range(n + 1))
    return list(cells)


def reaches_without_crossing(win: np.ndarray, dr: int, dc: int) -> bool:
    """Whether the line from the window's centre to (dr, dc) stays at sea once it reaches the sea."""
    half = win.shape[0] // 2
    at_sea = False
    for r, c in line_cells(dr, dc):
        ocean = bool(win[r + half, c + half])
        if at_sea and not ocean:
            return False
        at_sea = at_sea or ocean
    return at_sea


def is_open(win: np.ndarray, dr: int, dc: int, reach: int = OPEN_PX) -> bool:
    """Whether every pixel within ``reach`` of (dr, dc) is ocean."""
    half = win.shape[0] // 2
    r, c = dr + half, dc + half
    if r - reach < 0 or c - reach < 0 or r + reach >= win.shape[0] or c + reach >= win.shape[1]:
        return False
    return bool(win[r - reach:r + reach + 1, c - reach:c + reach + 1].all())


def propose(lon: float, lat: float, win: np.ndarray) -> tuple[float, float] | None:
    """Return the nearest open-water point the place reaches without crossing land, or None."""
    half = win.shape[0] // 2
    scale = math.cos(math.radians(lat))
    best: tuple[float, int, int] | None = None
    for reach in (OPEN_PX, 0):
        for dr in range(-half + 1, half):
            for dc in range(-half + 1, half):
                d = math.hypot(dr, dc * scale)
                if (best is None or d < best[0]) and is_open(win, dr, dc, reach) and reaches_without_crossing(win, dr, dc):
                    best = (d, dr, dc)
        if best is not None:
            _, dr, dc = best
            sea_lon, sea_lat = window_point(lon, lat, dr, dc)
            return round(sea_lon, 3), round(sea_lat, 3)
    return None


_LINE = re.compile(r"^(\s*- \{key: (\w+),.*?lon: (-?[\d.]+), lat: (-?[\d.]+),.*)\}\s*$")


def missing(name: str) -> list[tuple[int, str, float, float]]:
    """Return (line number, key, lon, lat) of the coastal entries of ``name`` without a sea point."""
    import yaml

    doc = yaml.safe_load((DATA / name).read_text("utf-8"))
    kinds = set(doc.get("coastal_kinds", ()))
    coastal = {p["key"] for p in doc["places"] if "sea" not in p and p.get("coastal", p["kind"] in kinds)}
    out = []
    for n, line in enumerate((DATA / name).read_text("utf-8").splitlines()):
        m = _LINE.match(line)
        if m and m.group(2) in coastal:
            out.append((n, m.group(2), float(m.group(3)), float(m.group(4))))
    return out


def main(argv: list[str]) -> int:
    for name in FILES:
        todo = missing(name)
        if not todo:
            continue
        lines = (DATA / name).read_text("utf-8").splitlines()
        for (n, key, lon, lat), win in zip(todo, ocean_windows([(lo, la) for _, _, lo, la in todo])):
            sea = propose(lon, lat, win)
            print(f"{name}: {key}: {sea} ({km((lon, lat), sea):.1f} km)" if sea else f"{name}: {key}: NO SEA NEAR")
            if sea and "--write" in argv:
                m = _LINE.match(lines[n])
                assert m
                lines[n] = f"{m.group(1)}, sea: [{sea[0]}, {sea[1]}]}}"
        if "--write" in argv:
            (DATA / name).write_text("\n".join(lines) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
