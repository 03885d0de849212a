"""Tide charts end to end: from an upstream that gives highs and lows only (the loopback upstream
double: a cosine curve through its extremes), and `odbchat chart` as a subprocess (exit 0 drawn,
3 no tide data there, 2 bad usage)."""
from __future__ import annotations

import struct
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest

from core.config import Settings
from core.envelope import Question
from core.router import Router
from upstream_server import running_upstream
from paths import ROOT

pytestmark = pytest.mark.e2e   # starts loopback servers or subprocesses

QT = "2025-11-14T11:00:00+08:00"


@pytest.fixture(scope="module")
def upstream():
    with running_upstream(latest="2025-11-10") as url:
        yield url


async def test_upstream_only_chart_is_a_cosine_through_upstreams_extremes(upstream) -> None:
    router = Router(Settings(metocean_mcp_url=str(upstream), odbchat_backend="upstream"), llm=None)
    try:
        answer = await router.answer(Question(query="基隆潮汐圖", tz="Asia/Taipei", query_time=QT, days=2))
    finally:
        await router.aclose()
    assert answer.tool == "tide.chart" and answer.backend == "upstream", answer.text
    assert answer.image and struct.unpack(">II", answer.image[16:24]) == (1200, 700)
    result = answer.result
    assert result["curve"] == "cosine" and result["station"] is None and result["days"] == 2
    days_asked = {c[1]["date"] for c in upstream.state.tool_calls if c[0] == "tide.forecast"}
    assert {"2025-11-13", "2025-11-14", "2025-11-15", "2025-11-16"} <= days_asked  # the two ends too
    listed = sorted((datetime.fromisoformat(e["time"]).timestamp(), e["height_cm"]) for e in result["highs"])
    drawn = sorted((t, h) for t, h in result["marks"]["highs"])
    assert listed and [round(t) for t, _ in drawn] == [round(t) for t, _ in listed]
    assert [h for _, h in drawn] == [h for _, h in listed]


def _chart(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "ODBCHAT_DB": str(tmp_path / "s.db"),
           "ODBCHAT_BACKEND": "local", "PYTHONPATH": str(ROOT), "METOCEAN_MCP_URL": "http://127.0.0.1:9/mcp"}
    return subprocess.run([sys.executable, "-m", "bots.cli", "chart", *args], cwd=str(ROOT), env=env,
                          capture_output=True, text=True, timeout=120)


def test_odbchat_chart_exit_codes(tmp_path: Path) -> None:
    out = tmp_path / "keelung.png"
    drawn = _chart(tmp_path, "--tz", "Asia/Taipei", "--query-time", QT, "--days", "2", "-o", str(out), "基隆")
    assert drawn.returncode == 0, drawn.stderr
    assert drawn.stdout.strip() == str(out) and out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    point = _chart(tmp_path, "--lang", "en", "--query-time", QT, "-o", str(tmp_path / "p.png"), "121.75,25.15")
    assert point.returncode == 0 and point.stdout.strip().endswith("p.png")
    inland = _chart(tmp_path, "--tz", "Asia/Taipei", "--query-time", QT, "-o", str(tmp_path / "x.png"), "台中")
    assert inland.returncode == 3 and inland.stdout.strip() == "此點位並無潮汐資料。"
    assert not (tmp_path / "x.png").exists()
    inland_en = _chart(tmp_path, "--lang", "en", "--query-time", QT, "-o", str(tmp_path / "x.png"), "Denver")
    assert inland_en.returncode == 3 and inland_en.stdout.count("\n") == 1 and "tide" in inland_en.stdout
    assert _chart(tmp_path, "--days", "8", "-o", str(tmp_path / "y.png"), "基隆").returncode == 2
    assert _chart(tmp_path, "基隆").returncode == 2                               # no -o
    assert _chart(tmp_path, "-o", str(tmp_path / "z.png")).returncode == 2        # no QUERY
