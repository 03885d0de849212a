"""Subscriptions after `kill -9` with the real parts (contract, "Nothing acknowledged is lost";
docs/deploy.md): two bot processes on PostgreSQL fire 50 daily subscriptions due at once
through the Bot API emulator; one is killed with SIGKILL mid-burst. None is lost, the dead
worker's are taken over within seconds (15 s lease, renewed), and only a send under way at the
kill may reach its user twice. Figures: benchmarks/crash_safety.py."""
from __future__ import annotations

from pathlib import Path

import pytest

from crash_scenarios import subscriptions_after_kill

pytestmark = pytest.mark.e2e   # starts loopback servers or subprocesses


def test_subscriptions_after_a_sigkill(tmp_path: Path, pg_fresh_url: str) -> None:
    figures = subscriptions_after_kill(tmp_path, pg_fresh_url, count=50, poll_s=1.0, send_s=0.5)
    print(figures)  # the figures, not limits
    assert figures["lost"] == 0
    assert figures["sent_after_kill"] > 0  # the kill did land mid-burst
    # A worker sends at most 4 at once: only those under way at the kill can go out twice.
    assert figures["twice"] <= 4
    # Taken over after the 15 s lease and a poll, not after two minutes.
    assert figures["late_after_kill_max_s"] < 40
