"""Each speed measure of metocean/speed/, timed with and without it on the user-visible path it is for.

- `one_blas_thread`: one tide question from a cold process (`odbchat ask --backend local
  "基隆今天潮汐"`, the speed table's first figure): CPU seconds (user + system, the asking process and
  its worker) and wall time, with the measure (OPENBLAS_NUM_THREADS=1) and without (as many
  OpenBLAS threads as cores, numpy's own default);
- `heap_thresholds`: a UTC year of highs and lows at Keelung and San Francisco (the speed table's
  "tide year") and a 31-day span at Keelung (the longest `tide.calendar`), in-process after a
  warm-up, best and median of 5, with glibc's thresholds fixed at station load and without;
- `compile_on_first_use` (core/understand/): the cold question's CPU, the date and coordinate
  patterns compiled when first used and, without, all compiled at import.
Runs are interleaved (with, without, with, ...) so that the machine's drift falls on both; the
load average is printed with each round. A measure whose "without" is as fast goes (the early
forecast worker went so: see metocean/speed/__init__.py).

Usage: .venv/bin/python benchmarks/speed_measures.py [--rounds 5] [--only blas|heap|regex]
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from speed_table import ODBCHAT, QUESTION, ROOT, timed

SPANS = """
import json, statistics, sys, time
from datetime import datetime, timedelta, timezone
if sys.argv[1] == "without":   # the measure left out: the loader binds this no-op
    from metocean.speed import heap_thresholds
    heap_thresholds.keep_temporaries_in_heap = lambda: False
from metocean.tides import load_stations, tide_extremes
load_stations()
KEELUNG, SF = "ticon/keelung-341-twn-uhslc_fd", "noaa/9414290"
year = datetime(2026, 1, 1, tzinfo=timezone.utc), datetime(2027, 1, 1, tzinfo=timezone.utc)
month = datetime(2026, 11, 1, tzinfo=timezone.utc), datetime(2026, 12, 2, tzinfo=timezone.utc)
for sid in (KEELUNG, SF):
    tide_extremes(sid, year[0], year[0] + timedelta(days=2))
def best(run):
    times = []
    for _ in range(5):
        t = time.perf_counter(); run(); times.append(time.perf_counter() - t)
    return {"best_ms": round(min(times) * 1000, 2), "median_ms": round(statistics.median(times) * 1000, 2)}
print(json.dumps({"year": best(lambda: [tide_extremes(s, *year) for s in (KEELUNG, SF)]),
                  "month": best(lambda: tide_extremes(KEELUNG, *month))}))
"""


# The cold question with every pattern compiled at import: the loader binds re.compile instead.
EAGER_REGEX = [sys.executable, "-c", "import re, core.understand.compile_on_first_use as m; "
               "m.lazy_compile = re.compile; from bots.cli import run; run()"]


def _env(**extra: str) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), **extra)
    return env


def cold(cmd: list[str], **env: str) -> dict:
    """Run the cold question once; return speed_table.timed's figures."""
    saved = dict(os.environ)
    os.environ.update(env)
    try:
        return timed([*cmd, "ask", "--backend", "local", QUESTION])
    finally:
        os.environ.clear()
        os.environ.update(saved)


def spans(which: str) -> dict:
    out = subprocess.run([sys.executable, "-c", SPANS, which], cwd=ROOT, env=_env(), capture_output=True,
                         text=True, timeout=600)
    return json.loads(out.stdout.strip().splitlines()[-1]) if out.returncode == 0 else {"error": out.stderr[-300:]}


def _med(runs: list[dict], key: str) -> float:
    return round(statistics.median(r[key] for r in runs), 2)


def _pair(name: str, with_runs: list[dict], without_runs: list[dict]) -> None:
    print(f"{name:<16} with:    wall {_med(with_runs, 'seconds'):.2f} s  CPU {_med(with_runs, 'cpu'):.2f} s  "
          f"peak {_med(with_runs, 'peak_mb'):.1f} MB")
    print(f"{'':<16} without: wall {_med(without_runs, 'seconds'):.2f} s  CPU {_med(without_runs, 'cpu'):.2f} s  "
          f"peak {_med(without_runs, 'peak_mb'):.1f} MB")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--only", choices=("blas", "heap", "regex"))
    ns = parser.parse_args()
    subprocess.run([sys.executable, "-m", "compileall", "-q", "core", "bots", "metocean"], cwd=ROOT,
                   capture_output=True, check=False)
    cores = str(len(os.sched_getaffinity(0)))
    figures: dict[str, list[dict]] = {k: [] for k in ("shipped", "blas_off", "heap_on", "heap_off",
                                                                    "lazy_on", "lazy_off")}
    for i in range(ns.rounds):
        load = os.getloadavg()[0]
        if ns.only in (None, "blas"):
            figures["shipped"].append(cold(ODBCHAT))
            figures["blas_off"].append(cold(ODBCHAT, OPENBLAS_NUM_THREADS=cores))
        if ns.only in (None, "heap"):
            figures["heap_on"].append(spans("with"))
            figures["heap_off"].append(spans("without"))
        if ns.only in (None, "regex"):
            figures["lazy_on"].append(cold(ODBCHAT))
            figures["lazy_off"].append(cold(EAGER_REGEX))
        print(f"round {i + 1} (load {load:.1f}) done", flush=True)
    if figures["blas_off"]:
        _pair("one_blas_thread", figures["shipped"], figures["blas_off"])
    if figures["lazy_on"]:
        _pair("compile_on_first_use", figures["lazy_on"], figures["lazy_off"])
    if figures["heap_on"]:
        for span in ("year", "month"):
            on = [r[span] for r in figures["heap_on"] if span in r]
            off = [r[span] for r in figures["heap_off"] if span in r]
            if on and off:
                print(f"heap_thresholds  {span:<5} with: best {min(r['best_ms'] for r in on):.1f} ms, "
                      f"median {statistics.median(r['median_ms'] for r in on):.1f} ms | without: best "
                      f"{min(r['best_ms'] for r in off):.1f} ms, median {statistics.median(r['median_ms'] for r in off):.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
