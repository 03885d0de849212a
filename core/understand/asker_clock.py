"""The asker's clock: the question's moment and zone, parsed once.

An adapter in this process hands the message's time as an aware moment on the asker's clock (it
parsed the zone once, at the edge), and that moment is used as it is. A zone and time given as
text (JSON, MCP, the command line) are parsed here; a zone that does not parse is replaced by the
configured one, and the caller says so.
"""
from __future__ import annotations

from datetime import datetime
from typing import NamedTuple

from core.envelope import Question
from metocean.timezones import parse_query_time, parse_tz


class AskerClock(NamedTuple):
    """The question's moment on the asker's clock, the zone's name, and whether the zone given
    could not be read (and the default was used instead)."""

    now: datetime
    tz: str
    unreadable: bool = False


def asker_clock(question: Question, default_tz: str) -> AskerClock:
    """Return the asker's clock for `question` (`default_tz` when it names no readable zone)."""
    tz_text = question.tz or default_tz
    moment = question.moment
    if question.tz and moment is not None and moment.tzinfo is not None:
        return AskerClock(moment, tz_text)   # on the asker's clock already: nothing to parse
    unreadable = False
    try:
        tzinfo, _ = parse_tz(tz_text)
    except ValueError:
        unreadable, tz_text = True, default_tz
        tzinfo, _ = parse_tz(tz_text)
    try:
        now = moment.astimezone(tzinfo) if moment is not None and moment.tzinfo is not None else \
            parse_query_time(question.query_time, tzinfo)
    except (ValueError, TypeError):
        now = datetime.now(tzinfo)
    return AskerClock(now, tz_text, unreadable)
