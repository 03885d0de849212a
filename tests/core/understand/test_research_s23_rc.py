"""Issue 26, session 23 (research askers, tuning set tw23c), through the real Router (local engine, no LLM), with
the helper's own wordings of each class:

* a program honours the whole ask: every point or place of a list (a function too is called for each), the latest
  day, a year ended by a full stop, no school "Year 9" read as a year, the output asked in Chinese or Japanese
  (做成表, マップ), R named in Chinese (用R), the other data asked beside the one read named as left out;
* data the bot lacks is declined in a program's words too (tidal streams, Seegang, la houle), and a place written
  that the gazetteer does not know is asked back, not swapped for the asker's home city;
* a data question asking the chat to send its answer by mail or on a schedule says first that it cannot, and what can;
* a PM2.5 or air-quality forecast is declined, not answered with the weather;
* questions about the bot's own figures (precipitation's units, tide heights for navigation, the clock of a foreign
  port's times, the weather codes) and new topics (the earliest sunrise, a leap month, an inland point) are explained
  from a passage on them, and salinity measured by a CTD finds no passage passed off as the answer.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2028-06-19T07:40:00"   # a Monday morning on the asker's clock


async def _code(query: str, tz: str) -> str:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.mode == "code", (answer.mode, answer.tool, answer.text)
    return answer.text


@pytest.mark.parametrize(("query", "tz", "says"), [
    ("python: daily SST at (21.5N,120.0E), (23.0N,119.5E) and (24.5N,122.0E) for last week, csv", "Asia/Taipei",
     ["(120.0, 21.5)", "(119.5, 23.0)", "(122.0, 24.5)"]),
    ("write a function returning tomorrow's rain for Bergen, Stavanger and Trondheim", "Europe/Oslo",
     ["Bergen", "Stavanger", "Trondheim", "called for each place"]),
    ("Schreib eine Funktion, die für Husum und Büsum die Gezeiten von morgen liefert", "Europe/Berlin",
     ["Husum", "Büsum", "get_tide"]),
])
async def test_every_point_or_place_of_a_list_is_in_the_program(query: str, tz: str, says: list[str]) -> None:
    text = await _code(query, tz)
    assert all(word in text for word in says), text


@pytest.mark.parametrize(("query", "tz", "period"), [
    ("python to print the most recent SST at Penghu and Kinmen", "Asia/Taipei", "on 2028-06-18"),
    ("寫程式印出澎湖最新的海溫", "Asia/Taipei", "2028-06-18 的"),
    ("code for a csv of sunrise times at Brest for all of 2027.", "Europe/Paris", "2027-01-01 to 2027-12-31"),
    ("for my Year 9 class, a python script printing today's tides at Rottnest Island", "Australia/Perth", "on 2028-06-19"),
])
async def test_the_days_a_program_reads_are_the_ones_asked(query: str, tz: str, period: str) -> None:
    assert period in await _code(query, tz)


@pytest.mark.parametrize(("query", "tz", "says"), [
    ("寫程式把高雄港下個月的滿乾潮做成表", "Asia/Taipei", "印成表格"),
    ("沖縄周辺（126-129E, 24-28N）の海面水温のマップを描くPythonコード", "Asia/Tokyo", "畫成地圖"),
    ("用R畫基隆這週的潮汐", "Asia/Taipei", "我只寫 Python"),
    ("Python-Code für die Niedrigwasserzeiten in Büsum morgen", "Europe/Berlin", "high and low tides"),
    ("python: a table of the moonrise and the high tides at Darwin next week", "Australia/Darwin",
     "need a program of their own"),
    ("python: sunrise and SST at Penghu for last week, as csv", "Asia/Taipei", "sunrise and sunset need a program"),
])
async def test_a_program_says_what_it_does_of_all_that_was_asked(query: str, tz: str, says: str) -> None:
    assert says in await _code(query, tz)


@pytest.mark.parametrize(("query", "tz"), [
    ("python script for the tidal streams and currents in the Solent", "Europe/London"),
    ("Skript für Wellenhöhe und Seegang vor Sylt bitte", "Europe/Berlin"),
    ("un script pour télécharger la houle à Hossegor", "Europe/Paris"),
])
async def test_a_program_of_data_the_bot_lacks_is_declined(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.mode == "code" and not answer.code, answer.text
    assert "cannot write a program" in answer.text


@pytest.mark.parametrize(("query", "tz", "word"), [
    ("python script for the SST in Blorpington Bay yesterday", "Europe/London", "Blorpington"),
    ("Skript für die Wassertemperatur in der Glimmerner Bucht gestern", "Europe/Berlin", "Glimmerner"),
])
async def test_a_program_for_a_place_nobody_knows_asks_where(query: str, tz: str, word: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "fallback" and word in answer.text, answer.text


@pytest.mark.parametrize("query", [
    "write a python function returning MUR SST in Fahrenheit",
    "give me a python script that prints tomorrow's tides in JSON",
    "code to plot sunrise times in Matplotlib with a nice style",
])
async def test_a_unit_format_or_library_after_in_is_no_place_asked_back(query: str) -> None:
    answer = await ask_router(query, QT, "Europe/London", dry_run=False)
    assert answer.mode == "code" and answer.code, answer.text


@pytest.mark.parametrize(("query", "says"), [
    ("text me the Keelung tides every Sunday", "I can't post to a chat app"),
    ("每週一早上自動寄基隆的潮汐給我", "我沒辦法從這裡寄電子郵件"),
])
async def test_a_sending_asked_of_the_chat_is_said_not_done(query: str, says: str) -> None:
    answer = await ask_router(query, QT, "Asia/Taipei", dry_run=False)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert answer.text.startswith(says) or says in answer.text.split("\n")[1], answer.text


@pytest.mark.parametrize(("query", "tz"), [
    ("AQI forecast for Bangkok tomorrow", "Asia/Bangkok"),
    ("台中明天的空氣品質預報", "Asia/Taipei"),
    ("smog forecast for Lahore this weekend", "Asia/Karachi"),
])
async def test_an_air_quality_forecast_is_declined_not_the_weather(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "fallback" and (answer.debug or {}).get("reason") == "no_such_data", answer.text


@pytest.mark.parametrize(("query", "tz", "title"), [
    ("is the rain in your forecast mm per day or per hour?", "America/Toronto", "precipitation"),
    ("what does weather code 95 mean in your forecast?", "Asia/Singapore", "WMO"),
    ("can I navigate a harbour entrance with these tide heights?", "America/New_York", "reference only"),
    ("Les heures de marée que vous donnez, c'est l'heure locale du port ?", "Europe/Paris", "local time"),
    ("why is the latest sunset after the summer solstice?", "America/New_York", "earliest sunrise"),
    ("為什麼夏至那天不是日出最早的一天", "Asia/Taipei", "最早的日出"),
    ("閏月的時候初一十五還是大潮嗎", "Asia/Taipei", "閏月"),
    ("why does my inland town show no tide?", "America/Denver", "inland"),
])
async def test_a_question_about_the_bots_figures_or_a_new_topic_is_explained(query: str, tz: str, title: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.mode == "explain" and answer.citations, (answer.mode, answer.tool, answer.text)
    assert title in answer.citations[0].title, answer.citations[0].title


async def test_salinity_measured_is_no_passage_passed_off() -> None:
    answer = await ask_router("explain how a CTD measures salinity", QT, "America/New_York", dry_run=False)
    assert answer.mode == "explain" and not answer.citations, answer.text
