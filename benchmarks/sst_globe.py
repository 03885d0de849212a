"""Memory of a globe-sized SST question ("[-180,-90,180,90] 2024-06-01 海溫？", issue 19).

The engine runs in a subprocess against the local ERDDAP look-alike (tests/emulators/erddap_server.py,
which streams the 960,000-row strided globe as ERDDAP would); the subprocess reports its
resident size at rest (after a small box) and its peak (VmHWM, reset before the question) for one
globe box, then for four at once. Prints one JSON line per case: growth_mb = peak - resting.
Goal: one globe within +100 MB.

Usage: .venv/bin/python benchmarks/sst_globe.py
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "emulators"))

from erddap_server import FakeErddap  # noqa: E402

CHILD = r"""
import asyncio, json, sys, time
from pathlib import Path
from metocean import sst
from metocean.config import EngineConfig
from metocean.contract import GhrsstBboxArgs

def status(key):
    line = next(l for l in Path("/proc/self/status").read_text().splitlines() if l.startswith(key + ":"))
    return int(line.split()[1]) / 1024

async def main(url, at_once):
    cfg = EngineConfig(erddap_url=url, erddap_timeout=600)
    client = sst.new_client(cfg)
    await sst.bbox_mean(GhrsstBboxArgs(bbox=[120, 20, 122, 22], date="2024-06-01"), config=cfg, client=client)
    resting = status("VmRSS")
    Path("/proc/self/clear_refs").write_text("5")
    t = time.perf_counter()
    globe = GhrsstBboxArgs(bbox=[-180, -90, 180, 90], date="2024-06-01")
    rs = await asyncio.gather(*(sst.bbox_mean(globe, config=cfg, client=client) for _ in range(at_once)))
    seconds = time.perf_counter() - t
    await client.aclose()
    peak = status("VmHWM")
    print(json.dumps({"globe_boxes_at_once": at_once, "resting_mb": round(resting, 1), "peak_mb": round(peak, 1),
                      "growth_mb": round(peak - resting, 1), "seconds": round(seconds, 2),
                      "sample": rs[0].get("sample"), "sst": rs[0].get("sst"),
                      "note": [n["code"] for n in rs[0].get("notes", [])]}))

asyncio.run(main(sys.argv[1], int(sys.argv[2])))
"""


def main() -> int:
    with FakeErddap() as srv:
        for at_once in (1, 4):
            out = subprocess.run([sys.executable, "-c", CHILD, srv.url, str(at_once)], cwd=ROOT, capture_output=True,
                                 text=True, timeout=1200, env=dict(os.environ, PYTHONPATH=str(ROOT)))
            print(out.stdout.strip() or out.stderr.strip()[-500:], flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
