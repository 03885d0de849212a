"""Where a plan's tool is asked to look, from the slots: a point (a written point, else the named
place), a box (a written box, else a named sea region), the sea around a named place, or the home
city of the asker's zone. The tools' plan steps build their arguments with these."""
from __future__ import annotations

from core.decide.plan_record import PlanArgs
from core.understand.slots import Slots

__all__ = ["around_place_args", "box_args", "point_args"]

PLACE_SST_HALF_BOX = 0.15   # degrees: a named coastal place sits on land in MUR's 1 km grid


def point_args(slots: Slots, *, at_sea: bool = False) -> PlanArgs | None:
    """Return {longitude, latitude} of the written point, else of the named place (its sea point,
    the open water off it, when `at_sea` and it has one); None without either."""
    if slots.point:
        return PlanArgs(longitude=slots.point.lon, latitude=slots.point.lat)
    if slots.place:
        lon, lat = slots.place.sea if at_sea and slots.place.sea else (slots.place.lon, slots.place.lat)
        return PlanArgs(longitude=lon, latitude=lat)
    return None


def box_args(slots: Slots) -> PlanArgs | None:
    """Return {bbox} of the written box, else of a named sea region (when no point is written); else None."""
    if slots.bbox:
        return PlanArgs(bbox=[slots.bbox.lon0, slots.bbox.lat0, slots.bbox.lon1, slots.bbox.lat1])
    if slots.region and not slots.point and not _inside(slots, slots.region[1]):
        return PlanArgs(bbox=list(slots.region[1]))
    return None


def _inside(slots: Slots, box: tuple[float, float, float, float] | list[float]) -> bool:
    """Whether the slots' place lies in the named sea's box: the nearer, narrower place is what is asked
    (「台灣海峽 新竹外海 海溫」: the sea off Hsinchu, not the whole strait)."""
    place = slots.place
    if place is None:
        return False
    lon, lat = place.sea or (place.lon, place.lat)
    return box[0] <= lon <= box[2] and box[1] <= lat <= box[3]


def around_place_args(slots: Slots) -> PlanArgs | None:
    """Return {bbox} of the sea around a named place (its own coordinate is usually a land pixel),
    when a place and no point is given; else None."""
    if not slots.place or slots.point:
        return None
    (lon, lat), d = slots.place.sea or (slots.place.lon, slots.place.lat), PLACE_SST_HALF_BOX
    return PlanArgs(bbox=[round(lon - d, 3), round(lat - d, 3), round(lon + d, 3), round(lat + d, 3)])


