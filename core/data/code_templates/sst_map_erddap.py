"""A map of sea surface temperature (GHRSST MUR SST v4.1, 0.01°) over a box for one day,
read from NOAA CoastWatch ERDDAP (dataset jplMURSST41) and drawn with matplotlib.

Needs: pip install httpx numpy matplotlib
MUR is published about one day late: a day with no data yet gives an HTTP 404.
"""
from urllib.parse import quote

import httpx
import matplotlib.pyplot as plt
import numpy as np

# --- parameters (ODBchat fills these in) ---
ERDDAP_URL = "https://coastwatch.pfeg.noaa.gov/erddap"
VARIABLE = "sst"
OUTPUT = "map"
DATASET = "jplMURSST41"  # the SST anomaly: "jplMURSST41anom1day"
GRID_VARIABLE = "analysed_sst"  # the SST anomaly: "sstAnom"
BBOX = [118.0, 20.0, 123.5, 26.5]
DATE = "2025-11-13"
STRIDE = 5  # every 5th grid cell (0.05°): a box of a few degrees stays a small download
OUT_FILE = "sst_map.png"
# --- end of parameters ---


def fetch(bbox, day, stride):
    """Rows (lat, lon, value °C or None on land) of MUR's GRID_VARIABLE over the box on that day."""
    lon0, lat0, lon1, lat1 = bbox
    query = f"{GRID_VARIABLE}[({day}T09:00:00Z)][({lat0}):{stride}:({lat1})][({lon0}):{stride}:({lon1})]"
    # ERDDAP rejects raw brackets: the whole query is percent-encoded.
    url = f"{ERDDAP_URL}/griddap/{DATASET}.json?{quote(query, safe='')}"
    reply = httpx.get(url, timeout=120, headers={"User-Agent": "odbchat-example"})
    reply.raise_for_status()
    return [(row[1], row[2], row[3]) for row in reply.json()["table"]["rows"]]


def main():
    rows = fetch(BBOX, DATE, STRIDE)
    lats = sorted({r[0] for r in rows})
    lons = sorted({r[1] for r in rows})
    grid = np.full((len(lats), len(lons)), np.nan)
    at_lat = {v: i for i, v in enumerate(lats)}
    at_lon = {v: i for i, v in enumerate(lons)}
    for lat, lon, sst in rows:
        grid[at_lat[lat], at_lon[lon]] = np.nan if sst is None else sst
    print(f"{DATE}: {np.nanmin(grid):.2f} to {np.nanmax(grid):.2f} °C, mean {np.nanmean(grid):.2f} °C")
    fig, ax = plt.subplots(figsize=(7, 6))
    mesh = ax.pcolormesh(lons, lats, grid, cmap="turbo" if VARIABLE == "sst" else "RdBu_r", shading="auto")   # land is NaN: left blank
    fig.colorbar(mesh, ax=ax, label=f"{VARIABLE} (°C)")
    ax.set(title=f"MUR {VARIABLE} {DATE}", xlabel="longitude (°E)", ylabel="latitude (°N)")
    ax.set_aspect("equal")
    fig.savefig(OUT_FILE, dpi=150, bbox_inches="tight")
    print(f"saved {OUT_FILE}")


if __name__ == "__main__":
    main()
