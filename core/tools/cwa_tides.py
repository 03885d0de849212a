"""Official tides for Taiwan: `tide.forecast` answered from CWA's kept forecast near its points.

`CwaBackend` wraps the configured metocean backend. A tide question at a point within
`RADIUS_KM` of a CWA forecast point, on a day the kept copy covers, is answered with CWA's own
extremes (times and heights, lunar date, 大/中/小潮); sun and moon still come from the wrapped
backend, so the result keeps the upstream's shape, with `backend` "cwa". Everything else (other
tools, other points, days outside the copy, no copy at all) goes to the wrapped backend as before.
"""
from __future__ import annotations

import math
from datetime import date, datetime, timedelta, tzinfo
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from core.tools.cwa_copy import CwaCopy
from core.tools.cwa_parse import CwaExtreme, CwaLocation
from metocean.contract import TideForecastArgs, TideForecastResult
from metocean.errors import ToolFailure
from metocean.timezones import offset_label, parse_query_time, parse_tz

if TYPE_CHECKING:
    from core.tools.backends import BackendResult, MetoceanBackend

RADIUS_KM = 5.0
SOURCE = "CWA"
LICENSE = "OGDL-Taiwan-1.0"
_DROPPED_NOTES = ("no_station", "inland", "heights_msl", "heights_reference")


def km_between(lon1: float, lat1: float, lon2: float, lat2: float) -> float:
    """Return the great-circle distance in km."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    a = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lon2 - lon1) / 2) ** 2
    return 2 * 6371.0088 * math.asin(min(1.0, math.sqrt(a)))


def nearest(index: list[tuple[str, str, float, float]], lon: float, lat: float,
            radius_km: float = RADIUS_KM) -> tuple[str, str, float] | None:
    """Return (id, name, km) of the nearest CWA point within `radius_km`, or None."""
    best: tuple[str, str, float] | None = None
    for loc_id, name, la, lo in index:
        if abs(la - lat) > 0.1 or abs(lo - lon) > 0.1:
            continue   # farther than ~10 km on one axis: not a candidate
        km = km_between(lon, lat, lo, la)
        if km <= radius_km and (best is None or km < best[2]):
            best = (loc_id, name, km)
    return best


def _hms(seconds: float) -> str:
    s = max(0, int(round(seconds)))
    return f"{s // 3600:02d}:{s % 3600 // 60:02d}:{s % 60:02d}"


def _item(e: CwaExtreme, zone: tzinfo) -> dict[str, Any]:
    moment = datetime.fromisoformat(e.time).astimezone(zone)
    out: dict[str, Any] = {"time": moment.isoformat(timespec="seconds"), "height_cm": e.msl_cm}
    if e.chart_cm is not None:
        out["height_chart_cm"] = e.chart_cm
    return out


def official_tide(point: CwaLocation, day: date, zone: tzinfo, now: datetime | None) -> dict[str, Any] | None:
    """Return the upstream-shaped `tide` block of local `day` in `zone` from CWA's extremes (the
    state now between the official extremes when `now` falls in the day), None when the copy lacks the day."""
    by_date = {d.date: d for d in point.days}
    if day.isoformat() not in by_date:
        return None
    near: list[CwaExtreme] = []
    for offset in (-1, 0, 1):
        found = by_date.get((day + timedelta(days=offset)).isoformat())
        if found is not None:
            near.extend(found.extremes)
    near.sort(key=lambda e: datetime.fromisoformat(e.time))
    todays = [e for e in near if datetime.fromisoformat(e.time).astimezone(zone).date() == day]
    tide: dict[str, Any] = {"highs": [_item(e, zone) for e in todays if e.kind == "HIGH"],
                            "lows": [_item(e, zone) for e in todays if e.kind == "LOW"]}
    if now is not None and now.astimezone(zone).date() == day:
        before = [e for e in near if datetime.fromisoformat(e.time) <= now]
        after = [e for e in near if datetime.fromisoformat(e.time) > now]
        if before and after:
            last, nxt = before[-1], after[0]
            tide.update(state_now="rising" if nxt.kind == "HIGH" else "falling",
                        since_extreme=_hms((now - datetime.fromisoformat(last.time)).total_seconds()),
                        until_extreme=_hms((datetime.fromisoformat(nxt.time) - now).total_seconds()),
                        last_extreme=dict(_item(last, zone), type=last.kind),
                        next_extreme=dict(_item(nxt, zone), type=nxt.kind))
    return tide


def chart_offset_cm(point: CwaLocation) -> float | None:
    """Return how far CWA's chart datum lies below local MSL at the point (cm, the median of its extremes)."""
    gaps = sorted(e.chart_cm - e.msl_cm for d in point.days for e in d.extremes if e.chart_cm is not None)
    return gaps[len(gaps) // 2] if gaps else None


def official_result(base: dict[str, Any], point: CwaLocation, km: float, asked_day: date,
                    tide: dict[str, Any]) -> dict[str, Any]:
    """Return the wrapped backend's answer (sun, moon, phase) with CWA's tide, point and day words in it."""
    day = next(d for d in point.days if d.date == asked_day.isoformat())
    notes = [n for n in base.get("notes") or [] if not (isinstance(n, dict) and n.get("code") in _DROPPED_NOTES)]
    messages = [m for m in base.get("messages") or []
                if not str(m).startswith(("Note: Tide heights", "No tide station"))]
    offset = chart_offset_cm(point)
    station = {"id": f"cwa/{point.id}", "name": point.name, "distance_km": round(km, 2), "source": SOURCE,
               "license": LICENSE, "latitude": point.lat, "longitude": point.lon}
    if offset is not None:
        station["chart_datum"] = {"name": SOURCE, "msl_above_cm": offset}
    return dict(base, tide=tide, station=station, notes=notes, messages=messages,
                reference="CWA tide forecast (F-A0021-001), heights above local MSL",
                official={"source": SOURCE, "dataset": "F-A0021-001", "location_id": point.id,
                          "lunar_date": day.lunar, "tide_range": day.range})


class CwaBackend:
    """The configured backend, with `tide.forecast` near CWA's points answered from its forecast."""

    def __init__(self, inner: "MetoceanBackend", copy: CwaCopy, radius_km: float = RADIUS_KM) -> None:
        self.inner = inner
        self.copy = copy
        self.radius_km = radius_km
        self.name = inner.name

    async def _official(self, arguments: TideForecastArgs) -> tuple[CwaLocation, float, date, tzinfo] | None:
        lon, lat = arguments.longitude, arguments.latitude
        if arguments.station_id or lon is None or lat is None:
            return None
        if not (117.0 <= lon <= 123.5 and 20.5 <= lat <= 27.0):
            return None   # CWA forecasts Taiwan's coasts only: elsewhere no store is read
        try:
            zone = parse_tz(arguments.tz or "Asia/Taipei")[0]
            day = date.fromisoformat(str(arguments.date))
        except ValueError:
            return None
        found = nearest(await self.copy.index(), float(lon), float(lat), self.radius_km)
        if found is None:
            return None
        point = await self.copy.point(found[0])
        return (point, found[2], day, zone) if point is not None else None

    async def call(self, tool: str, arguments: BaseModel) -> "BackendResult":
        """Return CWA's answer for a tide question (the one its forecast answers) near one of its
        points, else the wrapped backend's."""
        from core.tools.backends import BackendResult

        official = await self._official(arguments) if isinstance(arguments, TideForecastArgs) else None
        if official is None or not isinstance(arguments, TideForecastArgs):
            return await self.inner.call(tool, arguments)
        point, km, day, zone = official
        now = None
        if arguments.query_time:
            try:
                now = parse_query_time(arguments.query_time, zone)
            except (ValueError, OverflowError):
                now = None
        tide = official_tide(point, day, zone, now)
        if tide is None:
            return await self.inner.call(tool, arguments)
        try:
            answered = (await self.inner.call(tool, arguments)).result
            base = answered.model_dump(mode="json", exclude_unset=True)
            if isinstance(answered, TideForecastResult) and answered.notes is None:   # upstream's, read by its client
                base["notes"] = [n.payload() for n in answered.coded_notes()]
        except ToolFailure:
            base = {"region": [arguments.longitude, arguments.latitude], "date": day.isoformat(),
                    "timezone": offset_label(datetime.combine(day, datetime.min.time(), tzinfo=zone)),
                    "tz_name": str(arguments.tz)}   # sun and moon missing: CWA's tide still answers
        return BackendResult(TideForecastResult.model_validate(official_result(base, point, km, day, tide)),
                             "cwa")

    async def aclose(self) -> None:
        """Close the wrapped backend and let a refresh under way finish."""
        await self.copy.aclose()
        await self.inner.aclose()
