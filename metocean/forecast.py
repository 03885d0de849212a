"""`tide.forecast` of the local engine: one local day of tides, sun and moon, upstream's shape.

Tides come from the harmonic engine (metocean.tides) at the nearest station within the
configured radius (or the station named by `station_id`); sun and moon from metocean.astro.
The result is upstream's payload (as tests/emulators/upstream_server.py answers) plus the local-only `station`
block, a `reference` naming the station whose constants were used, and `notes` (coded notes,
metocean/notes.py). A point inland (metocean/land.py) gets upstream's inland answer: empty
highs and lows, no `reference`.
"""
from __future__ import annotations

import functools
import math
from datetime import date, datetime, time, timedelta, timezone, tzinfo
from typing import Any

from metocean.config import EngineConfig
from metocean.errors import ToolFailure
from metocean.contract import TZ_REQUIRED, TideForecastArgs, TideForecastResult
from metocean.timezones import offset_label, parse_query_time, parse_tz
from metocean import astro
from metocean.land import is_inland
from metocean.notes import NearestStation, Note, english
from metocean.tides import Station, TideExtreme, load_stations, tide_extremes

UTC_NOTE = english(Note(code="utc_assumed"))
STATION_ON_LAND_KM = 5.0  # an inland point this close to a station (river gauges) keeps its tides
NEAREST_ANY_KM = 20_000.0  # "the nearest station" of a no-tide answer: anywhere on Earth


def warm() -> None:
    """Load the tide stations and the ephemeris now, so the first forecast is fast; returns nothing."""
    load_stations()
    astro.load_ephemeris()


def _haversine_km(lon0: float, lat0: float, lon1: float, lat1: float) -> float:
    p0, p1 = math.radians(lat0), math.radians(lat1)
    a = (math.sin((p1 - p0) / 2) ** 2
         + math.cos(p0) * math.cos(p1) * math.sin(math.radians(lon1 - lon0) / 2) ** 2)
    return 2 * 6371.0088 * math.asin(min(1.0, math.sqrt(a)))


def _hms(delta: timedelta) -> str:
    """Return a non-negative duration as HH:MM:SS (hours may exceed 24)."""
    seconds = max(0, round(delta.total_seconds()))
    return f"{seconds // 3600:02d}:{seconds % 3600 // 60:02d}:{seconds % 60:02d}"


def _tz(args: TideForecastArgs) -> tuple[tzinfo, str | None]:
    if not args.tz or not args.tz.strip():
        raise ToolFailure("INVALID_ARGUMENT", TZ_REQUIRED)
    try:
        return parse_tz(args.tz)
    except ValueError as exc:
        raise ToolFailure("INVALID_ARGUMENT", str(exc)) from None


def _station(args: TideForecastArgs, radius_km: float) -> tuple[float, float, Station | None, float | None]:
    """Return (lon, lat, station or None, distance km) for the requested place."""
    index = load_stations()
    if args.station_id is not None:
        station = index.get(args.station_id)
        if station is None:
            raise ToolFailure("INVALID_ARGUMENT", f"unknown tide station: {args.station_id}")
        if args.longitude is None or args.latitude is None:
            return station.longitude, station.latitude, station, 0.0
        distance = _haversine_km(args.longitude, args.latitude, station.longitude, station.latitude)
        return args.longitude, args.latitude, station, distance
    assert args.longitude is not None and args.latitude is not None  # the model guarantees it
    hit = index.nearest(args.longitude, args.latitude, max_km=radius_km)
    if hit is None:
        return args.longitude, args.latitude, None, None
    return args.longitude, args.latitude, hit[0], hit[1]


def _reference(station: Station) -> str:
    """Return the human name of the constants used, e.g. "Keelung (TICON-4) harmonic constants, relative to MSL"."""
    if station.kind == "subordinate" and station.reference_id:
        ref = load_stations().get(station.reference_id)
        ref_name = ref.name if ref else station.reference_id
        return f"{station.name} ({station.source}) offsets on {ref_name} harmonic constants, relative to MSL"
    return f"{station.name} ({station.source}) harmonic constants, relative to MSL"


def _event(ex: TideExtreme, tz: tzinfo) -> dict[str, Any]:
    return {"time": ex.time.astimezone(tz).isoformat(), "height_cm": round(ex.height_cm, 2)}


@functools.lru_cache(maxsize=1024)
def _station_days(station_id: str, start: datetime, end: datetime) -> tuple[TideExtreme, ...]:
    """Return a station's extremes from a day before `start` to a day after `end` (one day either
    side, so "since/until" can reach an extreme across midnight). Cached: every point near one
    station asks the same of it for a day."""
    return tuple(tide_extremes(station_id, start - timedelta(days=1), end + timedelta(days=1)))


def _tide_block(station: Station, start: datetime, end: datetime, now: datetime | None,
                tz: tzinfo) -> dict[str, Any]:
    """Return the `tide` block: the day's highs/lows and, when `now` is inside the day, its state."""
    try:
        extremes = _station_days(station.id, start, end)
    except Exception as exc:  # noqa: BLE001 - any engine failure is "backend unavailable" to the caller
        raise ToolFailure("UNAVAILABLE", f"Tide backend unavailable ({type(exc).__name__}: {exc})") from None
    day = [e for e in extremes if start <= e.time < end]
    block: dict[str, Any] = {"highs": [_event(e, tz) for e in day if e.kind == "HIGH"],
                             "lows": [_event(e, tz) for e in day if e.kind == "LOW"]}
    if now is not None and start <= now < end:
        last = next((e for e in reversed(extremes) if e.time <= now), None)
        following = next((e for e in extremes if e.time > now), None)
        if last is not None and following is not None:
            block["state_now"] = "rising" if last.kind == "LOW" else "falling"
            block["since_extreme"] = _hms(now - last.time)
            block["until_extreme"] = _hms(following.time - now)
            block["last_extreme"] = {"type": last.kind, **_event(last, tz)}
            block["next_extreme"] = {"type": following.kind, **_event(following, tz)}
    return block


def _day_and_now(args: TideForecastArgs, tz: tzinfo) -> tuple[date, datetime | None]:
    """Return (the local day asked, query_time or None); INVALID_ARGUMENT outside the supported days."""
    first, last = astro.supported_days()
    out_of_range = ToolFailure("INVALID_ARGUMENT", f"date out of the supported range: dates from {first.isoformat()} "
                                                   f"to {last.isoformat()} can be computed")
    now: datetime | None = None
    if args.query_time:
        try:
            now = parse_query_time(args.query_time, tz)
        except OverflowError:
            raise out_of_range from None
        except ValueError:
            raise ToolFailure("INVALID_ARGUMENT", f"invalid query_time: {args.query_time[:40]}") from None
    try:
        day = date.fromisoformat(args.date) if args.date else (now or datetime.now(tz)).date()
    except ValueError:
        raise ToolFailure("INVALID_ARGUMENT", f"invalid date: {args.date}") from None
    if not first <= day <= last:
        # Outside the ephemeris the sun and moon cannot be had, and year 1 or 9999 would
        # overflow the clock arithmetic: one clear refusal instead of a near-empty answer.
        raise out_of_range
    return day, now


def _nearest_any(lon: float, lat: float) -> NearestStation | None:
    """Return the closest station at any distance (for "the nearest station is ...")."""
    hit = load_stations().nearest(lon, lat, max_km=NEAREST_ANY_KM)
    if hit is None:
        return None
    return NearestStation(id=hit[0].id, name=hit[0].name, distance_km=round(hit[1], 1))


def tide_forecast(args: TideForecastArgs, config: EngineConfig | None = None) -> dict[str, Any]:
    """Return the `tide.forecast` payload for one local day (upstream shape + local `station`, `reference`, `notes`).

    Raises ToolFailure INVALID_ARGUMENT (missing/unknown tz, bad date or query_time, a day outside
    the supported range, unknown station_id) or UNAVAILABLE (tide engine failure). A point inland
    or without a station within the radius gets empty highs/lows, as upstream's inland answer;
    sun/moon failures are reported in-band. `notes` holds the coded notes (metocean.notes) and
    `messages` the same notes as upstream's English sentences.
    """
    tz, tz_name = _tz(args)
    day, now = _day_and_now(args, tz)
    start = datetime.combine(day, time(0), tzinfo=tz).astimezone(timezone.utc)
    end = datetime.combine(day + timedelta(days=1), time(0), tzinfo=tz).astimezone(timezone.utc)
    now_utc = now.astimezone(timezone.utc) if now else None

    radius = (config or EngineConfig()).tide_station_radius_km
    lon, lat, station, distance = _station(args, radius)
    inland = False
    if args.station_id is None and is_inland(lon, lat) and (distance is None or distance > STATION_ON_LAND_KM):
        # Upstream's global model has nothing on land away from the sea; a river-mouth station
        # right at the point still answers (it is the truth there).
        inland, station = True, None

    result: dict[str, Any] = {"region": [lon, lat], "date": day.isoformat(),
                              "timezone": offset_label(datetime.combine(day, time(12), tzinfo=tz))}
    if tz_name:
        result["tz_name"] = tz_name
    warnings: list[Note] = []
    if args.tz.strip().upper() == "Z":
        warnings.append(Note(code="utc_assumed"))
    usno_status = ""
    try:
        result.update(astro.sun_moon(lon, lat, day, tz))
    except Exception as exc:  # noqa: BLE001 - sun/moon trouble must not cost the tide answer
        usno_status = str(exc) or type(exc).__name__
        warnings.insert(0, Note(code="sun_moon_unavailable", reason=usno_status))

    notes: list[Note] = []
    if station is None:
        result["tide"] = {"highs": [], "lows": []}
        nearest = _nearest_any(lon, lat)
        warnings.append(Note(code="inland", nearest=nearest) if inland
                        else Note(code="no_station", radius_km=radius, nearest=nearest))
    else:
        result["reference"] = _reference(station)
        result["tide"] = _tide_block(station, start, end, now_utc, tz)
        result["station"] = {"id": station.id, "name": station.name, "distance_km": round(distance or 0.0, 2),
                             "source": station.source, "license": station.license}
        chart = load_stations().chart_datum(station.id)
        if chart is not None:   # how far below MSL the station's chart datum (LAT, MLLW...) lies
            result["station"]["chart_datum"] = {"name": chart[0], "msl_above_cm": round(chart[1] * 100, 1)}
        notes.append(Note(code="heights_msl", station=station.name, source=station.source))
    coded = warnings + notes
    result["messages"] = [english(n) for n in coded]
    result["notes"] = [n.payload() for n in coded]
    result["backend"] = {"usno_status": usno_status, "tide_api_status": "OK"}
    TideForecastResult.model_validate(result)
    return result
