"""Issue 26 (tune53's code class, new wordings): a file the chat cannot hand over asked to be made — a CSV, a
spreadsheet, a dataframe — is a program writing it, with no programming word written; the variable, place,
span and output are the ones asked. A file the asker already keeps is no request for code."""
from __future__ import annotations

import pytest
from router_ask import ask_router

from program_params import params_of

QT = "2026-11-28T11:00:00+01:00"


@pytest.mark.parametrize(("query", "tz", "variable", "place", "start", "end"), [
    ("make me a csv with sunrise and sunset in Dubrovnik for every day of January", "Europe/Zagreb", "sun",
     "Dubrovnik", "2027-01-01", "2027-01-31"),
    ("export next week's moonrise and moonset for Rhodes to a spreadsheet", "Europe/Athens", "moon", "Rhodes",
     "2026-11-30", "2026-12-06"),
    ("匯出 Saint-Malo 下週的潮汐 csv", "Asia/Taipei", "tide", "Saint-Malo", "2026-11-30", "2026-12-06"),
])
async def test_a_file_asked_to_be_made_is_a_program_writing_it(query: str, tz: str, variable: str, place: str,
                                                                start: str, end: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.mode == "code" and answer.code, (query, answer.mode, answer.text)
    params = params_of(answer.code)
    assert (params["VARIABLE"], params["OUTPUT"], params["START"], params["END"]) == (variable, "csv", start, end), params
    assert params["PLACE"] == place or place in answer.text, (params, answer.text)


async def test_a_file_the_asker_keeps_is_no_request_for_code() -> None:
    answer = await ask_router("I logged the sea temperature in a csv, is 17 normal for Split in November?",
                              QT, "Europe/Zagreb")
    assert answer.mode != "code", answer.text
