"""A globe-sized SST box costs bounded memory (issue 19): the engine in a subprocess asks the local
ERDDAP look-alike for "[-180,-90,180,90] 2024-06-01" and reports how far its resident size rose
above its resting size (the peak, VmHWM, reset after a small warm-up box)."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from erddap_server import FakeErddap
from paths import ROOT

pytestmark = pytest.mark.e2e


CHILD = r"""
import asyncio, json, sys
from pathlib import Path
from metocean import sst
from metocean.config import EngineConfig
from metocean.contract import GhrsstBboxArgs

def status(key):
    line = next(l for l in Path("/proc/self/status").read_text().splitlines() if l.startswith(key + ":"))
    return int(line.split()[1]) / 1024

async def main(url):
    cfg = EngineConfig(erddap_url=url, erddap_timeout=300)
    client = sst.new_client(cfg)
    await sst.bbox_mean(GhrsstBboxArgs(bbox=[120, 20, 122, 22], date="2024-06-01"), config=cfg, client=client)
    resting = status("VmRSS")
    Path("/proc/self/clear_refs").write_text("5")  # resets the peak (VmHWM) to the current size
    r = await sst.bbox_mean(GhrsstBboxArgs(bbox=[-180, -90, 180, 90], date="2024-06-01"), config=cfg, client=client)
    await client.aclose()
    print(json.dumps({"resting_mb": resting, "peak_mb": status("VmHWM"), "result": r}))

asyncio.run(main(sys.argv[1]))
"""


def test_globe_box_stays_within_100_mb_and_says_it_was_sampled():
    with FakeErddap() as srv:
        out = subprocess.run([sys.executable, "-c", CHILD, srv.url], cwd=ROOT, capture_output=True, text=True,
                             timeout=600, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert out.returncode == 0, out.stderr[-2000:]
    figures = json.loads(out.stdout)
    growth = figures["peak_mb"] - figures["resting_mb"]
    assert growth < 100, figures
    r = figures["result"]
    assert r["region"] == [-180.0, -90.0, 180.0, 90.0] and r["sample"] == 26
    assert r["notes"] == [{"code": "box_sampled", "sample": 26, "step_deg": 0.26}]
    assert "0.26-degree grid" in r["messages"][0]
    # The synthetic field (erddap_server.sst_at) averaged over the same strided grid.
    lats = [round(i * 0.01, 2) for i in range(-8999, 9000, 26)]
    lons = [round(i * 0.01, 2) for i in range(-17999, 18000, 26)]
    mean_lon_term = sum(0.001 * (lo % 10) for lo in lons) / len(lons)
    expected = 30.0 - 0.2 * sum(lats) / len(lats) + 0.01 + mean_lon_term
    assert abs(r["sst"] - expected) < 0.01


async def test_the_answer_says_a_globe_box_was_sampled():
    """Through the router: the reply to a globe-sized SST question says the mean was taken on a coarser grid."""
    from core.config import Settings
    from core.envelope import Question
    from core.router import Router

    with FakeErddap() as srv:
        router = Router(Settings(odbchat_backend="local", erddap_url=srv.url, erddap_timeout=300), llm=None)
        try:
            zh = await router.answer(Question(query="[-180,-90,180,90] 2024-06-01 海溫？", tz="Asia/Taipei"))
        finally:
            await router.aclose()
    assert zh.tool == "ghrsst.bbox_mean" and not zh.error, zh.text
    assert "每 0.26 度取一點" in zh.text and zh.reply is not None and zh.reply.notes
