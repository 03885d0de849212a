"""`tide.forecast`: one local day of highs and lows, the state now, sun and moon (metocean MCP)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core.tools.base import Tool
from core.tools.metocean_call import metocean_call, valid_date, with_float_coordinates
from core.tools.whose_clock import answer_clock, day_there, is_local_clock, now_there
from core.words.place import where_line
from core.words.strings import t
from core.words.tide import TideView, choose_mode, render_tide
from metocean.contract import TOOL_DESCRIPTIONS, TideForecastArgs, TideForecastResult
from metocean.timezones import offset_label

if TYPE_CHECKING:
    from core.asked import Asked


def normalize(raw: dict[str, Any], asked: "Asked") -> dict[str, Any]:
    """Return the call's arguments: the point (or station), the asked day, tz and query_time."""
    args = with_float_coordinates(raw)
    out = {k: args[k] for k in ("longitude", "latitude", "station_id") if k in args}
    clock = answer_clock(asked, out.get("longitude"), out.get("latitude"))
    slots = asked.slots
    out["date"] = day_there(asked, clock).isoformat() if slots and slots.date else \
        valid_date(args.get("date"), clock.now.date().isoformat())
    out["tz"] = clock.tz
    out["query_time"] = clock.now.isoformat(timespec="seconds")
    return out


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


def _has_tide(result: dict[str, Any]) -> bool:
    tide = result.get("tide") or {}
    return bool(tide.get("highs") or tide.get("lows") or result.get("high_tides") or result.get("low_tides"))


TAIWAN_BOX = (118.0, 21.5, 122.5, 26.5)   # Taiwan, Penghu, Kinmen and Matsu: CWA's tide tables cover them


def _no_station_nearby(result: dict[str, Any]) -> bool:
    """Return True when the built-in engine found no station in range (upstream's model has no such limit)."""
    notes = result.get("notes") or []
    return any(isinstance(n, dict) and n.get("code") == "no_station" for n in notes) or any(
        "No tide station" in str(m) for m in result.get("messages") or [])


def _no_tide_help(text: str, result: dict[str, Any], arguments: dict[str, Any], asked: "Asked") -> list[str]:
    """Return the reply with, after its leading no-tide line, why and where to look instead:
    the nearest station the built-in engine knows, the online service, and CWA for Taiwan."""
    lead, _, rest = text.partition("\n")
    lines = [lead]
    lon, lat = arguments.get("longitude"), arguments.get("latitude")
    if not (isinstance(lon, float) and isinstance(lat, float)):
        return [text]
    if _no_station_nearby(result):
        from metocean.tides import load_stations  # the station table is loaded once per process

        hit = load_stations().nearest(lon, lat, max_km=20_000)
        if hit is not None:
            station, km = hit
            name = _station_name({"station": {"name": station.name}}, asked.lang)["station"]["name"]
            lines.append(t(asked.lang, "no_tide_nearest", name=name, km=f"{km:.0f}"))
            lines.append(t(asked.lang, "no_tide_online"))
    w, s, e, n = TAIWAN_BOX
    if w <= lon <= e and s <= lat <= n:
        lines.append(t(asked.lang, "no_tide_cwa"))
    return lines + ([rest] if rest else [])


def render(result: dict[str, Any], arguments: dict[str, Any], asked: "Asked") -> str:
    """Return the tide/sun/moon reply: relative for today, summary for another day, astro-only on request."""
    wants_tide = asked.plan.wants_tide if asked.plan else True
    now = now_there(arguments, asked)
    day = str(result.get("date") or arguments.get("date") or now.date().isoformat())
    view = TideView(mode=choose_mode(day, now, wants_tide=wants_tide), show_tide=wants_tide,
                    where=asked.place_label(), today=now.date().isoformat())
    lines = [render_tide(_station_name(result, asked.lang), view, asked.lang)]
    if wants_tide and not _has_tide(result):
        lines[0:1] = _no_tide_help(lines[0], result, arguments, asked)
    if is_local_clock(arguments, asked):
        # Another zone than the asker's: say whose clock the times are on (contract.md, "Whose clock").
        lines.insert(0, t(asked.lang, "local_clock", zone=arguments["tz"], offset=offset_label(now)))
    place_line = where_line(asked)
    if place_line:
        lines.insert(0, place_line)  # the resolved place, so a wrong guess is visible at once
    return "\n".join(lines)


TOOL = Tool(
    name="tide.forecast", args=TideForecastArgs, result=TideForecastResult, backend="metocean",
    description=TOOL_DESCRIPTIONS["tide.forecast"], source="ODB metocean tide model", colour=0x1E88E5,
    normalize=normalize, execute=metocean_call("tide.forecast"), render=render, per_day=True,
)
