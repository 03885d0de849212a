"""Where an asker's zone is on the map: its home city (core/data/default_points.yaml), else the zone's own city in
the tz database's zone.tab. The moon's phase with no place is answered there (core/decide/locate.py), and a place
found far from it by a piece of its name is asked about (core/understand/places_far.py)."""
from __future__ import annotations

import functools
import re
from importlib import resources

from core.data import DATA_DIR, read_yaml


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
