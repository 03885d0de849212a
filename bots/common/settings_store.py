"""Kept so `from bots.common.settings_store import open_store, UserSettings, SettingsStore`
keeps working; the store lives in the `bots.common.store` package."""
from __future__ import annotations

from bots.common.store import (
    SCHEMA_VERSION,
    SETTABLE_FIELDS,
    STORE_FACTORIES,
    SettingsStore,
    SQLiteSettingsStore,
    StoreUnavailable,
    UserSettings,
    default_db_path,
    open_store,
)

__all__ = ["SCHEMA_VERSION", "SETTABLE_FIELDS", "STORE_FACTORIES", "SQLiteSettingsStore", "SettingsStore",
           "StoreUnavailable", "UserSettings", "default_db_path", "open_store"]
