"""Time the station-file load and report memory: one JSON line
{"stations": n, "load_seconds": s, "rss_mb": after, "rss_delta_mb": grown by the load}."""
from __future__ import annotations

import json
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def _rss_mb() -> float:
    # current RSS from /proc (Linux); fall back to the peak from getrusage
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    import numpy  # noqa: F401  (imported first so its own memory is not counted)
    from metocean.tides.stations import StationIndex
    before = _rss_mb()
    t = time.perf_counter()
    idx = StationIndex()
    dt = time.perf_counter() - t
    print(json.dumps({"stations": len(idx), "load_seconds": round(dt, 4),
                      "rss_mb": round(_rss_mb(), 1), "rss_delta_mb": round(_rss_mb() - before, 1)}))


if __name__ == "__main__":
    main()
