"""Issue 26, session 24 (t24ta): whose clock and which day, as askers in South Asia, the Gulf, Malaysia, Vietnam and
the River Plate write them, through the real Router (local engine, no LLM; data tools planned, not called). New
wordings of the classes the tw24a set showed, none of its questions:

* Nepali "ahile kati baje" asks the time there ("kati" is no Tagalog low tide); "Bhai"/"Didi" opening it ask nothing.
* A clock labelled with its place the second time the place is named ("llamada con Madrid … 10 hora de Madrid"), German
  "seiner Zeit" / "bei uns", River Plate "acá": the sides of a conversion; "Opa" is no Ōma.
* Sinhala heta / anidda, Pohela Boishakh, Malayalam and Tamil "-um" joining two days, Sri Lanka's Poya (full moon).
* Why in Hindi, unaccented Vietnamese, Sinhala chat is an explanation; an unnamed Hari Raya is asked.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router, km_between, planned_point

QT = "2029-04-03T08:15:00"   # a Tuesday morning on the asker's clock (AU/NZ just off summer time)


@pytest.mark.parametrize(("query", "tz", "zone"), [
    ("Tokyo ma ahile kati baje?", "Asia/Kathmandu", "Asia/Tokyo"),
    ("Dubai ma kati bajyo aile?", "Asia/Kathmandu", "Asia/Dubai"),
    ("Didi London mein abhi kya time hai?", "Asia/Kolkata", "Europe/London"),
])
async def test_the_time_there_asked_in_nepali_or_hindi_chat(query: str, tz: str, zone: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "time.now", answer.text
    assert (answer.arguments or {}).get("tz") == zone, answer.arguments


async def test_now_beside_a_call_is_no_day_asked_there() -> None:
    answer = await ask_router("Toronto mein abhi kitne baje hain? mummy ko call karna hai", QT, "Asia/Kolkata",
                              dry_run=False)
    assert answer.tool == "time.now" and "not yet" not in answer.text, answer.text


@pytest.mark.parametrize(("query", "tz", "source", "target", "clock"), [
    ("llamada con Madrid mañana a las 10 hora de Madrid, ¿qué hora es acá?", "America/Argentina/Buenos_Aires",
     "Europe/Madrid", "America/Argentina/Buenos_Aires", "10:00"),
    ("si son las 10 acá, ¿qué hora es en Madrid?", "America/Argentina/Buenos_Aires",
     "America/Argentina/Buenos_Aires", "Europe/Madrid", "10:00"),
    ("Opa in Auckland ruft morgen um 19 Uhr seiner Zeit an – wie spät ist das bei uns?", "Europe/Berlin",
     "Pacific/Auckland", "Europe/Berlin", "19:00"),
    ("Sonntag um 10 Uhr in Adelaide – wie spät ist das bei uns?", "Europe/Berlin",
     "Australia/Adelaide", "Europe/Berlin", "10:00"),
])
async def test_whose_clock_a_conversion_is_on(query: str, tz: str, source: str, target: str, clock: str) -> None:
    answer = await ask_router(query, QT, tz)
    args = answer.arguments or {}
    assert answer.tool == "time.convert", answer.text
    assert (args.get("from_tz"), args.get("to_tz"), args.get("time")) == (source, target, clock), args


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("Unawatuna anidda low tide?", "Asia/Colombo", "2029-04-05"),
    ("Trincomalee heta sunrise kiyatada?", "Asia/Colombo", "2029-04-04"),
    ("Poila Baishakh Digha te jowar kokhon?", "Asia/Kolkata", "2029-04-15"),   # West Bengal: the 15th in 2029
    ("Gwadar mein kal pani kitna upar jayega?", "Asia/Karachi", "2029-04-04"),
    ("mai trang lan luc may gio o Nha Trang?", "Asia/Ho_Chi_Minh", "2029-04-04"),
])
async def test_a_day_in_the_askers_chat_is_that_day(query: str, tz: str, day: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert (answer.arguments or {}).get("date") == day, answer.arguments


@pytest.mark.parametrize(("query", "tz", "days"), [
    ("Galle heta weather kohomada?", "Asia/Colombo", 2),
    ("Chennai Marina Saturday-um Sunday-um mazhai varuma?", "Asia/Kolkata", 6),   # Tuesday: through Sunday
    ("Batu Ferringhi kin-a-jit e loh ho bo?", "Asia/Kuala_Lumpur", 1),
])
async def test_rain_asked_for_days_in_the_askers_chat(query: str, tz: str, days: int) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "weather.forecast", answer.text
    assert (answer.arguments or {}).get("forecastDays") == days, answer.arguments


async def test_the_next_poya_is_the_next_full_moon_not_new_caledonia() -> None:
    answer = await ask_router("when is the next poya day?", QT, "Asia/Colombo", dry_run=False)
    assert answer.tool == "tide.forecast" and (answer.arguments or {}).get("tz") == "Asia/Colombo", answer.arguments
    assert "2029-04-28" in answer.text, answer.text


@pytest.mark.parametrize(("query", "tz"), [
    ("Chennai mein samundar garam kyon hai?", "Asia/Kolkata"),
    ("vi sao nuoc lon vao ngay ram?", "Asia/Ho_Chi_Minh"),
    ("Poya dawase muhuda loku wenne aei?", "Asia/Colombo"),
])
async def test_why_in_south_and_south_east_asian_chat_is_an_explanation(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.mode == "explain", (answer.mode, answer.tool, answer.text)


@pytest.mark.parametrize(("query", "tz"), [
    ("hari raya nanti hujan tak?", "Asia/Kuala_Lumpur"),
    ("cuaca hari raya kat Melaka?", "Asia/Kuala_Lumpur"),
])
async def test_hari_raya_alone_is_asked_never_raya_in_india(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode != "mcp_tools", (answer.tool, answer.arguments)


@pytest.mark.parametrize(("query", "tz", "lat"), [
    ("cuaca KT esok?", "Asia/Kuala_Lumpur", 5.33),
    ("air pasang PD hari ni?", "Asia/Kuala_Lumpur", 2.52),
])
async def test_malaysian_short_names_of_towns(query: str, tz: str, lat: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", answer.text
    assert abs(float((answer.arguments or {}).get("latitude", 0)) - lat) < 0.1, answer.arguments


@pytest.mark.parametrize(("query", "clock"), [
    ("aaj 4 baje PKT, Dubai mein kitne bajenge?", "16:00"),   # 04:00 gone by at 08:15: the afternoon's four
    ("aaj subah 7 baje PKT, London mein kitne baje the?", "07:00"),   # a morning said stays the morning
    ("aaj 11 baje PKT, Dubai mein kitne bajenge?", "11:00"),   # still to come this morning
])
async def test_an_hour_alone_gone_by_today_is_the_afternoons(query: str, clock: str) -> None:
    answer = await ask_router(query, QT, "Asia/Karachi")
    assert answer.tool == "time.convert" and (answer.arguments or {}).get("time") == clock, answer.arguments


@pytest.mark.parametrize(("query", "tz", "lat", "lon"), [
    ("Hiriketiya surf tide today?", "Asia/Colombo", 5.963, 80.707),
    ("Qurum low tide this evening?", "Asia/Muscat", 23.62, 58.48),
    ("khor kalba tide times friday", "Asia/Dubai", 25.02, 56.36),
    ("Bagan Sekinchan air surut petang ni?", "Asia/Kuala_Lumpur", 3.51, 101.08),
])
async def test_small_coastal_places_of_the_gulf_sri_lanka_and_selangor(query: str, tz: str, lat: float,
                                                                        lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "tide.forecast", answer.text
    assert km_between(*planned_point(answer.arguments or {}), lat, lon) < 5, answer.arguments
