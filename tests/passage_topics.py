"""The knowledge base's topic of a cited passage, for the explanation tests that check which passage answered."""
from __future__ import annotations

from core.answers.retrieval import knowledge_base


def topic_of(title: str) -> str:
    """Return the topic of the passage whose heading is `title` (StopIteration when none is)."""
    return next(p.topic for p in knowledge_base() if p.title == title)
