"""Slash-command names and descriptions in English, with their `zh-TW` localisations read from the
strings files: each text is a `locale_str` carrying its strings key, and `StringsTranslator` gives
Discord the zh text of that key (discord.py asks it once per locale when commands are synced)."""
from __future__ import annotations

from typing import Optional

import discord
from discord import app_commands

from core.words.strings import t

#: Discord locales answered in zh (traditional characters only).
ZH_LOCALES = frozenset({discord.Locale.taiwan_chinese})


def ls(key: str, *, limit: int = 100) -> app_commands.locale_str:
    """Return the English text of strings key `key` (cut to Discord's `limit`) marked for translation."""
    return app_commands.locale_str(t("en", key)[:limit], key=key, limit=limit)


class StringsTranslator(app_commands.Translator):
    """Translates marked command texts into zh-TW from core/data/strings.zh.yaml."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> Optional[str]:
        """Return the zh-TW text of `string`'s key, or None (Discord then shows the English)."""
        key = string.extras.get("key")
        if locale not in ZH_LOCALES or not key:
            return None
        text = t("zh", key)
        if context.location is app_commands.TranslationContextLocation.parameter_name:
            return text[:32]
        return text[:int(string.extras.get("limit", 100))]
