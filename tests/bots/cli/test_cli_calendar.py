"""`odbchat calendar` as a user runs it: the file written and its path printed (exit 0), a place
with no tide (exit 3, one line why), bad usage (exit 2)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from icalendar import Calendar
from paths import ROOT

pytestmark = pytest.mark.e2e


def _run(tmp: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ODBCHAT_", "METOCEAN_"))}
    env.update(HOME=str(tmp), ODBCHAT_BACKEND="local", PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "bots.cli", "calendar", *args], cwd=str(tmp), env=env,
                          capture_output=True, text=True, timeout=120)


def test_writes_the_file_and_prints_its_path(tmp_path: Path) -> None:
    done = _run(tmp_path, "--days", "3", "--sun", "--tz", "Asia/Taipei", "--query-time", "2026-11-26T09:00:00+08:00",
                "-o", "keelung.ics", "基隆")
    assert done.returncode == 0, done.stderr
    path = Path(done.stdout.strip())
    assert path == tmp_path / "keelung.ics"
    events = Calendar.from_ical(path.read_bytes()).walk("VEVENT")
    assert len([e for e in events if "日出" in str(e["SUMMARY"])]) == 3
    assert len(events) >= 3 * 3 + 6


def test_no_tide_and_bad_usage(tmp_path: Path) -> None:
    inland = _run(tmp_path, "-o", "x.ics", "南投日月潭")
    assert inland.returncode == 3 and inland.stdout.strip() and not (tmp_path / "x.ics").exists()
    assert _run(tmp_path, "--days", "40", "-o", "x.ics", "基隆").returncode == 2
