"""Convert the openwaters tide-database tarball into the folder metocean/data/stations/.

Usage: python scripts/build_stations.py [path/to/tide-stations.tar.xz]

The folder holds files a process reads without parsing or inflating everything (a compressed
.npz with the metadata as one JSON document cost ~50 ms of a cold process's first answer):
- `index.json`: format version, station count, the field names of a row, constituent names;
- `ids.txt`, `names.txt`: one station id / name a line, station i on line i;
- `rows.jsonl`: the rest of station i's metadata as a JSON array on line i (parsed on use),
  `row_start.npy` the byte offset of each line and of the end;
- `chart_datums.txt`: station i's chart datum on line i, "<name> <metres of MSL above it>"
  (e.g. "MLLW 0.9510"), empty when the station file gives no chart datum or no MSL;
- uncompressed .npy arrays, memory-mapped: lat, lon, and the harmonic constants of all
  reference stations flattened into c_name/c_amp/c_phase, station i owning rows
  c_start[i]:c_start[i+1] (only the pages of the stations asked about are ever read).
Git and wheels compress the files anyway.
"""
from __future__ import annotations

import json
import shutil
import sys
import tarfile
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
DEFAULT_TARBALL = REPO / ".." / "shared" / "data" / "tide-stations.tar.xz"
OUT = REPO / "metocean" / "data" / "stations"
# Metadata fields of a rows.jsonl line, in order (id and name have their own files).
ROW_FIELDS = ("region", "country", "timezone", "source", "source_url", "license", "license_url",
              "kind", "ref", "h_type", "h_high", "h_low", "t_high", "t_low")
NOTICE = REPO / "metocean" / "NOTICE"

NOTICE_TEXT = """\
Tide station data (metocean/data/stations/)
===========================================

Converted from the tide-database of the openwaters.io project
("tide-database, openwaters.io"), MIT licence:

{mit}

Each station keeps its own licence (Station.source / Station.license):

* TICON-4 stations (ids "ticon/..."):
  "TICON-4, Hart-Davis et al., SEANOE, derived from GESLA-4"
  https://www.seanoe.org/data/00980/109129/ , licensed under the Creative Commons
  Attribution 4.0 International licence (CC BY 4.0,
  https://creativecommons.org/licenses/by/4.0/). The harmonic constants were only
  re-encoded (column layout), not changed.
* NOAA CO-OPS stations (ids "noaa/..."): US National Oceanic and Atmospheric
  Administration, Center for Operational Oceanographic Products and Services (CO-OPS);
  public domain (https://tidesandcurrents.noaa.gov/disclaimers.html).
"""


def _station_id(member_name: str, doc: dict) -> str:
    folder = member_name.split("/")[-2]
    return f"{folder}/{doc['source']['id']}"


def read_tarball(path: Path) -> tuple[list[tuple[str, dict]], str]:
    """Return [(station_id, station_doc)] sorted by id, and the licence text if present."""
    stations: list[tuple[str, dict]] = []
    with tarfile.open(path, "r:xz") as tar:
        for member in tar:
            if not member.isfile() or not member.name.endswith(".json"):
                continue
            doc = json.load(tar.extractfile(member))
            stations.append((_station_id(member.name, doc), doc))
    stations.sort(key=lambda s: s[0])
    lic = path.with_name("tide-stations.LICENSE.txt")
    return stations, lic.read_text() if lic.exists() else "MIT License (openwaters.io tide-database)"


def build(stations: list[tuple[str, dict]]) -> dict:
    """Lay the stations out in columns; see metocean/tides/stations.py for the reader."""
    cols: dict[str, list] = {k: [] for k in (
        "id", "name", "region", "country", "lat", "lon", "timezone", "source", "source_url",
        "license", "license_url", "kind", "c_start", "ref", "h_type", "h_high", "h_low",
        "t_high", "t_low")}
    names: list[str] = []
    name_idx: dict[str, int] = {}
    c_name: list[int] = []
    c_amp: list[float] = []
    c_phase: list[float] = []
    for sid, d in stations:
        src, lic = d.get("source") or {}, d.get("license") or {}
        cols["id"].append(sid)
        cols["name"].append(d.get("name") or sid)
        cols["region"].append(d.get("region") or None)
        cols["country"].append(d.get("country") or None)
        cols["lat"].append(float(d["latitude"]))
        cols["lon"].append(float(d["longitude"]))
        cols["timezone"].append(d.get("timezone") or None)
        cols["source"].append(src.get("name") or "")
        cols["source_url"].append(src.get("url") or None)
        cols["license"].append(lic.get("type") or "")
        cols["license_url"].append(lic.get("url") or None)
        cols["kind"].append(d["type"])
        cols["c_start"].append(len(c_name))
        if d["type"] == "reference":
            for h in d["harmonic_constituents"]:
                if h["name"] not in name_idx:
                    name_idx[h["name"]] = len(names)
                    names.append(h["name"])
                c_name.append(name_idx[h["name"]])
                c_amp.append(float(h["amplitude"]))
                c_phase.append(float(h["phase"]))
            for k in ("ref", "h_type", "h_high", "h_low", "t_high", "t_low"):
                cols[k].append(None)
        else:
            off = d["offsets"]
            cols["ref"].append(off["reference"])
            cols["h_type"].append(off["height"].get("type", "ratio"))
            cols["h_high"].append(off["height"].get("high"))
            cols["h_low"].append(off["height"].get("low"))
            cols["t_high"].append(off["time"].get("high", 0))
            cols["t_low"].append(off["time"].get("low", 0))
    cols["c_start"].append(len(c_name))  # sentinel: station i owns [c_start[i], c_start[i+1])
    return {"version": 1, "n": len(stations), **cols, "constituent_names": names,
            "c_name": c_name, "c_amp": c_amp, "c_phase": c_phase}


def write(doc: dict, out: Path) -> None:
    """Write the folder `out` from build()'s document (replacing what was there)."""
    arrays = {
        "lat": np.array(doc["lat"], dtype=np.float64),
        "lon": np.array(doc["lon"], dtype=np.float64),
        "c_start": np.array(doc["c_start"], dtype=np.int32),
        "c_name": np.array(doc["c_name"], dtype=np.int16),
        "c_amp": np.array(doc["c_amp"], dtype=np.float64),
        "c_phase": np.array(doc["c_phase"], dtype=np.float64),
    }
    for text in doc["id"] + doc["name"]:
        if "\n" in text or "\r" in text:
            raise ValueError(f"line break in station id or name {text!r}")
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    index = {"version": 2, "n": doc["n"], "fields": list(ROW_FIELDS),
             "constituent_names": doc["constituent_names"]}
    (out / "index.json").write_text(json.dumps(index, ensure_ascii=False) + "\n", encoding="utf-8")
    (out / "ids.txt").write_text("\n".join(doc["id"]) + "\n", encoding="utf-8")
    (out / "names.txt").write_text("\n".join(doc["name"]) + "\n", encoding="utf-8")
    rows = [json.dumps([doc[k][i] for k in ROW_FIELDS], separators=(",", ":"),
                       ensure_ascii=False).encode() + b"\n" for i in range(doc["n"])]
    (out / "rows.jsonl").write_bytes(b"".join(rows))
    arrays["row_start"] = np.cumsum([0] + [len(r) for r in rows], dtype=np.int64)
    for name, array in arrays.items():
        np.save(out / f"{name}.npy", array)


def chart_datum_line(doc: dict) -> str:
    """Return "<chart datum> <MSL above it, m>" of one station file, "" when either is missing."""
    datums = doc.get("datums") or {}
    name = doc.get("chart_datum")
    if not name or name not in datums or "MSL" not in datums:
        return ""
    return f"{name} {float(datums['MSL']) - float(datums[name]):.4f}"


def write_chart_datums(stations: list[tuple[str, dict]], out: Path) -> None:
    """Write `chart_datums.txt`, line i for station i (the order of ids.txt)."""
    (out / "chart_datums.txt").write_text("\n".join(chart_datum_line(d) for _, d in stations) + "\n", encoding="utf-8")


def main(argv: list[str]) -> None:
    tarball = Path(argv[1]) if len(argv) > 1 else DEFAULT_TARBALL
    stations, mit = read_tarball(tarball)
    doc = build(stations)
    write(doc, OUT)
    write_chart_datums(stations, OUT)
    NOTICE.write_text(NOTICE_TEXT.format(mit=mit.strip()))
    size = sum(f.stat().st_size for f in OUT.iterdir())
    print(f"{doc['n']} stations, {len(doc['c_name'])} constants, "
          f"{len(doc['constituent_names'])} names -> {OUT}/ ({size / 1e6:.2f} MB)")


if __name__ == "__main__":
    main(sys.argv)
