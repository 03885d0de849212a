"""The names a chat answer gives a place, a country or a division, in English or zh-TW.

``qualified_name`` is the name that resolves to the very same place again ("Portland, Maine"), used when the bot
offers choices or echoes what it assumed.
"""
from __future__ import annotations

from core.understand.places import Place
from core.understand.places_index import context


def country_name(code: str, lang: str = "en") -> str:
    """A country's name in English or zh-TW ("US" → "United States" / "美國"); the code if unknown."""
    if code == "TW":
        return "台灣" if lang == "zh" else "Taiwan"
    en, zh = context().names.get(code, (code, ""))
    return (zh or en) if lang == "zh" else en


def qualified_name(place: Place) -> str:
    """Return a name that resolves to this very place again: a Taiwan place's zh-TW name, a place
    abroad with its division or country ("Portland, Maine"), not the name's best-known holder."""
    if place.country == "TW":
        return place.name_zh or place.name_en
    admin = place.admin
    if not admin or admin == place.name_en or "," in admin:
        country = country_name(place.country) if place.country else ""
        return f"{place.name_en}, {country}" if country and country != place.name_en else place.name_en
    return f"{place.name_en}, {admin}"


def division_name(code: str, division: str, lang: str = "en") -> str:
    """A first-level division's name in English or zh-TW ("US", "Maine" → "Maine" / "緬因"); English if no zh name."""
    if lang != "zh" or not division:
        return division
    return context().division_zh.get((code, division)) or division
