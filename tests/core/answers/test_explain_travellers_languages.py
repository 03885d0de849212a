"""Issue 26 (tune77): explanation questions travellers and researchers ask in French, German, Italian, Spanish,
Dutch and Swedish found no passage, or were asked "where?": their little words count for nothing, their topic
words and phrases read as the notes write them ("pleine mer": high water, "mareas muertas": neap tides,
"Klimatologie": climatology), a rough count of days ("un ou deux jours") is no span asked, and what a figure is
set against or how far ahead a forecast holds is an idea. Wordings invented here."""
from __future__ import annotations

import pytest

from core.answers.explain import select_passages
from router_ask import ask_router

QT = "2026-11-25T09:00:00"


@pytest.mark.parametrize(("query", "topic"), [
    ("pourquoi il n'y a presque pas de marée en Méditerranée ?", "tidal_range"),
    ("warum gibt es im Mittelmeer kaum Gezeiten?", "tidal_range"),
    ("¿por qué casi no hay marea en el Mediterráneo?", "tidal_range"),
    ("waarom gaat de maan iedere dag later op?", "lunar_day"),
    ("¿qué diferencia hay entre mareas vivas y mareas muertas?", "tides"),
])
def test_the_topic_is_found_in_the_travellers_words(query: str, topic: str) -> None:
    passages, off_topic = select_passages(query, "en")
    assert not off_topic and topic in [p.topic for p in passages[:2]], [p.topic for p in passages]


@pytest.mark.parametrize(("query", "tz"), [
    ("pourquoi la basse mer est-elle plus tard à Dieppe qu'à Brest le même jour ?", "Europe/Paris"),
    ("why is high water at Dover hours later than at Brest?", "Europe/London"),
    ("why is low water later at Dieppe than at Brest on the same day?", "Europe/London"),
    ("pourquoi la pleine mer arrive-t-elle plus tard à Calais qu'à Cherbourg ?", "Europe/Paris"),
    ("¿por qué la pleamar es más tarde en Santander que en Vigo?", "Europe/Madrid"),
])
async def test_a_tides_time_compared_between_two_coasts_is_the_tide_wave_passage(query: str, tz: str) -> None:
    # the towns the notes never write count for nothing; "later at one than at the other" is the tide wave's way
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.mode == "explain" and answer.citations, (query, answer.text)
    assert answer.citations[0].title.startswith("Nearby coasts hours apart"), answer.citations


@pytest.mark.parametrize(("query", "tz"), [
    ("pourquoi la plus grande marée vient-elle deux ou trois jours après la nouvelle lune ?", "Europe/Paris"),
    ("warum kommt die Springflut ein oder zwei Tage nach Vollmond?", "Europe/Berlin"),
    ("Gegenüber welcher Referenzperiode wird eure SST-Anomalie gerechnet?", "Europe/Berlin"),
    ("la anomalía de temperatura del mar, ¿respecto a qué climatología se calcula?", "Europe/Madrid"),
    ("hoe ver vooruit kun je de weersvoorspelling vertrouwen?", "Europe/Amsterdam"),
    ("hur långt i förväg stämmer vindprognosen egentligen?", "Europe/Stockholm"),
])
async def test_an_idea_asked_abroad_is_explained_not_asked_where(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.mode == "explain" and answer.citations, (query, answer.mode, answer.text)


async def test_a_count_of_days_alone_is_still_a_span() -> None:
    answer = await ask_router("marée Arcachon les 3 prochains jours", QT, "Europe/Paris")
    assert answer.tool == "tide.forecast" and int((answer.debug or {}).get("days") or 1) == 3, answer.debug
