"""The spring- or neap-tide days a question asked for, said in one line: every window in the span
asked (a month's two, the next two weeks'), each with the moon phase causing it, and whose
calendar the days are on."""
from __future__ import annotations

from datetime import date, timedelta

from core.understand.dates_moon import TideWindows
from core.understand.tide_windows import Window, windows
from core.words.day import month_day
from core.words.strings import moon_phase_name, t, table


def _items(found: tuple[Window, ...], lang: str, year: int) -> str:
    """Return the windows as a list: first to last day, and the phase's own day."""
    return t(lang, "tide_windows.joiner").join(
        t(lang, "tide_windows.item", first=month_day(w.first, lang, year), last=month_day(w.last, lang, year),
          day=month_day(w.moment.date(), lang, year), phase=moon_phase_name(w.phase, lang)) for w in found)


def _span(asked: TideWindows, lang: str, year: int) -> str:
    """Return the span asked over: its month ("12月", "in December"), else its first and last day."""
    ask = asked.ask
    if ask.month:
        return t(lang, "tide_windows.month", m=ask.start.month, mon=table(lang, "months")[ask.start.month - 1])
    end = ask.end or ask.start
    if end == ask.start:
        return month_day(end, lang, year)
    return t(lang, "assumed.day_range", first=month_day(ask.start, lang, year), last=month_day(end, lang, year))


def windows_line(asked: TideWindows, lang: str, today: date) -> str:
    """Return the one line naming every spring/neap window asked for (the next one when the span
    holds none), with the zone whose dates they are."""
    kind = t(lang, f"tide_windows.kind.{asked.ask.kind}")
    year = today.year
    if asked.ask.end is None:
        return t(lang, "tide_windows.next", kind=kind, list=_items(asked.found, lang, year), tz=asked.tz)
    if asked.found:
        return t(lang, "tide_windows.over", span=_span(asked, lang, year), kind=kind,
                 list=_items(asked.found, lang, year), tz=asked.tz)
    after = windows(asked.ask.kind, asked.ask.end + timedelta(days=1), None, asked.tz)
    return t(lang, "tide_windows.none", span=_span(asked, lang, year), kind=kind, list=_items(after, lang, year),
             tz=asked.tz)
