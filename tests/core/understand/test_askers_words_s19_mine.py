"""Issue 26, session 19: words askers in the Americas and on Taiwan's coast type, through the real Router (local
engine, no LLM; data tools planned, not called).

* Portuguese chat abbreviations (hj, amnh) are today and tomorrow; with an unaccented "mare" they ask the tide.
* A name written with a slip and a particle inside it ("rio de janiero") is the place, said back.
* "pescador"/"pêcheur" (a fisherman) in a sentence of its language is no place.
* Midnight and noon in Spanish, Portuguese, Italian and German make a conversion's clock; French "il est" is no EST.
* Taiwan's names with 子 typed with Hokkien's 仔 are the place; "going onto the rocks" (上磯) is no Japanese town.
* A trip's later span written first and today asked in its own clause: today.
* Explanations as users ask them: harmonic analysis "in short", 初一十五大流, king tides in an Australian summer.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2026-12-27T16:40:00"   # a Sunday late afternoon in the asker's zone


@pytest.mark.parametrize(("query", "tz", "tool", "day"), [
    ("mare em ubatuba hj", "America/Sao_Paulo", "tide.forecast", "2026-12-27"),
    ("mare alta em ilhabela amnh", "America/Sao_Paulo", "tide.forecast", "2026-12-28"),
    ("por do sol em fortaleza hj", "America/Fortaleza", "tide.forecast", "2026-12-27"),
])
async def test_portuguese_chat_abbreviations_are_today_and_tomorrow(query: str, tz: str, tool: str, day: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == tool, answer.text
    assert (answer.arguments or {}).get("date") == day, (answer.arguments, answer.text)


@pytest.mark.parametrize(("query", "tz", "lat"), [
    ("temperatura da agua no rio de janiero amanhã", "America/Sao_Paulo", -22.9),
    ("soy pescador en Mazatlán, ¿a qué hora sube la marea mañana?", "America/Mazatlan", 23.2),
    ("sou pescador em Paranaguá, maré alta hoje?", "America/Sao_Paulo", -25.5),
    ("je suis pêcheur à Saint-Malo, marée haute demain ?", "Europe/Paris", 48.6),
])
async def test_the_place_is_read_past_a_slip_or_the_askers_trade(query: str, tz: str, lat: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", answer.text
    args = answer.arguments or {}
    found = args.get("latitude", (args.get("bbox") or [0, 0, 0, 0])[1])
    assert abs(float(found) - lat) < 0.6, (args, answer.text)


@pytest.mark.parametrize(("query", "tz", "from_tz", "to_tz", "time"), [
    ("medianoche en Londres, ¿qué hora es en Santiago?", "America/Santiago", "Europe/London", "America/Santiago", "00:00"),
    ("quando for meio-dia em Tóquio, que horas são em Recife?", "America/Recife", "Asia/Tokyo", "America/Recife", "12:00"),
    ("a mezzanotte a Londra che ore sono a Sydney", "Europe/Rome", "Europe/London", "Australia/Sydney", "00:00"),
    ("il est minuit à Tokyo, quelle heure est-il à Montréal ?", "America/Toronto", "Asia/Tokyo", "America/Toronto", "00:00"),
])
async def test_midnight_and_noon_in_travellers_languages_make_a_conversion(
        query: str, tz: str, from_tz: str, to_tz: str, time: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "time.convert", answer.text
    args = answer.arguments or {}
    assert (args.get("from_tz"), args.get("to_tz"), args.get("time")) == (from_tz, to_tz, time), args


@pytest.mark.parametrize(("query", "lat"), [
    ("八斗仔 明仔載 幾點滿潮", 25.14),
    ("挖仔尾 今仔日退流幾點", 25.16),
    ("西仔灣 明天日落", 22.62),
    ("卯澳 等一下要上磯 現在漲還退", 25.02),
])
async def test_hokkien_spellings_and_rock_fishing_words_keep_the_taiwan_place(query: str, lat: float) -> None:
    answer = await ask_router(query, QT, "Asia/Taipei")
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert abs(float((answer.arguments or {})["latitude"]) - lat) < 0.1, (answer.arguments, answer.text)


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("heading to Kenting next week, how's the tide today", "Asia/Taipei", "2026-12-27"),
    ("下週去澎湖玩，今天馬公日落幾點？", "Asia/Taipei", "2026-12-27"),
    ("visiting Noosa next week - sunrise there today?", "Australia/Brisbane", "2026-12-27"),
])
async def test_today_asked_after_a_trips_later_week_is_today(query: str, tz: str, day: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert (answer.arguments or {}).get("date") == day, (answer.arguments, answer.text)


@pytest.mark.parametrize(("query", "tz", "says"), [
    ("調和分析簡單講在幹嘛", "Asia/Taipei", "調和分析"),
    ("阿公講初一十五大流，有影無？", "Asia/Taipei", "初一"),
    ("why are the king tides in summer in Australia?", "Australia/Brisbane", "solstice"),
    ("¿por qué el agua en Antofagasta es tan fría si está cerca del trópico?", "America/Santiago", "pwelling"),
])
async def test_explanations_as_users_ask_them(query: str, tz: str, says: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)   # the notes are local: no service is called
    assert answer.mode == "explain" and says in (answer.text or ""), (answer.mode, answer.text)


@pytest.mark.parametrize(("query", "tz", "from_tz", "to_tz"), [
    ("what time is it in Sydney when the ball drops in Times Square", "America/Chicago", "America/New_York",
     "Australia/Sydney"),
    ("when the Times Square ball drops what time is it in Auckland", "America/Denver", "America/New_York",
     "Pacific/Auckland"),
    ("when the ball drops, what time is it in Manila", "America/Los_Angeles", "America/New_York", "Asia/Manila"),
    ("¿a qué hora cae la bola de Times Square en hora de Bogotá?", "America/Bogota", "America/New_York",
     "America/Bogota"),
])
async def test_the_ball_drop_is_new_yorks_new_year_midnight(query: str, tz: str, from_tz: str, to_tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "time.convert", answer.text
    args = answer.arguments or {}
    assert (args.get("from_tz"), args.get("to_tz"), args.get("time"), args.get("date")) == (
        from_tz, to_tz, "00:00", "2027-01-01"), args


SUMMER = "2027-07-13T18:30:00"   # a Tuesday summer evening


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("初伏那天澎湖日落幾點", "Asia/Taipei", "2027-07-20"),
    ("中伏 高雄 滿潮", "Asia/Taipei", "2027-07-30"),
    ("末伏那天基隆幾點乾潮", "Asia/Taipei", "2027-08-09"),
    ("말복에 속초 일출 몇 시야", "Asia/Seoul", "2027-08-09"),
])
async def test_the_dog_days_are_counted_on_the_sexagenary_days(query: str, tz: str, day: str) -> None:
    answer = await ask_router(query, SUMMER, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert (answer.arguments or {}).get("date") == day, (answer.arguments, answer.text)


@pytest.mark.parametrize(("query", "says"), [
    ("後天會不會放颱風假", "停班停課"),
    ("墾丁海水浴場營業時間", "開放時間"),
])
async def test_what_an_office_or_a_beach_announces_is_declined_with_where_to_look(query: str, says: str) -> None:
    answer = await ask_router(query, SUMMER, "Asia/Taipei")
    assert answer.mode != "mcp_tools" and says in (answer.text or ""), (answer.mode, answer.text)


@pytest.mark.parametrize(("query", "tz"), [
    ("沙崙離岸流是什麼 會很危險嗎", "Asia/Taipei"),
    ("遇到裂流怎麼辦", "Asia/Taipei"),
    ("how do you spot a rip current at the beach", "Australia/Sydney"),
])
async def test_a_rip_current_is_explained_with_what_to_do(query: str, tz: str) -> None:
    answer = await ask_router(query, SUMMER, tz, dry_run=False)
    assert answer.mode == "explain" and any(w in (answer.text or "") for w in ("離岸流", "rip current")), answer.text


@pytest.mark.parametrize(("query", "tz", "says"), [
    ("Kathmandu vs Colombo time difference", "Asia/Taipei", "15 min behind"),
    ("阿德雷德跟台北差幾小時", "Asia/Taipei", "慢 1 小時 30 分"),
    ("how far ahead is Tokyo", "Asia/Taipei", "1 h ahead"),
])
async def test_a_difference_is_said_in_hours_and_minutes(query: str, tz: str, says: str) -> None:
    answer = await ask_router(query, SUMMER, tz, dry_run=False)   # time.convert is local: no service is called
    assert answer.tool == "time.convert" and says in (answer.text or ""), (answer.tool, answer.text)
