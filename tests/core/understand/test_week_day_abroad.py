"""Issue 26 (tune77): a weekday written beside a week word of a traveller's language is that week's day, as in
English and Chinese ("Niedrigwasser Norddeich Samstag nächste Woche": next week's Saturday, not the whole week nor
the coming Saturday). Asked through the real Router on a Wednesday. Wordings invented here."""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2026-11-25T09:00:00"   # a Wednesday: next week runs Monday Nov 30 to Sunday Dec 6


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("Niedrigwasser Norddeich Samstag nächste Woche", "Europe/Berlin", "2026-12-05"),
    ("Gezeiten Husum kommende Woche Dienstag", "Europe/Berlin", "2026-12-01"),
    ("marée basse Granville la semaine prochaine jeudi", "Europe/Paris", "2026-12-03"),
    ("volgende week zaterdag hoogwater Vlissingen", "Europe/Amsterdam", "2026-12-05"),
    ("mareas Cádiz la semana que viene, el viernes", "Europe/Madrid", "2026-12-04"),
])
async def test_a_weekday_beside_a_week_word_abroad_is_that_weeks_day(query: str, tz: str, day: str) -> None:
    answer = await ask_router(query, QT, tz)
    args = answer.arguments or {}
    assert answer.tool == "tide.forecast", (query, answer.debug, answer.text)
    assert args["date"] == day, (query, args)
    assert int((answer.debug or {}).get("days") or 1) == 1, (query, answer.debug)


async def test_the_week_word_alone_is_still_the_week() -> None:
    answer = await ask_router("Hochwasser Büsum nächste Woche", QT, "Europe/Berlin")
    assert (answer.arguments or {})["date"] == "2026-11-30" and int((answer.debug or {}).get("days") or 1) == 7
