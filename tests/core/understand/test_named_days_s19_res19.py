"""Issue 26, session 19 (res19): days and reasons as askers in Greece, Egypt, Israel and South Africa say them,
through the real Router (local engine, no LLM; data tools planned, not called).

* Named days written in Greek or Cyrillic letters (Πάσχα, Μεγάλη Παρασκευή) are found whatever their case, and are
  the Orthodox date where the place keeps it; Greek dates ("1η Μαΐου") are that day.
* Sham el-Nessim is the Monday after the Coptic Easter; erev Pesach the day before Pesach.
* Afrikaans "more" (môre) is tomorrow in an Afrikaans sentence, English "more" stays a word.
* A gap between the bot's figure and what was seen or another table says is explained, not looked up again.
* A wedding's day is the asker's own: asked, never today.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2027-03-19T07:45:00"   # a Friday morning in the asker's zone


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("ανατολή ηλίου Ρόδος Πάσχα", "Europe/Athens", "2027-05-02"),
    ("sunset Rhodes μεγάλη παρασκευή", "Europe/Athens", "2027-04-30"),
    ("sunrise Heraklion 1η Μαΐου", "Europe/Athens", "2027-05-01"),
    ("sunrise Port Said on Sham el-Nessim", "Africa/Cairo", "2027-05-03"),
    ("غروب الشمس في بورسعيد شم النسيم", "Africa/Cairo", "2027-05-03"),
    ("sunset in Tel Aviv on erev Pesach", "Asia/Jerusalem", "2027-04-21"),
    ("sunset Eilat on Passover eve", "Asia/Jerusalem", "2027-04-21"),
])
async def test_a_named_day_in_the_askers_letters_is_that_day(query: str, tz: str, day: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert (answer.arguments or {}).get("date") == day, (answer.arguments, answer.text)


@pytest.mark.parametrize(("query", "day"), [
    ("sonsopkoms Kaapstad more", "2027-03-20"),
    ("hoogwater Mosselbaai more oggend", "2027-03-20"),
    ("any more tides in Hermanus today?", "2027-03-19"),
])
async def test_afrikaans_more_is_tomorrow_only_in_afrikaans(query: str, day: str) -> None:
    answer = await ask_router(query, QT, "Africa/Johannesburg")
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert (answer.arguments or {}).get("date") == day, (answer.arguments, answer.text)


@pytest.mark.parametrize("query", [
    "last night the water in Bremerhaven was 40 cm below your prediction, why is that?",
    "you said high tide in Dover 1.2 m but my tide table says 6.1 m - which one is correct?",
    "this morning at Brest the sea came in 30 cm above the predicted height, why?",
])
async def test_a_gap_to_the_prediction_is_explained(query: str) -> None:
    answer = await ask_router(query, QT, "Europe/London")
    assert answer.mode == "explain", (answer.mode, answer.tool, answer.text)


@pytest.mark.parametrize(("query", "tz"), [
    ("sunset in Limassol on the day of our wedding?", "Asia/Nicosia"),
    ("va a llover en Sevilla el día de la boda?", "Europe/Madrid"),
    ("weather in Eilat for my brother's wedding", "Asia/Jerusalem"),
])
async def test_a_wedding_day_is_asked_never_today(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "fallback", (answer.mode, answer.tool, answer.arguments, answer.text)
