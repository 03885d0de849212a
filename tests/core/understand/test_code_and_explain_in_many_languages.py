"""Issue 26, session 17 (langs17): code requests and explanation questions from Europe, Africa and the Middle East in
the askers' own languages, and everyday questions in Persian, Swahili, Afrikaans and Nigerian Pidgin, through the real
Router (local engine, no LLM; data tools planned, not called).

* A code request (Python, کد, كود, קוד, κώδικα, kodu, msimbo, kode …) is code, and its variable, output, place and span
  are read (core/answers/code_ask.py, core/data/code_templates/compose.yaml).
* An explanation question (why two tides a day, what a spring tide is, how MUR SST is made) is explained from the
  notes, never a data tool or an ask.
* Persian towns are read in their own script (the Arabic-script rule for IR and AF), and Persian, Swahili, Afrikaans
  and Pidgin tide, sun, weather, rain and time words with their days.
"""
from __future__ import annotations

import re
from datetime import date

import pytest

from core.answers.code_ask import read_code_ask
from core.answers.codegen import is_code_request
from router_ask import ask_router

QT = "2026-12-10T12:20:00"   # a Thursday lunchtime in the asker's zone
_POINT = re.compile(r"\((-?\d+(?:\.\d+)?), (-?\d+(?:\.\d+)?)\)")


@pytest.mark.parametrize(("query", "variable", "output"), [
    ("Skriv ett Python-skript som sparar solnedgången i Malmö som CSV", "sun", "csv"),
    ("Γράψε κώδικα Python που τυπώνει την παλίρροια στη Ρόδο", "tide", "print"),
    ("Kalamış için deniz suyu sıcaklığını çizen Python kodu yaz", "sst", "plot"),
    ("Python kodu: Mersin'de yağmur için saatlik tablo", "weather", "table"),   # yağmur: rain, not MUR SST
    ("اكتب كود بايثون يرسم المد والجزر في مسقط", "tide", "plot"),
    ("عايز كود بايثون يطبع مواعيد الشروق في الغردقة", "sun", "print"),
    ("3ayez code python yersem el mad wel gazr fe Hurghada", "tide", "plot"),
    ("קוד פייתון ששומר את זמני הזריחה באילת לקובץ CSV", "sun", "csv"),
    ("کد پایتون بنویس که دمای سطح دریا در کیش را رسم کند", "sst", "plot"),
    ("Niandikie msimbo wa Python wa kuchora maji kujaa Lamu", "tide", "plot"),
    ("Skryf Python-kode wat die seetemperatuur by Hermanus as CSV stoor", "sst", "csv"),
    ("Abeg write Python code wey go print sun go set time for Calabar", "sun", "print"),
    ("Escribe un programa en Python que grafique la anomalía de temperatura del mar en Vigo", "sst_anomaly", "plot"),
    ("Code Python pour afficher les couchers de soleil à Biarritz", "sun", "print"),
])
def test_a_code_request_in_the_askers_language_is_read(query: str, variable: str, output: str) -> None:
    assert is_code_request(query), query
    ask = read_code_ask(query, {"today": "2026-12-10"})
    assert (ask.variable, ask.output) == (variable, output), (ask.variable, ask.output)


@pytest.mark.parametrize(("query", "month"), [
    ("Python-skript som sparar solnedgången i Luleå som CSV för nästa månad", 1),
    ("כתוב קוד פייתון ששומר את השקיעה בחיפה לקובץ CSV לחודש הבא", 1),
    ("Andika script ya Python inayochapisha machweo Mombasa kwa mwezi huu", 12),
    ("کد پایتون برای ذخیره غروب آفتاب بوشهر در CSV برای ماه آینده", 1),
])
def test_a_month_named_in_the_askers_language_is_the_programs_span(query: str, month: int) -> None:
    ask = read_code_ask(query, {"today": "2026-12-10"})
    year = 2027 if month == 1 else 2026
    assert (ask.start, ask.end) == (date(year, month, 1), date(year, month, 31)), (ask.start, ask.end)


@pytest.mark.parametrize(("query", "tz", "lat", "lon", "start"), [
    ("یک کد پایتون بنویس که جزر و مد بوشهر را برای هفته آینده رسم کند", "Asia/Tehran", 28.97, 50.84, "2026-12-14"),
    ("Niandikie code ya Python ya kuchora maji kujaa na kupwa Tanga wiki ijayo", "Africa/Dar_es_Salaam", -5.07, 39.10, "2026-12-14"),
    ("Skryf Python-kode wat die gety in Knysna vir volgende week plot", "Africa/Johannesburg", -34.04, 23.05, "2026-12-14"),
    ("اكتب كود بايثون لرسم المد والجزر في بورسعيد للأسبوع القادم", "Africa/Cairo", 31.26, 32.30, "2026-12-14"),
    ("İzmir için gelecek hafta gelgit grafiği çizen bir Python kodu yaz", "Europe/Istanbul", 38.42, 27.14, "2026-12-14"),
    ("Γράψε κώδικα Python που σχεδιάζει την παλίρροια στον Πειραιά για την επόμενη εβδομάδα", "Europe/Athens", 37.94, 23.65,
     "2026-12-14"),
    ("קוד פייתון שמצייר גרף של הגאות והשפל בתל אביב", "Asia/Jerusalem", 32.08, 34.78, ""),
])
async def test_a_code_request_through_the_router_is_code_for_that_place_and_week(query: str, tz: str, lat: float, lon: float,
                                                                                  start: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.mode == "code", (answer.mode, answer.tool, answer.text)
    point = _POINT.search(answer.text)
    assert point and abs(float(point.group(1)) - lon) < 0.3 and abs(float(point.group(2)) - lat) < 0.3, answer.text
    assert start in answer.text, answer.text


@pytest.mark.parametrize(("query", "tz"), [
    ("Hvorfor varierer tidevannet med månen?", "Europe/Oslo"),
    ("Vad är nipflod?", "Europe/Stockholm"),
    ("Wie entsteht eine Nipptide?", "Europe/Berlin"),
    ("Τι είναι η άμπωτη;", "Europe/Athens"),
    ("Gelgit neden olur?", "Europe/Istanbul"),
    ("ليش يصير المد والجزر؟", "Asia/Kuwait"),
    ("يعني ايه المد الربيعي؟", "Africa/Cairo"),
    ("leh el mad w gazr marteen fel yoom?", "Africa/Cairo"),
    ("למה יש גאות ושפל?", "Asia/Jerusalem"),
    ("چرا جزر و مد اتفاق می‌افتد؟", "Asia/Tehran"),
    ("Maji kujaa na kupwa ni nini?", "Africa/Nairobi"),
    ("Wat beteken springgety?", "Africa/Johannesburg"),
    ("Wetin dey cause tide?", "Africa/Lagos"),
    ("Hoe wordt MUR SST gemaakt?", "Europe/Amsterdam"),
])
async def test_an_explanation_question_in_the_askers_language_is_explained(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.mode == "explain" and answer.citations, (answer.mode, answer.tool, answer.text)


@pytest.mark.parametrize(("query", "tz", "tool", "lat", "lon", "day"), [
    ("جزر و مد بوشهر پس فردا", "Asia/Tehran", "tide.forecast", 28.97, 50.84, "2026-12-12"),
    ("طلوع آفتاب مشهد فردا", "Asia/Tehran", "tide.forecast", 36.30, 59.61, "2026-12-11"),
    ("Maji kujaa Tanga Jumapili", "Africa/Dar_es_Salaam", "tide.forecast", -5.07, 39.10, "2026-12-13"),
    ("Machweo Malindi leo saa ngapi?", "Africa/Nairobi", "tide.forecast", -3.22, 40.12, "2026-12-10"),
    ("Gety by Knysna oormôre", "Africa/Johannesburg", "tide.forecast", -34.04, 23.05, "2026-12-12"),
    ("Sonsondergang in Kaapstad Sondag", "Africa/Johannesburg", "tide.forecast", -33.92, 18.42, "2026-12-13"),
    ("Sun go set what time for Lagos tomorrow?", "Africa/Lagos", "tide.forecast", 6.45, 3.39, "2026-12-11"),
])
async def test_an_everyday_question_is_read_with_its_place_and_day(query: str, tz: str, tool: str, lat: float, lon: float,
                                                                    day: str) -> None:
    answer = await ask_router(query, QT, tz)
    args = answer.arguments or {}
    assert answer.tool == tool, (answer.mode, answer.tool, answer.text)
    assert abs(float(args["latitude"]) - lat) < 0.3 and abs(float(args["longitude"]) - lon) < 0.3, args
    assert args.get("date") == day, args


@pytest.mark.parametrize(("query", "tz", "lat", "lon", "days"), [
    ("باران در رشت شنبه", "Asia/Tehran", 37.28, 49.58, 3),
    ("هوای هرات امروز", "Asia/Kabul", 34.35, 62.20, 1),
    ("Hali ya hewa Mombasa keshokutwa", "Africa/Nairobi", -4.04, 39.67, 3),
    ("Gaan dit Vrydag in Durban reën?", "Africa/Johannesburg", -29.86, 31.02, 2),
    ("Rain go fall for Ibadan on Sunday?", "Africa/Lagos", 7.38, 3.90, 4),
])
async def test_the_weather_asked_in_the_askers_language_is_that_places_forecast(query: str, tz: str, lat: float, lon: float,
                                                                                 days: int) -> None:
    answer = await ask_router(query, QT, tz)
    args = answer.arguments or {}
    assert answer.tool == "weather.forecast", (answer.mode, answer.tool, answer.text)
    assert abs(float(args["latitude"]) - lat) < 0.3 and abs(float(args["longitude"]) - lon) < 0.3, args
    assert args.get("forecastDays") == days, args


@pytest.mark.parametrize(("query", "tz", "zone"), [
    ("الان ساعت چند است در کابل؟", "Asia/Tehran", "Asia/Kabul"),
    ("Ni saa ngapi sasa Kampala?", "Africa/Nairobi", "Africa/Kampala"),
    ("Hoe laat is dit nou in Windhoek?", "Africa/Johannesburg", "Africa/Windhoek"),
    ("Wetin be the time for London now?", "Africa/Lagos", "Europe/London"),
])
async def test_the_time_now_asked_in_the_askers_language_is_that_places(query: str, tz: str, zone: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "time.now", (answer.mode, answer.tool, answer.text)
    assert zone in answer.text, answer.text


@pytest.mark.parametrize(("query", "tz", "tool"), [
    ("Hva er klokka i Tromsø nå?", "Europe/Oslo", "time.now"),
    ("Vad är klockan i Göteborg?", "Europe/Stockholm", "time.now"),
    ("Hva er sjøtemperaturen i Bergen?", "Europe/Oslo", "ghrsst.bbox_mean"),
    ("Wetin be sea temperature for Lagos?", "Africa/Lagos", "ghrsst.bbox_mean"),
    ("ezay el gaw bokra fe Alexandria?", "Africa/Cairo", "weather.forecast"),
    ("الجو في دبي بكرا", "Asia/Dubai", "weather.forecast"),
])
async def test_what_is_a_figure_at_a_place_is_that_figure_not_an_explanation(query: str, tz: str, tool: str) -> None:
    # "hva er", "vad är", "wetin be" (what is) open an idea only with no figure at a place asked, as "what is" does
    answer = await ask_router(query, QT, tz)
    assert answer.tool == tool, (answer.mode, answer.tool, answer.text)
