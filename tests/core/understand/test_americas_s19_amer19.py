"""Issue 26, session 19 (amer19): the Americas and the Pacific, as their askers write, through the real Router
(local engine, no LLM; data tools planned, not called). The helper's own wordings, not its tuning set's.

* A named day with its weekday written before it (domingo de Páscoa) is that day, not the next Sunday; the
  equinox or solstice said bare is the next of the two; Argentina's fixed national days are their dates.
* A birthday or anniversary said short or in Spanish/Portuguese/French is a day only the asker knows: asked.
* A week's tide table asked in Portuguese (da/desta semana) is the week; the sea's average temperature as Latin
  America says it (temperatura promedio del mar) is the sea's, not the air's.
* Why the water missed its prediction is an idea even with a place and a past day.
* A name two coasts share (San Blas) is asked back; a town written after a spot with a joining word
  ("on the North Shore") settles the spot's namesakes.
* Jamaican Creole (di sun a go dung) and Québécois (l'eau est-tu frette, astheure) are read; a holiday after
  "el feriado del" is that day; an idea with the chatter that prompted it still finds its note.
"""
from __future__ import annotations

import pytest

from core.answers.explain import select_passages

from router_ask import ask_router

QT = "2027-03-19T07:45:00"   # a Friday morning in the asker's zone


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("maré no domingo de Páscoa em Salvador", "America/Bahia", "2027-03-28"),
    ("tábua de maré sábado de Aleluia em Maceió", "America/Maceio", "2027-03-27"),
    ("marea el Día de Malvinas en Puerto Madryn", "America/Argentina/Buenos_Aires", "2027-04-02"),
    ("what time is sunrise on the equinox in Quito?", "America/Guayaquil", "2027-03-20"),
    ("sunset on the solstice in Anchorage", "America/Anchorage", "2027-06-21"),
    ("sunrise on the equinox in Sydney, Australia", "Australia/Sydney", "2027-03-21"),   # 20:24 UTC: the 21st there
])
async def test_a_named_day_is_its_own_date(query: str, tz: str, day: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert (answer.arguments or {}).get("date") == day, (answer.arguments, answer.text)


@pytest.mark.parametrize(("query", "tz"), [
    ("sunset in Lahaina on my bday", "Pacific/Honolulu"),
    ("maré em Búzios no meu aniversário", "America/Sao_Paulo"),
    ("marea en Cancún el día de mi cumple", "America/Cancun"),
    ("marée à Tadoussac pour mon anniv", "America/Toronto"),
])
async def test_a_birthday_only_the_asker_knows_is_asked(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "fallback", (answer.mode, answer.tool, answer.arguments)


@pytest.mark.parametrize(("query", "tz"), [
    ("marés da semana em Ubatuba", "America/Sao_Paulo"),
    ("tábua de marés desta semana em Paraty", "America/Sao_Paulo"),
    ("tabela de maré pra semana em Florianópolis", "America/Sao_Paulo"),
])
async def test_a_weeks_tide_table_in_portuguese_is_the_week(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.week", (answer.tool, answer.text)


@pytest.mark.parametrize(("query", "tz"), [
    ("temperatura promedio del mar en Mazatlán", "America/Mazatlan"),
    ("temperatura promedio del agua en Punta del Este", "America/Montevideo"),
    ("temperatura promedio del mar frente a Baja (118W-112W, 24N-30N)", "America/Tijuana"),
])
async def test_the_seas_average_temperature_is_the_sea_surface(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and (answer.tool or "").startswith("ghrsst."), (answer.tool, answer.text)


@pytest.mark.parametrize(("query", "tz"), [
    ("why was the tide higher than predicted in Boston yesterday?", "America/New_York"),
    ("why was low tide later than the tide table said at Seattle this morning", "America/Los_Angeles"),
    ("¿por qué la marea estuvo más alta que la predicha ayer en Valparaíso?", "America/Santiago"),
])
async def test_why_the_water_missed_its_prediction_is_explained(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "explain", (answer.mode, answer.tool, answer.text)


@pytest.mark.parametrize(("query", "tz"), [
    ("high tide San Blas saturday", "America/Lima"),
    ("marea en San Blas el domingo", "America/Argentina/Buenos_Aires"),
])
async def test_a_name_two_coasts_share_is_asked(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "fallback" and "San Blas" in (answer.text or ""), (answer.mode, answer.tool, answer.text)


@pytest.mark.parametrize(("query", "tz", "lat"), [
    ("tide at Sunset Beach, North Shore", "Pacific/Honolulu", 21.69),
    ("sunrise at Sunset Beach on the North Shore saturday", "Pacific/Honolulu", 21.69),
    ("marea en San Blas en Guna Yala", "America/Panama", 9.57),
])
async def test_a_town_written_after_a_spot_settles_its_namesakes(query: str, tz: str, lat: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", (answer.mode, answer.text)
    assert abs(float((answer.arguments or {}).get("latitude", 0)) - lat) < 0.1, answer.arguments


@pytest.mark.parametrize(("query", "tz", "tool"), [
    ("wah time di sun a come up a Ocho Rios tomorrow", "America/Jamaica", "tide.forecast"),
    ("wat time sun a go dung inna Montego Bay?", "America/Jamaica", "tide.forecast"),
    ("l'eau est-tu frette à Tadoussac astheure?", "America/Toronto", "ghrsst.bbox_mean"),
    ("fait-tu froid dans l'eau aux Îles-de-la-Madeleine?", "America/Toronto", "ghrsst.bbox_mean"),
])
async def test_creole_and_quebecois_chat_is_read(query: str, tz: str, tool: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == tool, (answer.mode, answer.tool, answer.text)


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("viento en el feriado del Día de la Memoria en Necochea", "America/Argentina/Buenos_Aires", 6),   # to the 24th
])
async def test_a_holiday_named_after_feriado_is_that_day(query: str, tz: str, day: int) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "weather.forecast", answer.text
    assert (answer.arguments or {}).get("forecastDays") == day, answer.arguments


@pytest.mark.parametrize(("query", "lang", "topic"), [
    ("what are king tides? everyone's posting photos", "en", "king_tides"),
    ("what is a coastal El Niño?", "en", "enso"),
    ("o que é maré de quadratura?", "en", "spring_tides"),
])
def test_an_idea_with_chatter_beside_it_has_its_note(query: str, lang: str, topic: str) -> None:
    passages, off_topic = select_passages(query, lang)
    assert not off_topic and passages[0].topic == topic, (query, [p.topic for p in passages])
