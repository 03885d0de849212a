"""`tide.forecast` calls per second from the metocean MCP server, 10 sessions at once.

Starts `odbchat metocean-server` as a user would (default options, port 0), opens 10 MCP
sessions (streamable HTTP, stateful like the default server) and has each call `tide.forecast`
back to back for a new point and a new day every call, for a fixed time. The load generator is
a thin JSON-RPC client in its own process (the SDK's client costs more CPU than the server on a
2-core machine, which would measure the client). Prints one JSON line: calls, seconds,
calls_per_second, p50/p95 latency, errors, CPU ms per call (server, its serving
process, this client), the server's memory (PSS over its processes) and the load average.

Usage: .venv/bin/python benchmarks/metocean_load.py [--sessions 10] [--seconds 8] [-- SERVER ARGS]
Goal (issue 21): >= 120 calls/s with 10 sessions from the server as started by default.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import statistics
import subprocess
import sys
import time
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROTOCOL = "2025-06-18"


def forecast_args(session: int, i: int, days: int = 30) -> dict:
    """A point not asked before in this run (sessions 0..19 x 1,000 calls: 100 m steps on the sea
    off Keelung, so every answer has tides) on one of `days` days, cycled: no place's sun/moon
    answer is cached, the day's shared sky is (as for the 30 days of benchmarks/metocean_forecast.py)."""
    k = session % 20 * 1000 + i % 1000
    day = date(2025, 11, 1) + timedelta(days=(k * 7) % days)
    return {"longitude": round(121.70 + k % 100 * 0.001, 3), "latitude": round(25.15 + k // 100 * 0.001, 3),
            "tz": "Asia/Taipei", "date": day.isoformat(), "query_time": f"{day.isoformat()}T10:00:00+08:00"}


def _payload(response) -> dict:  # noqa: ANN001 - an httpx response
    if response.headers.get("content-type", "").startswith("text/event-stream"):
        for line in response.text.splitlines():
            if line.startswith("data:"):
                return json.loads(line[5:])
        raise RuntimeError("no data in the event stream")
    return response.json()


async def _session(url: str, index: int, until: float, latencies: list[float], errors: list[str],
                   most: int = 10**9) -> int:
    import httpx

    headers = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
    async with httpx.AsyncClient(timeout=30, headers=headers) as http:
        init = {"jsonrpc": "2.0", "id": 0, "method": "initialize",
                "params": {"protocolVersion": PROTOCOL, "capabilities": {}, "clientInfo": {"name": "bench", "version": "0"}}}
        r = await http.post(url, json=init)
        r.raise_for_status()
        _payload(r)
        sid = r.headers.get("mcp-session-id")
        if sid:
            http.headers["mcp-session-id"] = sid
        http.headers["mcp-protocol-version"] = PROTOCOL
        await http.post(url, json={"jsonrpc": "2.0", "method": "notifications/initialized"})
        done = 0
        while time.perf_counter() < until and done < most:
            call = {"jsonrpc": "2.0", "id": done + 1, "method": "tools/call",
                    "params": {"name": "tide.forecast", "arguments": forecast_args(index, done)}}
            t = time.perf_counter()
            reply = _payload(await http.post(url, json=call))
            latencies.append(1000 * (time.perf_counter() - t))
            result = reply.get("result") or {}
            if "error" in reply or result.get("isError") or not result.get("structuredContent", {}).get("sun"):
                errors.append(json.dumps(reply)[:200])
            done += 1
        return done


async def warm_up(url: str, sessions: int) -> None:
    """Make 300 calls at other points, so every worker has seen the 30 days (their shared skies)."""
    await asyncio.gather(*(_session(url, 10 + s, time.perf_counter() + 600, [], [], most=300 // sessions)
                           for s in range(sessions)))


async def load(url: str, sessions: int, seconds: float) -> dict:
    """Return the figures of `sessions` concurrent sessions calling for `seconds`."""
    latencies: list[float] = []
    errors: list[str] = []
    start = time.perf_counter()
    counts = await asyncio.gather(*(_session(url, s, start + seconds, latencies, errors) for s in range(sessions)))
    elapsed = time.perf_counter() - start
    q = statistics.quantiles(latencies, n=20) if len(latencies) > 1 else [float("nan")] * 19
    return {"sessions": sessions, "calls": sum(counts), "seconds": round(elapsed, 2),
            "calls_per_second": round(sum(counts) / elapsed, 1), "p50_ms": round(statistics.median(latencies), 1),
            "p95_ms": round(q[18], 1), "errors": len(errors), "first_error": errors[0] if errors else None}


def _proc_cpu_rss(pids: list[int]) -> tuple[float, float]:
    """Return (CPU seconds, memory MB) summed over `pids` (from /proc); memory is the
    proportional set size, so pages the forked workers share with the server count once."""
    cpu = mem = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            cpu += (int(fields[11]) + int(fields[12])) / tick
            pss = next(line for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()
                       if line.startswith("Pss:"))
            mem += int(pss.split()[1]) / 1024
        except (OSError, IndexError, StopIteration):
            pass
    return cpu, mem


def _tree(pid: int) -> list[int]:
    """Return `pid` and its descendants (the server's worker processes)."""
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        try:
            todo += [int(c) for c in Path(f"/proc/{p}/task/{p}/children").read_text().split()]
        except OSError:
            pass
    return out


def run(sessions: int, seconds: float, server_args: list[str]) -> dict:
    """Start the server, load it, stop it; return the figures (plus the server's CPU and RSS)."""
    cmd = [sys.executable, "-c", "import sys; from bots.cli import main; sys.exit(main())",
           "metocean-server", "--port", "0", *server_args]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, text=True,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)))
    try:
        line = proc.stdout.readline()  # type: ignore[union-attr]
        if "ready at" not in line:
            raise RuntimeError(f"server did not start: {line!r}")
        url = line.split()[-1]
        asyncio.run(warm_up(url, sessions))
        cpu0, _ = _proc_cpu_rss(_tree(proc.pid))
        front0, _ = _proc_cpu_rss([proc.pid])
        client0 = time.process_time()
        figures = asyncio.run(load(url, sessions, seconds))
        client = time.process_time() - client0
        pids = _tree(proc.pid)
        cpu1, rss = _proc_cpu_rss(pids)
        front1, _ = _proc_cpu_rss([proc.pid])
        calls = max(1, figures["calls"])
        server_ms, front_ms, client_ms = 1000 * (cpu1 - cpu0) / calls, 1000 * (front1 - front0) / calls, 1000 * client / calls
        cores = len(os.sched_getaffinity(0))
        # What the CPU alone allows on an otherwise idle machine: every core busy with the
        # server and this client, the serving process at most one core.
        idle = min(1000 * cores / (server_ms + client_ms), 1000 / front_ms if front_ms else float("inf"))
        figures.update(idle_machine_calls_per_second_estimate=round(idle))
        figures.update(server_processes=len(pids), server_cpu_ms_per_call=round(1000 * (cpu1 - cpu0) / calls, 2),
                       serving_process_cpu_ms_per_call=round(1000 * (front1 - front0) / calls, 2),
                       client_cpu_ms_per_call=round(1000 * client / calls, 2), server_pss_mb=round(rss, 1),
                       load_average=round(os.getloadavg()[0], 1))
        return figures
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("server_args", nargs="*", help="extra metocean-server options (after --)")
    ns = parser.parse_args()
    print(json.dumps(run(ns.sessions, ns.seconds, ns.server_args)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
