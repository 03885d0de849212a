"""Smart alerts in words: what a threshold alert watches for, its evening message, the spring-tide
(大潮) message, and their lines in `/alerts`. Heights are cm above mean sea level, and every
message says so."""
from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime, timezone

from core.charts.compose import day_label
from core.subscriptions.daily import zone
from core.subscriptions.smart import SpringDay, Threshold
from core.subscriptions.tides import TideEvent
from core.words.strings import t, table

__all__ = ["spring_message", "threshold_events", "threshold_message", "threshold_what"]


def _say(lang: str, key: str, **values: object) -> str:
    return t(lang, f"subscriptions.{key}", **values)


def _cm(value: float | None) -> str:
    return "?" if value is None else f"{value:.0f}"


def _hhmm(epoch: float, tz: str) -> str:
    return datetime.fromtimestamp(epoch, timezone.utc).astimezone(zone(tz)).strftime("%H:%M")


def threshold_what(threshold: Threshold, place: str, lang: str) -> str:
    """Return what a threshold alert watches for: 「基隆白天乾潮低於 -60 公分」, "daylight low tides below -60 cm at Keelung"."""
    return _say(lang, "threshold_what", place=place, extreme=table(lang, "subscriptions.extremes")[threshold.extreme],
                direction=table(lang, "subscriptions.direction")[threshold.direction], height=_cm(threshold.cm),
                daylight=_say(lang, "daylight") if threshold.daylight else "")


def threshold_events(events: Sequence[TideEvent], tz: str, lang: str) -> str:
    """Return a day's qualifying extremes in one line: 「07:29 -67 公分、08:42 -56 公分」."""
    return _say(lang, "list_sep").join(_say(lang, "event", hhmm=_hhmm(e.at, tz), height=_cm(e.height_cm))
                                       for e in events)


def threshold_message(threshold: Threshold, place: str, day: date, events: Sequence[TideEvent], tz: str,
                      lang: str) -> str:
    """Return the evening message: the day, what was watched for, each qualifying extreme with its
    time and height, and the reference of the heights."""
    extreme = table(lang, "subscriptions.extreme")[threshold.extreme]
    lines = [_say(lang, "threshold_message", day=day_label(day, lang), what=threshold_what(threshold, place, lang))]
    lines += [_say(lang, "threshold_line", hhmm=_hhmm(e.at, tz), extreme=extreme, height=_cm(e.height_cm)) for e in events]
    lines.append(_say(lang, "heights_ref"))
    return "\n".join(lines)


def spring_message(place: str, period: Sequence[SpringDay], tz: str, lang: str) -> str:
    """Return the spring-tide message: the period's first and last day, then each day's daylight lows."""
    lines = [_say(lang, "spring_message", place=place, first=day_label(period[0].day, lang),
                  last=day_label(period[-1].day, lang), count=len(period))]
    for day in period:
        if day.lows:
            lines.append(_say(lang, "spring_day", day=day_label(day.day, lang), lows=threshold_events(day.lows, tz, lang)))
        else:
            lines.append(_say(lang, "spring_day_none", day=day_label(day.day, lang)))
    lines.append(_say(lang, "heights_ref"))
    return "\n".join(lines)
