"""Arabic names in Latin letters, as travellers spell them: the article written el-, al-, ash-, esh- … ("Sharm
el-Sheikh", "sharm al shaikh", "Marsa Alam", "Ras al-Khaimah"), joined by a hyphen or a blank.

A place's own name and an alias in lower case are compared with the article written one way and hyphens as
blanks (core/understand/places_lower.py), so a spelling of the name is read as the name; the articles are
``arabic_articles`` in core/data/places_world_rules.yaml.
"""
from __future__ import annotations

import functools

from core.data import DATA_DIR, read_yaml


@functools.cache
def _articles() -> frozenset[str]:
    """Return the ways the article is written (el, al, ash …), read once."""
    return frozenset(map(str, read_yaml(DATA_DIR / "places_world_rules.yaml")["arabic_articles"]))


def article_free(name: str) -> str:
    """Return the lower-case ``name`` with hyphens as blanks and each article word written "al"."""
    return " ".join("al" if w in _articles() else w for w in name.replace("-", " ").split())
