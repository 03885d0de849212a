"""Issue 26, researchers and travellers from Europe and the Americas (tune40's classes, new wordings): the time
asked in Spanish, Portuguese, French, German, Italian and Dutch is the place's clock, not a tide table; a clock
time written as Europe writes it (23h30, 15.30 Uhr, às 10h) with its zone beside it ("hora de Madrid", "heure
de Paris", "horário de Brasília", "deutscher Zeit") is converted to the zone asked; a place named twice
(「東京下午兩點（Tokyo 14:00）」) or a zone word glossing a place's clock ("Berlin time (CET)") is one clock,
and the target is the other zone.

Every expected time is computed here with zoneinfo, not read from the bot.
"""
from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from core.understand.clock_times import find_clocks
from router_ask import ask_router

PARIS_FRI = "2026-12-04T14:10:00+01:00"   # a Friday afternoon in Paris


def _there(day: date, hhmm: str, src: str, dst: str) -> str:
    hour, minute = (int(x) for x in hhmm.split(":"))
    moment = datetime(day.year, day.month, day.day, hour, minute, tzinfo=ZoneInfo(src)).astimezone(ZoneInfo(dst))
    return moment.strftime("%H:%M")


def _offset(day: date, zone: str) -> str:
    offset = datetime(day.year, day.month, day.day, 12, tzinfo=ZoneInfo(zone)).strftime("%z")
    return f"{offset[:3]}:{offset[3:]}"


@pytest.mark.parametrize(("query", "tz", "day", "hhmm", "src", "dst"), [
    ("reunión el lunes a las 10:00 hora de Madrid, ¿qué hora es en Ciudad de México?", "Europe/Madrid",
     date(2026, 12, 7), "10:00", "Europe/Madrid", "America/Mexico_City"),
    ("15 Uhr deutscher Zeit, wie viel Uhr ist das in New York?", "Europe/Berlin",
     date(2026, 12, 4), "15:00", "Europe/Berlin", "America/New_York"),
    ("webinaire à 8h heure de Paris, quelle heure est-il à Montréal ?", "Europe/Paris",
     date(2026, 12, 4), "08:00", "Europe/Paris", "America/Toronto"),
    ("live às 21h horário de Brasília, que horas são em Lisboa?", "America/Sao_Paulo",
     date(2026, 12, 4), "21:00", "America/Sao_Paulo", "Europe/Lisbon"),
    ("Sunday 9:00 Lisbon time (WET) = ? Toronto", "America/Toronto",
     date(2026, 12, 6), "09:00", "Europe/Lisbon", "America/Toronto"),
    ("東京下午兩點（Tokyo 14:00）是紐約幾點", "Asia/Taipei",
     date(2026, 12, 4), "14:00", "Asia/Tokyo", "America/New_York"),
])
async def test_a_time_beside_its_zone_in_a_european_language_is_converted_to_the_zone_asked(
        query: str, tz: str, day: date, hhmm: str, src: str, dst: str) -> None:
    answer = await ask_router(query, PARIS_FRI, tz, dry_run=False)
    assert answer.tool == "time.convert" and answer.result, answer.text
    assert answer.result["from"]["time"] == hhmm and answer.result["from"]["date"] == day.isoformat(), answer.result
    assert answer.result["from"]["utc_offset"] == _offset(day, src) and answer.result["to"]["utc_offset"] == _offset(
        day, dst) and answer.result["to"]["time"] == _there(day, hhmm, src, dst), answer.result


@pytest.mark.parametrize(("query", "zone"), [
    ("Wie spät ist es jetzt in Lissabon?", "Europe/Lisbon"),
    ("quelle heure est-il à Montréal ?", "America/Toronto"),
    ("que horas são em Lisboa agora?", "Europe/Lisbon"),
    ("hoe laat is het nu in Curaçao?", "America/Curacao"),
    ("che ore sono a Lisbona adesso?", "Europe/Lisbon"),
    ("¿qué hora es en Madeira?", "Atlantic/Madeira"),
])
async def test_what_time_is_it_in_a_european_language_is_the_places_clock(query: str, zone: str) -> None:
    answer = await ask_router(query, PARIS_FRI, "Europe/Paris", dry_run=False)
    assert answer.tool == "time.now", answer.text
    assert answer.arguments and answer.arguments["tz"] == zone


@pytest.mark.parametrize(("text", "hhmm"), [
    ("23h30 heure de Paris", "23:30"), ("um 15.30 Uhr", "15:30"), ("às 10h", "10:00"), ("9h du soir", "21:00"),
    ("a las 3 de la tarde", "15:00"), ("om 9 uur", "09:00"), ("alle 15", "15:00"),
])
def test_a_clock_time_as_europe_writes_it_is_read(text: str, hhmm: str) -> None:
    assert [c.hhmm for c in find_clocks(text, after_at=False) if c.valid] == [hhmm]


@pytest.mark.parametrize("text", ["a 10h flight to Lisbon", "tides in 3h?", "next 48h", "the 5h ferry"])
def test_hours_written_with_an_h_alone_are_no_clock_time(text: str) -> None:
    assert find_clocks(text, after_at=False) == []
