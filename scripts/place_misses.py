"""List the gazetteer names the router misses for an asker in a given zone.

Usage: python scripts/place_misses.py [FILE] [--zone Asia/Hong_Kong] [--cc HK,MO] [--km 10]

Each entry of FILE (the hand gazetteer's format: ``places: [{key, zh, en, aliases, lon, lat, kind,
cc}]``; default ``core/data/places_world_coast.yaml``), or of the countries ``--cc`` names, is asked
for by each of its names through the real Router, offline (local engine, no LLM, ``dry_run``), as
an asker in ``--zone`` would ask it: "<name> tide tomorrow" / 「<name>明天潮汐」 (sunrise for a
peak). A name misses when the bot asks back or answers for a point more than ``--km`` from the
entry's (default 10 km; 15 for an island or a town). Run it on a file of candidate entries before
adding them (only the names that miss need adding), and on the gazetteer after (none should miss).
Prints one line per miss and a count; exits 1 when any name misses.
"""
from __future__ import annotations

import asyncio
import math
import sys
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from core.config import Settings  # noqa: E402
from core.data import read_yaml  # noqa: E402
from core.envelope import Question  # noqa: E402
from core.router import Router  # noqa: E402
from core.understand.places_text import HAN  # noqa: E402
from understanding_eval import answered_point  # noqa: E402  (benchmarks/)

WIDE = frozenset({"island", "town", "region", "mountain"})


def km(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Return the great-circle distance in km between two (lat, lon) points."""
    la1, lo1, la2, lo2 = map(math.radians, (*a, *b))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 12742.0 * math.asin(min(1.0, math.sqrt(h)))


def question(name: str, kind: str) -> str:
    """Return the question asked for one name: its tides, or a peak's sunrise."""
    if HAN.search(name):
        return f"{name}明天{'日出' if kind == 'mountain' else '潮汐'}"
    return f"{name} {'sunrise' if kind == 'mountain' else 'tide'} tomorrow"


async def misses(entries: list[dict[str, Any]], zone: str, reach: float) -> list[str]:
    """Return one line per name the router does not answer for its entry."""
    router = Router(Settings(odbchat_backend="local"), llm=None)
    moment = datetime.now(ZoneInfo(zone)).replace(microsecond=0)
    out = []
    try:
        for p in entries:
            point = (float(p["lat"]), float(p["lon"]))
            limit = reach * (1.5 if p["kind"] in WIDE else 1.0)
            for name in dict.fromkeys((p["zh"], p["en"], *p.get("aliases", ()))):
                q = question(name, p["kind"])
                answer = await router.answer(Question(query=q, tz=zone, query_time=moment.isoformat(), dry_run=True))
                got = answered_point(answer.arguments or {}) if answer.mode == "mcp_tools" else None
                if got is None:
                    out.append(f"{p['key']}: {q!r} → asked: {answer.text[:70]!r}")
                elif km(point, got) > limit:
                    out.append(f"{p['key']}: {q!r} → {km(point, got):.0f} km off: {answer.text[:70]!r}")
    finally:
        await router.aclose()
    return out


def main(argv: list[str]) -> int:
    opts = dict(zip(argv[::1], argv[1:]))
    files = [a for i, a in enumerate(argv) if not a.startswith("--") and (i == 0 or not argv[i - 1].startswith("--"))]
    path = Path(files[0]) if files else REPO / "core" / "data" / "places_world_coast.yaml"
    ccs = set(filter(None, opts.get("--cc", "").split(",")))
    entries = [p for p in read_yaml(path)["places"] if not ccs or p.get("cc") in ccs]
    lines = asyncio.run(misses(entries, opts.get("--zone", "Asia/Hong_Kong"), float(opts.get("--km", 10))))
    print("\n".join(lines))
    print(f"{len(lines)} names missed of {sum(len({p['zh'], p['en'], *p.get('aliases', ())}) for p in entries)} "
          f"in {len(entries)} entries")
    return 1 if lines else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
