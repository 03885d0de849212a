"""The words an answer from CWA's official tide forecast adds: the day's range and lunar date, and the source."""
from __future__ import annotations

from typing import Any

from core.words.strings import t, table


def lunar_words(lunar: str, lang: str) -> str | None:
    """Return CWA's lunar date ("2026-06-08") in words (「六月初八」), None when it does not read."""
    try:
        _, month, day = (int(part) for part in lunar.split("-")[:3])
        return t(lang, "official.lunar", month=table(lang, "official.lunar_months")[month - 1],
                 day=table(lang, "official.lunar_days")[day - 1])
    except (ValueError, IndexError):
        return None


def official_lines(result: dict[str, Any], lang: str) -> list[str]:
    """Return the lines of a CWA answer: the day's 大潮/中潮/小潮 with its lunar date, then the
    source; [] for an answer from anywhere else."""
    official = result.get("official")
    if not isinstance(official, dict):
        return []
    lines = []
    kind, lunar = official.get("tide_range"), lunar_words(str(official.get("lunar_date") or ""), lang)
    if kind in ("spring", "mid", "neap") and lunar:
        lines.append(t(lang, "official.day", range=t(lang, f"official.range.{kind}"), lunar=lunar))
    lines.append(t(lang, "official.source"))
    return lines
