"""Issue 26, session 14: a moment asked as reached somewhere, clocks beside the words around them, and the
Vietnamese and Thai words of the everyday questions.

- "has Saturday started there yet", 「新年到咗…未」, "schon Samstag", 「もう新年」, "벌써 새해": a moment word and a word of
  reaching it, in any order and language, ask the place's clock; a part of the day ("already fished this
  morning") asks none;
- the hour and "now" in Spanish, Portuguese, German ("hora en … ahora"), a call in Tagalog (tawagan) or
  chat's apps (too late to whatsapp), "I am in X" in Tagalog (nasa X ako), ET/PT written beside a clock,
  an arrow before the target clock ("→ Manila time"), a clock and a place's time asked beside a game or a show;
- 「…幾點收班」: the hour something closes is no clock now;
- where a typhoon will go is no data here (said so), not the weather of the country named;
- Vietnamese and Thai day, tide, weather, wind, sun and sea-temperature words, Thai written without spaces.
"""
from __future__ import annotations

import pytest

from passage_topics import topic_of
from router_ask import ask_router

QT = "2026-11-28T15:20:00"


@pytest.mark.parametrize(("query", "tz", "zone"), [
    ("has sunday begun in Apia yet?", "Asia/Manila", "Pacific/Apia"),
    ("Tonga new year yet?? 🎆", "Asia/Singapore", "Pacific/Tongatapu"),
    ("新年到咗紐西蘭奧克蘭未呀", "Asia/Hong_Kong", "Pacific/Auckland"),
    ("ist in Wellington schon Sonntag?", "Europe/Berlin", "Pacific/Auckland"),
    ("ホノルルはもう土曜日？", "Asia/Tokyo", "Pacific/Honolulu"),
    ("시드니 벌써 새해 됐어?", "Asia/Seoul", "Australia/Sydney"),
    ("¿ya es sábado en Auckland?", "America/Mexico_City", "Pacific/Auckland"),
    ("sudah tahun baru di Sydney belum?", "Asia/Jakarta", "Australia/Sydney"),
    ("hora en Lima ahora", "Europe/Madrid", "America/Lima"),
    ("Uhrzeit Tokio jetzt?", "Europe/Berlin", "Asia/Tokyo"),
    ("too late to facetime my sister in Dubai?", "Asia/Taipei", "Asia/Dubai"),
    ("nasa Singapore ako, pwede ko pa bang tawagan si lola sa Iloilo?", "Asia/Singapore", "Asia/Manila"),
])
async def test_a_moment_reached_or_a_call_asks_the_places_clock(query: str, tz: str, zone: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "time.now" and answer.arguments is not None, answer.text[:160]
    assert answer.arguments["tz"] == zone, answer.arguments


@pytest.mark.parametrize("query", [
    "already fished this morning at Keelung, when is high tide?",
    "saturday I went already, what about the tide at Yehliu tomorrow",
])
async def test_a_part_of_the_day_or_a_past_outing_asks_no_clock(query: str) -> None:
    answer = await ask_router(query, QT, "Asia/Taipei")
    assert answer.tool == "tide.forecast", (answer.tool, answer.text[:160])


@pytest.mark.parametrize(("query", "tz", "src", "dst", "time"), [
    ("UFC main card Saturday 10pm ET, what time in Taipei?", "Asia/Taipei", "America/New_York", "Asia/Taipei", "22:00"),
    ("stream at 6 PM PT what time in manila", "Asia/Manila", "America/Los_Angeles", "Asia/Manila", "18:00"),
    ("9am Osaka → Perth time?", "Asia/Taipei", "Asia/Tokyo", "Australia/Perth", "09:00"),
    # a place's hour written as Europe writes it, and a trip's clocks beside its surf or dive words
    ("16h de Lisboa são que horas em Fortaleza?", "America/Fortaleza", "Europe/Lisbon", "America/Fortaleza", "16:00"),
    ("à 8h de Tahiti, quelle heure à Paris ?", "Europe/Paris", "Pacific/Tahiti", "Europe/Paris", "08:00"),
    ("dive trip: boat leaves 6am bali time on dec 3, what's that in perth time", "Australia/Perth", "Asia/Makassar",
     "Australia/Perth", "06:00"),
])
async def test_a_zone_beside_a_clock_converts_whatever_stands_by(query: str, tz: str, src: str, dst: str,
                                                                  time: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "time.convert" and answer.arguments is not None, answer.text[:160]
    args = answer.arguments
    assert (args["from_tz"], args["to_tz"], args.get("time")) == (src, dst, time), args


async def test_a_zone_words_time_word_is_not_part_of_its_name() -> None:
    answer = await ask_router("9am Tokyo in Perth time?", QT, "Asia/Taipei", dry_run=False)
    assert answer.result is not None and "Perth time" not in answer.text and "Perth 08:00" in answer.text, answer.text


@pytest.mark.parametrize("query", ["高雄捷運現在幾點收班", "淡水現在幾點有船到八里", "墾丁大街現在幾點關門"])
async def test_the_hour_something_closes_or_leaves_is_no_clock_now(query: str) -> None:
    answer = await ask_router(query, QT, "Asia/Taipei")
    assert answer.tool != "time.now", answer.text[:160]


@pytest.mark.parametrize(("query", "tz", "words"), [
    ("颱風會不會掃到菲律賓？", "Asia/Taipei", "颱風路徑"),
    ("will the typhoon hit Luzon this weekend?", "Asia/Manila", "typhoon"),
])
async def test_where_a_typhoon_goes_is_no_data_here_and_said(query: str, tz: str, words: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool is None and answer.debug is not None and answer.debug.get("reason") == "no_such_data", answer.text
    assert words in answer.text, answer.text


async def test_how_a_typhoons_track_is_forecast_is_still_explained() -> None:
    answer = await ask_router("颱風路徑是怎麼預報的？", QT, "Asia/Taipei")
    assert answer.mode == "explain", answer.text[:160]


@pytest.mark.parametrize(("query", "tool", "day"), [
    ("Mũi Né ngày mai mấy giờ nước ròng?", "tide.forecast", "2026-11-29"),
    ("Hạ Long hôm nay có mưa không", "weather.forecast", None),
    ("Quy Nhơn hoàng hôn mấy giờ", "tide.forecast", None),     # its answer gives the sun's times,
    ("Phuket พรุ่งนี้น้ำลงกี่โมง", "tide.forecast", "2026-11-29"),
    ("Krabi วันนี้ฝนตกไหม", "weather.forecast", None),
    ("Koh Samui พระอาทิตย์ตกกี่โมงครับ", "tide.forecast", None),
])
async def test_vietnamese_and_thai_everyday_questions(query: str, tool: str, day: str | None) -> None:
    answer = await ask_router(query, QT, "Asia/Bangkok")
    assert answer.tool is not None and answer.tool.startswith(tool.split(".")[0]), (answer.tool, answer.text[:160])
    if day is not None:
        assert answer.arguments is not None and answer.arguments["date"] == day, answer.arguments


async def test_a_thai_question_is_answered_in_english() -> None:
    answer = await ask_router("พัทยา พระอาทิตย์ตกกี่โมง", QT, "Asia/Bangkok")
    assert not any("\u4e00" <= c <= "\u9fff" for c in answer.text), answer.text[:160]


async def test_two_far_places_average_the_sea_between_but_are_two_clocks_in_a_clock_question() -> None:
    sea = await ask_router("average sea temperature between Hilo and Los Angeles", QT, "America/Los_Angeles")
    assert sea.tool == "ghrsst.bbox_mean" and sea.arguments is not None, sea.text[:160]
    west, _, east, _ = sea.arguments["bbox"]
    assert west < -150 and east > -120, sea.arguments
    clocks = await ask_router("time difference between Hilo and Los Angeles", QT, "America/Los_Angeles")
    assert clocks.tool == "time.convert", clocks.text[:160]


@pytest.mark.parametrize(("query", "tz", "lat", "lon"), [
    ("Zanzibar Nungwi high tide tomorrow", "Africa/Dar_es_Salaam", -5.73, 39.29),   # the village, not the town 50 km off
    ("marea en Paje, Zanzíbar, mañana", "Europe/Madrid", -6.27, 39.55),             # not Pajé in the Comoros
])
async def test_a_village_named_with_its_island_is_the_village(query: str, tz: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "tide.forecast" and answer.arguments is not None, answer.text[:160]
    assert abs(answer.arguments["latitude"] - lat) < 0.1 and abs(answer.arguments["longitude"] - lon) < 0.1, answer.arguments


async def test_an_unknown_spot_beside_a_big_town_is_asked_not_answered_at_the_town() -> None:
    answer = await ask_router("Dar es Salaam Mbweni Kijijini tide tomorrow", QT, "Africa/Dar_es_Salaam")
    assert answer.tool is None and answer.mode == "fallback", answer.text[:160]
    small = await ask_router("Tulamben Liberty wreck high tide tomorrow", QT, "Asia/Makassar")   # a wreck at the village
    assert small.tool == "tide.forecast", small.text[:160]


async def test_a_person_is_no_there_word_inside_a_longer_word() -> None:
    answer = await ask_router("what time is it now? asking for themselves", QT, "Asia/Taipei")
    assert answer.tool == "time.now", answer.text[:160]


async def test_a_trips_length_written_before_the_departure_counts() -> None:
    answer = await ask_router("12h de vuelo, salgo a las 23h de Madrid, ¿a qué hora llego a Lima?", QT, "Europe/Madrid",
                              dry_run=False)
    assert answer.arguments is not None and answer.arguments.get("after_minutes") == 720, answer.arguments


@pytest.mark.parametrize("query", ["temp del agua en Mar del Plata", "a água em Florianópolis está fria? temperatura",
                                   "byron bay watter temp"])
async def test_the_water_and_its_temperature_written_apart_is_the_sea(query: str) -> None:
    answer = await ask_router(query, QT, "America/Sao_Paulo")
    assert answer.tool is not None and answer.tool.startswith("ghrsst"), (answer.tool, answer.text[:160])


@pytest.mark.parametrize(("query", "topic"), [
    ("¿por qué hay dos mareas bajas cada día?", "tides"),
    ("o que significa anomalia de temperatura do mar?", "sst_anomaly"),
    ("why are king tides in winter here?", "king_tides"),
])
async def test_romance_and_chat_explanations_reach_their_passage(query: str, topic: str) -> None:
    answer = await ask_router(query, QT, "America/Los_Angeles", dry_run=False)
    assert answer.mode == "explain" and topic in [topic_of(c.title) for c in answer.citations], answer.text[:200]


async def test_hokkien_days_counted_with_kang() -> None:
    answer = await ask_router("紲落來兩工 澎湖風透無", QT, "Asia/Taipei")
    assert answer.tool == "weather.forecast" and answer.arguments is not None, answer.text[:160]
    assert answer.arguments["forecastDays"] == 2, answer.arguments


@pytest.mark.parametrize(("query", "mode"), [
    ("東石漁港這馬在退嗎", "mcp_tools"),           # is the tide going out now: the tide there
    ("潮高是用什麼當基準的", "explain"),             # what a tide height is counted from: the datum's idea
])
async def test_whether_the_tide_runs_now_and_what_heights_count_from(query: str, mode: str) -> None:
    answer = await ask_router(query, QT, "Asia/Taipei")
    assert answer.mode == mode and (mode != "mcp_tools" or answer.tool == "tide.forecast"), answer.text[:160]


@pytest.mark.parametrize(("query", "tz", "lat", "lon"), [
    ("sunset from mallory square key west tonight?", "America/New_York", 24.56, -81.81),
    ("¿mucho viento en viña el domingo?", "America/Santiago", -33.02, -71.55),
    ("tabla de mareas puerto viejo de talamanca", "America/Costa_Rica", 9.66, -82.75),
])
async def test_spots_and_short_names_of_the_americas(query: str, tz: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.arguments is not None, answer.text[:160]
    got = (answer.arguments.get("latitude"), answer.arguments.get("longitude"))
    assert abs(got[0] - lat) < 0.1 and abs(got[1] - lon) < 0.1, answer.arguments


@pytest.mark.parametrize(("query", "tz"), [
    ("when does the Christmas parade begin in Auckland", "Pacific/Auckland"),     # an event of the day, not the day
    ("has the Sunday ferry to Rottnest already left?", "Australia/Perth"),
    ("淡水週末市集已經開了嗎", "Asia/Taipei"),
    ("PT session at Bondi 6am, what's the sunrise?", "Australia/Sydney"),         # PT away from a clock: no zone
])
async def test_an_event_or_a_word_like_a_zone_asks_no_clock(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool not in ("time.now", "time.convert"), answer.text[:160]
    if answer.arguments is not None and "tz" in answer.arguments:
        assert answer.arguments["tz"] == tz, answer.arguments


@pytest.mark.parametrize(("query", "tool"), [
    ("¿va a caer mucha agua mañana en Bilbao? ¿y la temperatura?", "weather.forecast"),   # rain is water too
    ("is it warm enough for water sports in Phuket tomorrow?", "weather.forecast"),
    ("颱風走向 明天台北會下雨嗎", "weather.forecast"),                                    # the rain asked is answered
])
async def test_water_and_typhoon_words_leave_the_weather_asked(query: str, tool: str) -> None:
    answer = await ask_router(query, QT, "Asia/Taipei")
    assert answer.tool == tool, (answer.tool, answer.text[:160])


async def test_an_arrivals_own_clock_is_converted_from_the_destination() -> None:
    answer = await ask_router("I arrive in Tokyo at 3pm, what time is that back home?", QT, "Asia/Taipei", dry_run=False)
    assert answer.arguments is not None and answer.arguments["from_tz"] == "Asia/Tokyo", answer.arguments
    assert "how long the trip takes" not in answer.text, answer.text


@pytest.mark.parametrize("query", ["ผลมะม่วงที่ภูเก็ตราคาเท่าไหร่", "เครื่องลงกี่โมงที่ท่าอากาศยานภูเก็ต"])
async def test_thai_weather_words_inside_other_words_ask_no_weather(query: str) -> None:
    answer = await ask_router(query, QT, "Asia/Bangkok")
    assert answer.tool != "weather.forecast", answer.text[:160]


@pytest.mark.parametrize(("query", "tz"), [
    ("como está a maré em Santos amanhã", "America/Sao_Paulo"),      # está holds no EST
    ("¿cómo está la marea en Valparaíso hoy?", "America/Santiago"),
])
async def test_an_accented_word_holds_no_zone_abbreviation(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "tide.forecast" and answer.arguments is not None, answer.text[:160]
    assert answer.arguments["tz"] == tz, answer.arguments
