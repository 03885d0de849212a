"""Issue 26, session 19 (clock19): a meeting's clock time converted on the day it is held, as South-East Asian
and Turkish askers write it, through the real Router (local engine, no LLM; data tools planned, not called).

* The day named with a month in Indonesian/Malay, Turkish or Thai's short form (29 Maret, 30 Mac, 29 Mart,
  30 มี.ค.) is the day converted on, so a daylight-saving change between today and then is counted.
* "jam 10.00", "pukul 14.30": the hour word makes the dotted number a clock time, not a decimal.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2027-03-19T07:45:00"   # a Friday morning, before Europe's change to summer time on 28 March


@pytest.mark.parametrize(("query", "tz", "time", "day"), [
    ("rapat pukul 14.30 waktu Paris tanggal 30 Maret, jam berapa WIB?", "Asia/Jakarta", "14:30", "2027-03-30"),
    ("meeting jam 9.00 waktu New York Selasa 23 Maret, jam berapa di Jakarta?", "Asia/Jakarta", "09:00", "2027-03-23"),
    ("mesyuarat 3:00 petang waktu Sydney 6 April, pukul berapa di KL?", "Asia/Kuala_Lumpur", "15:00", "2027-04-06"),
    ("ประชุม 09:00 เวลาลอนดอน 30 มี.ค. ตรงกับกี่โมงที่กรุงเทพ", "Asia/Bangkok", "09:00", "2027-03-30"),
    ("toplantı 14:00 Londra saatiyle 29 Mart, İstanbul'da saat kaç?", "Europe/Istanbul", "14:00", "2027-03-29"),
])
async def test_a_dated_meeting_is_converted_on_its_own_day(query: str, tz: str, time: str, day: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "time.convert", answer.text
    args = answer.arguments or {}
    assert (args.get("time"), args.get("date")) == (time, day), (args, answer.text)


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("Bodrum'da ilkbahar ekinoksu günü gün doğumu kaçta?", "Europe/Istanbul", "2027-03-20"),
    ("متى غروب الشمس في الدوحة يوم الاعتدال الربيعي", "Asia/Qatar", "2027-03-20"),   # 23:24 in Doha
    ("طلوع آفتاب در بندرعباس روز اعتدال بهاری", "Asia/Tehran", "2027-03-20"),   # 23:54 in Tehran
])
async def test_the_spring_equinox_in_the_askers_language_is_its_local_day(query: str, tz: str, day: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert (answer.arguments or {}).get("date") == day, (answer.arguments, answer.text)


@pytest.mark.parametrize(("query", "day", "minutes"), [
    ("เที่ยวบินออกจากภูเก็ต 23:10 วันที่ 27 มี.ค. บิน 12 ชม. ถึงลอนดอนกี่โมง", "2027-03-27", 720),
    ("บินจากกรุงเทพ 08:00 ไปโตเกียว 6 ชม. 30 นาที ถึงกี่โมงเวลาท้องถิ่น", "2027-03-19", 390),
])
async def test_a_thai_trip_length_in_short_hours_is_added(query: str, day: str, minutes: int) -> None:
    answer = await ask_router(query, QT, "Asia/Bangkok")
    assert answer.mode == "mcp_tools" and answer.tool == "time.convert", answer.text
    args = answer.arguments or {}
    assert (args.get("date"), args.get("after_minutes")) == (day, minutes), (args, answer.text)


@pytest.mark.parametrize(("query", "tz", "days"), [
    ("flying to Paris on Saturday, weather there this weekend?", "Asia/Singapore", 3),   # Paris' Friday 00:45
    ("landing in Rome Sunday, will it rain this weekend?", "Asia/Singapore", 3),
    ("İlkbahar ekinoksu günü Antalya'da gün batımı?", "Europe/Istanbul", 0),
])
async def test_a_weekday_inside_the_weekend_asked_after_it_asks_the_weekend(query: str, tz: str, days: int) -> None:
    answer = await ask_router(query, QT, tz)
    args = answer.arguments or {}
    if days:   # the weekend through Sunday, not only to the weekday of the trip
        assert answer.tool == "weather.forecast" and args.get("forecastDays") == days, (args, answer.text)
    else:      # Turkish capital İ: the spring equinox still read (20 March in Turkey)
        assert answer.tool == "tide.forecast" and args.get("date") == "2027-03-20", (args, answer.text)
