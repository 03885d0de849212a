"""The seven-day table (`/week`): each day's highs and lows with heights, sunrise and sunset, the
moon phase and 大潮/中潮/小潮, aligned for a phone's monospace block, plus the same days as
(name, value) fields and as a header and rows of cells (`core.reply.Table`). Plain text only:
each platform wraps it in its own monospace markup.

Each day is a small block of short lines (about 30 columns), not one wide row: a phone shows
about 32 monospace columns before wrapping, and a wrapped row is no longer a table.
"""
from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import BaseModel

from core.charts.compose import day_label
from core.charts.spring_neap import Range
from core.reply import Table
from core.words.heights import Heights
from core.words.strings import moon_phase_name, t, table
from metocean.contract import TideEvent, TideForecastResult

CELL = 13   # "HH:MM" + a height right-aligned in 5 ("10:12    29") + two spaces between cells


class WeekEvent(TideEvent):
    """One high or low of a day in the table: local "HH:MM", height in cm (MSL) and, from CWA, above its chart datum."""


class WeekDay(BaseModel):
    """One day of the week table (also one field of an embed)."""

    date: str
    highs: list[WeekEvent] = []
    lows: list[WeekEvent] = []
    sunrise: str | None = None
    sunset: str | None = None
    moon_phase: str | None = None        # upstream's English name (New Moon, Waxing Crescent, ...)
    illumination: str | None = None
    tide_range: Literal["spring", "mid", "neap"] | None = None


def _cells(events: list[WeekEvent], lang: str, heights: Heights = Heights()) -> str:
    if not events:
        return t(lang, "week.none")
    return "".join(f"{e.time} {heights.number(e):>5}".ljust(CELL) for e in events).rstrip()


def _day_head(row: WeekDay, lang: str) -> str:
    label = day_label(date.fromisoformat(row.date), lang, short=True)
    moon = ""
    if row.moon_phase and row.tide_range:
        moon = t(lang, "week.moon", phase=moon_phase_name(row.moon_phase, lang),
                 range=t(lang, f"chart.range.{row.tide_range}"))
    return t(lang, "week.day", label=label, moon=moon).rstrip()


def week_lines(row: WeekDay, lang: str, heights: Heights = Heights()) -> list[str]:
    """Return one day's block: its head (day, moon phase, spring/neap), highs, lows, sunrise/sunset."""
    lines = [_day_head(row, lang)]
    phase_line = t(lang, "week.phase_line", phase=moon_phase_name(row.moon_phase or "", lang))
    if phase_line.strip() and row.moon_phase:   # a language whose head has no room for the phase names it here
        lines.append(phase_line)
    lines += [t(lang, "week.row", kind=t(lang, "week.high"), cells=_cells(row.highs, lang, heights)),
              t(lang, "week.row", kind=t(lang, "week.low"), cells=_cells(row.lows, lang, heights))]
    if row.sunrise or row.sunset:
        none = t(lang, "week.none")
        lines.append(t(lang, "week.sun", rise=row.sunrise or none, set=row.sunset or none))
    return lines


def week_title(rows: list[WeekDay], place: str, lang: str) -> str:
    """Return the table's title line: the place and the first and last day."""
    first, last = date.fromisoformat(rows[0].date), date.fromisoformat(rows[-1].date)
    return t(lang, "week.title", place=place, first=day_label(first, lang, short=True),
             last=day_label(last, lang, short=True))


def _stacked(events: list[WeekEvent], lang: str, heights: Heights) -> str:
    """Return a day's highs or lows one a line ("10:37  -16 cm"), for a grid cell that wraps (no padding)."""
    return "\n".join(t(lang, "week.stacked", time=e.time, value=heights.number(e), unit=heights.units)
                     for e in events) or t(lang, "week.none")


def _head_cell(row: WeekDay, lang: str) -> str:
    """Return a day's heading cell: the day, then (a line below) the moon and spring/neap."""
    label = day_label(date.fromisoformat(row.date), lang, short=True)
    if not (row.moon_phase and row.tide_range):
        return label
    return label + "\n" + t(lang, "week.moon", phase=moon_phase_name(row.moon_phase, lang),
                             range=t(lang, f"chart.range.{row.tide_range}"))


def week_table(rows: list[WeekDay], lang: str, heights: Heights = Heights(), place: str = "") -> Table:
    """Return the table: one block per day (blank lines between) as monospace text, the same days
    as (name, value) fields and as a header with one row of cells per day (a cell's items one a
    line, for a grid that wraps; heights as `heights` says), titled for a preview (「東港一週潮汐」)."""
    blocks = [line for row in rows for line in ["", *week_lines(row, lang, heights)]][1:]
    cells = [[_head_cell(row, lang), _stacked(row.highs, lang, heights), _stacked(row.lows, lang, heights),
              row.sunrise or t(lang, "week.none"), row.sunset or t(lang, "week.none")] for row in rows]
    return Table(title=t(lang, "week.preview", place=place).strip(),
                 header=[str(c) for c in table(lang, "week.columns")], rows=cells, text="\n".join(blocks),
                 fields=week_fields(rows, lang, heights))


def week_fields(rows: list[WeekDay], lang: str, heights: Heights = Heights()) -> list[tuple[str, str]]:
    """Return (name, value) per day for an embed's fields: the day's head, then its lines (plain text)."""
    return [(_day_head(row, lang), "\n".join(line.strip() for line in week_lines(row, lang, heights)[1:]))
            for row in rows]


def _events(items: list[TideEvent]) -> list[WeekEvent]:
    return [WeekEvent(time=e.time[11:16], height_cm=e.height_cm, height_chart_cm=e.height_chart_cm)
            for e in sorted(items, key=lambda e: e.time)]


def rows_from_results(results: list[TideForecastResult], tide_ranges: list[Range | None]) -> list[WeekDay]:
    """Return the table rows from each day's tide.forecast result and its spring/neap state."""
    rows = []
    for result, kind in zip(results, tide_ranges):
        sun, phase = result.sun, result.moonphase
        rise, sunset = (sun.rise, sun.set) if sun else (None, None)
        illumination = phase.illumination if phase else None
        rows.append(WeekDay(date=result.date, highs=_events(result.tide.highs), lows=_events(result.tide.lows),
                            sunrise=rise[11:16] if rise else None, sunset=sunset[11:16] if sunset else None,
                            moon_phase=phase.current if phase else None,
                            illumination=None if illumination is None else str(illumination), tide_range=kind))
    return rows
