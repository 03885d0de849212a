"""The engine's own settings: everything `metocean/` reads, passed in, never looked up in the bot.

`EngineConfig()` gives the defaults; `EngineConfig.from_env()` reads the same upper-case
environment variables the bot's settings use (ERDDAP_URL, TIDE_STATION_RADIUS_KM, ...), so
`odbchat metocean-server` runs without the bot's configuration. The bot builds one from its
own `Settings` (core/tools/backends.py) and hands it to `LocalEngine`.
"""
from __future__ import annotations

import os
from collections.abc import Mapping

from pydantic import BaseModel, ConfigDict, Field


class EngineConfig(BaseModel):
    """Settings of the local engine (frozen: one object is shared by every call)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    tide_station_radius_km: float = Field(default=50.0, gt=0, description="nearest-station search radius")
    erddap_url: str = Field(default="https://coastwatch.pfeg.noaa.gov/erddap", min_length=1)
    erddap_sst_dataset: str = "jplMURSST41"
    erddap_anomaly_dataset: str = "jplMURSST41anom1day"
    erddap_timeout: float = Field(default=15.0, gt=0, description="seconds per ERDDAP request")
    erddap_user_agent: str = "metocean-mcp"

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> "EngineConfig":
        """Return a config whose fields come from upper-case environment variables where set."""
        env = os.environ if environ is None else environ
        given = {name: env[name.upper()] for name in cls.model_fields if env.get(name.upper(), "").strip()}
        return cls.model_validate(given)
