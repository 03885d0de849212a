"""A box written as two corners: two points joined by a word (「從 120E 21N 到 122E 23N」, "from 21N
118E to 23N 121E", "121.7,25.1 to 122.0,25.5"), or two named places called corners (「以彭佳嶼當
東北角、新竹當西南角」): the box between them, not the first point or place."""
from __future__ import annotations

import functools
import re

from core.understand.bbox import normalize_bbox
from core.understand.coords import BBox, Point, parse_point
from core.understand.places import Place, find_place

# What may stand between the two corners (what a range of one coordinate uses, and more).
_JOINER = re.compile(r"\s*(?:到|至|和|與|跟|~|～|-|–|—|to|and|through|till|until)\s*", re.IGNORECASE)


def corners_box(folded: str, first: Point) -> BBox | None:
    """Return the box whose corners are `first` and the point written right after it behind a
    joining word, or None when no second corner follows (or the two make no box)."""
    joined = _JOINER.match(folded, first.span[1])
    if joined is None:
        return None
    rest = folded[joined.end():]
    second = parse_point(rest)
    if second is None or second.span[0] != 0:
        return None
    try:
        box = normalize_bbox([first.lon, first.lat, second.lon, second.lat])
    except ValueError:
        return None
    return BBox(*box, span=(first.span[0], joined.end() + second.span[1]))


@functools.cache
def _corner_words() -> tuple[str, ...]:
    from core.data import DATA_DIR, read_yaml

    return tuple(str(w) for w in read_yaml(DATA_DIR / "understanding.yaml")["corner_words"])


def places_box(text: str, first: Place) -> BBox | None:
    """Return the box between two places the question calls its corners, or None when it calls
    none so or names no second place."""
    low = text.lower()
    if sum(low.count(word) for word in _corner_words()) < 2:
        return None
    start, end = first.span
    second = find_place(text[:start] + " " * (end - start) + text[end:], prefer_coastal=False)
    if second is None or second.key == first.key:
        return None
    try:
        box = normalize_bbox([first.lon, first.lat, second.lon, second.lat])
    except ValueError:
        return None
    return BBox(*box, span=(min(first.span[0], second.span[0]), max(first.span[1], second.span[1])))
