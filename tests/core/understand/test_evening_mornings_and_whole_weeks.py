"""Issue 26, session 16: days a demanding user means by words the heuristics read too literally.

- a morning asked in the evening at the place (凌晨, 早上, "in the early hours", the sunrise) is the coming one,
  tomorrow's date, said back; a morning with its own day (今天早上, "this morning", 明天凌晨) keeps it, and a clock
  conversion keeps its day;
- a whole week in the travellers' languages (toda la semana, die ganze Woche, seminggu, cả tuần) is the week's
  table, and "this week" said on a Sunday is the coming seven days;
- a day counted from a named day already passed this year ("the Sunday after Thanksgiving" on that Sunday) is this
  year's; one counted from a moon phase (the day after the full moon, 滿月後一天) moves the phase's next day, on the
  place's own calendar;
- a tsunami warning asked in other languages is declined, not explained; a current's way or speed at a place in
  Chinese (「小琉球附近海流往哪邊流」) is declined too.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router

EVENING = "2026-12-01T21:15:00"   # a Tuesday evening
MORNING = "2026-12-01T09:15:00"


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("等一下凌晨要去 八斗子 是漲潮嗎", "Asia/Taipei", "2026-12-02"),
    ("蘇澳 早上五點 水在漲還是在退", "Asia/Taipei", "2026-12-02"),
    ("三仙台看日出 大概幾點", "Asia/Taipei", "2026-12-02"),
    ("tides at Barnegat Light in the early hours", "America/New_York", "2026-12-02"),
    ("low tide after midnight tonight at Cape May?", "America/New_York", "2026-12-02"),
    ("que horas o sol nasce em Ilhabela", "America/Sao_Paulo", "2026-12-02"),
    ("今天早上 基隆 幾點滿潮", "Asia/Taipei", "2026-12-01"),     # the morning of its own day, gone by
    ("明天凌晨 淡水 乾潮幾點", "Asia/Taipei", "2026-12-02"),
])
async def test_a_morning_asked_in_the_evening_is_the_coming_one(query: str, tz: str, day: str) -> None:
    answer = await ask_router(query, EVENING, tz)
    assert answer.tool == "tide.forecast" and answer.arguments is not None, answer.text[:160]
    assert answer.arguments["date"] == day, answer.arguments


async def test_the_moved_morning_is_said_back_with_its_date() -> None:
    answer = await ask_router("凌晨去 野柳 釣魚 會是漲潮嗎", EVENING, "Asia/Taipei", dry_run=False)
    assert "12月2日" in answer.text.splitlines()[0], answer.text[:160]


async def test_a_morning_asked_in_the_morning_is_today() -> None:
    answer = await ask_router("八斗子 清晨 潮水", MORNING, "Asia/Taipei")
    assert answer.arguments is not None and answer.arguments["date"] == "2026-12-01", answer.arguments


async def test_a_morning_time_converted_in_the_evening_keeps_its_day() -> None:
    answer = await ask_router("早上8點的台北 是巴黎幾點", EVENING, "Asia/Taipei")
    assert answer.tool == "time.convert" and answer.arguments is not None, answer.text[:160]
    assert answer.arguments["date"] == "2026-12-01", answer.arguments


@pytest.mark.parametrize(("query", "tz"), [
    ("mareas de toda la semana en Puerto Vallarta", "America/Mexico_City"),
    ("tábua de marés da semana toda em Itacaré", "America/Bahia"),
    ("Gezeiten die ganze Woche in Büsum", "Europe/Berlin"),
    ("jadwal pasang surut seminggu di Pelabuhan Ratu", "Asia/Jakarta"),
    ("lịch thủy triều cả tuần ở Nha Trang", "Asia/Ho_Chi_Minh"),
    ("marées toute la semaine à Arcachon", "Europe/Paris"),
])
async def test_a_whole_week_in_the_travellers_languages_is_the_week_table(query: str, tz: str) -> None:
    answer = await ask_router(query, EVENING, tz)
    assert answer.tool == "tide.week", (answer.tool, answer.text[:160])


async def test_this_week_said_on_a_sunday_is_the_coming_seven_days() -> None:
    answer = await ask_router("any rain this week in Cairns?", "2026-11-29T08:00:00", "Australia/Brisbane")
    assert answer.tool == "weather.forecast" and answer.arguments is not None, answer.text[:160]
    assert answer.arguments["forecastDays"] == 7, answer.arguments


@pytest.mark.parametrize(("query", "qt", "tz", "day"), [
    ("Wellfleet tides the sunday after thanksgiving", "2026-11-29T07:00:00", "America/New_York", "2026-11-29"),
    ("Hyannis sunset the saturday after thanksgiving", "2026-11-27T07:00:00", "America/New_York", "2026-11-28"),
    ("Key Largo tides the day after the full moon", EVENING, "America/New_York", "2026-12-24"),
    ("澎湖 滿月後一天 潮汐", EVENING, "Asia/Taipei", "2026-12-25"),
    ("東石 滿月隔天 幾點滿潮", EVENING, "Asia/Taipei", "2026-12-25"),
    ("安平 初一後一天 潮汐", EVENING, "Asia/Taipei", "2026-12-10"),
])
async def test_a_day_counted_from_a_named_day(query: str, qt: str, tz: str, day: str) -> None:
    answer = await ask_router(query, qt, tz)
    assert answer.tool == "tide.forecast" and answer.arguments is not None, answer.text[:160]
    assert answer.arguments["date"] == day, answer.arguments


async def test_why_about_the_day_after_a_full_moon_is_explained() -> None:
    answer = await ask_router("why are tides bigger the day after the full moon?", EVENING, "America/New_York")
    assert answer.mode == "explain", (answer.mode, answer.text[:160])


@pytest.mark.parametrize(("query", "tz"), [
    ("¿hay alerta de tsunami en Samoa?", "America/Lima"),
    ("alerte tsunami en Nouvelle-Calédonie aujourd'hui ?", "Pacific/Noumea"),
    ("gibt es gerade eine Tsunamiwarnung für Phuket?", "Europe/Berlin"),
    ("ada peringatan tsunami di Padang sekarang?", "Asia/Jakarta"),
    ("宮古島 津波警報 出てる？", "Asia/Tokyo"),
    ("小琉球附近海流往哪邊流", "Asia/Taipei"),
    ("綠島外海的洋流方向", "Asia/Taipei"),
])
async def test_a_warning_or_a_current_at_a_place_is_declined(query: str, tz: str) -> None:
    answer = await ask_router(query, EVENING, tz)
    assert answer.mode == "fallback" and answer.tool is None, (answer.mode, answer.text[:160])


@pytest.mark.parametrize("query", ["what is a tsunami?", "¿qué es un tsunami?", "黑潮的流向是怎樣形成的"])
async def test_the_idea_of_a_tsunami_or_a_current_is_still_explained(query: str) -> None:
    answer = await ask_router(query, EVENING, "Asia/Taipei")
    assert answer.mode == "explain", (answer.mode, answer.text[:160])


@pytest.mark.parametrize(("query", "tz", "lat"), [
    ("voy a Cartagena el sábado, ¿va a llover?", "America/Bogota", 10.4),
    ("¿llueve en Cartagena mañana?", "America/Panama", 10.4),
])
async def test_a_far_namesake_is_no_rival_to_a_near_better_known_one(query: str, tz: str, lat: float) -> None:
    answer = await ask_router(query, EVENING, tz)
    assert answer.tool == "weather.forecast" and answer.arguments is not None, answer.text[:160]
    assert abs(answer.arguments["latitude"] - lat) < 0.3, answer.arguments


async def test_a_far_namesake_is_still_asked_from_far_away() -> None:
    answer = await ask_router("Cartagena weather tomorrow", EVENING, "Asia/Taipei")
    assert answer.tool is None and "Spain" in answer.text and "Colombia" in answer.text, answer.text[:200]


@pytest.mark.parametrize("query", ["白沙灣明天滿潮 (石門那個)", "白沙灣 明天乾潮 石門的"])
async def test_a_town_written_after_a_shared_beach_name_settles_it(query: str) -> None:
    answer = await ask_router(query, EVENING, "Asia/Taipei")
    assert answer.tool == "tide.forecast" and answer.arguments is not None, answer.text[:160]
    assert answer.arguments["latitude"] > 25.0, answer.arguments


async def test_two_taiwan_spots_of_one_name_are_told_apart_by_their_towns() -> None:
    answer = await ask_router("白沙灣 後天 乾潮", EVENING, "Asia/Taipei")
    assert answer.tool is None, answer.arguments
    assert "三芝附近" in answer.text and "恆春附近" in answer.text and "「三芝白沙灣」" in answer.text, answer.text


@pytest.mark.parametrize(("query", "tz", "lat"), [
    ("松山 禮拜六 會下雨嗎", "Asia/Taipei", 25.05),       # Taipei's district, not Matsuyama
    ("內湖 明天 氣溫幾度", "Asia/Taipei", 25.07),
    ("新店 後天 下雨機率", "Asia/Taipei", 24.97),
    ("松山 明後日の天気は？", "Asia/Tokyo", 33.84),      # asked in Japanese in Japan: Matsuyama
    ("松山の日の入りは何時", "Asia/Tokyo", 33.84),         # its sunset, no Mountain Day
])
async def test_a_district_of_a_taiwan_city_and_its_japanese_namesake(query: str, tz: str, lat: float) -> None:
    answer = await ask_router(query, EVENING, tz)
    assert answer.arguments is not None and answer.tool in ("weather.forecast", "tide.forecast"), answer.text[:200]
    assert abs(answer.arguments["latitude"] - lat) < 0.1, answer.arguments


@pytest.mark.parametrize(("query", "tool", "day"), [
    ("พระอาทิตย์ตกที่หัวหินวันเสาร์กี่โมง", "tide.forecast", "2026-12-05"),     # Saturday, glued in Thai
    ("ฝนจะตกที่กระบี่สุดสัปดาห์นี้ไหม", "weather.forecast", None),                # rain this weekend: the weather
    ("พรุ่งนี้เกาะช้างมีฝนไหม", "weather.forecast", None),
])
async def test_thai_weekdays_weekends_and_rain(query: str, tool: str, day: str | None) -> None:
    answer = await ask_router(query, EVENING, "Asia/Bangkok")
    assert answer.tool == tool and answer.arguments is not None, (answer.tool, answer.text[:160])
    assert day is None or answer.arguments["date"] == day, answer.arguments


async def test_havelock_asked_in_india_is_the_andaman_island() -> None:
    answer = await ask_router("Havelock me kal sunrise kitne baje", EVENING, "Asia/Kolkata")
    assert answer.arguments is not None and abs(answer.arguments["latitude"] - 11.96) < 0.2, answer.text[:160]


@pytest.mark.parametrize(("query", "zone"), [
    ("hora en Sevilla ahorita?", "Europe/Madrid"),
    ("¿hora en Sídney?", "Australia/Sydney"),
    ("hora em Lisboa", "Europe/Lisbon"),
])
async def test_the_hour_at_a_place_with_no_verb_is_its_clock(query: str, zone: str) -> None:
    answer = await ask_router(query, EVENING, "America/Mexico_City")
    assert answer.tool == "time.now" and answer.arguments is not None, (answer.tool, answer.text[:160])
    assert answer.arguments["tz"] == zone, answer.arguments


@pytest.mark.parametrize(("query", "tz"), [
    ("any red tide at Siesta Key right now?", "America/New_York"),
    ("marea roja en Mazatlán hoy?", "America/Mazatlan"),
    ("澎湖最近有赤潮嗎", "Asia/Taipei"),
    ("fishing report for Half Moon Bay", "America/Los_Angeles"),
    ("野柳哪裡魚比較多", "Asia/Taipei"),
])
async def test_a_red_tide_or_a_fishing_report_is_declined_not_a_tide(query: str, tz: str) -> None:
    answer = await ask_router(query, EVENING, tz)
    assert answer.mode == "fallback" and answer.tool is None, (answer.mode, answer.tool, answer.text[:160])


async def test_a_state_of_the_askers_own_country_is_not_a_town_abroad() -> None:
    answer = await ask_router("rain in Florida this weekend?", EVENING, "America/Chicago")
    assert answer.tool == "weather.forecast" and answer.arguments is not None, answer.text[:160]
    assert 24.0 < answer.arguments["latitude"] < 31.5 and answer.arguments["longitude"] < -79.0, answer.arguments


@pytest.mark.parametrize(("query", "from_tz", "to_tz"), [
    ("convert 11:00 CET to Gulf time", "Europe/Paris", "Asia/Dubai"),
    ("7am gulf standard time in Berlin?", "Asia/Dubai", "Europe/Berlin"),
])
async def test_gulf_time_is_the_gulfs_clock_not_a_province(query: str, from_tz: str, to_tz: str) -> None:
    answer = await ask_router(query, EVENING, "Europe/Paris")
    assert answer.tool == "time.convert" and answer.arguments is not None, answer.text[:160]
    assert (answer.arguments["from_tz"], answer.arguments["to_tz"]) == (from_tz, to_tz), answer.arguments


async def test_a_french_my_is_no_monday_and_a_local_arrival_time_no_trip() -> None:
    answer = await ask_router("mon avion atterrit à Tunis à 17h heure locale, quelle heure à Lyon ?", EVENING, "Europe/Paris")
    assert answer.tool == "time.convert" and answer.arguments is not None, answer.text[:160]
    assert answer.arguments["date"] == "2026-12-01" and "after_minutes" not in answer.arguments, answer.arguments
    assert answer.arguments["time"] == "17:00" and answer.arguments["from_tz"] == "Africa/Tunis", answer.arguments
