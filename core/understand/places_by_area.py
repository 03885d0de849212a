"""The world's towns by country and division, most populous first: a country's clock and its point.

Kept apart from ``places_country`` (which reads names in a question) so that the ranking modules can ask a
country's point without importing what reads the question's words.
"""
from __future__ import annotations

import functools

from core.understand.places_index import Rec, index

# Places kept per country and per division (most populous first): enough to find every clock.
_PER_COUNTRY = 400
_PER_DIVISION = 50


@functools.lru_cache(maxsize=1)
def _rows_by_area() -> dict[tuple[str, str], list[int]]:
    """Row numbers of the world's towns by (country, "") and (country, division), most populous
    first: one pass over the rows on the first question that names a country alone."""
    idx = index()
    out: dict[tuple[str, str], list[int]] = {}
    for row, line in enumerate(idx.all_rows()):
        fields = line.split("|")
        # Towns of the world, and Taiwan's hand-written cities (Taiwan named from abroad: its clock).
        if fields[6] != "world_city" and not (row >= idx.n_world and fields[6] == "city"):
            continue
        cc, admin = fields[9], fields[10]
        for key, cap in (((cc, ""), _PER_COUNTRY), ((cc, admin), _PER_DIVISION)):
            rows = out.setdefault(key, [])
            if len(rows) < cap:
                rows.append(row)
    return out


@functools.lru_cache(maxsize=512)
def places_of(cc: str, division: str) -> tuple[Rec, ...]:
    """Return the world towns of a country (or of one of its divisions), most populous first."""
    idx = index()
    return tuple(idx.rec(row) for row in _rows_by_area().get((cc, division), ()))


def country_point(cc: str) -> tuple[float, float] | None:
    """Return (lon, lat) of a country's most populous town, None for a country without one."""
    town = biggest(cc, "")
    return (town.lon, town.lat) if town is not None else None


def biggest(cc: str, division: str) -> Rec | None:
    """Return the most populous world town of a country (or of one of its divisions), None for none."""
    places = places_of(cc, division)
    return places[0] if places else None
