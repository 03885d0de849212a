"""Shared fixtures: every test runs offline with a clean environment and settings cache."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
sys.path.insert(0, str(TESTS))

_OUTSIDE_KEYS = ("METOCEAN_MCP_URL", "ODBCHAT_BACKEND", "OLLAMA_HOST", "ODBCHAT_DB", "TELEGRAM_BOT_TOKEN",
                 "TELEGRAM_BASE_URL", "DISCORD_BOT_TOKEN", "OPEN_METEO_URL", "ERDDAP_URL", "ODBCHAT_DEFAULT_TZ",
                 "ODBCHAT_LLM_MODEL", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy")


@pytest.fixture(autouse=True)
def _clean_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No test inherits the developer's configuration or reaches the internet by default."""
    for key in _OUTSIDE_KEYS:
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    monkeypatch.setenv("ODBCHAT_DB", str(tmp_path / "settings.db"))
    from core.config import get_settings

    get_settings.cache_clear()
    yield
    get_settings.cache_clear()
