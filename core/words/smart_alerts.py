"""Smart alerts in words: what a threshold alert watches for, its evening message, the spring-tide
(大潮) message, and their lines in `/alerts`. Heights are said in the user's unit above the
threshold's reference (mean sea level or the station's chart datum), and every message names it."""
from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime

from core.charts.compose import day_label
from core.subscriptions.daily_times import zone
from core.subscriptions.smart_times import Datum, SpringDay, Threshold, height_on
from core.subscriptions.alert_times import TideEvent
from core.words.heights import UNITS, Heights, Units
from core.words.strings import t, table

__all__ = ["reference", "spring_message", "threshold_events", "threshold_message", "threshold_what"]


def _say(lang: str, key: str, **values: object) -> str:
    return t(lang, f"subscriptions.{key}", **values)


def _hhmm(moment: datetime, tz: str) -> str:
    return moment.astimezone(zone(tz)).strftime("%H:%M")


def _clean(units: str) -> Units:
    return units if units in UNITS else "cm"  # type: ignore[return-value]


def _unit(units: str, lang: str) -> str:
    return t(lang, f"heights.unit.{_clean(units)}")


def _number(cm: float | None, units: str) -> str:
    return Heights(units=_clean(units)).number(cm)


def reference(datum: Datum, lang: str, events: Sequence[TideEvent] = (), name: str | None = None) -> str:
    """Return the reference of heights in words: mean sea level, or the chart datum `name`d or the
    events' station names (just "chart datum" when none does)."""
    if datum != "chart":
        return t(lang, "heights.msl")
    name = name or next((e.chart_datum[0] for e in events if e.chart_datum), None)
    return Heights(datum="chart", chart_name=name, chart_below_msl_cm=0.0).reference(lang) if name else \
        _say(lang, "chart_datum")


def threshold_what(threshold: Threshold, place: str, lang: str, units: str = "cm") -> str:
    """Return what a threshold alert watches for: 「基隆白天乾潮低於 -60 公分」, "daylight low tides below -60 cm at Keelung"."""
    return _say(lang, "threshold_what", place=place, extreme=table(lang, "subscriptions.extremes")[threshold.extreme],
                direction=table(lang, "subscriptions.direction")[threshold.direction],
                height=_number(threshold.cm, units), unit=_unit(units, lang),
                daylight=_say(lang, "daylight") if threshold.daylight else "")


def threshold_events(events: Sequence[TideEvent], tz: str, lang: str, units: str = "cm", datum: Datum = "msl") -> str:
    """Return extremes in one line, heights above `datum`: 「07:29 -67 公分、08:42 -56 公分」."""
    return _say(lang, "list_sep").join(_say(lang, "event", hhmm=_hhmm(e.at, tz), unit=_unit(units, lang),
                                            height=_number(height_on(e, datum), units)) for e in events)


def threshold_message(threshold: Threshold, place: str, day: date, events: Sequence[TideEvent], tz: str,
                      lang: str, units: str = "cm") -> str:
    """Return the evening message: the day, what was watched for, each qualifying extreme with its
    time and height, and the reference of the heights."""
    extreme = table(lang, "subscriptions.extreme")[threshold.extreme]
    lines = [_say(lang, "threshold_message", day=day_label(day, lang),
                  what=threshold_what(threshold, place, lang, units))]
    lines += [_say(lang, "threshold_line", hhmm=_hhmm(e.at, tz), extreme=extreme, unit=_unit(units, lang),
                   height=_number(height_on(e, threshold.datum), units)) for e in events]
    lines.append(_say(lang, "heights_ref", unit=_unit(units, lang), ref=reference(threshold.datum, lang, events)))
    return "\n".join(lines)


def spring_message(place: str, period: Sequence[SpringDay], tz: str, lang: str, units: str = "cm",
                   datum: Datum = "msl") -> str:
    """Return the spring-tide message: the period's first and last day, then each day's daylight lows,
    above `datum` where the station's chart datum is known, else above mean sea level."""
    lows = [e for day in period for e in day.lows]
    if datum == "chart" and any(height_on(e, "chart") is None for e in lows):
        datum = "msl"
    lines = [_say(lang, "spring_message", place=place, first=day_label(period[0].day, lang),
                  last=day_label(period[-1].day, lang), count=len(period))]
    for day in period:
        if day.lows:
            lines.append(_say(lang, "spring_day", day=day_label(day.day, lang),
                              lows=threshold_events(day.lows, tz, lang, units, datum)))
        else:
            lines.append(_say(lang, "spring_day_none", day=day_label(day.day, lang)))
    lines.append(_say(lang, "heights_ref", unit=_unit(units, lang), ref=reference(datum, lang, lows)))
    return "\n".join(lines)
