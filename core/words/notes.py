"""Coded notes (metocean/notes.py) in the reader's words: the engine's and upstream's alike, since
the client reads upstream's sentences into the same codes (core/tools/metocean_replies.py)."""
from __future__ import annotations

from collections.abc import Iterable

from core.words.station import station_name
from core.words.strings import t, upstream_terms
from metocean.notes import Note


def note_line(note: Note, lang: str) -> str | None:
    """Return one note worded in `lang` (strings `tide_notes.<code>`), or None when this build
    has no words for it: better unsaid than garbled."""
    values: dict[str, str | int | float] = {k: v for k, v in note.model_dump(exclude_none=True).items()
                                            if k != "code" and isinstance(v, (str, int, float))}
    if note.station is not None:
        values["station"] = station_name(note.station, lang)
    if note.radius_km is not None:
        values["radius_km"] = f"{note.radius_km:g}"
    if note.step_deg is not None:
        values["step_deg"] = f"{note.step_deg:g}"
    for key in ("ref", "text"):   # upstream's own words: its terms (MSL, Tide heights) in the reader's
        if isinstance(values.get(key), str):
            values[key] = upstream_terms(str(values[key]), lang)
    try:
        return t(lang, f"tide_notes.{note.code}", **values)
    except (KeyError, IndexError):
        return None


def note_lines(notes: Iterable[Note], lang: str) -> list[str]:
    """Return the notes worded in `lang`, leaving out those without words."""
    return [line for line in (note_line(note, lang) for note in notes) if line]
