"""Explain answers on the labelled user questions (core/answers/knowledge/eval_questions.yaml,
`answers:`), with no LLM: each question goes through `Router.answer` and must be answered in
explain mode, cite its topic first and say its phrase. Prints the hit rates and the misses.

Run: ``.venv/bin/python benchmarks/routing_explain.py [--misses]``.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import sys
from dataclasses import dataclass
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from core.answers.explain import nearest_topics, off_topic_reply  # noqa: E402
from core.answers.retrieval import KNOWLEDGE_DIR, knowledge_base  # noqa: E402
from core.words.strings import t  # noqa: E402
from core.config import Settings  # noqa: E402
from core.envelope import Question  # noqa: E402
from core.router import Router  # noqa: E402

QT = "2025-11-14T11:00:00+08:00"
SETS = {"eval": KNOWLEDGE_DIR / "eval_questions.yaml",
        "issue20_tune": ROOT / "tests" / "data" / "explain_issue20_tune.yaml",
        "issue20_heldout": ROOT / "tests" / "data" / "explain_issue20_heldout.yaml",
        "issue20_tune2": ROOT / "tests" / "data" / "explain_issue20_tune2.yaml",
        "issue20_heldout2": ROOT / "tests" / "data" / "explain_issue20_heldout2.yaml",
        "issue26_tune": ROOT / "tests" / "data" / "explain_tune_26.yaml",
        "issue26_heldout": ROOT / "tests" / "data" / "explain_heldout_26.yaml"}
# `topic: none`: no passage fits; the reply must be the short "not sure what you mean" one.
NONE = "none"


@dataclass(frozen=True)
class Explained:
    """One labelled question and what the bot answered."""

    q: str
    lang: str
    topics: tuple[str, ...]
    say: tuple[str, ...]
    mode: str
    cited: tuple[str, ...]    # topics of the citations, in order
    text: str

    @property
    def routed(self) -> bool:
        # A question no passage fits may also be declined as off-topic (a fallback reply).
        return self.mode == "explain" or (self.topics == (NONE,) and self.mode == "fallback")

    @property
    def topic_hit(self) -> bool:
        if self.topics == (NONE,):
            return not self.cited
        return bool(self.cited) and self.cited[0] in self.topics

    @property
    def said(self) -> bool:
        if self.topics == (NONE,):
            return self.text in (off_topic_reply(self.lang), off_topic_reply(self.lang, nearest_topics(self.q, self.lang)),
                                 t(self.lang, "chat_intents.off_topic"))
        low = self.text.lower()
        return any(s.lower() in low for s in self.say)

    @property
    def ok(self) -> bool:
        return self.routed and self.topic_hit and self.said

    @property
    def confident_wrong(self) -> bool:
        """A passage on another topic, or a data answer, given as if it answered the question."""
        if self.ok:
            return False
        return self.mode == "mcp_tools" or (bool(self.cited) and not self.topic_hit)


def load(path: Path = SETS["eval"]) -> list[dict]:
    """Return the `answers:` items of an eval file (default: the knowledge base's own)."""
    return yaml.safe_load(path.read_text(encoding="utf-8"))["answers"]


def _tuple(value: str | list[str]) -> tuple[str, ...]:
    return tuple(value) if isinstance(value, list) else (value,)


async def evaluate(items: list[dict]) -> list[Explained]:
    """Return every item's answer (no LLM, local backend)."""
    by_chunk = {p.chunk_id: p.topic for p in knowledge_base()}
    router = Router(Settings(odbchat_backend="local"), llm=None)
    out = []
    try:
        for item in items:
            answer = await router.answer(Question(query=item["q"], tz="Asia/Taipei", query_time=QT))
            cited = tuple(by_chunk.get(c.chunk_id, "") for c in answer.citations if c.chunk_id is not None)
            out.append(Explained(item["q"], item["lang"], _tuple(item["topic"]), _tuple(item["say"]),
                                 answer.mode, cited, answer.text))
    finally:
        await router.aclose()
    return out


def summary(results: list[Explained]) -> dict[str, float | int]:
    """Return the share (percent) routed to explain, citing the right topic first, saying the phrase, all three."""
    n = len(results)

    def pct(k: str) -> float:
        return round(100 * sum(getattr(r, k) for r in results) / n, 1) if n else 0.0

    return {"n": n, "routed": pct("routed"), "topic_hit": pct("topic_hit"), "said": pct("said"), "all": pct("ok"),
            "confident_wrong": sum(r.confident_wrong for r in results)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--misses", action="store_true", help="list every question answered wrongly")
    parser.add_argument("--set", choices=sorted(SETS), default="eval", help="which question set (default eval)")
    opts = parser.parse_args()
    results = asyncio.run(evaluate(load(SETS[opts.set])))
    print(json.dumps(summary(results)))
    if opts.misses:
        for r in results:
            if not r.ok:
                print(f"{'WRONG' if r.confident_wrong else 'MISS'} {r.q!r}: mode={r.mode} cited={list(r.cited)} want={list(r.topics)} "
                      f"said={r.said} text={r.text[:90]!r}")


if __name__ == "__main__":
    main()
