"""A country or state code typed in lower case after a place's name ("queenstown nz", "perth wa"): whether it
qualifies the place (used by ``places_rank``, which takes a short code only in capitals otherwise); and a division's
name that is an everyday word of a traveller's language ("para": for), which qualifies nothing in lower case."""
from __future__ import annotations

import functools
import re

from core.data import DATA_DIR, read_yaml
from core.understand.places_index import context, index
from core.understand.places_text import en_key

_WORD_BEFORE = re.compile(r"([a-z][a-z'-]*)[\s,]*$")


def code_after_name(work: str, key: str, start: int, end: int) -> bool:
    """Return whether a code typed in lower case (``key`` at ``start``) qualifies a place: one of the codes
    people type so, right after the place's span ending at ``end`` or after another name of it ("皇后鎮 queenstown nz")."""
    if key not in context().lower_after_place:
        return False
    if start >= end and not work[end:start].strip(" ,"):
        return True
    before = _WORD_BEFORE.search(work, 0, start)
    return before is not None and before[1] in index().en


@functools.cache
def _everyday_abroad() -> frozenset[str]:
    """Return the everyday words of travellers' languages (places_lower_case.yaml's ``words_abroad``)."""
    listed = read_yaml(DATA_DIR / "places_lower_case.yaml")["words_abroad"].values()
    return frozenset(en_key(str(word)) for words in listed for word in words)


def everyday_word(written: str, key: str) -> bool:
    """Return whether a country's or division's name, as ``written``, is rather an everyday word of another language
    typed in lower case ("marea para San Juan": Spanish "for", not Pará, Brazil; "Belém, Pará" still is)."""
    return written.islower() and key in _everyday_abroad()
