"""Issue 26, session 20 (t20b): never confidently wrong, for Europe's, Africa's and the Middle East's askers and for
researchers' explanation and code questions, through the real Router (local engine, no LLM; data tools planned).

* The sea's temperature asked in Romanian and Bulgarian is the sea's (Romanian "marea" is the sea, not a tide),
  and "how's the water" a swimmer's sea temperature; the water's level stays the tide.
* A saying asked true or lore ("vrai ou légende", "mito o verdad", "just a myth") is explained, not that day's moon.
* An explanation in the travellers' languages is answered by the passage that fits it (the lunitidal interval, a
  seiche, the clock west in a zone, tidal versus ocean currents), never by a neighbouring one.
* A program does what was asked: its span (month to month, day to day, the next N days), a message sending text,
  a scheduled run's day, every phase named, a box of sea as its place.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2027-11-02T09:00:00"   # a Tuesday morning in late autumn, on the asker's clock


@pytest.mark.parametrize(("query", "tz"), [
    ("Cât de caldă e apa mării la Mangalia azi?", "Europe/Bucharest"),
    ("Ce temperatură are apa la Constanța acum?", "Europe/Bucharest"),
    ("Каква е температурата на морето във Варна?", "Europe/Sofia"),
    ("how's the water at Cannes this morning", "Europe/London"),
    ("is the water ok for a swim in Palma", "Europe/Madrid"),
])
async def test_the_seas_temperature_asked_is_the_sea_temperature(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool in ("ghrsst.point_value", "ghrsst.bbox_mean"), (answer.tool, answer.text)


async def test_the_waters_level_is_still_the_tide() -> None:
    answer = await ask_router("how is the water level at Dover now", QT, "Europe/London")
    assert answer.tool == "tide.forecast", answer.text


@pytest.mark.parametrize(("query", "tz"), [
    ("Beißen die Fische bei Vollmond besser? Wahr oder Mythos?", "Europe/Berlin"),
    ("is it just a myth that fish bite more at the new moon?", "Europe/London"),
    ("pescar con luna llena es mejor, ¿mito o verdad?", "Europe/Madrid"),
])
async def test_a_saying_asked_true_or_lore_is_explained(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.mode == "explain", (answer.tool, answer.text)
    assert any("moon" in c.get("title", "").lower() for c in map(dict, answer.citations or [])), answer.citations


@pytest.mark.parametrize(("query", "tz", "title"), [
    ("¿Por qué la pleamar no llega cuando la luna está justo encima?", "Europe/Madrid", "lunitidal"),
    ("Pourquoi la pleine mer n'arrive pas quand la lune est au-dessus de nous ?", "Europe/Paris", "lunitidal"),
    ("Wat is een seiche en waar komt het voor?", "Europe/Amsterdam", "seiche"),
    ("¿Por qué en Huelva anochece más tarde que en Valencia si tenemos la misma hora?", "Europe/Madrid", "further west"),
    ("what's the difference between a tidal current and an ocean current?", "Africa/Nairobi", "an ocean current"),
])
async def test_an_explanation_is_the_passage_that_fits(query: str, tz: str, title: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    titles = [str(dict(c).get("title", "")).lower() for c in answer.citations or []]
    assert answer.mode == "explain" and titles and title in titles[0], (titles, answer.text)


@pytest.mark.parametrize(("query", "tz", "lines"), [
    ("script Python : tableau des marées de La Rochelle de mars à mai 2028", "Europe/Paris",
     ('START = "2028-03-01"', 'END = "2028-05-31"')),
    ("python CSV of the high and low tides at Dover from 3 to 9 January 2028", "Europe/London",
     ('START = "2028-01-03"', 'END = "2028-01-09"')),
    ("Python 畫高雄 2028年1到3月每天的日落時間", "Asia/Taipei", ('START = "2028-01-01"', 'END = "2028-03-31"')),
    ("python code die de zonsopkomst in Vlissingen voor de komende 10 dagen print", "Europe/Amsterdam",
     ('START = "2027-11-02"', 'END = "2027-11-11"')),
    ("python that texts me Galway's tides every morning", "Europe/Dublin",
     ('OUTPUT = "print"', 'START = "2027-11-02"', 'END = "2027-11-02"')),
    ("python-script dat alle volle en nieuwe manen van 2028 print", "Europe/Amsterdam",
     ('PHASES = ["Full Moon", "New Moon"]',)),
    ("Python: SST-Zeitreihe für die Box 5E-10E, 53N-56N von Juni bis August 2027", "Europe/Berlin",
     ('PLACE = "[5.0, 53.0, 10.0, 56.0]"', 'START = "2027-06-01"', 'END = "2027-08-31"')),
])
async def test_a_program_does_what_was_asked(query: str, tz: str, lines: tuple[str, ...]) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.mode == "code" and answer.code, answer.text
    for line in lines:
        assert line in answer.code, (line, answer.code[:1500])
