"""Issue 26, session 21 (t21c): days and clocks as askers from India to Oman and South-East Asia write them, through
the real Router (local engine, no LLM; data tools planned, not called).

* India's calendar days in its scripts (दिवाली, গুরু নানক জয়ন্তী, Holi) are those days, never today; a moon phase
  counted from one ("the full moon after Diwali", "দীপাবলির পরের অমাবস্যা") is the first such phase after it.
* Bengali and Hindi counts of days ("আগামী পাঁচ দিন", "अगले 4 दिन") are that many days.
* A slashed day in Vietnamese is day first ("ngày 9/11": 9 November); a day the month lacks (31/11) is asked.
* "Melbourne time" is Melbourne's clock, so the other place named is the one converted to.
* An unknown place after Malay "di" / Tagalog "sa" in a clock question is asked, not the asker's clock; Mekah is Mecca.
* Whether a weekday has come somewhere ("Linggo na ba sa …", "Sabtu lagi ke di …") is that place's clock.
* Arabic axis words make a box ("بين خطي طول … وعرض …").
* Ngayon / sekarang (now) said of where the asker is yield to the day asked after them.
* Code asked for in Bengali is code.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2027-10-26T08:40:00"   # a Tuesday morning in the asker's zone, before Diwali (Oct 29 in India's calendar)


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("दीपावली की रात गोवा में चाँद कब निकलेगा", "Asia/Kolkata", "2027-10-29"),
    ("দিওয়ালির দিন দীঘায় সূর্যাস্ত কখন", "Asia/Kolkata", "2027-10-29"),
    ("Gurpurab ko Amritsar mein sunrise kab hai", "Asia/Kolkata", "2027-11-14"),
    ("भाई दूज को मुंबई में हाई टाइड", "Asia/Kolkata", "2027-10-31"),
    ("the full moon after Diwali — moonrise in Kochi?", "Asia/Kolkata", "2027-11-14"),
    ("দীপাবলির পরের পূর্ণিমা কবে", "Asia/Dhaka", "2027-11-14"),
    ("दिवाली के बाद की अमावस्या कब है", "Asia/Kolkata", "2027-11-28"),
])
async def test_an_indian_calendar_day_in_its_script_is_that_day(query: str, tz: str, day: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert (answer.arguments or {}).get("date") == day, (answer.arguments, answer.text)


@pytest.mark.parametrize(("query", "tz", "days"), [
    ("কুয়াকাটায় আগামী পাঁচ দিন বৃষ্টি হবে?", "Asia/Dhaka", 5),
    ("अगले 4 दिन पुरी में मौसम कैसा रहेगा", "Asia/Kolkata", 4),
    ("আগামী ২ দিন কলকাতার আবহাওয়া", "Asia/Kolkata", 2),
    ("nasa Boracay ako ngayon, uulan ba bukas?", "Asia/Manila", 2),   # tomorrow, not today
])
async def test_a_count_of_days_or_the_day_after_now(query: str, tz: str, days: int) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "weather.forecast", answer.text
    assert (answer.arguments or {}).get("forecastDays") == days, answer.arguments


@pytest.mark.parametrize(("query", "day"), [
    ("thủy triều Quy Nhơn ngày 9/11", "2027-11-09"),
    ("thủy triều Hạ Long thứ Sáu 5/11", "2027-11-05"),
])
async def test_a_vietnamese_slashed_day_is_day_first(query: str, day: str) -> None:
    answer = await ask_router(query, QT, "Asia/Ho_Chi_Minh")
    assert answer.tool == "tide.forecast", answer.text
    assert (answer.arguments or {}).get("date") == day, answer.arguments


@pytest.mark.parametrize("query", ["thủy triều Phú Quốc ngày 31/11", "thời tiết Sa Pa 30/2"])
async def test_a_day_the_month_lacks_is_asked(query: str) -> None:
    answer = await ask_router(query, QT, "Asia/Ho_Chi_Minh")
    assert answer.mode == "fallback", answer.text


async def test_a_conversion_beside_the_city_of_its_clock_word() -> None:
    answer = await ask_router("Grand Prix 4pm Melbourne time on Sunday, Singapore time?", QT, "Asia/Singapore")
    args = answer.arguments or {}
    assert answer.tool == "time.convert", answer.text
    assert (args.get("from_tz"), args.get("to_tz")) == ("Australia/Melbourne", "Asia/Singapore"), args


@pytest.mark.parametrize(("query", "tz", "zone"), [
    ("Waktu sekarang di Mekah pukul berapa?", "Asia/Jakarta", "Asia/Riyadh"),
    ("What time is it in Mecca right now?", "Asia/Karachi", "Asia/Riyadh"),
    ("Lunes na ba sa Los Angeles?", "Asia/Manila", "America/Los_Angeles"),
    ("Ahad lagi ke di New York sekarang?", "Asia/Kuala_Lumpur", "America/New_York"),
])
async def test_a_clock_asked_of_a_named_place_is_its_clock(query: str, tz: str, zone: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "time.now", answer.text
    assert (answer.arguments or {}).get("tz") == zone, answer.arguments


@pytest.mark.parametrize(("query", "tz"), [
    ("Jam berapa sekarang di Kampungxyzbaru?", "Asia/Kuala_Lumpur"),
    ("anong oras na sa Barangayxyzville?", "Asia/Manila"),
])
async def test_a_clock_asked_of_an_unknown_place_is_asked_back(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "fallback", answer.text


@pytest.mark.parametrize(("query", "tz", "zones"), [
    ("Tokyo lebih cepat brp jam dari Manila?", "Asia/Jakarta", {"Asia/Tokyo", "Asia/Manila"}),
    ("Seoul beda brp jam sama Bangkok?", "Asia/Jakarta", {"Asia/Seoul", "Asia/Bangkok"}),
    ("Ilang oras ang agwat ng Cebu at Doha?", "Asia/Manila", {"Asia/Manila", "Asia/Qatar"}),
])
async def test_how_many_hours_apart_in_malay_and_tagalog_is_a_conversion(query: str, tz: str, zones: set[str]) -> None:
    answer = await ask_router(query, QT, tz)
    args = answer.arguments or {}
    assert answer.tool == "time.convert", answer.text
    assert {args.get("from_tz"), args.get("to_tz")} == zones, args


async def test_arabic_axis_words_make_a_box() -> None:
    answer = await ask_router("درجة حرارة سطح البحر الأحمر بين خطي عرض 20 و 24 شمالاً وخطي طول 36 و 40 شرقاً",
                              QT, "Asia/Riyadh")
    box = (answer.arguments or {}).get("bbox")
    assert box == [36.0, 20.0, 40.0, 24.0], (answer.tool, answer.arguments)


async def test_code_asked_in_bengali_is_code() -> None:
    answer = await ask_router("চট্টগ্রামের আগামী সপ্তাহের জোয়ারের চার্ট আঁকার পাইথন কোড লিখে দাও", QT, "Asia/Dhaka")
    assert answer.mode == "code", answer.text
