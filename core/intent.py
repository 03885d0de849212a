"""Keyword signals of a question (seed 001 §3.3): pure functions over text, patterns as data.

`detect_signals` only reports what the text contains; the decision lives in `core.decide`.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

import yaml

_DATA = Path(__file__).with_name("data") / "keywords.yaml"
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


@dataclass(frozen=True)
class Signals:
    """Which intent words a question contains."""

    tide: bool = False
    astro: bool = False
    sst: bool = False
    sst_weak: bool = False
    weather: bool = False
    time: bool = False
    sea_state: bool = False
    explain: bool = False
    nearest: bool = False


def is_cjk(text: str) -> bool:
    """Return True when the text contains any CJK character (the zh-TW reply rule of seed 001 §5.2)."""
    return bool(_CJK.search(text))


@functools.cache
def _table() -> dict[str, dict]:
    return yaml.safe_load(_DATA.read_text(encoding="utf-8"))


@functools.cache
def _pattern(group: str) -> re.Pattern[str]:
    words = sorted(_table()[group]["words"], key=len, reverse=True)
    parts = []
    for w in words:
        esc = re.escape(w).replace(r"\ ", r"\s+")
        # English words need boundaries ("rain" must not fire inside "terrain"); CJK has none.
        parts.append(esc if is_cjk(w) else rf"(?<![A-Za-z]){esc}(?![A-Za-z])")
    return re.compile("|".join(parts), re.IGNORECASE)


def _has(group: str, text: str) -> bool:
    return _pattern(group).search(text) is not None


def _has_tide(text: str) -> bool:
    spec = _table()["tide"]
    cleaned = text
    for word in spec["exclude"]:
        cleaned = cleaned.replace(word, "")
    return _has("tide", cleaned) or spec["single_char"] in cleaned


def detect_signals(text: str, *, masked_spans: tuple[tuple[int, int], ...] = ()) -> Signals:
    """Return the intent signals of `text`; characters inside `masked_spans` (place names) are ignored."""
    if masked_spans:
        chars = list(text)
        for start, end in masked_spans:
            for i in range(max(0, start), min(len(chars), end)):
                chars[i] = " "
        text = "".join(chars)
    return Signals(
        tide=_has_tide(text),
        astro=_has("astro", text),
        sst=_has("sst", text),
        sst_weak=_has("sst_weak", text),
        weather=_has("weather", text),
        time=_has("time", text),
        sea_state=_has("sea_state", text),
        explain=_has("explain", text),
        nearest=_has("nearest", text),
    )
