"""Where a plan's tool is asked to look, from the slots: a point (a written point, else the named
place), a box (a written box, else a named sea region), the sea around a named place, or the home
city of the asker's zone. The tools' plan steps build their arguments with these."""
from __future__ import annotations

import functools
import re
from importlib import resources

from core.data import DATA_DIR, read_yaml
from core.decide.plan_record import PlanArgs
from core.understand.slots import Slots

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


@functools.cache
def _default_points() -> tuple[str, dict[str, tuple[float, float]]]:
    data = read_yaml(DATA_DIR / "default_points.yaml")
    return data["fallback"], {zone: (float(p[0]), float(p[1])) for zone, p in data["zones"].items()}


def default_point(tz: str | None) -> tuple[float, float]:
    """Return (lon, lat) of the home city of the asker's zone (core/data/default_points.yaml), else of the
    zone's own city in the tz database (Europe/Guernsey: St Peter Port), else of the fallback zone's."""
    fallback, zones = _default_points()
    return zones.get(tz or fallback) or _zone_tab().get(tz or "") or zones[fallback]


_ISO6709 = re.compile(r"([+-])(\d{2})(\d{2})(\d{2})?([+-])(\d{3})(\d{2})(\d{2})?")


@functools.cache
def _zone_tab() -> dict[str, tuple[float, float]]:
    """Return (lon, lat) of each zone's principal city, from the tz database's zone.tab (package tzdata)."""
    text = (resources.files("tzdata") / "zoneinfo" / "zone.tab").read_text(encoding="utf-8")
    out: dict[str, tuple[float, float]] = {}
    for line in text.splitlines():
        fields = line.split("\t")
        if line.startswith("#") or len(fields) < 3 or not (m := _ISO6709.fullmatch(fields[1])):
            continue
        sla, lad, lam, las, slo, lod, lom, los = m.groups()
        lat = (int(lad) + int(lam) / 60 + int(las or 0) / 3600) * (1 if sla == "+" else -1)
        lon = (int(lod) + int(lom) / 60 + int(los or 0) / 3600) * (1 if slo == "+" else -1)
        out[fields[2]] = (round(lon, 2), round(lat, 2))
    return out
