"""Issue 26: travellers and locals in Europe and Australia/New Zealand write the tide, weather and day
words in their own language or slang ("Niedrigwasser", "marée basse", "pleamar", "maré baixa", "this
arvo"), and the bot asked what they wanted or read another day. Asked through the real Router: the
tool, the place and the day understood. Short words stay whole words (no "mar" inside "marée", no
"morgen" inside "übermorgen", no Sunday inside "Santo Domingo"), and English questions where such a
word means something else keep their reading."""
from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from core.understand.dates import mentions_now, parse_date
from core.understand.signals import detect_signals
from router_ask import ask_router

# A Wednesday: Saturday is the 28th, Sunday the 29th, Monday the 30th.
QT = "2026-11-25T09:00:00"
WED = date(2026, 11, 25)


@pytest.mark.parametrize(("query", "tz", "tool", "lat", "lon", "day", "days"), [
    # German
    ("Um wie viel Uhr ist morgen Niedrigwasser in Büsum?", "Europe/Berlin", "tide.forecast", 54.13, 8.86, "2026-11-26", 1),
    ("Hochwasserzeiten Husum Samstag", "Europe/Berlin", "tide.forecast", 54.49, 9.05, "2026-11-28", 1),
    ("Ebbe und Flut auf Helgoland übermorgen", "Europe/Berlin", "tide.forecast", 54.18, 7.89, "2026-11-27", 1),
    ("Gezeiten Borkum am Wochenende", "Europe/Berlin", "tide.forecast", 53.58, 6.69, "2026-11-28", 2),
    ("Tide Cuxhaven nächste Woche", "Europe/Berlin", "tide.week", 53.87, 8.69, "2026-11-30", 7),   # a week's table
    ("guten Morgen! Wann ist Flut in Norderney, morgen?", "Europe/Berlin", "tide.forecast", 53.71, 7.15, "2026-11-26", 1),
    ("Hochwaser Norderney morgen", "Europe/Berlin", "tide.forecast", 53.71, 7.15, "2026-11-26", 1),
    # Dutch
    ("wanneer is het hoogwater in Harlingen vanavond", "Europe/Amsterdam", "tide.forecast", 53.17, 5.42, "2026-11-25", 1),
    ("laagwater Den Helder donderdag", "Europe/Amsterdam", "tide.forecast", 52.96, 4.76, "2026-11-26", 1),
    ("wadlopen bij Harlingen op zaterdag?", "Europe/Amsterdam", "tide.forecast", 53.17, 5.42, "2026-11-28", 1),
    ("eb en vloed Vlissingen overmorgen", "Europe/Amsterdam", "tide.forecast", 51.44, 3.57, "2026-11-27", 1),
    # French
    ("à quelle heure est la pleine mer à Granville dimanche ?", "Europe/Paris", "tide.forecast", 48.84, -1.60, "2026-11-29", 1),
    ("horaires des marées Cancale demain matin", "Europe/Paris", "tide.forecast", 48.68, -1.85, "2026-11-26", 1),
    ("basse mer Arcachon après-demain", "Europe/Paris", "tide.forecast", 44.66, -1.17, "2026-11-27", 1),
    ("coucher de soleil à Biarritz samedi", "Europe/Paris", "tide.forecast", 43.48, -1.56, "2026-11-28", 1),
    # Spanish
    ("¿a qué hora es la bajamar en Santander el viernes?", "Europe/Madrid", "tide.forecast", 43.47, -3.80, "2026-11-27", 1),
    ("marea baja Vigo pasado mañana", "Europe/Madrid", "tide.forecast", 42.23, -8.72, "2026-11-27", 1),
    ("puesta del sol en Tarifa hoy", "Europe/Madrid", "tide.forecast", 36.01, -5.61, "2026-11-25", 1),
    # Portuguese
    ("maré alta em Peniche no sábado", "Europe/Lisbon", "tide.forecast", 39.36, -9.38, "2026-11-28", 1),
    ("a que horas é a baixa-mar na Ericeira amanhã", "Europe/Lisbon", "tide.forecast", 38.96, -9.42, "2026-11-26", 1),
    # Australia and New Zealand
    ("pls mate what time's high tide at manly tomoz", "Australia/Sydney", "tide.forecast", -33.80, 151.30, "2026-11-26", 1),
    ("howzit, low tide raglan this arvo?", "Pacific/Auckland", "tide.forecast", -37.80, 174.87, "2026-11-25", 1),
    # a name inside a day or data phrase is no place: "Tarde" (Taranto), "feira" (Feira de Santana), "Luna"
    # (the Philippines), "Pôr do Sol" (Brazil) are the words, the place is the one beside them
    ("bajamar en Vigo esta Tarde", "Europe/Madrid", "tide.forecast", 42.23, -8.72, "2026-11-25", 1),
    ("maré baixa em Peniche quinta feira", "Europe/Lisbon", "tide.forecast", 39.36, -9.38, "2026-11-26", 1),
    ("Luna llena en Cádiz", "Europe/Madrid", "tide.forecast", 36.53, -6.29, "2026-11-25", 1),
    ("Pôr do Sol em Sagres amanhã", "Europe/Lisbon", "tide.forecast", 37.01, -8.94, "2026-11-26", 1),
    # the sun going down as the verb says it
    ("Wann geht übermorgen in Büsum die Sonne unter?", "Europe/Berlin", "tide.forecast", 54.13, 8.86, "2026-11-27", 1),
])
async def test_a_tide_or_sun_question_in_a_travellers_words_is_answered(
        query: str, tz: str, tool: str, lat: float, lon: float, day: str, days: int) -> None:
    answer = await ask_router(query, QT, tz)
    args = answer.arguments or {}
    assert answer.tool == tool, (query, answer.debug, answer.text)
    assert abs(args["latitude"] - lat) < 0.15 and abs(args["longitude"] - lon) < 0.15, (query, args)
    assert args["date"] == day, (query, args)
    assert int((answer.debug or {}).get("days") or 1) == days, (query, answer.debug)


@pytest.mark.parametrize(("query", "tz", "tool", "lat", "lon"), [
    ("Wie wird das Wetter in Kiel morgen Abend?", "Europe/Berlin", "weather.forecast", 54.32, 10.13),
    ("regnet es Sonntag in Warnemünde", "Europe/Berlin", "weather.forecast", 54.18, 12.08),
    ("Wassertemperatur Warnemünde heute", "Europe/Berlin", "ghrsst.bbox_mean", 54.18, 12.08),
    ("gaat het regenen in Zandvoort morgenmiddag", "Europe/Amsterdam", "weather.forecast", 52.37, 4.53),
    ("météo Brest ce week-end", "Europe/Paris", "weather.forecast", 48.39, -4.49),
    ("du vent à Biarritz demain ?", "Europe/Paris", "weather.forecast", 43.48, -1.56),
    ("¿va a haber lluvia en Málaga el domingo?", "Europe/Madrid", "weather.forecast", 36.72, -4.42),
    ("temperatura del agua en Santander hoy", "Europe/Madrid", "ghrsst.bbox_mean", 43.47, -3.80),
    ("vai chover no Porto na sexta-feira?", "Europe/Lisbon", "weather.forecast", 41.15, -8.61),
    ("vento forte na Ericeira amanhã", "Europe/Lisbon", "weather.forecast", 38.96, -9.42),
    ("reckon it'll storm in brisbane tmrw arvo?", "Australia/Brisbane", "weather.forecast", -27.47, 153.03),
    ("gonna be a scorcher in perth rn?", "Australia/Perth", "weather.forecast", -31.95, 115.86),
    ("is it gonna bucket down in Wellington this arvo", "Pacific/Auckland", "weather.forecast", -41.29, 174.78),
    ("Wie kalt ist das Wasser in Warnemünde?", "Europe/Berlin", "ghrsst.bbox_mean", 54.18, 12.08),  # the sea's, not the air's
    ("como vai estar o tempo em Cascais no domingo", "Europe/Lisbon", "weather.forecast", 38.70, -9.42),
])
async def test_a_weather_or_sea_temperature_question_in_a_travellers_words_is_answered(
        query: str, tz: str, tool: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    args = answer.arguments or {}
    assert answer.tool == tool, (query, answer.debug, answer.text)
    if "bbox" in args:
        lat_got, lon_got = (args["bbox"][1] + args["bbox"][3]) / 2, (args["bbox"][0] + args["bbox"][2]) / 2
    else:
        lat_got, lon_got = args["latitude"], args["longitude"]
    assert abs(lat_got - lat) < 0.3 and abs(lon_got - lon) < 0.3, (query, args)


def _day(text: str, tz: str = "Europe/Berlin") -> tuple[date, int] | None:
    hint = parse_date(text, datetime(2026, 11, 25, 9, tzinfo=ZoneInfo(tz)))
    return None if hint is None else (hint.day, hint.days)


@pytest.mark.parametrize(("text", "day", "days"), [
    ("Tide übermorgen", date(2026, 11, 27), 1),             # not the "morgen" inside it
    ("heute Morgen Hochwasser", WED, 1),                      # this morning, not tomorrow
    ("Guten Morgen, Ebbe morgen?", date(2026, 11, 26), 1),    # a greeting is no day
    ("Wetter von Freitag bis Sonntag", date(2026, 11, 27), 3),
    ("du samedi au lundi", date(2026, 11, 28), 3),
    ("de sábado a lunes", date(2026, 11, 28), 3),
    ("hoogwater zaterdag en zondag", date(2026, 11, 28), 2),
    ("marée demain soir", date(2026, 11, 26), 1),
    ("a las 7 de la mañana", WED, 1),                          # in the morning, not tomorrow
    ("mañana por la mañana", date(2026, 11, 26), 1),
    ("maré amanhã de manhã", date(2026, 11, 26), 1),
    ("la semaine prochaine", date(2026, 11, 30), 7),
    ("el fin de semana", date(2026, 11, 28), 2),
    ("Hochwasser am 29.11.", date(2026, 11, 29), 1),        # dates written day first
    ("Ebbe 3.12.2026", date(2026, 12, 3), 1),
    ("Gezeiten am 4. Dezember", date(2026, 12, 4), 1),
    ("marée basse le 6 décembre", date(2026, 12, 6), 1),
    ("pleamar el 2 de diciembre", date(2026, 12, 2), 1),
    ("maré alta 30 de novembro", date(2026, 11, 30), 1),
    ("low tide 29/11", date(2026, 11, 29), 1),              # 29 cannot be a month: day/month
    ("Wetter die nächsten 3 Tage", WED, 3),                # counts of days, and days counted from today
    ("météo les 5 prochains jours", WED, 5),
    ("a previsão dos próximos dias", WED, 3),               # a few: "dos" is "of the" here, not two
    ("Hochwasser in 3 Tagen", date(2026, 11, 28), 1),
    ("marea alta en 2 días", date(2026, 11, 27), 1),
    ("tides this arvo", WED, 1),
    ("tides 2moz", date(2026, 11, 26), 1),
])
def test_day_words_of_other_languages_are_read_whole(text: str, day: date, days: int) -> None:
    assert _day(text) == (day, days)


@pytest.mark.parametrize("text", [
    "Wetter hier",                 # German "hier" is "here", not French "yesterday"
    "segunda maré alta",           # "segunda" alone is "second", not Monday
    "Hochwasser Büsum",
    "sunday roast recipes",        # not a day word of another language at all: no abroad word found
    "SST at 121.5 24.5.",          # a coordinate at the end of a sentence is no 24 May
])
def test_words_that_only_look_like_day_words_name_no_other_day(text: str) -> None:
    found = _day(text)
    assert found is None or text.startswith("sunday"), (text, found)


@pytest.mark.parametrize(("text", "group"), [
    ("marée basse", "tide"), ("MARÉE HAUTE à Dieppe", "tide"), ("hoogwater", "tide"), ("eb", "tide"),
    ("Flut", "tide"), ("pleamar", "tide"), ("Wetter", "weather"), ("storm", "weather"), ("Mond", "astro"),
    ("Wassertemperatur", "sst"),
])
def test_a_travellers_word_is_found(text: str, group: str) -> None:
    assert detect_signals(text)[group], text


@pytest.mark.parametrize(("text", "group"), [
    ("marmalade tomorrow", "tide"),          # no "mar" or "marea" inside other words
    ("ebbets field", "tide"), ("a flute recital", "tide"), ("the regency era", "weather"),
    ("mondays", "astro"), ("maandag", "astro"), ("weerd", "weather"), ("hoya", "tide"),
    ("the storm surge", "weather"),           # the sea's surge is a phenomenon, not a weather forecast
    ("kia orange", "greeting"),
])
def test_a_short_travellers_word_does_not_fire_inside_another(text: str, group: str) -> None:
    assert not detect_signals(text)[group], text


@pytest.mark.parametrize(("query", "tz", "not_tool"), [
    ("tides Santo Domingo today", "America/Santo_Domingo", None),          # "Domingo" is no Sunday there
    ("storm surge in Brisbane tomorrow", "Australia/Brisbane", "weather.forecast"),
    ("Kenting area tomorrow", "Asia/Taipei", "tide.forecast"),             # "area" is no misspelt "marea"
    ("the region near Keelung tomorrow", "Asia/Taipei", "weather.forecast"),   # nor "region" "regen"
])
async def test_english_words_that_look_like_a_travellers_keep_their_meaning(query: str, tz: str,
                                                                            not_tool: str | None) -> None:
    answer = await ask_router(query, QT, tz)
    if not_tool is None:
        assert (answer.arguments or {}).get("date") == "2026-11-25", (query, answer.arguments)
    else:
        assert answer.tool != not_tool, (query, answer.debug)


@pytest.mark.parametrize(("query", "tz"), [
    ("Hochwasser Büsum nächsten Monat", "Europe/Berlin"), ("Gezeiten Husum den ganzen Monat", "Europe/Berlin"),
    ("marées Dieppe pendant les vacances", "Europe/Paris"), ("pleamar Vigo el mes que viene", "Europe/Madrid"),
])
async def test_a_span_in_another_language_not_understood_is_asked_back_not_read_as_today(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool is None and (answer.debug or {}).get("reason") == "ask_back", (answer.debug, answer.text)


async def test_a_misspelt_travellers_word_is_corrected_and_said() -> None:
    answer = await ask_router("Niedrigwaser Cuxhaven heute", QT, "Europe/Berlin")
    assert answer.tool == "tide.forecast", (answer.debug, answer.text)


@pytest.mark.parametrize(("text", "now"), [
    ("what's the swell doing rn", True), ("Hochwasser Büsum jetzt", True), ("marée en ce moment", True),
    ("return of the tide", False), ("ahoy there", False), ("the Kuroshio current", False),
])
def test_now_in_chat_and_travellers_words(text: str, now: bool) -> None:
    assert mentions_now(text) is now


@pytest.mark.parametrize("query", ["¿qué tiempo hace en Valencia mañana?", "quel temps fera-t-il à Nantes samedi ?"])
async def test_spanish_marks_and_french_inversions_ask_nothing_more(query: str) -> None:
    answer = await ask_router(query, QT, "Europe/Madrid")
    assert answer.tool == "weather.forecast", (answer.debug, answer.text)


@pytest.mark.parametrize(("query", "tz", "lat", "lon"), [
    ("marée basse à granville demain", "Europe/Paris", 48.84, -1.60),      # a place in lower case after à, en, em
    ("pleamar en santander mañana", "Europe/Madrid", 43.47, -3.80),
    ("baixa-mar em peniche amanhã", "Europe/Lisbon", 39.36, -9.38),
    ("bajamar vigo el sábado", "Europe/Madrid", 42.23, -8.72),             # beside the intent and day words alone
])
async def test_a_place_in_lower_case_beside_a_travellers_words_is_the_place(query: str, tz: str, lat: float,
                                                                            lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    args = answer.arguments or {}
    assert answer.tool == "tide.forecast", (query, answer.debug, answer.text)
    assert abs(args["latitude"] - lat) < 0.15 and abs(args["longitude"] - lon) < 0.15, (query, args)


@pytest.mark.parametrize(("query", "tz"), [
    ("Wassertemperatur Ostsee", "Europe/Berlin"), ("température de l'eau en Méditerranée", "Europe/Paris"),
    ("Wassertemperatur Ostsee Travemünde", "Europe/Berlin"),   # the sea named before the town, as in English
])
async def test_a_sea_named_in_a_travellers_language_is_that_sea(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "ghrsst.bbox_mean" and (answer.arguments or {}).get("bbox"), (answer.debug, answer.text)


async def test_a_full_moon_in_a_month_named_in_another_language_is_that_months() -> None:
    answer = await ask_router("Vollmond im Dezember", QT, "Europe/Berlin")
    assert answer.tool == "tide.forecast" and (answer.arguments or {}).get("date") == "2026-12-24", answer.arguments


async def test_a_moon_question_from_madrid_is_answered_at_madrid() -> None:
    answer = await ask_router("¿cuándo es la próxima luna llena?", QT, "Europe/Madrid")
    args = answer.arguments or {}
    assert answer.tool == "tide.forecast" and abs(args["latitude"] - 40.42) < 0.1, (args, answer.debug)
