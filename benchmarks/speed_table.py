"""Every figure of the speed table (issue 21), side by side with neaps where it applies.

- one tide question from a cold process, `odbchat ask --backend local "基隆今天潮汐"`: wall time
  and peak memory, against neaps (node: the nearest station to Keelung and today's highs and
  lows) in the same round, the two runs interleaved;
- `odbchat ask --dry-run "基隆今天潮汐"` (no tool called): wall time and peak memory;
- routing only, no LLM, a batch of 5,000 questions (benchmarks/routing.py): questions/s;
- the metocean MCP server as started by default, 10 sessions calling `tide.forecast` for new
  points (benchmarks/metocean_load.py): calls/s.
Peak memory is the child's maximum resident size (wait4's ru_maxrss). neaps is installed by
npm into ~/.cache/odbchat-bench/neaps (never into the repository) when missing; without node
or npm its column says so. The load average is printed with each round: on a busy machine
every figure is slower, so compare the columns of one round.

Usage: .venv/bin/python benchmarks/speed_table.py [--rounds 3] [--skip-server]
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NEAPS_DIR = Path(os.environ.get("ODBCHAT_BENCH_CACHE", Path.home() / ".cache" / "odbchat-bench")) / "neaps"
NEAPS_VERSION = "0.8.0"
QUESTION = "基隆今天潮汐"
ODBCHAT = [sys.executable, "-c", "from bots.cli import run; run()"]  # as the `odbchat` entry point
NEAPS_SCRIPT = """// One tide question from a cold process: the nearest station to Keelung, today's highs and lows.
import { getExtremesPrediction } from "neaps";
const start = new Date(); start.setUTCHours(-8, 0, 0, 0);  // local midnight in Taipei (UTC+8)
const end = new Date(start.getTime() + 86400e3);
const p = getExtremesPrediction({ latitude: 25.15, longitude: 121.75, start, end });
console.log(JSON.stringify({ station: p.station?.name, extremes: p.extremes.length }));
"""
NEAPS_YEAR_SCRIPT = """// One UTC year of highs and lows at the stations nearest Keelung and San Francisco, in-process after
// a warm-up, best and median of 5 (what benchmarks/tide_year.py times for this project).
import { nearestStation } from "neaps";
const stations = [[25.15, 121.75], [37.806, -122.465]].map(([latitude, longitude]) => nearestStation({ latitude, longitude }));
const start = new Date(Date.UTC(2026, 0, 1)), end = new Date(Date.UTC(2027, 0, 1));
const run = () => stations.reduce((n, s) => n + s.getExtremesPrediction({ start, end }).extremes.length, 0);
run();
const times = [];
let events = 0;
for (let i = 0; i < 5; i++) { const t = performance.now(); events = run(); times.push((performance.now() - t) / 1000); }
times.sort((a, b) => a - b);
console.log(JSON.stringify({ events, seconds: times[0], median_seconds: times[2] }));
"""


def _env() -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(ROOT))


def timed(cmd: list[str], cwd: Path = ROOT) -> dict:
    """Run `cmd` to its end; return {"seconds", "cpu", "peak_mb", "ok", "out"} (wall time, user+system
    CPU seconds, max RSS)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, env=_env(), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    out = proc.stdout.read()  # type: ignore[union-attr]
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return {"seconds": round(time.perf_counter() - start, 2), "cpu": round(usage.ru_utime + usage.ru_stime, 2),
            "peak_mb": round(usage.ru_maxrss / 1024, 1),
            "ok": proc.returncode == 0, "out": out.decode("utf-8", "replace").strip()}


def neaps_ready() -> str | None:
    """Install neaps into the cache folder when missing; return None when ready, else why not."""
    if not shutil.which("node") or not shutil.which("npm"):
        return "node/npm not found (apt-get install nodejs npm)"
    if not (NEAPS_DIR / "node_modules" / "neaps" / "package.json").exists():
        NEAPS_DIR.mkdir(parents=True, exist_ok=True)
        (NEAPS_DIR / "package.json").write_text('{"private": true}\n')
        done = subprocess.run(["npm", "install", "--no-audit", "--no-fund", f"neaps@{NEAPS_VERSION}"], cwd=NEAPS_DIR,
                              capture_output=True, text=True, timeout=600)
        if done.returncode != 0:
            return f"npm install failed: {done.stderr.strip()[-200:]}"
    (NEAPS_DIR / "keelung_today.mjs").write_text(NEAPS_SCRIPT)
    (NEAPS_DIR / "tide_year.mjs").write_text(NEAPS_YEAR_SCRIPT)
    return None


def _json_line(cmd: list[str], timeout: float = 900) -> dict:
    out = subprocess.run(cmd, cwd=ROOT, env=_env(), capture_output=True, text=True, timeout=timeout)
    try:
        return json.loads(out.stdout.strip().splitlines()[-1])
    except (IndexError, ValueError):
        return {"error": (out.stderr or out.stdout).strip()[-300:]}


def _median(runs: list[dict], key: str) -> float:
    return round(statistics.median(r[key] for r in runs), 2)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds of the cold-start figures")
    parser.add_argument("--skip-server", action="store_true", help="leave out the MCP server figure")
    ns = parser.parse_args()
    why_not = neaps_ready()
    # As installed (`make install`): the project's bytecode is compiled, so a cold process reads it
    # rather than compiling every module (PYTHONDONTWRITEBYTECODE would otherwise make each run do so).
    subprocess.run([sys.executable, "-m", "compileall", "-q", "core", "bots", "metocean"], cwd=ROOT,
                   capture_output=True, check=False)
    ours, dry, peer = [], [], []
    for i in range(ns.rounds):
        load = os.getloadavg()[0]
        ours.append(timed([*ODBCHAT, "ask", "--backend", "local", QUESTION]))
        if why_not is None:
            peer.append(timed(["node", "keelung_today.mjs"], cwd=NEAPS_DIR))
        dry.append(timed([*ODBCHAT, "ask", "--dry-run", QUESTION]))
        versus = (f"neaps {peer[-1]['seconds']:5.2f} s (CPU {peer[-1]['cpu']:.2f} s) {peer[-1]['peak_mb']:6.1f} MB"
                  if why_not is None
                  else f"neaps: {why_not}")
        print(f"round {i + 1} (load {load:.1f}): ask --backend local {ours[-1]['seconds']:5.2f} s "
              f"(CPU {ours[-1]['cpu']:.2f} s) "
              f"{ours[-1]['peak_mb']:6.1f} MB{'' if ours[-1]['ok'] else ' FAILED'} | {versus} | "
              f"ask --dry-run {dry[-1]['seconds']:5.2f} s {dry[-1]['peak_mb']:6.1f} MB", flush=True)
    routing = [_json_line([sys.executable, str(ROOT / "benchmarks" / "routing.py"), "5000"]) for _ in range(3)]
    # Interleaved, three of each, the best kept: this VM's speed drifts within seconds.
    years, peer_years = [], []
    for _ in range(3):
        years.append(_json_line([sys.executable, str(ROOT / "benchmarks" / "tide_year.py")]))
        if why_not is None:
            peer_years.append(_json_line(["node", str(NEAPS_DIR / "tide_year.mjs")]))
    year = min(years, key=lambda r: r.get("seconds", float("inf")))
    peer_year = min(peer_years, key=lambda r: r.get("seconds", float("inf"))) if peer_years else {}
    server = None if ns.skip_server else _json_line([sys.executable, str(ROOT / "benchmarks" / "metocean_load.py")])

    rows = [("figure", "this project", "neaps", "goal")]
    rows.append((f'cold `odbchat ask --backend local "{QUESTION}"` (median s)', f"{_median(ours, 'seconds')} s",
                 f"{_median(peer, 'seconds')} s" if peer else "-", "<= neaps"))
    rows.append(("the same, CPU time (median s, user + system)", f"{_median(ours, 'cpu')} s",
                 f"{_median(peer, 'cpu')} s" if peer else "-", "<= neaps"))
    rows.append(("peak memory of that process (median MB)", f"{_median(ours, 'peak_mb')} MB",
                 f"{_median(peer, 'peak_mb')} MB" if peer else "-", "<= neaps"))
    rows.append(("`odbchat ask --dry-run` (median s, MB)",
                 f"{_median(dry, 'seconds')} s, {_median(dry, 'peak_mb')} MB", "-", "well under 1 s"))
    rates = [str(r.get("questions_per_second", r.get("error"))) for r in routing]
    rows.append(("routing only, no LLM, batch of 5,000 (questions/s, 3 runs)", ", ".join(rates), "-", ">= 6,000"))
    ratio = (f"{year['seconds'] / peer_year['seconds']:.3f}x" if year.get("seconds") and peer_year.get("seconds")
             else "-")
    rows.append(("a year of highs and lows, Keelung + San Francisco (best of 3x5, s)",
                 f"{year.get('seconds', year.get('error'))} s ({ratio} of neaps)",
                 f"{round(peer_year['seconds'], 4)} s" if peer_year.get("seconds") else "-", "<= 0.12x neaps"))
    if server is not None:
        rows.append(("metocean MCP server, 10 sessions, new points (tide.forecast calls/s)",
                     f"{server.get('calls_per_second', server.get('error'))} (p50 {server.get('p50_ms')} ms, "
                     f"server {server.get('server_cpu_ms_per_call')} ms CPU/call)", "-", ">= 120"))
    width = [max(len(r[k]) for r in rows) for k in range(4)]
    for row in rows:
        print(" | ".join(cell.ljust(w) for cell, w in zip(row, width)))
    if server is not None:
        print("server:", json.dumps(server))
    return 0


if __name__ == "__main__":
    sys.exit(main())
