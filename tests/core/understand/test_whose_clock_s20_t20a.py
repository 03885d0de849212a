"""Issue 26, session 20 (t20a): whose clock, around the autumn clock changes, in many languages, through the real
Router (local engine, no LLM; the clock tools answered for real, offline).

* A slashed day whose weekday fits only when read day first is read so ("quinta 11/11" is plain; "viernes 5/11",
  "thứ Tư 10/11": 5 and 10 November, not 11 May or 11 October).
* A meeting (reunião, réunion) is no Réunion.
* Zones written as words in other languages: the US Pacific and East, the UK, Mecca's, as Spanish, Japanese,
  Indonesian, Korean and Arabic write them, each the clock of the time beside it.
* Arabic: its ؟ is a question mark, "الساعة 10 صباحاً" an hour, its weekdays no towns (الجمعة, الخميس).
* Hours apart in Portuguese, Vietnamese, Arabic, Indonesian ("sama" is "and", not Sama, Spain).
* "still <weekday> in X?", "¿todavía es lunes en …?", "ainda é domingo em …?": the clock there.
* A zone abbreviation several zones share is the asker's own where their clock is one of them, and said so.
* A gap asked now says how it changes when one side's clocks change within weeks (Chicago on 7 November 2027).
* The moon named, its setting asked with "it": on the phase's day.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2027-11-02T09:00:00"   # Tuesday morning in the asker's zone, before the US clocks go back on 7 November


@pytest.mark.parametrize(("query", "tz", "src", "dst", "when"), [
    ("call às 15h de Lisboa na quinta 11/11, que horas em Fortaleza?", "America/Fortaleza", "Europe/Lisbon",
     "America/Fortaleza", ("2027-11-11", "15:00")),
    ("Vuelo sale a las 7:00 hora de Madrid el viernes 5/11, ¿qué hora es en Lima?", "America/Lima", "Europe/Madrid",
     "America/Lima", ("2027-11-05", "07:00")),
    ("họp lúc 9h giờ Tokyo thứ Tư 10/11, ở Hà Nội là mấy giờ?", "Asia/Ho_Chi_Minh", "Asia/Tokyo", None,
     ("2027-11-10", "09:00")),
    ("réunion à 15h heure de Paris, quelle heure à Montréal ?", "America/Toronto", "Europe/Paris", "America/Toronto",
     (None, "15:00")),
    ("Reunião 14h horário de Lisboa amanhã, que horas aqui?", "America/Recife", "Europe/Lisbon", "America/Recife",
     ("2027-11-03", "14:00")),
    ("10 am hora del Pacífico, ¿qué hora es en Madrid?", "Europe/Madrid", "America/Los_Angeles", "Europe/Madrid",
     (None, "10:00")),
    ("太平洋時間の午前10時は日本時間で何時？", "Asia/Tokyo", "America/Los_Angeles", "Asia/Tokyo", (None, "10:00")),
    ("Kick-off jam 8 malam waktu Inggris hari Minggu, jam berapa WIB?", "Asia/Jakarta", "Europe/London",
     "Asia/Jakarta", ("2027-11-07", "20:00")),
    ("런던 시간으로 금요일 오전 10시면 서울은 몇 시?", "Asia/Seoul", "Europe/London", "Asia/Seoul", ("2027-11-05", "10:00")),
    ("الساعة 21:00 بتوقيت مكة كم الساعة في القاهرة", "Africa/Cairo", "Asia/Riyadh", "Africa/Cairo", (None, "21:00")),
    ("اجتماع الساعة 10 صباحاً بتوقيت القاهرة يوم الجمعة، كم الساعة في دبي؟", "Asia/Dubai", "Africa/Cairo", "Asia/Dubai",
     ("2027-11-05", "10:00")),
])
async def test_a_clock_time_is_the_zone_written_beside_it(query: str, tz: str, src: str, dst: str | None,
                                                          when: tuple[str | None, str]) -> None:
    answer = await ask_router(query, QT, tz)
    args = answer.arguments or {}
    assert answer.mode == "mcp_tools" and answer.tool == "time.convert", answer.text
    assert args.get("from_tz") == src and (dst is None or args.get("to_tz") == dst), args
    assert args.get("time") == when[1] and (when[0] is None or args.get("date") == when[0]), args


@pytest.mark.parametrize(("query", "tz", "zones"), [
    ("quantas horas de diferença entre Rio e Tóquio?", "America/Sao_Paulo", {"America/Sao_Paulo", "Asia/Tokyo"}),
    ("Hà Nội với Paris lệch nhau mấy tiếng?", "Asia/Ho_Chi_Minh", {"Asia/Bangkok", "Europe/Paris"}),
    ("فرق التوقيت بين دبي ولندن؟", "Asia/Dubai", {"Asia/Dubai", "Europe/London"}),
    ("beda waktu Medan sama Jayapura berapa jam?", "Asia/Jakarta", {"Asia/Jakarta", "Asia/Jayapura"}),
])
async def test_hours_apart_in_the_askers_language_are_the_two_clocks(query: str, tz: str, zones: set[str]) -> None:
    answer = await ask_router(query, QT, tz)
    args = answer.arguments or {}
    assert answer.mode == "mcp_tools" and answer.tool == "time.convert", answer.text
    assert {args.get("from_tz"), args.get("to_tz")} == zones, args


@pytest.mark.parametrize(("query", "tz", "there"), [
    ("كم الساعة في لندن الآن؟", "Asia/Dubai", "Europe/London"),
    ("still saturday in LA?", "Asia/Tokyo", "America/Los_Angeles"),
    ("¿todavía es lunes en Lima?", "America/Bogota", "America/Lima"),
    ("ainda é domingo em Honolulu?", "America/Sao_Paulo", "Pacific/Honolulu"),
    ("Dubai me kya time hua hai, main Toronto mein rehta hoon", "America/Toronto", "Asia/Dubai"),
])
async def test_the_clock_there_is_answered(query: str, tz: str, there: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "time.now", answer.text
    assert (answer.arguments or {}).get("tz") == there, answer.arguments


async def test_a_shared_abbreviation_is_the_askers_own_clock_where_it_is_one_of_them() -> None:
    own = await ask_router("3pm IST in Dubai time?", QT, "Asia/Kolkata", dry_run=False)
    assert own.tool == "time.convert" and (own.arguments or {}).get("from_tz") == "Asia/Kolkata", own.text
    assert "IST" in own.text, own.text   # the reading is said
    elsewhere = await ask_router("3pm IST in Dubai time?", QT, "Asia/Taipei")
    assert elsewhere.mode == "fallback" and "IST" in elsewhere.text, elsewhere.text   # asked back


async def test_a_gap_asked_now_says_when_one_side_changes_its_clocks() -> None:
    changing = await ask_router("hours apart London and Chicago?", QT, "Europe/London", dry_run=False)
    assert changing.tool == "time.convert" and "7 Nov" in changing.text and "6 h" in changing.text, changing.text
    holding = await ask_router("台北和倫敦差幾小時？", QT, "Asia/Taipei", dry_run=False)
    assert holding.tool == "time.convert" and "調整時鐘" not in holding.text, holding.text


async def test_the_moon_named_then_its_setting_asked_with_it_is_the_phases_day() -> None:
    answer = await ask_router("the next new moon at Cronulla, when does it set?", QT, "Australia/Sydney")
    assert answer.tool == "tide.forecast" and (answer.arguments or {}).get("date") == "2027-11-28", answer.text
