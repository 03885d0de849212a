"""An everyday word of another language is no place where its sentence is in that language: "praia" in
"dia de praia" is the beach, not Praia, Cape Verde; "la plage" no La Plage; "Strand morgen" no Strande; "tanjung"
no Tanjung in Borneo. A question naming no other place is asked where; one naming a town is the town's. The
places named by such words stay reachable when clearly meant: capitalised mid-sentence, with their country
after them, or in a sentence with no other word of that language ("low tide praia tomorrow"). Wordings
invented here; no question set holds them."""
from __future__ import annotations

from datetime import date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from core.data import DATA_DIR, read_yaml
from core.understand.dates import parse_date
from core.understand.places import find_place
from core.understand.places_lower import own_water
from core.understand.places_text import en_key
from router_ask import ask_router, km_between, planned_point

QT = "2026-11-28T09:00:00"   # a Saturday


@pytest.mark.parametrize(("text", "home"), [
    ("amanhã tem sol na praia?", "PT"),
    ("a praia hoje está cheia? maré a que horas", "PT"),
    ("Praia hoje à tarde, vai chover?", "PT"),           # capitalised first, as a phone writes it
    ("la playa esta tarde, hay viento?", "ES"),
    ("Playa o piscina mañana? lloverá?", "MX"),
    ("on va à la plage dimanche, il fera beau ?", "FR"),
    ("Plage ce soir ? le soleil se couche à quelle heure", "FR"),
    ("heute Nachmittag an den Strand, regnet es?", "DE"),
    ("Strand heute Abend, wie windig?", "DE"),
    ("morgen naar het strand, hoe laat is het laagwater?", "NL"),
    ("petang ni ke tanjung, hujan tak?", "MY"),
    ("bulan purnama malam ini? nak mancing", "MY"),
    ("pupunta kami sa dagat bukas, uulan ba?", "PH"),
    ("ashita umi ni iku, ame?", "JP"),
    ("domani in spiaggia, c'è il sole?", "IT"),
])
def test_an_everyday_word_of_the_sentences_language_is_no_place(text: str, home: str) -> None:
    assert find_place(text, home=home) is None, text


@pytest.mark.parametrize(("text", "name", "country"), [
    ("vamos à praia amanhã em Ericeira?", "Ericeira", "PT"),
    ("mañana a la playa en Tarifa, hará viento?", "Tarifa", "ES"),
    ("demain à la plage de Dieppe, marée basse ?", "Dieppe", "FR"),
    ("morgen an den Strand in Kühlungsborn", "Ostseebad Kühlungsborn", "DE"),
    ("besok ke pantai di Kuta Lombok, hujan gak?", "Kuta", "ID"),
    # the place a word names, clearly meant
    ("praia cabo verde maré baixa amanhã", "Praia", "CV"),
    ("vou para a Praia no domingo, maré?", "Praia", "CV"),
    ("high tide in praia on sunday", "Praia", "CV"),
    ("praia sunset today", "Praia", "CV"),
])
def test_the_town_of_the_sentence_is_the_place(text: str, name: str, country: str) -> None:
    found = find_place(text, home="")
    assert found is not None and found.name_en.startswith(name) and found.country == country, (text, found)


@pytest.mark.parametrize(("query", "tz"), [
    ("a praia amanhã, chove ou não?", "Europe/Lisbon"),
    ("Plage demain après-midi, marée haute à quelle heure ?", "Europe/Paris"),
    ("Strand morgen früh, wie warm wird es?", "Europe/Berlin"),
    ("ke tanjung besok pagi, hujan tak?", "Asia/Kuala_Lumpur"),
    ("la isla el domingo, habrá lluvia?", "Europe/Madrid"),
])
async def test_a_question_naming_only_everyday_words_is_asked_where(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool is None, (query, answer.debug, answer.text)


@pytest.mark.parametrize(("query", "tz", "tool", "lat", "lon"), [
    # a coast word of the town's own language before it: the town's harbour or beach, not a longer name
    ("maré alta amanhã na praia de Peniche", "Europe/Lisbon", "tide.forecast", 39.36, -9.38),
    ("bajamar el domingo en el puerto de Santander", "Europe/Madrid", "tide.forecast", 43.46, -3.80),
    ("pleine mer demain au port de Saint-Malo", "Europe/Paris", "tide.forecast", 48.65, -2.02),
    ("hujan tak esok di pantai Kuantan?", "Asia/Kuala_Lumpur", "weather.forecast", 3.81, 103.33),
    # the weather as these languages ask it; the day in romaji
    ("mañana hay sol en Alicante?", "Europe/Madrid", "weather.forecast", 38.35, -0.48),
    ("vai fazer sol no domingo em Cascais?", "Europe/Lisbon", "weather.forecast", 38.70, -9.42),
    ("il fera beau demain à Arcachon ?", "Europe/Paris", "weather.forecast", 44.66, -1.17),
    ("clima en Mazatlán el domingo", "America/Mazatlan", "weather.forecast", 23.22, -106.42),
    ("regent het zondag in Zandvoort?", "Europe/Amsterdam", "weather.forecast", 52.37, 4.53),
    # the place a word names, clearly meant
    ("Praia, Cabo Verde: maré alta amanhã", "Europe/Lisbon", "tide.forecast", 14.92, -23.51),
])
async def test_the_place_beside_the_words_is_answered(query: str, tz: str, tool: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == tool, (query, answer.debug, answer.text)
    got = planned_point(answer.arguments or {})
    assert km_between(*got, lat, lon) < 20, (query, got)


@pytest.mark.parametrize(("text", "day"), [
    ("ashita Naha no tenki", date(2026, 11, 29)), ("asatte umi tides Enoshima", date(2026, 11, 30)),
    ("kyou Zamami sunset", date(2026, 11, 28)),
])
def test_a_day_written_in_romaji_is_that_day(text: str, day: date) -> None:
    hint = parse_date(text, datetime(2026, 11, 28, 9, tzinfo=ZoneInfo("Asia/Tokyo")))
    assert hint is not None and hint.day == day, (text, hint)


def test_a_coast_word_names_the_towns_water_only_in_its_languages_country() -> None:
    assert own_water("puerto", "ES") and own_water("Pantai", "MY") and own_water("praia", "PT")
    assert not own_water("praia", "UY") and not own_water("spiaggia", "CO")


ENGLISH = Path("/usr/share/dict/american-english")


@pytest.mark.skipif(not ENGLISH.exists(), reason="Debian's wamerican list is a build tool, not installed here")
def test_the_words_that_are_english_too_are_listed_as_such() -> None:
    table = read_yaml(DATA_DIR / "places_lower_case.yaml")
    english = {w for w in ENGLISH.read_text("utf-8").split() if w.islower()}
    listed = {str(w) for words in table["words_abroad"].values() for w in words}
    assert {w for w in listed if w in english} <= {str(w) for w in table["english_too"]}
    assert {en_key(str(w)) for w in table["english_too"]} <= {en_key(w) for w in listed}
