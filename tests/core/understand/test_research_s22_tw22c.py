"""Issue 26, session 22 (research askers, tuning set tw22c), through the real Router (local engine, no LLM):

* what a tide gauge measured, asked as a figure, is declined (the bot predicts, it observes nothing), while how
  observations and predictions differ stays an explanation;
* a tide's shape asked whether it is normal ("only one high tide a day, is that normal?") is the idea of
  diurnal and mixed tides, not a day's table;
* code asked in German (Skript), in R (ggplot) or through a webhook is code; Indonesian and Malay hemispheres
  (BT, BB, LU, LS) are coordinates; every day OF a month is the program's span, no schedule;
* explanations find their passages (civil twilight and the blue hour, a day without moonrise, the lunar day).
"""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2028-08-10T07:00:00"   # a Thursday morning in the asker's zone


@pytest.mark.parametrize(("query", "tz"), [
    ("高雄潮位站昨晚十點實測潮位多少", "Asia/Taipei"),
    ("花蓮港颱風那天實際水位是多少", "Asia/Taipei"),
    ("what was the observed water level at the Sydney gauge yesterday evening", "Australia/Sydney"),
    ("Honolulu tide gauge readings for last night?", "Pacific/Honolulu"),
])
async def test_a_gauge_observation_asked_as_a_figure_is_declined(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "fallback" and (answer.debug or {}).get("reason") == "no_such_data", answer.text


async def test_how_observations_differ_from_predictions_stays_an_explanation() -> None:
    answer = await ask_router("潮位站的觀測值和預報差在哪裡", QT, dry_run=False)
    assert answer.mode == "explain" and answer.citations, answer.text


@pytest.mark.parametrize(("query", "tz"), [
    ("台南安平有時一天只有一次乾潮 這樣正常嗎", "Asia/Taipei"),
    ("why does Manila sometimes show only one high tide, is that normal?", "Asia/Manila"),
    ("your tide table gives just one low tide at Da Nang, weird?", "Asia/Ho_Chi_Minh"),
])
async def test_a_tide_shape_asked_whether_normal_is_explained(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.mode == "explain" and answer.citations, answer.text


@pytest.mark.parametrize(("query", "tz"), [
    ("Schreib mir ein Skript für die Sonnenaufgänge in Hamburg nächste Woche", "Europe/Berlin"),
    ("could you redo this in R? sunset times in Reykjavik this month", "Atlantic/Reykjavik"),
    ("ggplot of the Keelung tides this week", "Asia/Taipei"),
    ("每天早上7點把淡水的潮汐丟到slack webhook", "Asia/Taipei"),
])
async def test_code_in_other_words_is_code(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.mode == "code", answer.text


@pytest.mark.parametrize(("query", "bbox"), [
    ("SST map (116-120BT, 4LS-2LU) yesterday", [116.0, -4.0, 120.0, 2.0]),
    ("suhu laut rata-rata 95-100 BT, 2 LU - 3 LS kemarin", [95.0, -3.0, 100.0, 2.0]),
])
async def test_indonesian_hemispheres_make_a_box(query: str, bbox: list[float]) -> None:
    answer = await ask_router(query, QT, "Asia/Jakarta")
    assert answer.tool == "ghrsst.bbox_mean" and (answer.arguments or {}).get("bbox") == bbox, answer.text


async def test_an_indonesian_point_is_read() -> None:
    answer = await ask_router("suhu laut di 5LS 110BT kemarin", QT, "Asia/Jakarta")
    args = answer.arguments or {}
    assert answer.tool == "ghrsst.point_value" and (args.get("latitude"), args.get("longitude")) == (-5.0, 110.0), answer.text


async def test_a_map_asked_in_indonesian_is_a_map_of_the_box() -> None:
    answer = await ask_router("buatkan kode python peta suhu permukaan laut di Selat Makassar (116-120BT, 4LS-2LU) kemarin",
                              QT, "Asia/Makassar", dry_run=False)
    assert answer.mode == "code" and "[116.0, -4.0, 120.0, 2.0]" in answer.text and "map" in answer.text, answer.text


@pytest.mark.parametrize(("query", "tz"), [
    ("script python: la temperatura del mar en Cozumel cada día de junio de 2028, guardada en un csv", "America/Cancun"),
    ("un script python qui imprime la marée à Brest chaque jour d'août", "Europe/Paris"),
    ("Python-Skript: Sonnenuntergang in Kiel jeden Tag im September als Tabelle", "Europe/Berlin"),
])
async def test_every_day_of_a_month_is_the_span_not_a_schedule(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.mode == "code" and "schedule" not in answer.text and "-01 to " in answer.text, answer.text


@pytest.mark.parametrize(("query", "tz", "said"), [
    ("Longyearbyen sunset today", "Europe/Oslo", "No sunset (midnight sun)"),
    ("Tromsø sunrise 2028-12-20", "Europe/Oslo", "No sunrise (polar night)"),
    ("朗伊爾城今天日落幾點", "Asia/Taipei", "太陽整天不落"),
])
async def test_a_day_without_sunrise_or_sunset_says_so(query: str, tz: str, said: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert said in answer.text, answer.text


@pytest.mark.parametrize(("query", "tz"), [
    ("會不會有颱風下禮拜來墾丁", "Asia/Taipei"),
    ("will a typhoon hit Okinawa next week?", "Asia/Tokyo"),
])
async def test_a_typhoon_to_come_is_declined(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "fallback" and (answer.debug or {}).get("reason") == "no_such_data", answer.text


@pytest.mark.parametrize(("query", "tz", "words"), [
    ("月出時間是查表還是算的", "Asia/Taipei", "Skyfield"),
    ("is your moonrise time from a table or calculated?", "Asia/Taipei", "Skyfield"),
    ("為什麼美國的滿月日期跟台灣差一天", "Asia/Taipei", "同時發生"),
    ("why does the full moon fall on a different day in Japan and in California?", "America/Los_Angeles", "one instant"),
    ("地中海為什麼幾乎沒有潮汐", "Asia/Taipei", "直布羅陀"),
    ("why are Mediterranean tides so small next to the Atlantic ones?", "Europe/Rome", "Gibraltar"),
    ("月亮為什麼每天大約晚一小時升起", "Asia/Taipei", "50"),
    ("the tide station is 20 km from my beach, does that matter?", "Australia/Sydney", "station"),
])
async def test_explanations_find_their_passage(query: str, tz: str, words: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.mode == "explain" and answer.citations and words in answer.text, answer.text


@pytest.mark.parametrize(("query", "tz"), [
    ("when do the Geminids peak and will the moon be a problem?", "Europe/London"),
    ("雙子座流星雨什麼時候最多", "Asia/Taipei"),
])
async def test_a_meteor_shower_is_explained(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.mode == "explain" and any("imo.net" in c.source for c in answer.citations), answer.text


async def test_the_moon_on_a_meteor_night_at_a_place_is_looked_up() -> None:
    answer = await ask_router("今晚合歡山看流星雨 月亮幾點升起", QT)
    assert answer.tool == "tide.forecast", answer.text


@pytest.mark.parametrize("query", [
    "python: daily MUR SST over the Kuroshio east of Taiwan (121.5-123.5E, 21.5-25.5N) last week to csv",
    "寫程式畫黑潮區域的海溫 (121-124E, 21-26N) 上週",
])
async def test_a_current_named_as_the_boxs_sea_is_no_current_asked(query: str) -> None:
    answer = await ask_router(query, QT, dry_run=False)
    assert answer.mode == "code" and answer.code and "Kuroshio" not in answer.text and "海流" not in answer.text, answer.text


async def test_a_current_asked_is_still_declined_in_code() -> None:
    answer = await ask_router("python code for Kuroshio current speed off Hualien", QT, dry_run=False)
    assert answer.mode == "code" and not answer.code, answer.text


async def test_a_png_asked_is_a_plot() -> None:
    answer = await ask_router("make me a moon-phase calendar png for October 2028 (code ok)", QT, dry_run=False)
    assert answer.mode == "code" and "moon.png" in answer.text, answer.text
