"""Slot filling: where and when a question is about (seed 001 §4, seed 002 §4.3)."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from core.understand.coords import BBox, Point, fold_width, parse_location
from core.understand.dates import DateHint, mentions_now_folded, parse_date_folded
from core.understand.places import Place, find_place_and_region


@dataclass(frozen=True)
class Slots:
    """Everything the heuristics found in a question; any field may be None."""

    point: Point | None
    bbox: BBox | None
    region: tuple[str, tuple[float, float, float, float]] | None
    place: Place | None
    date: DateHint | None
    now: bool

    @property
    def has_location(self) -> bool:
        return any((self.point, self.bbox, self.region, self.place))

    def day(self, query_time: datetime) -> date:
        """Return the asked day, or the local date of query_time when no day is named."""
        return self.date.day if self.date else query_time.date()

    def masked_spans(self) -> tuple[tuple[int, int], ...]:
        """Return the text spans taken by places and coordinates (keywords there do not count)."""
        return tuple(s.span for s in (self.point, self.bbox, self.place) if s is not None)


def _overlaps(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def extract_slots(text: str, query_time: datetime) -> Slots:
    """Return the point/box/region/place/date slots of `text`, dates relative to `query_time`."""
    folded = fold_width(text)  # every detector works on the full-width-folded text: fold once
    bbox, point = parse_location(text, folded)  # a box, else a point: one pass for both
    place, region = find_place_and_region(text, folded)
    taken = [s.span for s in (bbox, point) if s is not None]
    if place is not None and any(_overlaps(place.span, span) for span in taken):
        place = None
    return Slots(point=point, bbox=bbox, region=region, place=place,
                 date=parse_date_folded(folded, query_time), now=mentions_now_folded(folded))
