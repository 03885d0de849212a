"""Routing accuracy on the user-style question set (tests/data/routing_user.yaml), with no LLM.

Every question goes through the real `Router.answer` in dry-run mode with `llm=None` (no
tool is called, no model is asked) and its decision is compared with the expected one:
tide / astro (sun and moon only) / sst / weather / a tool name / explain / code /
static:<key> (a fixed reply). Prints the share right per class and overall, and which
step decided (heuristics, or the inference/default that stands in for the LLM).

Run: ``.venv/bin/python benchmarks/routing_accuracy.py [--misses] [--json]``.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from core.config import Settings  # noqa: E402
from core.decide.plan import Plan  # noqa: E402
from core.envelope import Answer, Question  # noqa: E402
from core.router import Router  # noqa: E402
from core.words.strings import t  # noqa: E402

CASES = ROOT / "tests" / "data" / "routing_user.yaml"
SETS = {"user": CASES, "fresh": ROOT / "tests" / "data" / "routing_fresh.yaml",
        "issue20_tune": ROOT / "tests" / "data" / "routing_issue20_tune.yaml",
        "issue20_heldout": ROOT / "tests" / "data" / "routing_issue20_heldout.yaml"}
# The reason of a plan that asks "which one?" instead of guessing among places sharing a name.
ASK_PLACE_REASON = "ambiguous_place"
# Fixed replies a dry-run answer may carry, besides those the cases expect.
_STATIC_KEYS = ("need_location", "sea_state", "unknown_place", "coords_out_of_range", "bad_input")


@dataclass(frozen=True)
class Case:
    """One question and the decision expected for it."""

    q: str
    cls: str
    expect: str
    tz: str
    query_time: str
    country: str | None = None   # ISO code the resolved place must have, when the set says
    days: int | None = None      # days the answer must cover, when the set says


@dataclass(frozen=True)
class Outcome:
    """What the router decided for one case."""

    case: Case
    got: str
    decided_by: str | None
    reason: str | None
    country: str | None = None
    days: int | None = None

    @property
    def ok(self) -> bool:
        return (self.got == self.case.expect
                and (self.case.country is None or self.country == self.case.country)
                and (self.case.days is None or self.days == self.case.days))


def load_cases(path: Path = CASES) -> list[Case]:
    """Return the cases of the YAML question set, defaults filled in."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    defaults = data.get("defaults", {})
    return [Case(q=str(item["q"]), cls=item["class"], expect=str(item["expect"]),
                 tz=item.get("tz", defaults.get("tz", "Asia/Taipei")),
                 query_time=item.get("query_time", defaults["query_time"]),
                 country=item.get("country"), days=item.get("days"))
            for item in data["questions"]]


class _RecordingRouter(Router):
    """A Router that keeps the last plan it decided (the envelope does not carry sun/moon-only)."""

    last_plan: Plan | None = None
    last_asked: Any = None

    async def _decide(self, asked: Any) -> Any:  # the pipeline step that sets asked.plan
        try:
            return await super()._decide(asked)
        finally:
            self.last_plan = asked.plan
            self.last_asked = asked


def label(answer: Answer, plan: Plan | None, static_keys: tuple[str, ...]) -> str:
    """Return the answer's decision in the vocabulary of the question set."""
    if plan is not None and plan.reason == ASK_PLACE_REASON:
        return "ask_place"
    if answer.mode == "mcp_tools" and answer.tool:
        if answer.tool == "tide.forecast":
            return "astro" if plan is not None and plan.variant == "sun_moon_only" else "tide"
        if answer.tool.startswith("ghrsst."):
            return "sst"
        if answer.tool == "weather.forecast":
            return "weather"
        return answer.tool
    if answer.mode == "code":
        return "code"
    for key in static_keys:
        try:
            if answer.text == t(answer.lang, key):
                return f"static:{key}"
        except KeyError:   # a reply the strings files do not have (yet)
            continue
    return answer.mode


async def evaluate(cases: list[Case]) -> list[Outcome]:
    """Return the router's decision for every case (dry run, no LLM, local backend)."""
    router = _RecordingRouter(Settings(odbchat_backend="local"), llm=None)
    keys = tuple(dict.fromkeys([c.expect[7:] for c in cases if c.expect.startswith("static:")]
                               + list(_STATIC_KEYS)))
    out = []
    try:
        for case in cases:
            router.last_plan = router.last_asked = None
            answer = await router.answer(Question(query=case.q, tz=case.tz, query_time=case.query_time,
                                                  dry_run=True, debug=True))
            debug = answer.debug or {}
            asked = router.last_asked
            place = asked.slots.place if asked is not None and asked.slots is not None else None
            out.append(Outcome(case, label(answer, router.last_plan, keys), debug.get("decided_by"),
                               debug.get("reason"), place.country if place else None,
                               asked.days() if asked is not None and asked.slots is not None else None))
    finally:
        await router.aclose()
    return out


def summary(outcomes: list[Outcome]) -> dict[str, Any]:
    """Return per-class and overall accuracy (percent) and who decided."""
    by_class: dict[str, list[Outcome]] = defaultdict(list)
    for o in outcomes:
        by_class[o.case.cls].append(o)

    def pct(items: list[Outcome]) -> float:
        return round(100 * sum(o.ok for o in items) / len(items), 1) if items else 0.0

    return {
        "classes": {cls: {"n": len(items), "right": sum(o.ok for o in items), "percent": pct(items)}
                    for cls, items in by_class.items()},
        "overall": {"n": len(outcomes), "right": sum(o.ok for o in outcomes), "percent": pct(outcomes)},
        "decided_by": dict(Counter(o.decided_by or "none" for o in outcomes)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--misses", action="store_true", help="list every question decided wrongly")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument("--set", choices=sorted(SETS), default="user", help="which question set (default user)")
    opts = parser.parse_args()
    outcomes = asyncio.run(evaluate(load_cases(SETS[opts.set])))
    result = summary(outcomes)
    if opts.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        for cls, row in result["classes"].items():
            print(f"{cls:14s} {row['right']:4d}/{row['n']:<4d} {row['percent']:6.1f} %")
        row = result["overall"]
        print(f"{'overall':14s} {row['right']:4d}/{row['n']:<4d} {row['percent']:6.1f} %")
        print("decided by:", ", ".join(f"{k} {v}" for k, v in sorted(result["decided_by"].items())))
    if opts.misses:
        for o in outcomes:
            if not o.ok:
                print(f"MISS [{o.case.cls}] {o.case.q!r}: expected {o.case.expect}, got {o.got} "
                      f"({o.decided_by}/{o.reason}) country={o.country} days={o.days}")


if __name__ == "__main__":
    main()
