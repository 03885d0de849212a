"""Pydantic models of the metocean tool contract (the upstream metocean server's tools).

One model per tool argument set and per result, so validation (core and local engine)
and the JSON Schemas in `specs/` come from the same place. Results allow extra keys:
upstream may add fields, and readers accept both current and older key names.
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from metocean.notes import Note

DATE_PATTERN = r"^\d{4}-\d{2}-\d{2}$"
TZ_REQUIRED = "timezone (tz) required (use IANA name or numeric offset)"   # upstream's words
SstField = Literal["sst", "sst_anomaly"]
Method = Literal["exact", "nearest"]


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid")


class GhrsstPointArgs(_Args):
    """Arguments of `ghrsst.point_value`."""

    longitude: float = Field(ge=-180, le=180, description="Longitude in decimal degrees, -180..180")
    latitude: float = Field(ge=-90, le=90, description="Latitude in decimal degrees, -90..90")
    date: str | None = Field(default=None, pattern=DATE_PATTERN, description="YYYY-MM-DD; latest day when absent")
    fields: list[SstField] = Field(default_factory=lambda: ["sst"],
                                   description="Which fields to return (upstream default: sst only)")
    method: Method = Field(default="exact", description="exact day, or nearest available day within 7 days")


class GhrsstBboxArgs(_Args):
    """Arguments of `ghrsst.bbox_mean`."""

    bbox: list[float] = Field(min_length=4, max_length=4, description="[lon0, lat0, lon1, lat1]")
    date: str = Field(pattern=DATE_PATTERN, description="YYYY-MM-DD (required, as upstream)")
    fields: list[SstField] = Field(default_factory=lambda: ["sst"])
    method: Method = "exact"

    @field_validator("bbox")
    @classmethod
    def _sorted_bbox(cls, v: list[float]) -> list[float]:
        lon0, lon1 = sorted((v[0], v[2]))
        lat0, lat1 = sorted((v[1], v[3]))
        if not (-180 <= lon0 <= 180 and -180 <= lon1 <= 180 and -90 <= lat0 <= 90 and -90 <= lat1 <= 90):
            raise ValueError("bbox out of range: longitudes -180..180, latitudes -90..90")
        if lon0 == lon1 or lat0 == lat1:
            raise ValueError("bbox has zero area")
        return [lon0, lat0, lon1, lat1]


class TideForecastArgs(_Args):
    """Arguments of `tide.forecast` (station_id is a local-engine extra)."""

    longitude: float | None = Field(default=None, ge=-180, le=180)
    latitude: float | None = Field(default=None, ge=-90, le=90)
    station_id: str | None = Field(default=None, max_length=120, description="tide-database id, local engine only")
    date: str | None = Field(default=None, pattern=DATE_PATTERN, description="local day; default today in tz")
    query_time: str | None = Field(default=None, description="ISO-8601 with offset: the moment 'now' means")
    # Required, as upstream: the zone of every time and of the day (schema and validation agree).
    tz: str = Field(max_length=64, description="IANA name or offset (+08:00, 8, -5.5, Z); required")

    @field_validator("tz")
    @classmethod
    def _tz_given(cls, v: str) -> str:
        if not v.strip():
            raise ValueError(TZ_REQUIRED)
        return v

    @model_validator(mode="after")
    def _where(self) -> "TideForecastArgs":
        if self.station_id is None and (self.longitude is None or self.latitude is None):
            raise ValueError("either longitude and latitude, or station_id, is required")
        return self


class GhrsstPointResult(BaseModel):
    """Result of `ghrsst.point_value`."""

    model_config = ConfigDict(extra="allow")
    region: list[float]
    date: str
    sst: float | None = None
    sst_anomaly: float | None = None
    method: str | None = None
    requested_date: str | None = None


class GhrsstBboxResult(GhrsstPointResult):
    """Result of `ghrsst.bbox_mean` (`sample` is the stride used)."""

    sample: int | None = None


class SunEvents(BaseModel):
    model_config = ConfigDict(extra="allow")
    begin_civil_twilight: str | None = None
    rise: str | None = None
    transit: str | None = None
    set: str | None = None
    end_civil_twilight: str | None = None


class MoonEvents(BaseModel):
    model_config = ConfigDict(extra="allow")
    rise: str | None = None
    transit: str | None = None
    set: str | None = None


class PhaseInstant(BaseModel):
    time: str
    phase: str


class MoonPhase(BaseModel):
    model_config = ConfigDict(extra="allow")
    current: str
    illumination: str | float
    closest: PhaseInstant | None = None


class TideEvent(BaseModel):
    time: str
    height_cm: float


class TideExtremeOut(TideEvent):
    type: Literal["HIGH", "LOW"]


class TideBlock(BaseModel):
    model_config = ConfigDict(extra="allow")
    highs: list[TideEvent] = Field(default_factory=list)
    lows: list[TideEvent] = Field(default_factory=list)
    state_now: Literal["rising", "falling"] | None = None
    since_extreme: str | None = None
    until_extreme: str | None = None
    last_extreme: TideExtremeOut | None = None
    next_extreme: TideExtremeOut | None = None


class ChartDatum(BaseModel):
    """The station's chart datum (LAT, MLLW, ...) and how far mean sea level lies above it."""

    name: str
    msl_above_cm: float


class StationInfo(BaseModel):
    id: str
    name: str
    distance_km: float
    source: str
    license: str
    chart_datum: ChartDatum | None = None   # local only: present when the station data give one


class TideForecastResult(BaseModel):
    """Result of `tide.forecast` (one local day)."""

    model_config = ConfigDict(extra="allow")
    region: list[float]
    date: str
    timezone: str
    tz_name: str | None = None
    reference: str | None = None
    sun: SunEvents | None = None
    moon: MoonEvents | None = None
    moonphase: MoonPhase | None = None
    tide: TideBlock = Field(default_factory=TideBlock)
    messages: list[str] = Field(default_factory=list)
    backend: dict[str, str] = Field(default_factory=dict)
    station: StationInfo | None = None
    notes: list[Note] | None = Field(default=None, description="local only: the messages as codes with values")


METOCEAN_TOOLS: dict[str, type[_Args]] = {
    "ghrsst.point_value": GhrsstPointArgs,
    "ghrsst.bbox_mean": GhrsstBboxArgs,
    "tide.forecast": TideForecastArgs,
}
METOCEAN_RESULTS: dict[str, type[BaseModel]] = {
    "ghrsst.point_value": GhrsstPointResult,
    "ghrsst.bbox_mean": GhrsstBboxResult,
    "tide.forecast": TideForecastResult,
}




#: What each metocean tool does, as both MCP servers and the LLM plan advertise it.
TOOL_TITLES: dict[str, str] = {   # what MCP clients show for each tool
    "ghrsst.point_value": "Sea surface temperature at a point",
    "ghrsst.bbox_mean": "Area-mean sea surface temperature",
    "tide.forecast": "Tide forecast",
}

TOOL_DESCRIPTIONS: dict[str, str] = {
    "ghrsst.point_value": "Sea surface temperature (MUR GHRSST, deg C) and its anomaly at one point for a "
                          "day (latest when no date); method 'nearest' allows the closest day within 7 days.",
    "ghrsst.bbox_mean": "Mean sea surface temperature (MUR GHRSST, deg C) and anomaly over a box "
                        "[lon0, lat0, lon1, lat1] for a day; 'sample' is the grid stride used.",
    "tide.forecast": "Tide highs/lows (cm relative to MSL), tide state at query_time, sun and moon times and "
                     "moon phase for one local day at a point (or a tide station id); tz is required.",
}
