"""Issue 26, session 24 (report23_ic): days and clocks as South Asia, South-East Asia and the Gulf write them in chat,
through the real Router (local engine, no LLM; data tools planned, the clock tools run).

* Day words and weekdays in Latin letters (Malayalam naale, Sinhala heta, Bengali robibar, Telugu shanivaram, Tamil
  sanikizhamai, Javanese sesuk, Nepali bholi, the Gulf's ba3d bukra) are that day, never today.
* A named day with the day before or after it said in the asker's language (Malayalam pittennu, Bengali ager din,
  Malay sehari sebelum, Tagalog bisperas ng) is moved from the day the place keeps it on.
* A clock time converted on a named day is that day's (the Melbourne Cup: first Tuesday of November), said back;
  one given with no day says it is taken for today when the gap changes soon.
* German "am" (on the) is no a.m.: "am 5. November um 12 Uhr" is noon; "1 Uhr mittags" is 13:00.
* A country's clock named in another language ("indischer Zeit", "hora de la India", "waktu india") is its zone.
"""
from __future__ import annotations

from datetime import date

import pytest

from router_ask import ask_router

QT = "2028-10-26T07:10:00"   # a Thursday morning in the asker's zone; Europe's clocks go back on Sunday 29 Oct


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("Kochi beach il naale sunset eppozha?", "Asia/Kolkata", "2028-10-27"),
    ("Mirissa heta udeta high tide kiyatada?", "Asia/Colombo", "2028-10-27"),
    ("Cox's Bazar e robibar jowar kokhon?", "Asia/Dhaka", "2028-10-29"),
    ("Vizag lo shanivaram sunrise entha samayam?", "Asia/Kolkata", "2028-10-28"),
    ("Puri te shukrobar surjodoy koyta?", "Asia/Kolkata", "2028-10-27"),
    ("Parangtritis sesuk pasang jam piro?", "Asia/Jakarta", "2028-10-27"),
    ("Pokhara bholi sunrise kati baje?", "Asia/Kathmandu", "2028-10-27"),
    ("Doha ba3d bukra sunset?", "Asia/Qatar", "2028-10-28"),
    ("متى غروب الشمس في دبي عقب باچر؟", "Asia/Dubai", "2028-10-28"),
    # ... with the tide named as South India and Sri Lanka write it in Latin letters
    ("Karwar naale ubbara ilita yavaga?", "Asia/Kolkata", "2028-10-27"),
    ("Negombo heta wadadiya kiyatada?", "Asia/Colombo", "2028-10-27"),
    ("Kakinada lo repu aatupotlu times?", "Asia/Kolkata", "2028-10-27"),
])
async def test_a_chat_day_word_of_south_or_south_east_asia_is_that_day(query: str, tz: str, day: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert (answer.arguments or {}).get("date") == day, (answer.arguments, answer.text)


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("Kerala Piravi nte pittennu Kochi sunset eppozha?", "Asia/Kolkata", "2028-11-02"),
    ("Karnataka Rajyotsava de thalennu Mangalore sunset?", "Asia/Kolkata", "2028-10-31"),
    ("matahari terbenam di Port Dickson sehari sebelum Hari Merdeka?", "Asia/Kuala_Lumpur", "2029-08-30"),
    ("bisperas ng Pasko, anong oras lulubog ang araw sa Manila Bay?", "Asia/Manila", "2028-12-24"),
])
async def test_the_day_before_or_after_a_named_day_is_moved_from_the_places_own(query: str, tz: str, day: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert (answer.arguments or {}).get("date") == day, (answer.arguments, answer.text)


@pytest.mark.parametrize(("query", "tz", "day", "there"), [
    ("Cup Day race at 3pm in Melbourne, what time is it in Singapore?", "Asia/Singapore", "2028-11-07", "12:00"),
    ("Melbourne Cup jump 3pm AEDT, what's that in Perth?", "Australia/Perth", "2028-11-07", "12:00"),
    ("Kerala Piravi programme 6pm India time, what time in Dubai?", "Asia/Dubai", "2028-11-01", "16:30"),
])
async def test_a_clock_time_on_a_named_day_is_converted_on_that_day(query: str, tz: str, day: str, there: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.tool == "time.convert", answer.text
    assert (answer.arguments or {}).get("date") == day, (answer.arguments, answer.text)
    assert (answer.result or {}).get("to", {}).get("time") == there, answer.text
    said = date.fromisoformat(day)
    assert f"{said:%b} {said.day})" in answer.text.splitlines()[0], answer.text   # "(Melbourne Cup: Nov 7)"


async def test_a_clock_time_with_no_day_says_it_is_taken_for_today_before_a_clock_change() -> None:
    answer = await ask_router("the final kicks off 8pm London time, what time is that in New York?", QT,
                              "America/New_York", dry_run=False)
    assert answer.tool == "time.convert" and (answer.result or {}).get("to", {}).get("time") == "15:00", answer.text
    assert "No day given" in answer.text and "Sun 29 Oct" in answer.text, answer.text


@pytest.mark.parametrize(("query", "tz", "time", "there"), [
    ("Am 5. November um 12 Uhr in London, wie spät ist es in Sydney?", "Europe/Berlin", "12:00", "23:00"),
    ("am Samstag 1 Uhr mittags in Wien, wie spät in Tokio?", "Europe/Berlin", "13:00", "20:00"),
    ("I am in Delhi, 12 o'clock in London is what time here?", "Asia/Kolkata", "12:00", "16:30"),
])
async def test_am_as_a_word_is_no_morning(query: str, tz: str, time: str, there: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.tool == "time.convert", answer.text
    assert (answer.arguments or {}).get("time") == time, (answer.arguments, answer.text)
    assert (answer.result or {}).get("to", {}).get("time") == there, answer.text


@pytest.mark.parametrize(("query", "tz", "zone", "there"), [
    ("Meeting um 10 Uhr thailändischer Zeit am Montag, wie spät ist das hier?", "Europe/Berlin", "Asia/Bangkok", "04:00"),
    ("el partido es a las 20:00 hora de la India el sábado, ¿qué hora es aquí?", "Europe/Madrid", "Asia/Kolkata",
     "16:30"),
    ("meeting pukul 3 petang waktu india hari jumaat, pukul berapa di sini?", "Asia/Kuala_Lumpur", "Asia/Kolkata",
     "17:30"),
])
async def test_a_countrys_clock_named_in_another_language_is_its_zone(query: str, tz: str, zone: str,
                                                                      there: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.tool == "time.convert" and (answer.arguments or {}).get("from_tz") == zone, answer.text
    assert (answer.result or {}).get("to", {}).get("time") == there, answer.text


@pytest.mark.parametrize(("query", "tz", "day", "there"), [
    ("time difference between Delhi and London on 15 July?", "Asia/Kolkata", "2029-07-15", "07:30"),   # BST: 4:30
    ("how many hours ahead is Sydney from London at Christmas?", "Asia/Kolkata", "2028-12-25", "01:00"),   # 11 h
    ("what was the time difference between Delhi and London yesterday?", "Asia/Kolkata", "2028-10-25", "07:30"),
])
async def test_a_gap_asked_for_another_day_is_that_days(query: str, tz: str, day: str, there: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)   # a day past, or beyond the coming change
    assert answer.tool == "time.convert", answer.text
    assert (answer.arguments or {}).get("date") in (day, f"2028{day[4:]}"), (answer.arguments, answer.text)
    assert (answer.result or {}).get("to", {}).get("time") == there, answer.text


@pytest.mark.parametrize(("query", "tz", "there"), [
    ("Karachi aur London ke waqt ka farq kitna hai?", "Asia/Karachi", "03:10"),
    ("far2 el wa2t bain Dubai w London?", "Asia/Dubai", "04:10"),
    ("Chennai London neram vithiyasam evvalavu?", "Asia/Kolkata", "02:40"),
    ("Kathmandu ra London ko samaya ko farak kati ho?", "Asia/Kathmandu", "02:25"),   # Nepali kati: how much, no tide
])
async def test_the_clocks_gap_asked_in_south_asian_or_gulf_chat_is_both_clocks_now(query: str, tz: str,
                                                                                   there: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.tool == "time.convert" and (answer.arguments or {}).get("to_tz") == "Europe/London", answer.text
    assert (answer.result or {}).get("to", {}).get("time") == there and "Sun 29 Oct" in answer.text, answer.text


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("Noboborsho te Cox's Bazar jowar kokhon?", "Asia/Dhaka", "2029-04-14"),
    ("Poila Baishakh Digha sunrise?", "Asia/Kolkata", "2029-04-15"),   # West Bengal's calendar: the 15th that year
])
async def test_the_bengali_new_year_is_the_places_own_day_not_today(query: str, tz: str, day: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert (answer.arguments or {}).get("date") == day, (answer.arguments, answer.text)


@pytest.mark.parametrize(("query", "tz", "day", "there"), [
    ("London 9am naale, Kochi il ethra mani?", "Asia/Kolkata", "2028-10-27", "13:30"),
    ("Singapore 6pm, Chennai la ethana mani?", "Asia/Kolkata", "2028-10-26", "15:30"),
    # whose clock: the place the time is asked of after it (Nepali "ma kati baje", Bengali "te koyta baje")
    ("Sydney ma bholi 9 baje, Kathmandu ma kati baje?", "Asia/Kathmandu", "2028-10-27", "03:45"),
    ("Dubai la naalai 7pm, Chennai la ethana mani?", "Asia/Kolkata", "2028-10-27", "20:30"),
    ("London e 3pm hole Dhaka te koyta baje?", "Asia/Dhaka", "2028-10-26", "20:00"),
])
async def test_what_time_in_south_asian_chat_converts_the_clock_given(query: str, tz: str, day: str,
                                                                           there: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.tool == "time.convert" and (answer.arguments or {}).get("date") == day, answer.text
    assert (answer.result or {}).get("to", {}).get("time") == there, answer.text
