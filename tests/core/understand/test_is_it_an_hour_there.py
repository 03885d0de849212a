"""Issue 26, whose clock: an hour asked as reached somewhere ("Ist es 9 Uhr in London?", "¿son las 9 en Lima?") is
that place's clock now, not its tides (German and Spanish got a tide table, English an ask-back); French "est-il"
(is it) holds no EST, so "est-il 10h à Québec" converts nothing. New wordings, through the real Router."""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2026-12-27T16:40:00"


@pytest.mark.parametrize(("query", "tz", "zone"), [
    ("is it 11pm in Auckland already?", "Europe/London", "Pacific/Auckland"),
    ("is it 7:30 am there in Denver", "Asia/Taipei", "America/Denver"),
    ("Ist es schon 8 Uhr in Tokio?", "Europe/Berlin", "Asia/Tokyo"),
    ("ist es jetzt 18 uhr in New York", "Europe/Vienna", "America/New_York"),
    ("¿ya son las 10 en Lima?", "Europe/Madrid", "America/Lima"),
    ("son las 7 en Buenos Aires?", "America/Mexico_City", "America/Argentina/Buenos_Aires"),
    ("est-il déjà 10h à Québec ?", "Europe/Paris", "America/Toronto"),
    ("já são 9 horas em Luanda?", "America/Sao_Paulo", "Africa/Luanda"),
])
async def test_an_hour_asked_as_reached_there_is_the_places_clock(query: str, tz: str, zone: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "time.now", (answer.mode, answer.tool, answer.text)
    assert (answer.arguments or {}).get("tz") == zone, answer.arguments


@pytest.mark.parametrize(("query", "tz", "tool"), [
    # the hour of a tide asked stays the tide's
    ("is it high tide at 9 in Brighton", "Europe/London", "tide.forecast"),
    ("ist es um 9 Uhr Hochwasser in Cuxhaven", "Europe/Berlin", "tide.forecast"),
    # a zone written in capitals beside the hour still converts
    ("10h EST en heure de Paris", "Europe/Paris", "time.convert"),
])
async def test_a_data_hour_and_a_written_zone_keep_their_tools(query: str, tz: str, tool: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == tool, (answer.mode, answer.tool, answer.text)
