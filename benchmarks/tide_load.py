"""Time the station-file load and report memory: one JSON line
{"stations": n, "load_seconds": s, "rss_mb": after, "rss_delta_mb": grown by the load}."""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from memory import rss_mb  # benchmarks/memory.py

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> None:
    import numpy  # noqa: F401  (imported first so its own memory is not counted)
    from metocean.tides.stations import StationIndex
    before = rss_mb()
    t = time.perf_counter()
    idx = StationIndex()
    dt = time.perf_counter() - t
    print(json.dumps({"stations": len(idx), "load_seconds": round(dt, 4),
                      "rss_mb": round(rss_mb(), 1), "rss_delta_mb": round(rss_mb() - before, 1)}))


if __name__ == "__main__":
    main()
