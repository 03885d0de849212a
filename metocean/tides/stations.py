"""The tide station index: loaded once from the folder metocean/data/stations/ (see
scripts/build_stations.py for the layout), with id lookup, great-circle nearest search and
name search. Loading reads ids, names and coordinates (a few ms); a station's other metadata
is parsed when first asked for, and the harmonic constants are memory-mapped."""
from __future__ import annotations

import json
import threading
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from metocean.speed.heap_thresholds import keep_temporaries_in_heap

DATA_DIR = Path(__file__).resolve().parents[1] / "data" / "stations"
EARTH_RADIUS_KM = 6371.0088  # IUGG mean radius


@dataclass(frozen=True)
class Station:
    id: str
    name: str
    latitude: float
    longitude: float
    timezone: str | None
    region: str | None
    country: str | None
    source: str            # "TICON-4" or the NOAA agency name, from source.name
    source_url: str | None
    license: str           # "cc-by-4.0" / "public domain"
    license_url: str | None
    kind: str              # "reference" | "subordinate"
    reference_id: str | None


@dataclass(frozen=True)
class Offsets:
    """Subordinate-station corrections applied to the reference station's extremes."""
    height_type: str       # "ratio" (multiplies) or "fixed" (adds metres)
    height_high: float
    height_low: float
    time_high_min: float
    time_low_min: float


def _fold(text: str) -> str:
    """Case- and accent-insensitive form for name matching."""
    s = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return " ".join(s.casefold().replace(",", " ").replace("(", " ").replace(")", " ").split())


class StationIndex:
    """All stations, with their harmonic constants and subordinate offsets."""

    def __init__(self, path: Path = DATA_DIR) -> None:
        index = json.loads((path / "index.json").read_text(encoding="utf-8"))
        self._fields: list[str] = index["fields"]
        self._names: list[str] = index["constituent_names"]
        self._ids: list[str] = (path / "ids.txt").read_text(encoding="utf-8").splitlines()
        self._station_names = (path / "names.txt").read_text(encoding="utf-8").splitlines()
        self._rows = np.memmap(path / "rows.jsonl", dtype=np.uint8, mode="r")
        self._row_start = np.load(path / "row_start.npy")
        self._lat = np.load(path / "lat.npy")
        self._lon = np.load(path / "lon.npy")
        # read-only maps: only the pages of the stations asked about are read
        self._c_start = np.load(path / "c_start.npy", mmap_mode="r")
        self._c_name = np.load(path / "c_name.npy", mmap_mode="r")
        self._c_amp = np.load(path / "c_amp.npy", mmap_mode="r")
        self._c_phase = np.load(path / "c_phase.npy", mmap_mode="r")
        self._by_id = dict(zip(self._ids, range(len(self._ids))))
        # Station objects, their metadata rows and folded names are built on first use:
        # creating 7,616 frozen dataclasses up front would cost more than the whole file load
        self._path = path
        self._chart_datums: list[str] | None = None
        self._cache: dict[int, Station] = {}
        self._folded: list[str] | None = None
        self._lat_r = np.radians(self._lat)
        self._lon_r = np.radians(self._lon)
        self._cos_lat = np.cos(self._lat_r)

    def _row(self, i: int) -> dict[str, Any]:
        """Return station i's metadata fields (see scripts/build_stations.py ROW_FIELDS)."""
        line = self._rows[self._row_start[i]:self._row_start[i + 1]].tobytes()
        return dict(zip(self._fields, json.loads(line)))

    def _station(self, i: int) -> Station:
        st = self._cache.get(i)
        if st is None:
            m = self._row(i)
            st = Station(self._ids[i], self._station_names[i], float(self._lat[i]),
                         float(self._lon[i]), m["timezone"], m["region"], m["country"],
                         m["source"], m["source_url"], m["license"], m["license_url"],
                         m["kind"], m["ref"])
            self._cache[i] = st
        return st

    def chart_datum(self, station_id: str) -> tuple[str, float] | None:
        """Return (name, metres of MSL above it) of the station's chart datum (LAT, MLLW, ...), None when unknown."""
        i = self._by_id.get(station_id)
        if i is None:
            return None
        if self._chart_datums is None:
            file = self._path / "chart_datums.txt"
            self._chart_datums = file.read_text(encoding="utf-8").splitlines() if file.exists() else []
        line = self._chart_datums[i] if i < len(self._chart_datums) else ""
        name, _, metres = line.partition(" ")
        return (name, float(metres)) if name and metres else None

    def __len__(self) -> int:
        return len(self._ids)

    def __iter__(self) -> Iterator[Station]:
        return (self._station(i) for i in range(len(self._ids)))

    def get(self, station_id: str) -> Station | None:
        """Return the Station with this id (e.g. "noaa/9414290"), or None."""
        i = self._by_id.get(station_id)
        return None if i is None else self._station(i)

    def nearest(self, lon: float, lat: float, max_km: float = 50.0) -> tuple[Station, float] | None:
        """Return (closest station, great-circle distance in km) within max_km, else None."""
        la, lo = np.radians(lat), np.radians(lon)
        # haversine over all stations at once: a few hundred microseconds for 7,616
        a = (np.sin((self._lat_r - la) / 2) ** 2
             + np.cos(la) * self._cos_lat * np.sin((self._lon_r - lo) / 2) ** 2)
        d = 2 * EARTH_RADIUS_KM * np.arcsin(np.sqrt(np.clip(a, 0.0, 1.0)))
        i = int(np.argmin(d))
        return (self._station(i), float(d[i])) if d[i] <= max_km else None

    def find_by_name(self, name: str) -> list[Station]:
        """Return stations whose name contains every word of NAME (case/accent-insensitive);
        exact name matches first, then names starting with it, then the rest."""
        q = _fold(name)
        if not q:
            return []
        if self._folded is None:
            self._folded = [_fold(n) for n in self._station_names]
        folded = self._folded
        words = q.split()
        hits = [i for i, f in enumerate(folded) if all(w in f for w in words)]
        hits.sort(key=lambda i: (folded[i] != q, not folded[i].startswith(q), self._ids[i]))
        return [self._station(i) for i in hits]

    def constants(self, station_id: str) -> tuple[list[str], np.ndarray, np.ndarray]:
        """Return (names, amplitudes m, phases deg) of a reference station."""
        i = self._by_id[station_id]
        a, b = self._c_start[i], self._c_start[i + 1]
        return ([self._names[k] for k in self._c_name[a:b]],
                np.array(self._c_amp[a:b]), np.array(self._c_phase[a:b]))

    def offsets(self, station_id: str) -> Offsets | None:
        """Return the subordinate offsets of a station, or None for a reference station."""
        m = self._row(self._by_id[station_id])
        if m["kind"] != "subordinate":
            return None
        ratio = m["h_type"] != "fixed"
        dflt = 1.0 if ratio else 0.0
        return Offsets("ratio" if ratio else "fixed",
                       dflt if m["h_high"] is None else float(m["h_high"]),
                       dflt if m["h_low"] is None else float(m["h_low"]),
                       float(m["t_high"] or 0), float(m["t_low"] or 0))

    def constituent_names(self) -> set[str]:
        """Return every constituent name that occurs in the station data."""
        return set(self._names)


_lock = threading.Lock()


@lru_cache(maxsize=1)
def _load() -> StationIndex:
    keep_temporaries_in_heap()   # a long span's arrays reused, not page-faulted in per call
    return StationIndex()


def load_stations() -> StationIndex:
    """Return the process-wide StationIndex (loaded on first call, then cached)."""
    with _lock:  # one load even if several threads ask at once
        return _load()
