"""`tide.forecast` of the local engine: one local day of tides, sun and moon, upstream's shape.

Tides come from the harmonic engine (metocean.tides) at the nearest station within the
configured radius (or the station named by `station_id`); sun and moon from metocean.astro.
The result is upstream's payload (see upstream-metocean.md) plus the local-only `station`
block and a `reference` naming the station whose constants were used.
"""
from __future__ import annotations

import math
from datetime import date, datetime, time, timedelta, timezone, tzinfo
from typing import Any

from metocean.config import EngineConfig
from metocean.errors import ToolFailure
from metocean.contract import TideForecastArgs, TideForecastResult
from metocean.timezones import offset_label, parse_query_time, parse_tz
from metocean import astro
from metocean.tides import Station, TideExtreme, load_stations, tide_extremes

TZ_REQUIRED = "timezone (tz) required (use IANA name or numeric offset)"
UTC_NOTE = "Timezone not provided; times shown are in UTC (+00:00). Convert to your local time if needed."


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


def _tide_block(station: Station, start: datetime, end: datetime, now: datetime | None,
                tz: tzinfo) -> dict[str, Any]:
    """Return the `tide` block: the day's highs/lows and, when `now` is inside the day, its state."""
    try:
        # One day either side, so "since/until" can reach an extreme across midnight.
        extremes = tide_extremes(station.id, start - timedelta(days=1), end + timedelta(days=1))
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


def tide_forecast(args: TideForecastArgs, config: EngineConfig | None = None) -> dict[str, Any]:
    """Return the `tide.forecast` payload for one local day (upstream shape + `station`, `reference`).

    Raises ToolFailure INVALID_ARGUMENT (missing/unknown tz, bad date or query_time, unknown
    station_id) or UNAVAILABLE (tide engine failure). A place without a station within the
    radius gets empty highs/lows and a message; sun/moon failures are reported in-band.
    """
    tz, tz_name = _tz(args)
    now: datetime | None = None
    if args.query_time:
        try:
            now = parse_query_time(args.query_time, tz)
        except ValueError:
            raise ToolFailure("INVALID_ARGUMENT", f"invalid query_time: {args.query_time[:40]}") from None
    try:
        day = date.fromisoformat(args.date) if args.date else (now or datetime.now(tz)).date()
    except ValueError:
        raise ToolFailure("INVALID_ARGUMENT", f"invalid date: {args.date}") from None
    start = datetime.combine(day, time(0), tzinfo=tz).astimezone(timezone.utc)
    end = datetime.combine(day + timedelta(days=1), time(0), tzinfo=tz).astimezone(timezone.utc)
    now_utc = now.astimezone(timezone.utc) if now else None

    radius = (config or EngineConfig()).tide_station_radius_km
    lon, lat, station, distance = _station(args, radius)

    result: dict[str, Any] = {"region": [lon, lat], "date": day.isoformat(),
                              "timezone": offset_label(datetime.combine(day, time(12), tzinfo=tz))}
    if tz_name:
        result["tz_name"] = tz_name
    warnings: list[str] = []
    if args.tz.strip().upper() == "Z":  # type: ignore[union-attr] - checked in _tz
        warnings.append(UTC_NOTE)
    usno_status = ""
    try:
        result.update(astro.sun_moon(lon, lat, day, tz))
    except Exception as exc:  # noqa: BLE001 - sun/moon trouble must not cost the tide answer
        usno_status = str(exc) or type(exc).__name__
        warnings.append(f"Sun/Moon data unavailable at this time ({usno_status}). Tide extrema are provided below.")

    notes: list[str] = []
    if station is None:
        result["tide"] = {"highs": [], "lows": []}
        warnings.append(f"No tide station within {radius:g} km of this point; "
                        "tide predictions are not available here.")
    else:
        result["reference"] = _reference(station)
        result["tide"] = _tide_block(station, start, end, now_utc, tz)
        result["station"] = {"id": station.id, "name": station.name, "distance_km": round(distance or 0.0, 2),
                             "source": station.source, "license": station.license}
        notes.append(f"Note: Tide heights are relative to MSL (harmonic prediction from {station.name} "
                     f"({station.source}) constants) and provided for reference only.")
    result["messages"] = warnings + notes
    result["backend"] = {"usno_status": usno_status, "tide_api_status": "OK"}
    TideForecastResult.model_validate(result)
    return result
