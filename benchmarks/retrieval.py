"""Retrieval benchmark: index build time and per-query search time on the labelled questions.

Run: .venv/bin/python benchmarks/retrieval.py [--repeat N]
Prints the index build in ms, search latency per query in µs (median, p95), and top-1 /
top-3 topic accuracy on core/answers/knowledge/eval_questions.yaml.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import yaml  # noqa: E402

from core.answers import retrieval  # noqa: E402


def main() -> None:
    """Print the benchmark figures; returns nothing."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=50, help="searches per question")
    args = parser.parse_args()

    builds = []
    for _ in range(5):
        started = time.perf_counter()
        retrieval.build_index()
        builds.append((time.perf_counter() - started) * 1000)
    passages = retrieval.knowledge_base()
    print(f"passages: {len(passages)}  index build: {statistics.median(builds):.1f} ms "
          f"(median of 5, min {min(builds):.1f} ms)")

    data = yaml.safe_load((retrieval.KNOWLEDGE_DIR / "eval_questions.yaml").read_text(encoding="utf-8"))
    questions = data["on_topic"] + [{**q, "topics": []} for q in data["off_topic"]]
    timings: list[float] = []
    top1 = top3 = 0
    for item in questions:
        for _ in range(args.repeat):
            started = time.perf_counter()
            hits = retrieval.search(item["q"], k=3, lang=item["lang"])
            timings.append((time.perf_counter() - started) * 1e6)
        if item["topics"]:
            topics = [p.topic for p, _ in hits]
            top1 += bool(topics) and topics[0] in item["topics"]
            top3 += bool(set(topics) & set(item["topics"]))
    timings.sort()
    n = len(data["on_topic"])
    print(f"queries: {len(questions)} x {args.repeat}  search: median {statistics.median(timings):.0f} µs, "
          f"p95 {timings[int(0.95 * len(timings))]:.0f} µs, max {timings[-1]:.0f} µs")
    print(f"labelled on-topic: {n}  top-1 {top1}/{n} ({top1 / n:.0%})  top-3 {top3}/{n} ({top3 / n:.0%})")


if __name__ == "__main__":
    main()
