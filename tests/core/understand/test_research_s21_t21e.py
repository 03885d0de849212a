"""Issue 26, session 21 (t21e): research questions of Europe's and Africa's askers, through the real Router (local
engine, no LLM). New wordings of the classes the report set missed, each checked for the passage or program that
answers it, not only its kind:

* explanation questions in French, Spanish, German, Swahili and Afrikaans reach the passage they ask (the equinox's
  big tides, the French tide coefficient, the tide model, the box mean, storm surge, upwelling's cold sea);
* a question on how the bot works a figure out or what it takes into account is an explanation, not a tide lookup;
* a code request naming the water level (waterstand, Wasserstand) or the wind in French is a tide or wind program.
"""
from __future__ import annotations

import pytest
from passage_topics import topic_of
from router_ask import ask_router

QT = "2027-10-28T07:15:00"


@pytest.mark.parametrize(("query", "tz", "topics"), [
    ("¿por qué las mareas son más grandes en otoño, cerca del equinoccio?", "Europe/Madrid", {"spring_tides"}),
    ("what does a tide coefficient of 110 mean in Brittany?", "Europe/London", {"tide_coefficient"}),
    ("le coefficient de marée dépasse 110 ce week-end, ça veut dire quoi ?", "Europe/Paris", {"tide_coefficient"}),
    ("Wie berechnet der Bot die Gezeiten, welches Modell steckt dahinter?", "Europe/Berlin", {"tide_models", "tide_data_sources"}),
    ("when I ask for a box of sea temperature near the coast, does the average include land pixels?", "Europe/London",
     {"mur"}),
    ("¿el bot tiene en cuenta la marea de tormenta en sus predicciones de mareas?", "Europe/Madrid", {"storm_surge"}),
    ("kwa nini maji yanapwa sana Mombasa siku za mwezi mpevu?", "Africa/Nairobi",
     {"spring_tides", "tide_terms", "tides", "king_tides", "taiwan_tides"}),
    ("hoekom is die see by Hermanus so koud in die somer?", "Africa/Johannesburg", {"upwelling"}),
])
async def test_a_travellers_explanation_question_reaches_its_passage(query: str, tz: str, topics: set[str]) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    cited = [topic_of(c.title) for c in answer.citations]
    assert answer.mode == "explain" and cited[:1] and cited[0] in topics, (answer.mode, cited, answer.text[:160])


@pytest.mark.parametrize(("query", "tz", "variable"), [
    ("Python-Skript: Wasserstand in Cuxhaven morgen stündlich ausgeben", "Europe/Berlin", "tide"),
    ("schrijf een python script dat de waterstanden van Vlissingen voor morgen print", "Europe/Amsterdam", "tide"),
    ("code python pour tracer le vent à Biarritz demain", "Europe/Paris", "wind"),
])
async def test_a_code_request_naming_the_water_level_or_the_wind_writes_that_program(query: str, tz: str,
                                                                                     variable: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.mode == "code", (answer.mode, answer.text[:160])
    said = {"tide": "tide.forecast", "wind": "wind speed"}[variable]
    assert said in answer.text, answer.text[:300]
