"""(s22) A research task written with no programming word is code ("compute … and print", "loop over",
"CSV with …", a typed signature), and a list of places is looped over, every place named in the program."""
from __future__ import annotations

import pytest
from program_params import params_of
from router_ask import ask_router

QT = "2028-02-25T06:30:00+01:00"   # a Friday, asked from Paris


@pytest.mark.parametrize("query,variable,output", [
    ("compute the moonrise for each day of June 2028 at Brest and print a list", "moon", "print"),
    ("calculate sunrise at Bergen for every day of April and output a table", "sun", "table"),
    ("CSV of daily high waters at Cuxhaven for April", "tide", "csv"),
    ("a csv with sunset times in Faro for every day of May", "sun", "csv"),
    ("get_sst(lat, lon) -> float for Marseille yesterday", "sst", "function"),
    # a decimal point in a coordinate is no sentence end between "compute" and "print"
    ("calculate the SST at 43.3N 5.35E for each of the last 5 days and print the values", "sst", "print"),
])
async def test_a_research_task_in_words_is_code(query: str, variable: str, output: str) -> None:
    answer = await ask_router(query, QT, dry_run=False)
    assert answer.mode == "code" and answer.code, (query, answer.mode, answer.text)
    params = params_of(answer.code)
    assert (params["VARIABLE"], params["OUTPUT"]) == (variable, output), (query, params)


@pytest.mark.parametrize("query,names", [
    ("loop through Hamburg, Bremerhaven and Kiel and print tomorrow's low tides", ["Hamburg", "Bremerhaven", "Kiel"]),
    ("寫程式印出基隆、蘇澳和花蓮明天的滿潮", ["Keelung", "Su'ao", "Hualien"]),
    ("python: sunset at Oslo, Bergen and Tromsø for every day of March", ["Oslo", "Bergen", "Tromsø"]),
])
async def test_a_list_of_places_is_looped_over(query: str, names: list[str]) -> None:
    answer = await ask_router(query, QT, dry_run=False)
    assert answer.mode == "code" and answer.code, (query, answer.mode, answer.text)
    params = params_of(answer.code)
    assert [p[0] for p in params["PLACES"]] == names, params
    assert "LON" not in params and "for place, lon, lat in PLACES" in answer.code


@pytest.mark.parametrize("query", [
    "python tide at Boston, I live in Taipei",          # a second name that is not in the list
    "can you calculate when the tide is lowest at Arcachon tomorrow",   # a question, not a program
])
async def test_a_single_place_or_a_question_is_not_looped(query: str) -> None:
    answer = await ask_router(query, QT, dry_run=False)
    assert "PLACES" not in params_of(answer.code or "# --- parameters\n# --- end of parameters ---")
    if "calculate when" in query:
        assert answer.mode != "code", answer.text


@pytest.mark.parametrize("query,names", [
    ("python: print the current time in Lima, Santiago and Bogotá", ["Lima", "Santiago", "Bogotá"]),
    ("script en python que imprima la hora actual en Madrid y Lisboa", ["Madrid", "Lisboa"]),
    ("寫python印出東京現在時間", ["Tokyo"]),
])
async def test_the_time_now_in_cities_is_the_lookup_program_over_them(query: str, names: list[str]) -> None:
    answer = await ask_router(query, QT, dry_run=False)
    assert answer.mode == "code" and "def local_time(name)" in (answer.code or ""), (query, answer.mode, answer.text)
    assert params_of(answer.code or "")["PLACES"] == names, answer.code
