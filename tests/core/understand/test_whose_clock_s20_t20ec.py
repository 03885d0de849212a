"""Issue 26, session 20 (t20ec): whose clock a traveller asks, never answered confidently wrong, through the real
Router (local engine, no LLM; the clock tools run, data tools are planned only). New wordings of the classes found on
the report set understanding_report19_ec, not its questions.

* A place written in a script the gazetteer reads little of (Burmese, Dhivehi, Urdu, Thai) beside its where-word is
  asked back, or read, never answered with the asker's own clock.
* A place's clock asked now and compared with another's ("same as", "sama dengan", 「跟…一樣」, 「…と同じ」): the
  asked place's clock, the compared one's on a line of its own.
* A place's time word before it (Vietnamese "giờ Sydney", Indonesian "waktu Dubai") labels the clock time beside it.
* The time asked now with a clock time given only as why ("docks there at 7am local time"): the clock there now.
* Malaysia's API, the haze's readings and the air's quality in the region's languages: declined, not the weather.
* A landmark holding a country after "of" (Bank of China Tower): asked back, not the country's point.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2027-02-10T09:15:00"   # a Wednesday morning in the asker's zone (southern summer, northern winter)


@pytest.mark.parametrize(("query", "tz"), [
    ("ပါရီမြို့မှာ အခု ဘယ်နှစ်နာရီလဲ", "Asia/Yangon"),            # Burmese: Paris, at
    ("ޕެރިހުގައި މިހާރު ގަޑިން ކިހާވަރެއް؟", "Indian/Maldives"),   # Dhivehi: in Paris
    ("ہیوسٹن میں اس وقت کیا ٹائم ہے؟", "Asia/Karachi"),            # Urdu: in Houston
    ("ตอนนี้ที่ซานฟรานกี่โมงแล้ว", "Asia/Bangkok"),                  # Thai: at San Fran
])
async def test_a_place_in_an_unread_script_is_never_the_askers_clock(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert not (answer.tool == "time.now" and (answer.arguments or {}).get("tz") in (tz, None)), answer.text


@pytest.mark.parametrize(("query", "tz", "zone"), [
    ("နယူးယောက်မှာ ဘယ်နှစ်နာရီလဲ", "Asia/Yangon", "America/New_York"),
    ("دبئی میں ابھی کتنے بجے ہیں", "Asia/Karachi", "Asia/Dubai"),
    ("کیا وقت ہے ٹورنٹو میں", "Asia/Karachi", "America/Toronto"),
])
async def test_a_city_as_burmese_and_urdu_askers_write_it_is_read(query: str, tz: str, zone: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "time.now" and (answer.arguments or {}).get("tz") == zone, answer.text


@pytest.mark.parametrize(("query", "tz", "zone", "other"), [
    ("Perth time now, same as Singapore?", "Asia/Manila", "Australia/Perth", "Singapore"),
    ("anong oras na sa Guam ngayon? pareho ba sa Manila?", "Asia/Manila", "Pacific/Guam", "Manila"),
    ("jam berapa sekarang di Lombok? sama dengan Jakarta?", "Asia/Jakarta", "Asia/Makassar", "Jakarta"),
    ("東京現在幾點？跟首爾一樣嗎", "Asia/Taipei", "Asia/Tokyo", "首爾"),
    ("京都は今何時？ソウルと同じ？", "Asia/Taipei", "Asia/Tokyo", "首爾"),
])
async def test_a_clock_asked_and_compared_is_the_asked_places(query: str, tz: str, zone: str, other: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.tool == "time.now" and (answer.arguments or {}).get("tz") == zone, answer.text
    assert other in answer.text, answer.text   # the compared clock on its own line


@pytest.mark.parametrize(("query", "tz", "from_tz", "to_tz"), [
    ("9h sáng giờ Sydney là mấy giờ?", "Asia/Ho_Chi_Minh", "Australia/Sydney", "Asia/Ho_Chi_Minh"),
    ("8h tối Chủ nhật giờ Tokyo là mấy giờ ở VN?", "Asia/Ho_Chi_Minh", "Asia/Tokyo", "Asia/Ho_Chi_Minh"),
    ("jam 8 malam waktu Dubai itu jam berapa?", "Asia/Jakarta", "Asia/Dubai", "Asia/Jakarta"),
    ("my flight lands in Tokyo at 6am local time, what time is that for me", "Asia/Singapore", "Asia/Tokyo",
     "Asia/Singapore"),
])
async def test_a_clock_labelled_as_a_places_is_that_places(query: str, tz: str, from_tz: str, to_tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "time.convert" and answer.arguments is not None, answer.text
    assert (answer.arguments["from_tz"], answer.arguments["to_tz"]) == (from_tz, to_tz), answer.arguments


@pytest.mark.parametrize(("query", "tz", "zone"), [
    ("bây giờ Seoul mấy giờ?", "Asia/Ho_Chi_Minh", "Asia/Seoul"),   # "bây giờ" is now, no label
    ("what time is it in Honolulu now? my cruise docks there at 7am local time", "Asia/Singapore", "Pacific/Honolulu"),
    ("東京現在幾點？我的飛機當地時間早上6點降落", "Asia/Taipei", "Asia/Tokyo"),
    ("jam berapa sekarang di Dubai? pesawat saya mendarat jam 7 pagi waktu setempat", "Asia/Jakarta", "Asia/Dubai"),
])
async def test_the_time_asked_now_is_the_clock_there_now(query: str, tz: str, zone: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "time.now" and (answer.arguments or {}).get("tz") == zone, answer.text


@pytest.mark.parametrize(("query", "tz"), [
    ("Penang haze teruk tak esok? bacaan IPU", "Asia/Kuala_Lumpur"),
    ("Kuantan API reading today", "Asia/Kuala_Lumpur"),
    ("Jakarta kualitas udara besok gimana", "Asia/Jakarta"),
    ("คุณภาพอากาศเชียงใหม่พรุ่งนี้", "Asia/Bangkok"),
])
async def test_the_airs_quality_is_declined_not_the_weather(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "fallback" and answer.tool is None, answer.text


@pytest.mark.parametrize(("query", "tz"), [("Bank of China Tower sunset today", "Asia/Hong_Kong"),
                                           ("Statue of Unity kal sunrise?", "Asia/Kolkata")])
async def test_a_landmark_holding_a_country_is_asked_back(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "fallback" and answer.tool is None, answer.text


@pytest.mark.parametrize(("query", "tz", "zone"), [
    ("3:30pm CEST to IST pls", "Asia/Kolkata", "Asia/Kolkata"),   # asked in India: India's IST, the asker's own
    ("Goa ka time abhi?", "Asia/Dubai", "Asia/Kolkata"),
])
async def test_the_askers_own_clock_and_a_places_clock_in_chat(query: str, tz: str, zone: str) -> None:
    answer = await ask_router(query, QT, tz)
    args = answer.arguments or {}
    assert answer.mode == "mcp_tools" and zone in (args.get("tz"), args.get("to_tz")), answer.text


async def test_ist_asked_in_london_is_still_asked_back() -> None:
    answer = await ask_router("3:30pm EDT to IST pls", QT, "Europe/London")
    assert answer.mode == "fallback" and "IST" in answer.text, answer.text


@pytest.mark.parametrize(("query", "tz", "tool", "day"), [
    ("Pondicherry la naalaikku mazhai varuma?", "Asia/Kolkata", "weather.forecast", None),
    ("گوادر میں کل جوار بھاٹا کب ہے؟", "Asia/Karachi", "tide.forecast", "2027-02-11"),
    ("کلفٹن کراچی میں جوار بھاٹا کب ہے؟", "Asia/Karachi", "tide.forecast", "2027-02-10"),   # کل inside کلفٹن: no day
    ("Ormara mein kal suraj kab niklay ga?", "Asia/Karachi", "tide.forecast", "2027-02-11"),
    ("nha trang nhiet do nuoc bien hom nay", "Asia/Ho_Chi_Minh", "ghrsst.bbox_mean", None),
])
async def test_days_and_data_words_as_south_asian_and_vietnamese_askers_type_them(query: str, tz: str, tool: str,
                                                                                   day: str | None) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == tool, answer.text
    if day is not None:
        assert (answer.arguments or {}).get("date") == day, answer.arguments


@pytest.mark.parametrize(("query", "tz", "zone"), [
    # namesakes at home and abroad: "their time" says the place keeps another clock than the asker's
    ("Santa Monica sunset today their time? my cousins are there", "Asia/Manila", "America/Los_Angeles"),
    ("Santa Monica low tide tomorrow, giờ bên đó", "Asia/Manila", "America/Los_Angeles"),
])
async def test_their_time_settles_a_namesake_on_another_clock(query: str, tz: str, zone: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and (answer.arguments or {}).get("tz") == zone, answer.text


async def test_their_time_with_two_namesakes_abroad_is_still_asked() -> None:
    answer = await ask_router("San Jose sunset today their time? my sister is there", QT, "Asia/Manila")
    assert answer.mode == "fallback", answer.text
