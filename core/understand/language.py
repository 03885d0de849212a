"""The one language rule: which language a reply is in, for the router and every adapter alike.

A saved or explicit choice wins; otherwise the question's script decides (any CJK — Han,
CJK punctuation or full-width forms such as "（１２１．７，２５．１）" — means zh-TW,
Latin letters — or Thai, Lao, Burmese, Khmer or a spaced script of its own — mean English); a text with neither (a bare "121.7,25.1") falls to the
platform's locale, then the default.
"""
from __future__ import annotations

import functools
import re
from typing import Literal

from core.data import word_list

Lang = Literal["zh", "en"]

_CJK = re.compile(r"[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]")
# Scripts written with spaces between words that end in their case or take a prefix: Greek, Cyrillic, Hebrew, Arabic,
# Devanagari, Bengali, Tamil, Malayalam, Sinhala, Thaana (the Maldives' Dhivehi) (a name or day word begins a word there;
# core/understand/places.py, dates_abroad.py)
SPACED_SCRIPTS = ("\u0370-\u03ff\u1f00-\u1fff\u0400-\u04ff\u0590-\u05ff\u0600-\u06ff\u0780-\u07bf\u0900-\u097f\u0980-\u09ff"
                  "\u0b80-\u0bff\u0d00-\u0d7f\u0d80-\u0dff")
# Scripts written WITHOUT spaces between words, read as Thai is (a name or word found inside a run of letters):
# Thai, Lao, Burmese (Myanmar), Khmer and its symbols
GLUED_SCRIPTS = "\u0e00-\u0e7f\u0e80-\u0eff\u1000-\u109f\u1780-\u17ff\u19e0-\u19ff"
GLUED = re.compile(f"[{GLUED_SCRIPTS}]")
# (s24) Cyrillic letters: a name found at a word's start in them may run on only by a case ending
_CYRILLIC = re.compile("[\u0400-\u04ff]")
# those scripts too: such an asker reads English better than zh-TW
_LATIN = re.compile(f"[A-Za-z{GLUED_SCRIPTS}{SPACED_SCRIPTS}]")


def script_language(text: str | None) -> Lang | None:
    """Return "zh" when the text has any CJK character, "en" when it has Latin, Thai or another script's letters, else None."""
    if not text:
        return None
    if _CJK.search(text):
        return "zh"
    if _LATIN.search(text):
        return "en"
    return None


def locale_language(code: str | None) -> Lang | None:
    """Return "zh" for zh* locales (zh, zh-hant, zh-TW), "en" for en*, else None."""
    low = str(code or "").lower()
    if low.startswith("zh"):
        return "zh"
    if low.startswith("en"):
        return "en"
    return None


def reply_language(text: str | None, choice: str | None = "auto", *, locale: str | None = None,
                   default: str = "en") -> Lang:
    """Return the reply language: `choice` when it is "zh"/"en", else the text's script, else
    the locale's language, else `default` (anything but "zh" counts as English)."""
    if choice in ("zh", "en"):
        return choice  # type: ignore[return-value]
    return script_language(text) or locale_language(locale) or ("zh" if default == "zh" else "en")


@functools.cache
def _cyrillic_endings() -> frozenset[str]:
    """Return the case endings a Cyrillic name takes (understanding.yaml ``cyrillic_case_endings``)."""
    return frozenset(word_list("understanding.yaml", "cyrillic_case_endings"))


def runs_on(work: str, j: int) -> bool:
    """Return True when a Cyrillic name found up to ``j`` runs on into a longer word than its case ending ("Лима" is
    no name in Лимасол, Limassol, nor Вена's "Вене" in Венеция, Venice); False for an ending (в Лиме) or a word's end."""
    if j == 0 or _CYRILLIC.match(work, j - 1) is None:
        return False
    end = j
    while end < len(work) and _CYRILLIC.match(work, end) is not None:
        end += 1
    return end > j and work[j:end].lower() not in _cyrillic_endings()

