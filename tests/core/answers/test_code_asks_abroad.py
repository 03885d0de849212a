"""Issue 26, point 4 (tune40's class, new wordings): a code request written in Portuguese, Spanish, French, German,
Italian or Dutch is read into its variable, output and span as an English or Chinese one is — not "which data
should the program read?" because the data word is a traveller's."""
from __future__ import annotations

from typing import Any

import pytest

from core.answers.code_ask import read_code_ask
from core.answers.codegen import is_code_request

TODAY = "2025-11-14"   # a Friday
BREST: dict[str, Any] = {"point": (-4.49, 48.39), "place": "Brest", "place_zh": "布雷斯特", "today": TODAY,
                         "tz": "Europe/Paris"}


@pytest.mark.parametrize(("query", "variable", "output", "span"), [
    ("função python que devolve as marés do dia", "tide", "function", ("2025-11-14", "2025-11-14")),
    ("fonction python qui renvoie la basse mer du jour", "tide", "function", ("2025-11-14", "2025-11-14")),
    ("script para graficar la temperatura del mar este mes", "sst", "plot", ("2025-11-01", "2025-11-13")),   # observed: to yesterday
    ("Python: Sonnenaufgang und Sonnenuntergang diese Woche als Tabelle", "sun", "table", ("2025-11-10", "2025-11-16")),
    ("codice python per il grafico della pioggia questa settimana", "weather", "plot", ("2025-11-14", "2025-11-16")),
    ("python-script: tabel van hoogwater en laagwater deze week", "tide", "table", ("2025-11-10", "2025-11-16")),
    ("código para tracer la température de l'air", "weather", "plot", ("2025-11-14", "2025-11-20")),
])
def test_a_code_request_in_a_european_language_is_read_into_its_parts(
        query: str, variable: str, output: str, span: tuple[str, str]) -> None:
    ask = read_code_ask(query, BREST)
    assert (ask.variable, ask.output) == (variable, output)
    assert (ask.start.isoformat(), ask.end.isoformat()) == span


def test_an_air_temperature_is_the_weathers_hourly_temperature_not_the_seas() -> None:
    ask = read_code_ask("código python para graficar la temperatura del aire esta semana", BREST)
    assert ask.variable == "weather" and ask.measures == ("temperature",)


@pytest.mark.parametrize("query", [
    "código para exportar a csv el pronóstico de viento de Mar del Plata",   # Spanish
    "me manda um código que baixa a maré de Santos do mês todo",              # Portuguese
    "un programme qui enregistre en csv les marées de Brest",                 # French
    "gerar uma planilha com a chuva dos próximos dias em Recife",            # a spreadsheet asked for, no code word
])
def test_code_asked_for_in_the_romance_languages_is_a_code_request(query: str) -> None:
    assert is_code_request(query), query


@pytest.mark.parametrize("query", [
    "qual o código postal de Ubatuba",
    "chove amanhã em Florianópolis?",
    "programa de TV sobre marés",
])
def test_the_romance_words_alone_ask_for_no_code(query: str) -> None:
    assert not is_code_request(query), query


@pytest.mark.parametrize(("asker", "name", "lon"), [("Europe/London", "London", -0.13), ("Australia/Sydney", "Sydney", 151.21),
                                                    ("Asia/Taipei", "Keelung", 121.75)])
def test_a_program_naming_no_place_is_for_the_askers_home_city_said_as_assumed(asker: str, name: str, lon: float) -> None:
    ask = read_code_ask("python code to plot tomorrow's tide", {"today": TODAY, "asker_tz": asker})
    assert (ask.place, ask.point[0], ask.assumed_place) == (name, lon, True)
    assert ask.tz == asker


@pytest.mark.parametrize("query", ["沖縄周辺の海面水温偏差の地図をPythonで", "沖縄周辺の海面水溫偏差の地図をPythonで",
                                   "제주 주변 해수면 온도 편차 지도를 그리는 파이썬 코드"])
def test_an_anomaly_map_in_japanese_or_korean_is_an_anomaly_map(query: str) -> None:
    ask = read_code_ask(query, {"today": TODAY, "asker_tz": "Asia/Tokyo"})
    assert (ask.variable, ask.output) == ("sst_anomaly", "map")
