"""The places a program is asked to loop over: "loop over Dover, Calais and Vlissingen", 「基隆、蘇澳和花蓮的滿潮」.

Only names written as a list (joined by commas, "and", 、, 和 …) count: a second name elsewhere in the question
("from Taipei, the tide at Boston") is not a place to fetch.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Protocol, TypeVar

from core.understand.coords import Point, parse_point
from core.understand.places import Place, find_place

# What may stand between two names of one list ...
_JOINER = r"(?:,|;|/|&|、|，|及|和|與|与|跟|以及|and|or|et|und|y|e|en|och|og)?"
_JOINER_RE = re.compile(rf"^\s*{_JOINER}\s*(?:and\s+)?$", re.I)
# ... and between two points written as a list ("(25.0N,123.0E), (22.0N,121.5E) and (24N,119E)"): their brackets too
_POINT_JOINER_RE = re.compile(rf"^[\s()\[\]]*{_JOINER}[\s()\[\]]*(?:and\s+)?$", re.I)
MOST = 8   # a program loops over at most this many places


@dataclass(frozen=True)
class ListedPlace:
    """One place of a program's list: its names, its point, and its name as the question wrote it."""

    name: str
    name_zh: str
    lon: float
    lat: float
    written: str   # in Latin letters as written ("Santiago": a lookup by name takes the most populous), else `name`

    @classmethod
    def of(cls, place: Place, query: str) -> "ListedPlace":
        """Return the ListedPlace of `place`, found in `query`."""
        written = query[place.span[0]:place.span[1]]
        latin = all(ord(c) < 0x250 for c in written if c.isalpha())
        return cls(place.name_en, place.name_zh or "", round(place.lon, 4), round(place.lat, 4),
                   written if latin else place.name_en)


def listed_places(query: str, first: Place) -> list[Place]:
    """Return the places written in one list with `first` (`first` included), in the question's order; just
    [first] when no other name is listed beside it."""
    found = [first]
    text = query
    start, end = first.span
    text = text[:start] + " " * (end - start) + text[end:]
    for _ in range(MOST * 2):
        place = find_place(text)
        if place is None or len(found) >= MOST:
            break
        start, end = place.span
        text = text[:start] + " " * (end - start) + text[end:]
        if place.key not in {p.key for p in found}:
            found.append(place)
    return _run_around(query, found, first, _JOINER_RE)


def listed_points(query: str, first: Point) -> list[Point]:
    """Return the points written in one list with `first` (`first` included), in the question's order: "SST at
    (25.0N,123.0E), (22.0N,121.5E), (24.0N,119.0E)" is three points to fetch; just [first] when it stands alone."""
    found = [first]
    text = query
    for _ in range(MOST * 2):
        start, end = found[-1].span
        text = text[:start] + " " * (end - start) + text[end:]   # length kept: spans stay the query's
        point = parse_point(text)
        if point is None or len(found) >= MOST:
            break
        found.append(point)
    return _run_around(query, found, first, _POINT_JOINER_RE)


class _Written(Protocol):
    @property
    def span(self) -> tuple[int, int]: ...


_W = TypeVar("_W", bound=_Written)


def _run_around(query: str, found: list[_W], first: _W, joiner: re.Pattern[str]) -> list[_W]:
    """Return the run of `found` around `first`, in the question's order, that only `joiner` separates one from the
    next: the names or points written as one list."""
    found = sorted(found, key=lambda w: w.span[0])
    lo = hi = found.index(first)
    while lo > 0 and joiner.match(query[found[lo - 1].span[1]:found[lo].span[0]]):
        lo -= 1
    while hi + 1 < len(found) and joiner.match(query[found[hi].span[1]:found[hi + 1].span[0]]):
        hi += 1
    return found[lo:hi + 1]


def point_listed(point: Point) -> ListedPlace:
    """Return the ListedPlace of a point written as coordinates: named by them, "(lon, lat)"."""
    name = f"({round(point.lon, 4)}, {round(point.lat, 4)})"
    return ListedPlace(name, name, round(point.lon, 4), round(point.lat, 4), name)
