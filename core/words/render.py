"""One renderer per tool, chosen from a table (the router never formats text itself)."""
from __future__ import annotations

from datetime import datetime
from typing import Any, Callable

from core.decide.plan import Plan
from core.understand.signals import Signals
from core.words.sst import render_ghrsst
from core.words.tide import TideView, choose_mode, render_tide
from core.understand.slots import Slots


def _place_label(slots: Slots, lang: str) -> str:
    if slots.place is None:
        return ""
    return slots.place.name_zh if lang == "zh" else slots.place.name_en


def _station_name(result: dict[str, Any], lang: str) -> dict[str, Any]:
    """Return the result with the station named in Chinese when the gazetteer knows it (Keelung → 基隆)."""
    station = result.get("station")
    if lang != "zh" or not isinstance(station, dict) or not station.get("name"):
        return result
    from core.understand.places import find_place

    place = find_place(str(station["name"]))
    if place is None or place.name_en.lower() != str(station["name"]).lower():
        return result
    return dict(result, station=dict(station, name=f"{place.name_zh} {station['name']}"))


def _tide(result: dict[str, Any], *, plan: Plan, slots: Slots, lang: str, query_time: datetime,
          requested_date: str | None, **_: Any) -> str:
    day = str(result.get("date") or requested_date or query_time.date().isoformat())
    mode = choose_mode(day, query_time, wants_tide=plan.wants_tide)
    view = TideView(mode=mode, show_tide=plan.wants_tide, where=_place_label(slots, lang),
                    today=query_time.date().isoformat())
    return render_tide(_station_name(result, lang), view, lang)


def _ghrsst(result: dict[str, Any], *, lang: str, requested_date: str | None, **_: Any) -> str:
    return render_ghrsst(result, lang, requested_date=requested_date)


def _weather(result: dict[str, Any], *, slots: Slots, lang: str, query_time: datetime, query: str, **_: Any) -> str:
    from core.words.weather import render_weather, weather_aspects

    return render_weather(result, lang=lang, day=slots.day(query_time), aspects=weather_aspects(query),
                          place=_place_label(slots, lang) or None)


def _time(result: dict[str, Any], *, slots: Slots, lang: str, **_: Any) -> str:
    from core.words.local_time import render_time

    label = _place_label(slots, lang)
    return render_time(dict(result, place=label) if label else result, lang=lang)


_RENDERERS: dict[str, Callable[..., str]] = {
    "tide.forecast": _tide,
    "ghrsst.point_value": _ghrsst,
    "ghrsst.bbox_mean": _ghrsst,
    "weather.forecast": _weather,
    "time.now": _time,
}


def render_result(tool: str, result: dict[str, Any], *, plan: Plan, slots: Slots, signals: Signals, lang: str,
                  query_time: datetime, requested_date: str | None, query: str) -> str:
    """Return the user-facing text for a tool result in `lang`."""
    return _RENDERERS[tool](result, plan=plan, slots=slots, signals=signals, lang=lang, query_time=query_time,
                            requested_date=requested_date, query=query)
