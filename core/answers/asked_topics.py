"""What an explanation question names: its subjects (tide, sst, weather, sky, time: knowledge/subjects.yaml, from its
keyword groups and words) and the named ideas it asks about (tsunami, 颱風, the Beaufort scale: the `phenomena` keyword
group, and their neighbours in knowledge/ideas.yaml). Read by the passage choice (`explain.py`) and by the check that
a request names nothing to explain (`vague.py`)."""
from __future__ import annotations

import re
from functools import lru_cache

from core.answers.retrieval import KNOWLEDGE_DIR
from core.data import read_yaml

_CJK_RE = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


@lru_cache(maxsize=1)
def _subjects() -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
    """Each subject's keyword groups and its own words (knowledge/subjects.yaml)."""
    return {str(name): (tuple(str(g) for g in entry.get("groups", ())), tuple(str(w) for w in entry.get("words", ())))
            for name, entry in read_yaml(KNOWLEDGE_DIR / "subjects.yaml").items()}


@lru_cache(maxsize=256)
def asked_subjects(query: str) -> frozenset[str]:
    """Return the subjects `query` names (tide, sst, weather, sky: knowledge/subjects.yaml), from its
    keyword groups; empty when it names none."""
    from core.understand.signals import detect_signals
    signals = detect_signals(query)
    low = query.lower()
    return frozenset(name for name, (groups, words) in _subjects().items()
                     if any(signals[g] for g in groups) or any(_holds_word(low, w) for w in words))


def _holds_word(low: str, word: str) -> bool:
    """Return True when lower-cased `low` holds `word`: a CJK word as written, a Latin one whole (UTC is
    not in "Dutch", MSL not in a longer word)."""
    if _CJK_RE.search(word):
        return word in low
    return re.search(rf"(?<![a-z]){re.escape(word)}", low) is not None


@lru_cache(maxsize=1)
def _idea_words() -> tuple[tuple[str, re.Pattern[str] | None], ...]:
    """The named ideas the bot explains (the `phenomena` keyword group) and their neighbours it may not
    (knowledge/ideas.yaml), each with its whole-word pattern (None for a CJK word, found as written)."""
    from core.understand.signals import group_words
    words = [*group_words("phenomena"), *neighbour_ideas()]
    return tuple((w.lower(), None if _CJK_RE.search(w) else re.compile(rf"(?<![a-z]){re.escape(w.lower())}(?![a-z])"))
                 for w in map(str, words))


@lru_cache(maxsize=1)
def neighbour_ideas() -> frozenset[str]:
    """Return the neighbouring ideas (knowledge/ideas.yaml), lower-cased: a passage writes one only as a phrase
    (the router's own ideas, "reefs bleach", are written by their words: coral reefs bleach)."""
    return frozenset(str(w).lower() for w in (read_yaml(KNOWLEDGE_DIR / "ideas.yaml") or {}).get("words") or ())


@lru_cache(maxsize=256)
def named_ideas(query: str) -> tuple[str, ...]:
    """Return the named ideas (tsunami, 颱風, the Beaufort scale …) `query` asks about, as its words."""
    low = query.lower()
    return tuple(w for w, pattern in _idea_words() if (pattern.search(low) if pattern else w in low))
