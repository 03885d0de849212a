"""Where start-up and routing time go: the routing rate over a batch of 5,000 questions, and profiles.

``routing``: every question of tests/data/routing_user.yaml, routing_fresh.yaml and the
benchmark's HEURISTIC list, cycled to a batch of 5,000, through `Router.answer` in dry-run mode
with no LLM (no tool is called); prints questions per second of CPU, after one warm-up pass.
Then the distinct questions once more with the per-question memos emptied (the rate for
questions never seen before). ``--profile N`` adds the N costliest functions (cProfile, by own time) of the batch.

``imports``: a fresh interpreter importing the CLI's question path (`bots.cli` and
`core.router`), under ``-X importtime``; prints the N costliest imports (cumulative) and what a
local-backend question would still load later.

Run: ``.venv/bin/python benchmarks/startup_profile.py routing [--profile 25]`` or ``... imports``.
"""
from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import itertools
import json
import os
import pstats
import subprocess
import sys
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

BATCH = 5000
QT = "2025-11-14T11:00:00+08:00"


def _questions() -> list[tuple[str, str]]:
    """Return (question, asker's zone) pairs from the routing sets and the benchmark's list."""
    from questions import HEURISTIC

    out = [(q, "Asia/Taipei") for q in HEURISTIC]
    for name in ("routing_user.yaml", "routing_fresh.yaml"):
        doc = yaml.safe_load((ROOT / "tests" / "data" / name).read_text("utf-8"))
        tz = (doc.get("defaults") or {}).get("tz", "Asia/Taipei")
        out += [(c["q"], c.get("tz", tz)) for c in doc["questions"]]
    return out


async def _routing(profile: int) -> dict[str, object]:
    from core.config import Settings
    from core.envelope import Question
    from core.router import Router

    router = Router(Settings(odbchat_backend="local"), llm=None)
    pairs = _questions()
    batch = list(itertools.islice(itertools.cycle(pairs), BATCH))
    for q, tz in pairs:  # warm-up: the gazetteer, keyword tables and patterns load here
        await router.answer(Question(query=q, tz=tz, query_time=QT, dry_run=True))
    prof = cProfile.Profile() if profile else None
    if prof:
        prof.enable()
    start = time.process_time()
    for q, tz in batch:
        await router.answer(Question(query=q, tz=tz, query_time=QT, dry_run=True))
    cpu = time.process_time() - start
    if prof:
        prof.disable()
        out = io.StringIO()
        pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(profile)
        print(out.getvalue(), file=sys.stderr)
    # The same questions once each with every per-question memo emptied: the rate for questions never seen.
    import core.answers.codegen as codegen
    import core.router as router_module
    import core.understand.places as places
    for memo in (getattr(places.find_place_and_region, "cache_clear", None),
                 getattr(getattr(router_module, "_signals_of", None), "cache_clear", None),
                 getattr(codegen.is_code_request, "cache_clear", None)):
        if memo is not None:
            memo()
    start = time.process_time()
    for q, tz in pairs:
        await router.answer(Question(query=q, tz=tz, query_time=QT, dry_run=True))
    unseen = time.process_time() - start
    return {"questions": len(batch), "distinct": len(pairs), "cpu_seconds": round(cpu, 3),
            "questions_per_second": round(len(batch) / cpu), "unseen_questions_per_second": round(len(pairs) / unseen)}


def _imports(top: int) -> dict[str, object]:
    code = "import bots.cli, core.router"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as installed: bytecode cached
    subprocess.run([sys.executable, "-c", code], env=env, check=True)  # write the bytecode cache first
    run = subprocess.run([sys.executable, "-X", "importtime", "-c", code], env=env, check=True,
                         capture_output=True, text=True)
    rows = []
    for line in run.stderr.splitlines():
        parts = line.split("|")
        if len(parts) == 3 and parts[1].strip().isdigit():
            rows.append((int(parts[1]), parts[2][1:].rstrip()))
    total = sum(us for us, name in rows if not name.startswith(" "))
    names = {name.strip() for _, name in rows}
    heavy = ["mcp", "matplotlib", "ollama", "httpx", "bm25s", "numpy", "skyfield", "holidays", "lunardate",
             "timezonefinder", "pydantic_settings", "yaml"]
    return {"import_ms_total": round(total / 1000, 1),
            "loaded": {h: h in names for h in heavy},
            "top": [f"{us / 1000:8.1f} ms {name}" for us, name in sorted(rows, reverse=True)[:top]]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("routing", "imports"))
    parser.add_argument("--profile", type=int, default=0, help="print the N costliest functions (routing)")
    parser.add_argument("--top", type=int, default=25, help="imports listed")
    args = parser.parse_args()
    if args.what == "routing":
        print(json.dumps(asyncio.run(_routing(args.profile))))
    else:
        result = _imports(args.top)
        top = result.pop("top")
        print(json.dumps(result))
        print("\n".join(top))  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
