"""Naming the place an answer is about, so a wrong guess is visible: "地點：基隆（25.13°N, 121.74°E）"."""
from __future__ import annotations

from typing import TYPE_CHECKING

from core.words.strings import t

if TYPE_CHECKING:
    from core.asked import Asked


def coordinates(lon: float, lat: float) -> str:
    """Return a point as "25.13°N, 121.74°E"."""
    return f"{abs(lat):.2f}°{'N' if lat >= 0 else 'S'}, {abs(lon):.2f}°{'E' if lon >= 0 else 'W'}"


def where_line(asked: "Asked") -> str:
    """Return the line naming the resolved place with its coordinates (and, abroad, its country
    named in the reply language: 「那霸，日本」, "Naha, Japan"), or ""."""
    place = asked.slots.place if asked.slots else None
    if place is None:
        return ""
    # some places abroad have no Chinese name (Madeira's Santa Cruz found by 聖克魯斯): their English one then
    name = (place.name_zh or place.name_en) if asked.lang == "zh" else (place.name_en or place.name_zh)
    country = getattr(place, "country", "") or ""
    if country and country != "TW":
        from core.understand.place_naming import country_name

        region = t(asked.lang, "place_region", country=country_name(country, asked.lang))
    else:
        region = ""
    # Typed coordinates beat the gazetteer's point: 「太麻里(22.55N, 120.95E)」 is answered there.
    point = asked.slots.point if asked.slots else None
    lon, lat = (point.lon, point.lat) if point is not None else (place.lon, place.lat)
    return t(asked.lang, "place_line", place=name, region=region, coords=coordinates(lon, lat))


SEA_LINE_KM = 25.0   # a sea point farther than this from the place's own point is said (Kolkata's tides are Diamond Harbour's)


def sea_line(asked: "Asked", lon: float | None, lat: float | None) -> str:
    """Return the line saying the tides are asked at the named place's sea point, with its coordinates and how far
    it is, when the point asked (lon, lat) is that sea point and lies more than SEA_LINE_KM away; else ""."""
    place = asked.slots.place if asked.slots else None
    if place is None or place.sea is None or lon is None or lat is None or (lon, lat) != tuple(place.sea):
        return ""
    from core.understand.places_rank_near import km

    far = km(place, place.sea)
    return t(asked.lang, "sea_point_line", coords=coordinates(lon, lat), km=round(far)) if far > SEA_LINE_KM else ""
