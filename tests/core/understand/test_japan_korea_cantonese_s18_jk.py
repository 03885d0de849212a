"""Issue 26, session 18 (jk18): Japanese and Korean askers at home, Cantonese and Simplified Chinese askers, through
the real Router (local engine, no LLM; data tools planned, not called). New wordings of the classes the tuning sets
cs and cr (report17) showed, never their questions:

* a place word glued after a Korean name (목포항) reads no other town across the two (포항);
* a port city's tides are asked at its harbour's sea point, not at its city hall inland (Incheon, Nagoya);
* a kanji name Japan and Korea share (松島), asked from China or Hong Kong, is asked about;
* Cantonese 「幾點出太陽」 is the sunrise; 「由今日計三日內」 three days from today;
* a hand-kept beach answers with any beach word (協才海邊), and a Korean hanja name as the question's conversion
  reads it (咸德 → 鹹德);
* the water going out asked in Korean with when between (물 언제 빠짐), the water shallow in Cantonese, the sea's
  degrees in Japanese and Korean;
* the weather asked with the sunset as the trip's purpose leads with the weather;
* a named day right before a place beginning with 後 (後壁湖, 後龍) is that day at that place;
* capes, a pier, harbours and towns askers at home name (伊良湖, 野島崎, 묵호항, 마산, 동해시, 부안).
"""
from __future__ import annotations

import pytest

from router_ask import ask_router, km_between

QT = "2026-12-10T12:20:00"   # a Thursday lunchtime in the asker's zone


def _near(args: dict, lat: float, lon: float, km: float) -> bool:
    """Whether the arguments' point lies within `km` of (lat, lon)."""
    return km_between(float(args["latitude"]), float(args["longitude"]), lat, lon) <= km


@pytest.mark.parametrize(("query", "tz", "lat", "lon"), [
    ("목포항 모레 물때 알려줘", "Asia/Seoul", 34.78, 126.38),         # Mokpo's harbour, not Pohang
    ("내일 목포항 간조 시간", "Asia/Seoul", 34.78, 126.38),
    ("仁川 後天 滿潮幾點", "Asia/Taipei", 37.45, 126.60),              # Incheon's port, not its city hall
    ("인천 모레 만조 언제야", "Asia/Seoul", 37.45, 126.60),
    ("名古屋 あさっての満潮", "Asia/Tokyo", 35.08, 136.88),             # Nagoya's port, 10 km south of the city
])
async def test_a_harbour_town_glued_or_inland_gets_its_harbours_tides(query: str, tz: str, lat: float,
                                                                       lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert _near(answer.arguments or {}, lat, lon, 6.0), (answer.arguments, answer.text)


@pytest.mark.parametrize(("query", "tz"), [
    ("松岛后天几点日落", "Asia/Shanghai"),
    ("松島聽日幾點潮漲", "Asia/Hong_Kong"),
])
async def test_a_kanji_name_japan_and_korea_share_is_asked_from_china(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "fallback", (answer.mode, answer.tool, answer.arguments, answer.text)
    assert "松島" in answer.text, answer.text


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("聽日赤柱幾時出太陽", "Asia/Hong_Kong", "2026-12-11"),
    ("大後日長洲太陽幾點出嚟", "Asia/Hong_Kong", "2026-12-13"),
    ("后天三亚几点出太阳", "Asia/Shanghai", "2026-12-12"),
])
async def test_the_sun_coming_out_at_an_hour_is_the_sunrise(query: str, tz: str, day: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", (answer.tool, answer.text)
    assert (answer.arguments or {}).get("date") == day, answer.arguments
    assert (answer.debug or {}).get("variant") == "sun_moon_only", answer.debug


async def test_the_sun_out_with_no_hour_is_still_the_weather() -> None:
    answer = await ask_router("聽日西貢會唔會出太陽", QT, "Asia/Hong_Kong")
    assert answer.tool == "weather.forecast", (answer.tool, answer.text)


@pytest.mark.parametrize(("query", "tz", "days"), [
    ("由今日起計三日 大澳天氣", "Asia/Hong_Kong", 3),
    ("聽日起計五日 西貢會唔會落雨", "Asia/Hong_Kong", 6),   # 12-11..12-15, counted from today's forecast day
    ("从今天算起三天 厦门会不会下雨", "Asia/Shanghai", 3),
])
async def test_days_counted_from_a_day_are_that_many_days(query: str, tz: str, days: int) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "weather.forecast", (answer.tool, answer.text)
    assert (answer.arguments or {}).get("forecastDays") == days, answer.arguments


@pytest.mark.parametrize(("query", "tz", "lat", "lon"), [
    ("明天去济州咸德沙滩 几点日出", "Asia/Shanghai", 33.543, 126.669),   # 咸德 read 鹹德 by the conversion
    ("郭支海边 后天日落几点", "Asia/Shanghai", 33.451, 126.305),
    ("梨湖海邊 聽日幾點日落", "Asia/Hong_Kong", 33.498, 126.452),
])
async def test_a_beach_answers_with_any_beach_word(query: str, tz: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", answer.text
    assert _near(answer.arguments or {}, lat, lon, 3.0), (answer.arguments, answer.text)


@pytest.mark.parametrize(("query", "tz", "tool"), [
    ("모레 여수 물 언제 빠져?", "Asia/Seoul", "tide.forecast"),
    ("내일 통영 물이 몇 시에 들어와", "Asia/Seoul", "tide.forecast"),
    ("後日大澳啲水幾時最淺", "Asia/Hong_Kong", "tide.forecast"),
    ("白浜の海って今何度？", "Asia/Tokyo", "ghrsst.bbox_mean"),
    ("강릉 바다 지금 몇 도야", "Asia/Seoul", "ghrsst.bbox_mean"),
])
async def test_the_water_going_out_or_its_degrees_in_the_askers_words(query: str, tz: str, tool: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode in ("mcp_tools", "fallback"), answer.text
    if answer.mode == "fallback":   # 白浜: Wakayama's or Okinawa's, asked which; still the sea's temperature
        assert "白濱" in answer.text, answer.text
        return
    assert answer.tool == tool, (answer.tool, answer.text)


async def test_falling_into_the_water_is_no_tide() -> None:
    answer = await ask_router("어제 바다에서 물에 빠졌어 부산 날씨", QT, "Asia/Seoul")
    assert answer.tool == "weather.forecast", (answer.tool, answer.text)


@pytest.mark.parametrize(("query", "tz"), [
    ("明天墾丁會下雨嗎 想去看日出", "Asia/Taipei"),
    ("聽日西貢會唔會落雨 想去影日落", "Asia/Hong_Kong"),
    ("내일 부산 비 와? 일몰 보러 가고 싶어", "Asia/Seoul"),
    ("明日の江ノ島 雨降る？夕日を見に行きたい", "Asia/Tokyo"),
])
async def test_the_weather_asked_for_a_sunset_trip_leads_with_the_weather(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "weather.forecast", (answer.tool, answer.text)


@pytest.mark.parametrize(("query", "day", "lat"), [
    ("元旦後龍潮汐", "2027-01-01", 24.6),
    ("冬至後龍日出幾點", "2026-12-22", 24.6),
])
async def test_a_named_day_before_a_place_beginning_with_after(query: str, day: str, lat: float) -> None:
    answer = await ask_router(query, QT, "Asia/Taipei")
    assert answer.tool == "tide.forecast", answer.text
    args = answer.arguments or {}
    assert args.get("date") == day and abs(float(args["latitude"]) - lat) < 0.1, args


@pytest.mark.parametrize(("query", "tz", "lat", "lon"), [
    ("伊良湖 あしたの日の出", "Asia/Tokyo", 34.58, 137.01),
    ("묵호항 모레 물때", "Asia/Seoul", 37.55, 129.12),
    ("동해시 모레 날씨", "Asia/Seoul", 37.54, 129.11),
    ("마산 모레 물때", "Asia/Seoul", 35.18, 128.58),   # Changwon's port, not GeoNames' "Masan" at Gwangju's point
    ("부안 모레 날씨", "Asia/Seoul", 35.73, 126.73),
    ("野島崎 あさっての日の出", "Asia/Tokyo", 34.89, 139.89),
    ("竜飛崎の風 あさって強い？", "Asia/Tokyo", 41.26, 140.34),
    ("觀音崎 後天滿潮", "Asia/Taipei", 35.25, 139.76),
])
async def test_a_cape_harbour_or_town_askers_at_home_name(query: str, tz: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", answer.text
    assert _near(answer.arguments or {}, lat, lon, 3.0), (answer.arguments, answer.text)


@pytest.mark.parametrize(("query", "tz"), [
    ("항해박명은 뭐야? 해 진 후에 어두워지는 거", "Asia/Seoul"),
    ("市民薄明ってなに？", "Asia/Tokyo"),
])
async def test_twilight_asked_in_korean_or_japanese_is_explained(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)   # the notes are read offline
    assert answer.mode == "explain" and answer.citations, answer.text


@pytest.mark.parametrize(("query", "tz", "first"), [
    ("부산 1월 월령 표로 출력하는 코드", "Asia/Seoul", "2027-01-01"),   # January asked in December: next year's
    ("那覇 1月の月齢を表にするPythonコード", "Asia/Tokyo", "2027-01-01"),
])
async def test_a_moon_age_table_program_for_a_month(query: str, tz: str, first: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)   # the program is written offline
    assert answer.mode == "code" and answer.reply is not None and answer.reply.code, answer.text
    assert first in answer.text, answer.text
