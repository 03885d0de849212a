"""Issue 26, session 23 (hc): whose clock, never the tides, through the real Router (local engine, no LLM).

* A day of the month or a part of the day asked as reached somewhere ("is it already the 4th in London",
  "ist es in Tokio schon Abend", "udah sore di Perth?", "đã sang ngày 3 …", Hindi, Thai) is the clock there; so is a
  named day still on there beside "today" ("Pasko pa ba sa LA ngayon?").
* Zone words inside Vietnamese and Thai sentences: "trận" (a match) is no town Tran; "เวลาอังกฤษ" is England's clock
  and "บ้านเรา" the asker's; PKT is Pakistan's.
* Hours ahead or behind asked around the places' names in Vietnamese, Thai, Bengali and Hindi: the gap.
* Thai "the coming" weekday (…ที่จะถึงนี้) is the first one after today; Bengali and Hindi counts of days in Latin
  letters (5 diner, aglay 2 hafte) are that many days.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2028-05-03T06:30:00"        # a Wednesday morning in the asker's zone
SUNDAY = "2028-05-14T21:40:00"    # a Sunday night
CHRISTMAS = "2028-12-25T21:40:00"


@pytest.mark.parametrize(("query", "tz", "zone"), [
    ("is it already the 4th in London?", "Pacific/Auckland", "Europe/London"),
    ("has the 3rd started in Karachi?", "Pacific/Auckland", "Asia/Karachi"),
    ("is it already afternoon in Sydney?", "Asia/Kolkata", "Australia/Sydney"),
    ("Ist es in Tokio schon Abend?", "Europe/Berlin", "Asia/Tokyo"),
    ("Est-ce déjà l'après-midi à Sydney ?", "Europe/Paris", "Australia/Sydney"),
    ("udah sore di Perth?", "Asia/Jakarta", "Australia/Perth"),
    ("đã sang ngày 3 ở Dubai chưa?", "Pacific/Auckland", "Asia/Dubai"),
    ("Dubai mein 3 tareekh ho gayi kya?", "Pacific/Auckland", "Asia/Dubai"),
    ("ดูไบวันที่ 3 แล้วหรือยัง", "Pacific/Auckland", "Asia/Dubai"),
])
async def test_a_day_or_part_of_the_day_reached_there_is_the_clock_there(query: str, tz: str, zone: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "time.now", (answer.tool, answer.text)
    assert (answer.arguments or {}).get("tz") == zone, answer.arguments


async def test_the_day_of_the_month_asked_is_said_reached_or_not() -> None:
    answer = await ask_router("is it already the 4th in London?", QT, "Pacific/Auckland", dry_run=False)
    assert "2028-05-04" in answer.text and "not yet" in answer.text, answer.text


@pytest.mark.parametrize(("query", "tz", "zone"), [
    ("is it still Christmas in LA today?", "Asia/Manila", "America/Los_Angeles"),
    ("Pasko pa ba sa LA ngayon?", "Asia/Manila", "America/Los_Angeles"),
    ("Christmas pa ba sa Toronto ngayon?", "Asia/Manila", "America/Toronto"),
])
async def test_a_named_day_still_on_there_today_is_the_clock_not_the_tides(query: str, tz: str, zone: str) -> None:
    answer = await ask_router(query, CHRISTMAS, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "time.now", (answer.tool, answer.text)
    assert (answer.arguments or {}).get("tz") == zone, answer.arguments


@pytest.mark.parametrize(("query", "tz", "src", "dst", "at"), [
    ("trận chủ nhật 20:00 giờ BST là mấy giờ Việt Nam?", "Asia/Ho_Chi_Minh", "Europe/London", "Asia/Ho_Chi_Minh",
     "02:00"),
    ("trận 21:00 giờ EDT là mấy giờ ở Sài Gòn?", "Asia/Ho_Chi_Minh", "America/New_York", "Asia/Ho_Chi_Minh", "08:00"),
    ("บอลเตะสามทุ่มเวลาอังกฤษ ตรงกับกี่โมงบ้านเรา", "Asia/Bangkok", "Europe/London", "Asia/Bangkok", "03:00"),
    ("ประชุมบ่ายสองโมงเวลาญี่ปุ่น ตรงกับกี่โมงที่ไทย", "Asia/Bangkok", "Asia/Tokyo", "Asia/Bangkok", "12:00"),
    ("PSL final 9 PM PKT, what's that in Riyadh?", "Asia/Dubai", "Asia/Karachi", "Asia/Riyadh", "19:00"),
])
async def test_a_zone_word_in_the_askers_sentence_is_the_clock_converted(
        query: str, tz: str, src: str, dst: str, at: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.tool == "time.convert", (answer.tool, answer.text)
    args = answer.arguments or {}
    assert (args.get("from_tz"), args.get("to_tz")) == (src, dst), args
    assert ((answer.result or {}).get("to") or {}).get("time", "")[:5] == at, answer.text


@pytest.mark.parametrize(("query", "zones"), [
    ("Tokyo chậm hơn Sydney mấy tiếng?", {"Asia/Tokyo", "Australia/Sydney"}),
    ("Việt Nam nhanh hơn Ấn Độ mấy tiếng?", {"Asia/Ho_Chi_Minh", "Asia/Kolkata"}),
    ("ญี่ปุ่นเร็วกว่าไทยกี่ชั่วโมง", {"Asia/Tokyo", "Asia/Bangkok"}),
    ("দুবাই আর ঢাকার সময়ের পার্থক্য কত?", {"Asia/Dubai", "Asia/Dhaka"}),
    ("Dubai India se kitne ghante peeche hai?", {"Asia/Dubai", "Asia/Kolkata"}),
])
async def test_hours_apart_asked_around_the_places_is_the_gap(query: str, zones: set[str]) -> None:
    answer = await ask_router(query, QT, "Asia/Tokyo", dry_run=False)
    assert answer.tool == "time.convert", (answer.tool, answer.text)
    args = answer.arguments or {}
    assert {args.get("from_tz"), args.get("to_tz")} == zones, args
    assert " ahead of " in answer.text or " behind " in answer.text, answer.text


@pytest.mark.parametrize(("query", "tool", "day"), [
    ("วันอาทิตย์ที่จะถึงนี้หัวหินน้ำขึ้นกี่โมง", "tide.forecast", "2028-05-21"),   # asked on a Sunday: a week on
    ("พฤหัสที่จะถึงนี้ภูเก็ตพระอาทิตย์ตกกี่โมง", "tide.forecast", "2028-05-18"),
])
async def test_the_coming_weekday_in_thai_is_the_first_after_today(query: str, tool: str, day: str) -> None:
    answer = await ask_router(query, SUNDAY, "Asia/Bangkok")
    assert answer.tool == tool, (answer.tool, answer.text)
    assert (answer.arguments or {}).get("date") == day, answer.arguments


async def test_the_coming_friday_in_thai_weather_reaches_that_friday() -> None:
    answer = await ask_router("ศุกร์ที่จะมาถึงพัทยาฝนตกไหม", SUNDAY, "Asia/Bangkok")
    assert answer.tool == "weather.forecast", (answer.tool, answer.text)
    assert (answer.arguments or {}).get("forecastDays") == 6, answer.arguments   # Sunday 14th … Friday 19th


@pytest.mark.parametrize(("query", "tz", "days"), [
    ("porer 5 diner chittagong weather", "Asia/Dhaka", 5),
    ("agami 3 diner kuakata weather kemon", "Asia/Dhaka", 3),
    ("agle 5 dino ka mausam Goa mein", "Asia/Kolkata", 5),
])
async def test_a_count_of_days_in_latin_letters_is_that_many_days(query: str, tz: str, days: int) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "weather.forecast", (answer.tool, answer.text)
    assert (answer.arguments or {}).get("forecastDays") == days, answer.arguments


async def test_a_fortnight_in_urdu_latin_letters_is_fourteen_days_of_tides() -> None:
    answer = await ask_router("Karachi mein aglay 2 hafte tide", QT, "Asia/Karachi")
    assert answer.tool == "tide.forecast" and (answer.debug or {}).get("days") == 14, (answer.tool, answer.debug)


@pytest.mark.parametrize(("query", "tz", "zone"), [
    ("Chittagong e ekhon kota baje? bhai ke phone korbo", "America/Toronto", "Asia/Dhaka"),
    ("Singapore la ippo mani enna?", "Asia/Kolkata", "Asia/Singapore"),
    ("Dubai il ippo ethra mani?", "Asia/Kolkata", "Asia/Dubai"),
    ("كم الساعة في كولومبو الآن؟", "Asia/Riyadh", "Asia/Colombo"),
    ("Father's Day na ba sa Sydney?", "Asia/Manila", "Australia/Sydney"),
])
async def test_the_time_now_asked_in_chat_is_the_clock_there(query: str, tz: str, zone: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "time.now", (answer.tool, answer.text)
    assert (answer.arguments or {}).get("tz") == zone, answer.arguments


@pytest.mark.parametrize(("query", "tz", "zone"), [
    ("PSL final 9 PM PKT, what's that in Riyadh?", "Asia/Dubai", "Asia/Riyadh"),
    ("NBA finals Thursday 8pm PDT, what time is that in Manila?", "Asia/Manila", "Asia/Manila"),
    ("football 21:00 CEST 台灣是幾點", "Asia/Taipei", "Asia/Taipei"),
])
async def test_a_games_clock_time_with_its_zone_is_converted_not_declined(query: str, tz: str, zone: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "time.convert", (answer.tool, answer.text)
    assert (answer.arguments or {}).get("to_tz") == zone, answer.arguments


@pytest.mark.parametrize(("query", "tz", "tool", "day"), [
    ("Arafah sunset in Jeddah", "Asia/Riyadh", "tide.forecast", "2028-05-04"),   # the day before Eid al-Adha 2028
    ("fasting on the Day of Arafah, when is sunset in Muscat?", "Asia/Muscat", "tide.forecast", "2028-05-04"),
    ("hawksbay pe parson pani kab chadhega", "Asia/Karachi", "tide.forecast", "2028-05-05"),
    ("Digha te kal surjo dubbe koyta?", "Asia/Kolkata", "tide.forecast", "2028-05-04"),
])
async def test_a_named_day_or_a_chat_word_asks_that_days_sky_or_tides(query: str, tz: str, tool: str, day: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == tool, (answer.tool, answer.text)
    assert (answer.arguments or {}).get("date") == day, answer.arguments


@pytest.mark.parametrize(("query", "tz"), [
    ("king tide aur normal high tide mein kya farak hai? samjhao", "Asia/Kolkata"),
    ("GHRSST kaise kaam karta hai?", "Asia/Karachi"),
])
async def test_a_hindi_explanation_is_explained(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.mode == "explain" and answer.citations, (answer.mode, answer.text)
