"""Settings from one place: `config.yaml` at the project root, overridden by environment.

Priority (highest first): explicit keyword arguments, environment variables (upper-case
key names), `config.yaml`, the defaults below. Tokens are `SecretStr` so that a settings
object printed or logged never shows them.
"""
from __future__ import annotations

import functools
import os
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict

PROJECT_ROOT = Path(__file__).resolve().parent.parent
CONFIG_FILE = Path(os.environ.get("ODBCHAT_CONFIG", PROJECT_ROOT / "config.yaml"))


class YamlSource(PydanticBaseSettingsSource):
    """Reads `config.yaml` (missing file = no values)."""

    def get_field_value(self, field: Any, field_name: str) -> tuple[Any, str, bool]:
        return self._data().get(field_name), field_name, False

    @functools.cache
    def _data(self) -> dict[str, Any]:
        if not CONFIG_FILE.is_file():
            return {}
        loaded = yaml.safe_load(CONFIG_FILE.read_text(encoding="utf-8")) or {}
        return {str(k).lower(): v for k, v in loaded.items()}

    def __call__(self) -> dict[str, Any]:
        return {k: v for k, v in self._data().items() if k in self.settings_cls.model_fields}


class Settings(BaseSettings):
    """Every configurable default of the bot (see config.yaml for the documented values)."""

    model_config = SettingsConfigDict(case_sensitive=False, extra="ignore")

    metocean_mcp_url: str = "https://eco.odb.ntu.edu.tw/mcp/metocean"
    metocean_mcp_user_agent: str = "metocean-mcp"
    odbchat_backend: Literal["auto", "upstream", "local"] = "auto"
    metocean_connect_timeout: float = 5.0
    metocean_call_timeout: float = 20.0
    ollama_host: str = "http://127.0.0.1:11434"
    odbchat_llm_model: str = "gemma3:4b"
    odbchat_llm_timeout: float = 8.0
    odbchat_default_tz: str = "Asia/Taipei"
    odbchat_lang: Literal["auto", "zh", "en"] = "auto"
    odbchat_mcp_tool_names: Literal["catalog", "safe"] = "catalog"
    odbchat_log_level: str = "WARNING"
    tide_station_radius_km: float = 50.0
    open_meteo_url: str = "https://api.open-meteo.com/v1/forecast"
    open_meteo_timeout: float = 10.0
    erddap_url: str = "https://coastwatch.pfeg.noaa.gov/erddap"
    erddap_sst_dataset: str = "jplMURSST41"
    erddap_anomaly_dataset: str = "jplMURSST41anom1day"
    erddap_timeout: float = 15.0

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        return (init_settings, env_settings, YamlSource(settings_cls))


@functools.cache
def get_settings() -> Settings:
    """Return the process-wide settings (read once; tests call `get_settings.cache_clear()`)."""
    return Settings()
