"""A request to explain that names nothing to explain: "can you explain it in more detail?", 「那個怎麼算的 解釋一下」,
「解釋一下那兩個資料集的差異」. With no earlier turn to point back to, its words (it, that, the two, how it is
computed, more detail) name no topic, and any passage sharing one of them would answer another question: the
bot asks what is meant instead. The words are data (knowledge/generic_words.yaml `names_nothing`)."""
from __future__ import annotations

from functools import lru_cache

from core.answers.asked_topics import asked_subjects, named_ideas
from core.answers.retrieval import KNOWLEDGE_DIR, _stem, _topic_units
from core.data import read_yaml


@lru_cache(maxsize=1)
def _words() -> frozenset[str]:
    """Return the tokens that only point back or ask for more (detail, again, 算, 兩), as the index writes them."""
    data = read_yaml(KNOWLEDGE_DIR / "generic_words.yaml") or {}
    return frozenset(_stem(str(w).lower()) for w in data.get("names_nothing", []))


@lru_cache(maxsize=256)
def names_nothing(query: str) -> bool:
    """Return True when `query` names no subject, no idea the bot explains and its topic words are all pointing or
    asking-for-more words: there is nothing in it to explain (and no topic near it to offer)."""
    return _topic_units(query) <= _words() and not asked_subjects(query) and not named_ideas(query)
