"""Issue 26, session 17: whose clock, as Hindi (in Latin letters) and Vietnamese askers write it, through the real
Router (the conversion answered for real, offline).

* "10 baje", "raat 11 baje", "8 giờ tối", "23h từ Sài Gòn" are clock times, with their part of the day.
* The place before "mein kitne baje" / after "là mấy giờ ở" is the one whose time is asked.
* A trip's length in hours (ghante, tiếng) beside a travel word is added before the conversion.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2026-12-10T12:20:00"


@pytest.mark.parametrize(("query", "tz", "src", "dst", "arrives"), [
    ("Delhi se 4.5 ghante ki flight hai, Bangkok mein kitne baje pahunchunga agar 10 baje nikla", "Asia/Kolkata",
     "Asia/Kolkata", "Asia/Bangkok", "16:00"),
    ("Mumbai se raat 11 baje flight hai, 9 ghante, London mein kitne baje pahunchunga", "Asia/Kolkata",
     "Asia/Kolkata", "Europe/London", "02:30"),
    ("London mein shaam 7 baje kitne baje honge India mein", "Asia/Kolkata", "Europe/London", "Asia/Kolkata", "00:30"),
    ("8 giờ tối ở Hà Nội là mấy giờ ở Paris", "Asia/Ho_Chi_Minh", "Asia/Bangkok", "Europe/Paris", "14:00"),
    ("chuyến bay 23h từ Sài Gòn, bay 6 tiếng, mấy giờ đến Tokyo giờ địa phương", "Asia/Ho_Chi_Minh",
     "Asia/Ho_Chi_Minh", "Asia/Tokyo", "07:00"),
])
async def test_a_clock_and_its_zones_as_the_asker_writes_them(query: str, tz: str, src: str, dst: str,
                                                             arrives: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)   # the conversion is offline
    assert answer.mode == "mcp_tools" and answer.tool == "time.convert", answer.text
    args = answer.arguments or {}
    assert (args.get("from_tz"), args.get("to_tz")) == (src, dst), args
    assert ((answer.result or {}).get("to") or {}).get("time", "")[:5] == arrives, answer.text


@pytest.mark.parametrize(("query", "tz", "zone"), [
    ("masih sempat telepon ibu di Amsterdam nggak, jam berapa di sana", "Asia/Jakarta", "Europe/Amsterdam"),
    ("mau video call kakak di Perth jam berapa di sana sekarang", "Asia/Jakarta", "Australia/Perth"),
    ("tatawagan ko si nanay sa Riyadh, anong oras na doon", "Asia/Manila", "Asia/Riyadh"),
])
async def test_the_time_there_beside_the_person_called_is_that_places(query: str, tz: str, zone: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "time.now" and (answer.arguments or {}).get("tz") == zone, (answer.tool, answer.text)


async def test_the_tide_high_or_low_later_asks_the_tide_not_whether_a_figure_is_high() -> None:
    answer = await ask_router("later tide high or low at changi?", QT, "Asia/Singapore")
    assert (answer.debug or {}).get("reason") != "judged_figure", answer.text
