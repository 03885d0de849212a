"""Reading CWA's one-month tide forecast (dataset F-A0021-001) as a stream into typed records.

The response (~12 MB for ~266 coastal points) is parsed location by location with ijson, so a
process never holds the whole text; a body larger than the cap, cut short, or not the dataset's
shape is refused as a whole (`CwaGarbage`) and the last good copy stays in use. Days arrive in
any order and `AboveTWVD` as a string: both are settled here, once.
"""
from __future__ import annotations

import functools
from collections.abc import AsyncIterator
from typing import Any, Literal

from pydantic import BaseModel, Field, ValidationError

from core.data import DATA_DIR, read_yaml

MAX_BYTES = 40_000_000    # three times the real file: more is not the dataset
ITEMS = "records.TideForecasts.item"


class CwaGarbage(Exception):
    """The body is not a usable F-A0021-001 response (the reason is for the log only)."""


class CwaExtreme(BaseModel):
    """One official high or low water: ISO time with offset, heights in cm (local MSL, chart datum, TWVD)."""

    time: str
    kind: Literal["HIGH", "LOW"]
    msl_cm: float
    chart_cm: float | None = None
    twvd_cm: float | None = None


class CwaDay(BaseModel):
    """One local day at a CWA location: its lunar date, tide range and extremes in time order."""

    date: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")
    lunar: str | None = None
    range: Literal["spring", "mid", "neap"] | None = None
    extremes: list[CwaExtreme]


class CwaLocation(BaseModel):
    """One CWA forecast point (township, fishing harbour, beach, surf or dive spot) and its days by date."""

    id: str
    name: str
    lat: float = Field(ge=-90, le=90)
    lon: float = Field(ge=-180, le=180)
    days: list[CwaDay]


@functools.cache
def _words() -> dict[str, dict[str, str]]:
    words: dict[str, dict[str, str]] = read_yaml(DATA_DIR / "cwa_tides.yaml")
    return words


def _number(value: Any) -> float | None:
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def _extreme(item: dict[str, Any]) -> CwaExtreme | None:
    heights = item.get("TideHeights") or {}
    kind = _words()["tide_kinds"].get(str(item.get("Tide")))
    msl = _number(heights.get("AboveLocalMSL"))
    if kind is None or msl is None or not item.get("DateTime"):
        return None
    return CwaExtreme(time=str(item["DateTime"]), kind=kind, msl_cm=msl,  # type: ignore[arg-type]
                      chart_cm=_number(heights.get("AboveChartDatum")), twvd_cm=_number(heights.get("AboveTWVD")))


def location_of(raw: Any) -> CwaLocation | None:
    """Return one `TideForecasts` item as a `CwaLocation` (days sorted, extremes in time order),
    or None when it lacks what an answer needs."""
    loc = raw.get("Location") if isinstance(raw, dict) else None
    if not isinstance(loc, dict):
        return None
    days = []
    for day in ((loc.get("TimePeriods") or {}).get("Daily") or []):
        if not isinstance(day, dict):
            continue
        extremes = [e for e in (_extreme(i) for i in day.get("Time") or [] if isinstance(i, dict)) if e]
        try:
            days.append(CwaDay(date=str(day.get("Date")), lunar=day.get("LunarDate") or None,
                               range=_words()["tide_ranges"].get(str(day.get("TideRange"))),  # type: ignore[arg-type]
                               extremes=sorted(extremes, key=lambda e: e.time)))
        except ValidationError:
            continue
    try:
        return CwaLocation(id=str(loc.get("LocationId") or ""), name=str(loc.get("LocationName") or ""),
                           lat=loc.get("Latitude"), lon=loc.get("Longitude"),  # type: ignore[arg-type]
                           days=sorted(days, key=lambda d: d.date))
    except ValidationError:
        return None


class CappedBody:
    """An async file-like view of a streamed HTTP body that refuses more than `cap` bytes (ijson reads it)."""

    def __init__(self, chunks: AsyncIterator[bytes], cap: int = MAX_BYTES) -> None:
        self._chunks = chunks
        self._cap = cap
        self._buffer = b""
        self.size = 0

    async def read(self, n: int = -1) -> bytes:
        """Return up to `n` bytes (b"" at the end); CwaGarbage past the cap."""
        while not self._buffer:
            try:
                chunk = await self._chunks.__anext__()
            except StopAsyncIteration:
                return b""
            self.size += len(chunk)
            if self.size > self._cap:
                raise CwaGarbage(f"body larger than {self._cap} bytes")
            self._buffer = chunk
        size = len(self._buffer) if n is None or n < 0 else n
        out, self._buffer = self._buffer[:size], self._buffer[size:]
        return out


async def parse_stream(body: CappedBody) -> list[CwaLocation]:
    """Return every usable location of the streamed response; CwaGarbage when the body is cut
    short, not JSON, over the cap, or holds no usable location."""
    import ijson   # a refresh's cost, not a question's

    out: list[CwaLocation] = []
    try:
        async for raw in ijson.items_async(body, ITEMS, use_float=True):
            location = location_of(raw)
            if location is not None and location.days:
                out.append(location)
    except ijson.JSONError as exc:
        raise CwaGarbage(f"not the dataset's JSON: {str(exc)[:120]}") from None
    except ijson.IncompleteJSONError as exc:   # pragma: no cover - a subclass of JSONError in ijson 3
        raise CwaGarbage(f"cut short: {str(exc)[:120]}") from None
    if not out:
        raise CwaGarbage("no usable location in the body")
    return out
