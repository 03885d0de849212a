"""The tide at a clock time the question asks about: 「基隆 凌晨兩點 是漲潮還退潮」 is answered for 02:00, not for now.

The day's highs and lows say it: after a low the water rises until the next high, after a high it falls. The line
names the two turns it lies between, so the asker sees the reason; a time before the day's first turn is read from
that turn.
"""
from __future__ import annotations

from datetime import datetime
from typing import Literal

from core.words.strings import t
from metocean.contract import TideBlock

Kind = Literal["HIGH", "LOW"]


def _turns(tide: TideBlock) -> list[tuple[str, Kind]]:
    """Return the day's turns as ("HH:MM", kind), in time order."""
    out: list[tuple[str, Kind]] = []
    for kind in ("HIGH", "LOW"):
        for event in tide.extremes(kind):   # type: ignore[arg-type]
            try:
                out.append((datetime.fromisoformat(event.time).strftime("%H:%M"), kind))   # type: ignore[arg-type]
            except ValueError:
                continue
    return sorted(out)


def state_at_line(tide: TideBlock, at: str, lang: str) -> str | None:
    """Return the line saying whether the tide rises or falls at `at` ("HH:MM", the answer's day) and between which
    turns, or None when the day has no turns."""
    turns = _turns(tide)
    if not turns:
        return None
    before = [turn for turn in turns if turn[0] <= at]
    after = [turn for turn in turns if turn[0] > at]
    if before:
        state = "rising" if before[-1][1] == "LOW" else "falling"
    else:
        state = "rising" if after[0][1] == "HIGH" else "falling"
    said = t(lang, f"state.{state}")
    if before and after:
        return t(lang, "state_at", at=at, state=said, from_kind=t(lang, f"kind.{before[-1][1]}"), from_time=before[-1][0],
                 to_kind=t(lang, f"kind.{after[0][1]}"), to_time=after[0][0])
    if after:
        return t(lang, "state_at_until", at=at, state=said, kind=t(lang, f"kind.{after[0][1]}"), time=after[0][0])
    return t(lang, "state_at_since", at=at, state=said, kind=t(lang, f"kind.{before[-1][1]}"), time=before[-1][0])
