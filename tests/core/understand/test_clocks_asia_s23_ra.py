"""Issue 26, session 23 (t23ra): whose clock and which day, as South and South-East Asia, the Gulf, Korea and Hong
Kong ask, through the real Router (local engine, no LLM; data tools planned, not called).

* A city's clock asked in Sinhala, Hindi or Nepali script is that city's; a Sinhala name the gazetteer does not know,
  written before වල (in), is asked back, never answered with the asker's own clock.
* "how many hours is X ahead of Y" holds no unknown "Head of Y".
* The next spring tide asked when in Malay, Indonesian and Tagalog is the next spring window.
* A trip's arrival time written after the departure's in Arabic or Tagalog is the one converted; a departure's
  "pm" gives no part of the day to the arrival's 24-hour time.
* Korean 하지 (the summer solstice, not the verb ending of 하지만), Hong Kong's 七一, a day before or after a written
  date or a festival ("the day before 15 August", "Diwali se ek din pehle") are those days.
* The next long holiday, which one not said (หยุดยาว, kỳ nghỉ lễ, 次の連休), is asked, never today.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router, km_between, planned_point

QT = "2028-06-19T07:40:00"   # a Monday morning on the asker's clock


@pytest.mark.parametrize(("query", "tz", "zone"), [
    ("ඩුබායි වල දැන් වෙලාව කීයද?", "Asia/Colombo", "Asia/Dubai"),
    ("ටෝකියෝ වල දැන් වෙලාව කීයද?", "Asia/Colombo", "Asia/Tokyo"),
    ("දෝහා වල දැන් වෙලාව කීයද?", "Asia/Colombo", "Asia/Qatar"),
    ("लॉस एंजिल्स में अभी कितने बजे हैं", "Asia/Kolkata", "America/Los_Angeles"),
    ("दुबई मा अहिले कति बज्यो?", "Asia/Kathmandu", "Asia/Dubai"),
    ("लन्डन मा अहिले समय कति भयो?", "Asia/Kathmandu", "Europe/London"),
])
async def test_a_citys_clock_in_a_south_asian_script_is_that_citys(query: str, tz: str, zone: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "time.now", answer.text
    assert (answer.arguments or {}).get("tz") == zone, (answer.arguments, answer.text)


async def test_an_unknown_sinhala_name_before_its_where_word_is_asked_not_the_askers_clock() -> None:
    answer = await ask_router("ඔක්ලන්ඩ් වල දැන් වෙලාව කීයද?", QT, "Asia/Colombo")
    assert answer.mode == "fallback", (answer.tool, answer.arguments, answer.text)


@pytest.mark.parametrize("query", ["how many hours is Sydney ahead of Manila?", "is Perth ahead of Jakarta right now"])
async def test_ahead_of_a_city_is_no_unknown_head(query: str) -> None:
    answer = await ask_router(query, QT, "Asia/Dhaka")
    assert answer.mode == "mcp_tools" and answer.tool == "time.convert", answer.text
    assert "don't know" not in answer.text, answer.text


@pytest.mark.parametrize(("query", "tz"), [
    ("kapan pasang purnama berikutnya di Jakarta", "Asia/Jakarta"),
    ("Langkawi air pasang besar yang berikutnya bila?", "Asia/Kuala_Lumpur"),
    ("kailan ang susunod na spring tide sa Cebu?", "Asia/Manila"),
])
async def test_the_next_spring_tide_asked_when_is_the_next_window(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert (answer.arguments or {}).get("date") == "2028-06-22", (answer.arguments, answer.text)   # new moon 06-23


@pytest.mark.parametrize(("query", "tz", "from_tz", "clock"), [
    ("الطائرة تقلع من دبي 22:10 وتهبط في مانيلا 11:30 بتوقيت مانيلا، كم الساعة في دبي وقتها؟", "Asia/Dubai",
     "Asia/Manila", "11:30"),
    ("aalis ng Manila 10:00 pm at lalapag sa Dubai 02:30 local, anong oras sa Manila?", "Asia/Manila", "Asia/Dubai", "02:30"),
])
async def test_a_trips_arrival_time_is_the_one_converted(query: str, tz: str, from_tz: str, clock: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "time.convert", answer.text
    args = answer.arguments or {}
    assert (args.get("from_tz"), args.get("time")) == (from_tz, clock), (args, answer.text)


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("하지에 서울 일출 몇 시?", "Asia/Seoul", "2028-06-21"),
    ("하지날 인천 물때", "Asia/Seoul", "2028-06-21"),
    ("하지만 내일 부산 일몰은?", "Asia/Seoul", "2028-06-20"),   # "but": no solstice
    ("七一西貢潮汐", "Asia/Hong_Kong", "2028-07-01"),
    ("Diwali se ek din pehle Mumbai sunset", "Asia/Kolkata", "2028-10-16"),
    ("2 October se ek din baad Goa high tide", "Asia/Kolkata", "2028-10-03"),
    ("the day before 15 August sunrise Chennai", "Asia/Kolkata", "2028-08-14"),
    ("12月24日前一天基隆潮汐", "Asia/Taipei", "2028-12-23"),
])
async def test_a_named_or_counted_day_is_that_day(query: str, tz: str, day: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert (answer.arguments or {}).get("date") == day, (answer.arguments, answer.text)


@pytest.mark.parametrize(("query", "tz"), [
    ("วันหยุดยาว พัทยาฝนตกไหม", "Asia/Bangkok"),
    ("kỳ nghỉ lễ tới Vũng Tàu thủy triều", "Asia/Ho_Chi_Minh"),
    ("次の連休 江の島 潮", "Asia/Tokyo"),
])
async def test_the_next_long_holiday_unnamed_is_asked(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "fallback", (answer.tool, answer.arguments, answer.text)


async def test_clifton_asked_in_karachi_is_karachis_seafront() -> None:
    answer = await ask_router("Clifton tide tomorrow", QT, "Asia/Karachi")
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert km_between(*planned_point(answer.arguments or {}), 24.80, 67.03) < 10, answer.arguments


@pytest.mark.parametrize(("query", "tz", "zone"), [
    ("지금 시드니에 전화해도 될까요?", "Asia/Seoul", "Australia/Sydney"),         # may I call Sydney now
    ("런던 엄마한테 너무 늦었나? 지금 전화해도 괜찮을까", "Asia/Seoul", "Europe/London"),
    ("Sa Dubai ba Biyernes pa rin ngayon?", "Asia/Manila", "Asia/Dubai"),       # still Friday there?
])
async def test_whether_to_call_or_a_day_still_on_there_is_the_clock_there(query: str, tz: str, zone: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "time.now", answer.text
    assert (answer.arguments or {}).get("tz") == zone, (answer.arguments, answer.text)
