"""Issue 26, session 22 (tw22b): classes that were answered with confidence for the wrong day, clock or place,
through the real Router (local engine, no LLM; data tools planned, not called). New wordings, not the set's.

* A named night or celebration left unread was today: the meteor showers' peak nights (Perseids, Geminids) and
  Indonesia's Agustusan (tujuhbelasan, 17-an: 17 August) are their days.
* A trip with both clocks written ("leaves A at 21:40, lands in B 12:10 local: what time back home?") converted the
  departure's time; the arrival's is asked, on the arrival's clock. A departure alone stays the departure.
* A town named by an English word before its state ("Mobile AL", "Bath, Maine") was the state alone,
  answered at its biggest city.
* A place as locals write it (Lobitos, Peru, read as Lobito, Angola; Greek islands in Greek; South Africa's clipped
  towns; the Maldives' islands in Arabic letters) is that place, not an ask or a namesake far away.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router, km_between, planned_point

QT = "2028-08-10T07:00:00"   # a Thursday morning in the asker's zone


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("wann geht der Mond zu den Perseiden in Wien auf?", "Europe/Vienna", "2028-08-12"),
    ("サンフランシスコ ペルセウス座流星群 の夜の月の出", "America/Los_Angeles", "2028-08-12"),
    ("moonrise in Brighton on the night of the Geminids", "Europe/London", "2028-12-13"),
    ("pasang surut Ancol waktu 17-an", "Asia/Jakarta", "2028-08-17"),
    ("air pasang di Sanur pas tujuhbelasan jam berapa", "Asia/Makassar", "2028-08-17"),
])
async def test_a_named_night_or_celebration_is_its_day_not_today(query: str, tz: str, day: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert (answer.arguments or {}).get("date") == day, (answer.arguments, answer.text)


@pytest.mark.parametrize(("query", "tz", "src", "dst", "hhmm"), [
    ("Mein Flug startet in Frankfurt um 22:00 und landet in Singapur um 16:30 Ortszeit. Wie spät ist es dann in "
     "Frankfurt?", "Europe/Berlin", "Asia/Singapore", "Europe/Berlin", "16:30"),
    ("salgo de Madrid a las 10:00 y llego a Ciudad de México a las 14:30 hora local, ¿qué hora será en Madrid?",
     "Europe/Madrid", "America/Mexico_City", "Europe/Madrid", "14:30"),
    ("leaving London 09:00, arriving Tokyo 06:30 local: what time is that back in London?",
     "Europe/London", "Asia/Tokyo", "Europe/London", "06:30"),
    ("my flight leaves Taipei at 23:45, when do I land in London?", "Asia/Taipei", "Asia/Taipei", "Europe/London",
     "23:45"),   # a departure alone: its time, the trip's length asked
])
async def test_a_trip_s_arrival_written_with_its_clock_is_the_time_converted(query: str, tz: str, src: str, dst: str,
                                                                            hhmm: str) -> None:
    answer = await ask_router(query, QT, tz)
    args = answer.arguments or {}
    assert answer.tool == "time.convert", answer.text
    assert (args.get("from_tz"), args.get("to_tz"), args.get("time")) == (src, dst, hhmm), args


@pytest.mark.parametrize(("query", "tz", "lat", "lon"), [
    ("Mobile AL weather tomorrow", "America/Chicago", 30.69, -88.04),
    ("Mobile, Alabama sunset today", "America/Chicago", 30.69, -88.04),
    ("Bath, Maine weather tomorrow", "America/New_York", 43.91, -69.82),
    ("mareas Lobitos hoy", "America/Lima", -4.45, -81.28),
    ("καιρός στη Μήλο αύριο", "Europe/Athens", 36.73, 24.43),
    ("θερμοκρασία νερού στην Ικαρία", "Europe/Athens", 37.6, 26.15),
    ("j-bay surf tides tomorrow", "Africa/Johannesburg", -34.05, 24.92),
    ("is port elizabeth windy today", "Africa/Johannesburg", -33.96, 25.61),
    ("الطقس في هولهومالي غدا", "Asia/Riyadh", 4.21, 73.54),
])
async def test_a_place_as_locals_write_it_is_that_place(query: str, tz: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", answer.text
    got = planned_point(answer.arguments or {})
    assert km_between(*got, lat, lon) < 25, (got, answer.text)


@pytest.mark.parametrize(("query", "src", "day"), [
    ("פגישה ביום ראשון ב-9:00 שעון לוס אנג'לס, מה השעה אצלנו?", "America/Los_Angeles", "2028-08-13"),
    ("שיחת זום ביום רביעי ב-16:00 שעון הונג קונג - מה השעה אצלנו?", "Asia/Hong_Kong", "2028-08-16"),
])
async def test_a_hebrew_weekday_and_a_city_of_two_words_are_read(query: str, src: str, day: str) -> None:
    """ביום ראשון (on Sunday, its prefix glued) is that day; ניו יורק, לוס אנג'לס, הונג קונג are those cities, not
    the asker's own clock."""
    answer = await ask_router(query, QT, "Asia/Jerusalem")
    args = answer.arguments or {}
    assert answer.tool == "time.convert", answer.text
    assert (args.get("from_tz"), args.get("date")) == (src, day), args


async def test_the_clock_asked_in_a_hebrew_city_of_two_words_is_that_city_s() -> None:
    answer = await ask_router("כמה השעה עכשיו בניו יורק?", QT, "Asia/Jerusalem")
    assert answer.tool == "time.now" and (answer.arguments or {}).get("tz") == "America/New_York", answer.text
