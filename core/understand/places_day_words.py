"""Day words written with their accents, which no place's name holds: Romanian "mâine" (tomorrow) is not Maine,
"mañana" not Manana, "sábado" not Sabado. A place's English key drops a word's accents ("mâine" → "maine"), so
a day word of a traveller's language written as that language writes it would otherwise name the place
whose key it folds to. The day words are core/data/day_words.yaml's (`abroad`: relative days and weekdays).
"""
from __future__ import annotations

import functools
import re

from core.data import DATA_DIR, read_yaml
from core.understand.places_text import en_key

_WORD = re.compile(r"\w+")


@functools.cache
def _accented() -> frozenset[str]:
    """Return the words of the travellers' day words that carry a letter a place's English key drops."""
    days = read_yaml(DATA_DIR / "day_words.yaml")["abroad"]
    words = {w for kind in ("relative", "weekdays") for phrase in days[kind] for w in str(phrase).lower().split()}
    return frozenset(w for w in words if w.isalpha() and en_key(w) != w and en_key(w).isascii())


def accented_day_words(work: str) -> list[tuple[int, int]]:
    """Return the spans of the day words in ``work`` written with their accents ("mâine", "sábado"): no place there."""
    accented = _accented()
    return [m.span() for m in _WORD.finditer(work) if m[0].lower() in accented]
