"""When a tide alert fires: MINUTES before the next high (or low) water, as `tide.forecast` gives it.

The extremes come from the catalog's `tide.forecast` run by the caller's router (its configured
backend: upstream, local or auto), one local day at a time in the subscriber's zone, so an
alert announces the same high or low water that `/tide` shows for the place. Moments are aware
datetimes; the zone travels as its name `tz` because that is the tool's argument.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Literal, Protocol

from pydantic import BaseModel

from core.subscriptions.daily_times import local_day, zone
from core.tools import tide_forecast
from core.tools.base import A, R, Tool
from metocean.contract import TideForecastArgs, TideForecastResult
from metocean.errors import ToolFailure

__all__ = ["SEARCH_DAYS", "RememberingRunner", "TideEvent", "TideForecastResult", "ToolFailure", "ToolRunner",
           "announced_extreme", "day_tides", "extremes_of", "first_extreme", "next_alert"]

Extreme = Literal["high", "low"]

#: How far ahead an alert's extreme is looked for (a diurnal station can skip a low for a day).
SEARCH_DAYS = 8


class ToolRunner(Protocol):
    """What the tide lookups need of `core.router.Router`."""

    async def run(self, tool: Tool[A, R], arguments: A, *, backend: str | None = None) -> R: ...


class RememberingRunner:
    """A runner that keeps each tool result it got, for one short job that asks for a day twice."""

    def __init__(self, runner: ToolRunner) -> None:
        self._runner = runner
        self._seen: dict[tuple[str, str, str | None], BaseModel] = {}

    async def run(self, tool: Tool[A, R], arguments: A, *, backend: str | None = None) -> R:
        """Return the tool's result, run once per tool, arguments and backend."""
        key = (tool.name, arguments.model_dump_json(), backend)
        seen = self._seen.get(key)
        if isinstance(seen, tool.result):
            return seen
        result = await self._runner.run(tool, arguments, backend=backend)
        self._seen[key] = result
        return result


@dataclass(frozen=True)
class TideEvent:
    """One high or low water: its kind, moment (aware), height and the station named, if any."""

    kind: Extreme
    at: datetime
    height_cm: float | None
    station: str | None = None
    height_chart_cm: float | None = None            # CWA's own figure above its chart datum
    chart_datum: tuple[str, float] | None = None    # the station's chart datum and cm of MSL above it


async def day_tides(runner: ToolRunner, lon: float, lat: float, day: date, tz: str,
                    backend: str | None = None) -> TideForecastResult:
    """Return the `tide.forecast` result for local `day` in zone `tz` at the point (raises ToolFailure)."""
    arguments = TideForecastArgs(longitude=lon, latitude=lat, date=day.isoformat(), tz=tz)
    return await runner.run(tide_forecast.TOOL, arguments, backend=backend)


def extremes_of(result: TideForecastResult, kind: Extreme) -> list[TideEvent]:
    """Return the highs (or lows) of a `tide.forecast` result in time order."""
    items = result.tide.highs if kind == "high" else result.tide.lows
    name = result.station.name if result.station is not None and result.station.name else None
    datum = result.station.chart_datum if result.station is not None else None
    chart = (datum.name, datum.msl_above_cm) if datum is not None else None
    out = []
    for item in items:
        try:
            at = datetime.fromisoformat(item.time)
        except ValueError:
            continue  # a malformed entry is not an extreme to announce
        if at.tzinfo is None:
            continue  # nor is one whose clock is not said
        out.append(TideEvent(kind, at, item.height_cm, name, item.height_chart_cm, chart))
    return sorted(out, key=lambda e: e.at)


async def first_extreme(runner: ToolRunner, lon: float, lat: float, kind: Extreme, after: datetime, tz: str,
                        days: int = SEARCH_DAYS, backend: str | None = None, *, strictly: bool = False) -> TideEvent | None:
    """Return the first high (or low) at the point at (or, with `strictly`, after) `after`, looked
    for day by day over `days` local days; None when there is none (or no tide there at all)."""
    start = local_day(after, zone(tz))
    for offset in range(days + 1):
        result = await day_tides(runner, lon, lat, start + timedelta(days=offset), tz, backend)
        if not result.has_tide:
            return None
        for event in extremes_of(result, kind):
            if event.at > after or (event.at == after and not strictly):
                return event
    return None


async def next_alert(runner: ToolRunner, lon: float, lat: float, kind: Extreme, lead_minutes: int, after: datetime,
                     tz: str, backend: str | None = None) -> tuple[datetime, TideEvent] | None:
    """Return (fire time, the extreme it announces): the first high (or low) at the point whose time
    minus `lead_minutes` is strictly after `after`; None when there is none."""
    lead = timedelta(minutes=lead_minutes)
    event = await first_extreme(runner, lon, lat, kind, after + lead, tz, backend=backend, strictly=True)
    return (event.at - lead, event) if event else None


async def announced_extreme(runner: ToolRunner, lon: float, lat: float, kind: Extreme, lead_minutes: int,
                            fire_at: datetime, tz: str, backend: str | None = None) -> TideEvent | None:
    """Return the extreme a firing due at `fire_at` announces: the first high (or low) at or after
    `fire_at + lead` (a second of slack for rounding); None when it cannot be found."""
    return await first_extreme(runner, lon, lat, kind, fire_at + timedelta(minutes=lead_minutes, seconds=-1), tz, days=2,
                               backend=backend)
