"""A zone as people name it: an IANA name or offset ("Asia/Taipei", "+08:00"), or a place or a
country with one clock ("Taipei", "東京", "台灣", "Japan"), for `/tz` and `time.convert`."""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from core.tools.clock import parse_zone


class NamedZone(NamedTuple):
    """The zone a name means, and the place it was named by (None for a zone typed as one)."""

    tz: str
    place: str | None = None


@lru_cache(maxsize=1)
def _aliases() -> dict[str, str]:
    from core.data import DATA_DIR, read_yaml

    return {str(k).lower(): str(v) for k, v in read_yaml(DATA_DIR / "zone_names.yaml")["zones"].items()}


def zone_named(text: str) -> NamedZone | None:
    """Return the zone `text` names (a zone, a place's own zone, a one-clock country's), None when
    it names none or a country of several clocks."""
    words = (text or "").strip()
    if not words:
        return None
    try:
        _, name = parse_zone(words)
        return NamedZone(name or words)
    except ValueError:
        pass
    from core.understand.places import find_place
    from core.understand.places_country import clocks
    from core.understand.places_index import context

    alias = _aliases().get(words.lower())
    if alias:
        return NamedZone(alias, words)
    place = find_place(words[:100], prefer_coastal=False, home="")
    if place is not None and place.tz:
        return NamedZone(place.tz, place.name_en)
    ctx = context()
    for cc, division in ctx.cjk.get(words) or ctx.en.get(words.lower()) or ():
        found = clocks(cc, division)
        if len(found) == 1:
            return NamedZone(found[0].tz, words)
    return None
