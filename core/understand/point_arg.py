"""A command's argument read as one point, in either order where only one is possible.

`/tide 22.6 120.3`, `/sst 25 121`, `/home 121.75,25.15`, `/chart 25.1N 121.7E`: the whole
argument is a point, so two bare numbers count (free text needs them to look deliberate,
core/understand/coords.py), read by the same order rule as free text.
"""
from __future__ import annotations

import re

from core.understand.coords import _Comp, _orient, fold_width, parse_point

# A command's argument that is two plain numbers and nothing else: "25 121", "(121.7, 25.1)".
_TWO_NUMBERS = re.compile(r"\s*[(\[]?\s*([+-]?\d+(?:\.\d+)?)\s*(?:[,;/、]\s*|\s+)([+-]?\d+(?:\.\d+)?)\s*[)\]]?\s*")
_WRAPPING = " \t()[]{}"


def read_point(text: str) -> tuple[float, float] | None:
    """Return (lon, lat) when the whole of `text` is one point (a command's argument: "/tide
    22.6 120.3", "/sst 25 121", "121.75,25.15", "25.15N 121.75E"), read in either order as
    `parse_point` reads a pair; None when it is not a point (a place name).

    Raises ValueError when it is two numbers no order makes a point of ("200 95").
    """
    folded = fold_width(text or "").strip()
    bare = _TWO_NUMBERS.fullmatch(folded)
    if bare is not None:
        a, b = (_Comp(float(v), "", 0, 0, "." in v, False) for v in bare.groups())
        lonlat = _orient(a, b)
        if lonlat is None:
            raise ValueError("coordinates out of range")
        return lonlat
    point = parse_point(folded)
    if point is None or folded[:point.span[0]].strip(_WRAPPING) or folded[point.span[1]:].strip(_WRAPPING):
        return None
    return point.lon, point.lat
