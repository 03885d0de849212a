"""The words an answer from CWA's official tide forecast adds: the day's range and lunar date, and the source."""
from __future__ import annotations

from core.understand.lunar_calendar import LunarDay
from core.words.lunar import lunar_words as lunar_day_words
from core.words.strings import t
from metocean.contract import OfficialDay


def lunar_words(lunar: str, lang: str) -> str | None:
    """Return CWA's lunar date ("2026-06-08") in words (「六月初八」), None when it does not read."""
    try:
        _, month, day = (int(part) for part in lunar.split("-")[:3])
        if not (1 <= month <= 12 and 1 <= day <= 30):
            return None
        return lunar_day_words(LunarDay(month, day), lang)
    except ValueError:
        return None


def official_lines(official: OfficialDay | None, lang: str) -> list[str]:
    """Return the lines of a CWA answer (its `official` day): the day's 大潮/中潮/小潮 with its lunar
    date, then the source; [] for an answer from anywhere else."""
    if official is None:
        return []
    lines = []
    kind, lunar = official.tide_range, lunar_words(official.lunar_date or "", lang)
    if kind in ("spring", "mid", "neap") and lunar:
        lines.append(t(lang, "official.day", range=t(lang, f"official.range.{kind}"), lunar=lunar))
    lines.append(t(lang, "official.source"))
    return lines
