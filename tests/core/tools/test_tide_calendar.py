"""tide.calendar through the real router and the local engine: the highs and lows (and sun) of
1-31 days as an iCalendar file, read back with the icalendar library."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from icalendar import Calendar

from core.envelope import Question

ASKED_AT = "2026-11-26T09:00:00+08:00"


def _ask(router: Any, query: str, **fields: Any) -> Any:
    return router.answer(Question(query=query, tz="Asia/Taipei", query_time=ASKED_AT, backend="local", **fields))


def _events(ics: bytes) -> list[Any]:
    return [c for c in Calendar.from_ical(ics).walk("VEVENT")]


async def test_a_week_of_keelung_tides_as_events_in_the_places_zone(router: Any) -> None:
    answer = await _ask(router, "基隆潮汐加到行事曆")
    assert answer.tool == "tide.calendar" and answer.arguments["days"] == 7
    attachment = answer.reply.attachment
    assert attachment.filename.endswith(".ics") and attachment.mime == "text/calendar"
    events = _events(attachment.data)
    highs = [e for e in events if "滿潮" in str(e["SUMMARY"])]
    lows = [e for e in events if "乾潮" in str(e["SUMMARY"])]
    assert 12 <= len(highs) <= 15 and 12 <= len(lows) <= 15   # Keelung: about two of each a day
    first = min(e.decoded("DTSTART") for e in events)
    assert str(first.tzinfo) == "Asia/Taipei" and first.date().isoformat() == "2026-11-26"
    assert all("公分" in str(e["SUMMARY"]) and "平均海平面" in str(e["SUMMARY"]) for e in highs + lows)
    # The result carries the same events, in the answer's order and times.
    times = [datetime.fromisoformat(e["time"]) for e in answer.result["events"]]
    assert sorted(times) == times and len(times) == len(events)


async def test_importing_again_updates_the_same_events(router: Any) -> None:
    """Two files for overlapping days: the shared events have the same UIDs, so a calendar
    that keeps one event per UID holds each tide once."""
    week = _events((await _ask(router, "Keelung tide calendar", tool="tide.calendar", days=7)).reply.attachment.data)
    later = _events((await _ask(router, "Keelung tide calendar", tool="tide.calendar", days=3,
                                date="2026-11-28")).reply.attachment.data)
    by_uid = {str(e["UID"]): e for e in week}
    for event in later:
        assert str(event["UID"]) in by_uid, event["SUMMARY"]
        assert by_uid[str(event["UID"])].decoded("DTSTART") == event.decoded("DTSTART")
    merged = {str(e["UID"]) for e in week + later}
    assert len(merged) == len(week)


async def test_sun_events_and_a_month(router: Any) -> None:
    answer = await _ask(router, "Keelung", tool="tide.calendar", days=31, with_sun=True, lang="en")
    events = _events(answer.reply.attachment.data)
    rises = [e for e in events if "sunrise" in str(e["SUMMARY"])]
    assert len(rises) == 31 and all("cm" not in str(e["SUMMARY"]) for e in rises)
    assert answer.arguments["days"] == 31 and "31 days" in answer.text


async def test_no_tide_inland_is_said_not_a_file(router: Any) -> None:
    answer = await _ask(router, "南投日月潭", tool="tide.calendar")
    assert answer.reply is None or answer.reply.attachment is None
    assert answer.text
