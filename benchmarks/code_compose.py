"""Code answers on the issue 26 code request sets (tests/data/code_{tune,heldout}_26.yaml), with no LLM.

Each question goes through `Router.answer` (local backend) at a fixed query time; the program it
returns is read back (its parameter block and the calls it makes) and compared with what the
question asked: variable, point or box, span, output, zone, and what it cannot do. Prints right /
honest miss / confident wrong per set. A confident wrong answer is a program for something else
(another variable, place, span or output) given without a word; an honest miss is an answer that
says what it could not do or asks back.

Run: ``.venv/bin/python benchmarks/code_compose.py [--set code_tune_26] [--misses]``.
"""
from __future__ import annotations

import argparse
import ast
import asyncio
import json
import re
import sys
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from core.config import Settings  # noqa: E402
from core.envelope import Question  # noqa: E402
from core.router import Router  # noqa: E402

QT = "2025-11-14T11:00:00+08:00"
SETS = {name: ROOT / "tests" / "data" / f"{name}.yaml" for name in ("code_tune_26", "code_heldout_26")}
# Words that show the reply said it cannot do the thing asked (or gave only the closest example).
CANNOT_WORDS = {"email": ["mail", "郵件", "信箱", "寄"], "line": ["LINE"], "slack": ["Slack"],
                "waves": ["wave", "浪"], "salinity": ["salinity", "鹽度"]}
HONEST_WORDS = ["沒有完全符合", "no example made for exactly", "can't", "cannot", "無法", "不能", "沒有"]


def params_of(code: str) -> dict[str, Any]:
    """Return the module-level NAME = literal assignments of a program."""
    values: dict[str, Any] = {}
    try:
        body = ast.parse(code).body
    except SyntaxError:
        return values
    for node in body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            try:
                values[node.targets[0].id] = ast.literal_eval(node.value)
            except ValueError:
                pass
    return values


def variable_of(code: str, params: dict[str, Any]) -> str:
    """Return what the program reads: its VARIABLE parameter, else what it calls."""
    if params.get("VARIABLE"):
        return str(params["VARIABLE"])
    if "open-meteo" in code:
        return "weather"
    if "ghrsst" in code.lower() or "MURSST" in code:
        return "sst"
    if "tide.forecast" in code:
        return "tide"
    if "zoneinfo" in code:
        return "time"
    return "?"


def outputs_of(code: str, params: dict[str, Any]) -> set[str]:
    """Return the outputs the program makes: its OUTPUT parameter, else what its code does."""
    if params.get("OUTPUT"):
        return {str(params["OUTPUT"])}
    # A program that prints rows prints a table: the old templates printed their rows so.
    found = {"print", "table"} if "print(" in code else set()
    if "plt." in code:
        found.add("plot")
    if re.search(r"pcolormesh|contourf|imshow", code):
        found.add("map")
    if re.search(r"to_csv|csv\.writer", code):
        found.add("csv")
    return found


def _near(a: list[float], b: list[float], tol: float = 0.5) -> bool:
    return len(a) == len(b) and all(abs(float(x) - float(y)) <= tol for x, y in zip(a, b))


def _day(value: Any) -> date | None:
    try:
        return date.fromisoformat(str(value)[:10])
    except ValueError:
        return None


def misfits(expect: dict[str, Any], code: str, text: str) -> list[str]:
    """Return the expected fields the program does not match (empty: right)."""
    params = params_of(code)
    wrong = []
    if "variable" in expect and variable_of(code, params) != expect["variable"]:
        wrong.append(f"variable {variable_of(code, params)}")
    if "point" in expect:
        have = [params.get("LON"), params.get("LAT")]
        if None in have or not _near(have, expect["point"]):
            wrong.append(f"point {have}")
    if "bbox" in expect and not _near(params.get("BBOX") or [], expect["bbox"]):
        wrong.append(f"bbox {params.get('BBOX')}")
    if "span" in expect:
        start, end = _day(params.get("START") or params.get("DATE")), _day(params.get("END") or params.get("DATE"))
        if start is None and params.get("FORECAST_DAYS"):   # a forecast of N days from the query day
            start, end = date(2025, 11, 14), date(2025, 11, 13) + timedelta(days=int(params["FORECAST_DAYS"]))
        want = [_day(d) for d in expect["span"]]
        if start is None or end is None or abs((start - want[0]).days) > 1 or abs((end - want[1]).days) > 1:
            wrong.append(f"span {start}..{end}")
    if "output" in expect:
        want = set(expect["output"]) if isinstance(expect["output"], list) else {expect["output"]}
        want |= {"print", "table"} if want & {"print", "table"} else set()   # both print rows to the screen
        if not want & outputs_of(code, params):
            wrong.append(f"output {sorted(outputs_of(code, params))}")
    if "tz" in expect and expect["tz"] not in (str(params.get("TZ")), str(params.get("TO_TZ"))):
        wrong.append(f"tz {params.get('TZ')}")
    if "cannot" in expect and not any(w.lower() in text.lower() for w in CANNOT_WORDS[expect["cannot"].lower()]):
        wrong.append("did not say what it cannot do")
    return wrong


async def evaluate(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Return one verdict per question: right, honest (a miss that says so) or wrong (confident)."""
    router = Router(Settings(odbchat_backend="local"), llm=None)
    out = []
    try:
        for item in items:
            answer = await router.answer(Question(query=item["q"], tz="Asia/Taipei", query_time=QT))
            code = answer.code or "" if answer.mode == "code" else ""
            if code:
                compile(code, "<answer>", "exec")   # every program must at least be valid Python
            wrong = misfits(item["expect"], code, answer.text) if code else ["no program: " + answer.mode]
            if not code and answer.mode == "code" and set(item["expect"]) == {"cannot"}:
                wrong = misfits(item["expect"], "", answer.text)   # no data at all: saying so is the answer
            honest = any(w.lower() in answer.text.lower() for w in HONEST_WORDS) or answer.mode == "fallback"
            verdict = "right" if not wrong else ("honest" if honest else "wrong")
            out.append({"q": item["q"], "verdict": verdict, "misfits": wrong, "text": answer.text[:120]})
    finally:
        await router.aclose()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", choices=sorted(SETS), action="append", help="question set(s), default both")
    parser.add_argument("--misses", action="store_true", help="list every question not answered right")
    opts = parser.parse_args()
    for name in opts.set or sorted(SETS):
        items = yaml.safe_load(SETS[name].read_text(encoding="utf-8"))["questions"]
        results = asyncio.run(evaluate(items))
        counts = {v: sum(r["verdict"] == v for r in results) for v in ("right", "honest", "wrong")}
        print(json.dumps({"set": name, "n": len(results), **counts}))
        if opts.misses:
            for r in results:
                if r["verdict"] != "right":
                    print(f"  {r['verdict'].upper():6} {r['q']!r}: {r['misfits']} | {r['text']!r}")


if __name__ == "__main__":
    main()
