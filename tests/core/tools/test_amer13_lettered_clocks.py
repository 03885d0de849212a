"""Issue 26 (tune62's askers in the Americas and the Pacific): a clock time written with a bare h ("9h", "21h",
"7h da manhã") first in the question or its clause, or said as what the clock shows ("quando for 9h", "si son las
21h", "quand il est 9h"), is that clock's time in the place written beside it, converted to the zone asked — never
"now". Hours of something ("10h de voo", "3h de décalage") stay a duration.

Every expected time is computed here with zoneinfo, not read from the bot. Wordings invented here."""
from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from core.understand.clock_times import find_clocks
from router_ask import ask_router

QT = "2026-11-28T17:30:00-03:00"
DAY = date(2026, 11, 28)


def _there(hhmm: str, src: str, dst: str) -> str:
    hour, minute = (int(x) for x in hhmm.split(":"))
    return datetime(DAY.year, DAY.month, DAY.day, hour, minute, tzinfo=ZoneInfo(src)).astimezone(
        ZoneInfo(dst)).strftime("%H:%M")


@pytest.mark.parametrize(("query", "tz", "hhmm", "src", "dst"), [
    ("7h em fernando de noronha, que horas são em manaus?", "America/Sao_Paulo", "07:00", "America/Noronha", "America/Manaus"),
    ("quando for 20h em lisboa, que horas vão ser em recife?", "America/Recife", "20:00", "Europe/Lisbon", "America/Recife"),
    ("si son las 22h en Madrid, ¿qué hora es en Santiago de Chile?", "America/Santiago", "22:00", "Europe/Madrid",
     "America/Santiago"),
    ("18h à Papeete, quelle heure à Montréal ?", "America/Toronto", "18:00", "Pacific/Tahiti", "America/Toronto"),
    ("6h30 da manhã em belém é que horas em cuiabá?", "America/Belem", "06:30", "America/Belem", "America/Cuiaba"),
])
async def test_a_bare_h_clock_first_or_said_as_the_clock_is_converted(query: str, tz: str, hhmm: str, src: str,
                                                                      dst: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.tool == "time.convert", answer.text
    result = answer.result or {}
    assert (result.get("to") or {}).get("time", "")[:5] == _there(hhmm, src, dst), (query, answer.text)
    assert not answer.text.startswith("Now"), answer.text


@pytest.mark.parametrize("text", ["10h de voo até lisboa", "3h de décalage avec Paris", "9h of flight to Lima"])
def test_hours_of_something_are_no_clock(text: str) -> None:
    assert find_clocks(text) == [], text
