"""A country or state code typed in lower case after a place's name ("queenstown nz", "perth wa"): whether it
qualifies the place (used by ``places_rank``, which takes a short code only in capitals otherwise)."""
from __future__ import annotations

import re

from core.understand.places_index import context, index

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
