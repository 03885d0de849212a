"""Replies for `time.now` results, in zh-TW or English.

The words, weekday names, punctuation and word order come from the `local_time:` section of
`data/strings.{zh,en}.yaml`; the code only fills in the date, clock and zone.
"""
from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

from core.words.strings import t, table

if TYPE_CHECKING:
    from core.tools.clock import TimeNow


def _zone_label(result: "TimeNow", lang: str) -> str:
    offset = f"UTC{result.utc_offset}"
    tz = result.tz or ""
    # A bare offset, or a nautical Etc/GMT±N zone whose sign reads backwards: the offset says it all.
    if not tz or tz.startswith(("UTC", "Etc/")):
        return offset
    return t(lang, "local_time.zone_named", tz=tz, offset=offset)


def _lead(place: str | None, lang: str) -> str:
    if not place:
        return t(lang, "local_time.lead")
    # Mixed scripts take a space after a name ending in a Latin letter ("Honolulu" + space + the
    # Han words) but none after a Han name; a template that always spaces the name ignores `gap`.
    gap = " " if place[-1].isascii() else ""
    return t(lang, "local_time.lead_place", place=place, gap=gap)


def render_time(result: "TimeNow", *, lang: str) -> str:
    """Return the reply for a `time.now` result (date, weekday, HH:MM, zone and offset) in `lang`."""
    day = date.fromisoformat(result.date)
    return t(lang, "local_time.reply", lead=_lead(result.place, lang), date=day.isoformat(),
             weekday=table(lang, "local_time.weekdays")[day.weekday()], hhmm=result.time[:5],
             zone=_zone_label(result, lang))


def asked_day_line(result: TimeNow, word: str, asked: date, lang: str) -> str:
    """Return the line answering "is it <day> there yet?" ("東京跨年了嗎", "is it Saturday yet in
    Auckland"): the day asked, and whether on the place's own date it is still to come, today or past."""
    there = date.fromisoformat(result.date)
    state = "future" if there < asked else "today" if there == asked else "past"
    return t(lang, "local_time.asked_day", word=word, date=asked.isoformat(),
             state=t(lang, f"local_time.day_{state}"))


def named_day_line(result: TimeNow, word: str, day: date, lang: str) -> str:
    """Return the line answering "what date is <day>" ("what date is Easter", 「中秋節是幾月幾號」): its weekday
    and date, and how many days from the place's own today it is."""
    there = date.fromisoformat(result.date)
    n = (day - there).days
    count = t(lang, "local_time.in_days", n=n) if n > 0 else t(lang, "local_time.day_today") if n == 0 \
        else t(lang, "local_time.days_ago", n=-n)
    word = word[:1].upper() + word[1:] if word.isascii() else word   # "easter" leads the reply as "Easter"
    return t(lang, "local_time.named_day", word=word, date=day.isoformat(),
             weekday=table(lang, "local_time.weekdays")[day.weekday()], count=count)


def later_line(result: "TimeNow", lang: str) -> str:
    """Return the reply for a clock asked some minutes from now ("what time will it be in 4 hours"): the clock then,
    the clock now, and the change of clocks between them when there is one."""
    day = date.fromisoformat(result.date)
    hours, minutes = divmod(result.after_minutes or 0, 60)
    line = t(lang, "local_time.later", hours=hours, minutes=f"{minutes:02d}", now=result.now or "",
             date=day.isoformat(), weekday=table(lang, "local_time.weekdays")[day.weekday()], hhmm=result.time[:5],
             zone=_zone_label(result, lang))
    if result.now_offset and result.now_offset != result.utc_offset:
        line += " " + t(lang, "local_time.later_clocks_change", before=f"UTC{result.now_offset}",
                        after=f"UTC{result.utc_offset}")
    return line

