"""Time one UTC year of highs and lows per station, in-process, after a warm-up.

    python benchmarks/tide_year.py --station noaa/9414290 [--station ID ...] --year 2026

Prints one JSON line: {"stations": n, "events": m, "seconds": s, "median_seconds": md}; s is
the time for all stations together, excluding the station-file load and warm-up, the best
of --repeat runs (default 5) because a shared 2-core machine adds noise of the same size as
the work; md, the median of those runs, shows stalls the best hides (a BLAS thread hand-off).
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from metocean.tides import load_stations, tide_extremes  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--station", action="append", help="station id (default: Keelung and San Francisco)")
    ap.add_argument("--year", type=int, default=2026)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    args.station = args.station or ["ticon/keelung-341-twn-uhslc_fd", "noaa/9414290"]
    start = datetime(args.year, 1, 1, tzinfo=timezone.utc)
    end = datetime(args.year + 1, 1, 1, tzinfo=timezone.utc)
    load_stations()
    for sid in args.station:  # warm-up: harmonics cache, numpy code paths
        tide_extremes(sid, start, datetime(args.year, 1, 3, tzinfo=timezone.utc))
    runs = []
    for _ in range(max(1, args.repeat)):
        t = time.perf_counter()
        events = sum(len(tide_extremes(sid, start, end)) for sid in args.station)
        runs.append(time.perf_counter() - t)
    print(json.dumps({"stations": len(args.station), "events": events,
                      "seconds": round(min(runs), 4), "median_seconds": round(statistics.median(runs), 4)}))


if __name__ == "__main__":
    main()
