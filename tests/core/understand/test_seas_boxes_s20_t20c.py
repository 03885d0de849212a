"""Issue 26, session 20 (t20c): never confidently wrong about a sea, a box, a shared name or a misheard name, through
the real Router (local engine, no LLM; data tools planned, not called).

* A box written as four numbers in brackets ("(-115,23,-106,32)", "box [118, 20, 122, 26]") is that box, in a data
  question and in a code request: not a town the words beside it name, not a point near the asker.
* A gulf or sea named whole is its box (the Gulf of California, the Gulf of Tonkin, the Gulf of Carpentaria, the Gulf of
  Maine, in their own languages too; its warmth asked is its water's); one the bot does not know is asked about, never read as a
  division holding the word "Gulf" (Papua New Guinea's Gulf Province) or the country or town named after "Gulf of".
* A code request for the sea's mean temperature in Spanish, French or Portuguese is an SST program.
* A big city far away is meant by its name over a much smaller namesake in a neighbouring country (Sydney, Australia
  asked from the US; not from Canada, where Nova Scotia's Sydney is home).
* A name typed as heard (oo for u, ee for i) is read as the place, and said so.
* Explanations asked in Tagalog, Vietnamese and English of stronger tides or one tide a day get the notes that answer
  them, not a neighbouring passage.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2027-11-02T09:00:00"   # a Tuesday morning in the asker's zone


@pytest.mark.parametrize(("query", "tz", "box"), [
    ("average water temperature in the box (-95, 20, -85, 28)", "America/Chicago", [-95.0, 20.0, -85.0, 28.0]),
    ("temperatura promedio del mar (-82,8,-77,12) hoy", "America/Panama", [-82.0, 8.0, -77.0, 12.0]),
    ("海水溫度平均 [119, 21, 121.5, 23]", "Asia/Taipei", [119.0, 21.0, 121.5, 23.0]),
    ("température de la mer dans la zone (140, -20, 150, -10) à Nouméa", "Pacific/Noumea", [140.0, -20.0, 150.0, -10.0]),
])
async def test_four_numbers_in_brackets_are_the_box_asked(query: str, tz: str, box: list[float]) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "ghrsst.bbox_mean", answer.text
    assert (answer.arguments or {}).get("bbox") == box, answer.arguments


@pytest.mark.parametrize(("query", "tz", "lon", "lat"), [
    ("sea surface temp Sea of Cortez this morning", "America/Phoenix", -110.0, 27.0),
    ("temperatura del agua en el Golfo de California", "America/Hermosillo", -110.0, 27.0),
    ("nhiệt độ nước biển vịnh Bắc Bộ", "Asia/Ho_Chi_Minh", 107.5, 19.5),
    ("北部湾现在海温多少", "Asia/Shanghai", 107.5, 19.5),
    ("how warm is the Gulf of Carpentaria right now", "Australia/Darwin", 139.0, -14.0),
    ("Gulf of Maine water temperature", "America/New_York", -68.0, 43.0),
    ("how warm is the Mediterranean right now", "Europe/Rome", 15.0, 38.0),
])
async def test_a_gulf_named_whole_is_its_box(query: str, tz: str, lon: float, lat: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "ghrsst.bbox_mean", answer.text
    x0, y0, x1, y1 = (answer.arguments or {})["bbox"]
    assert x1 - x0 > 2 and x0 < lon < x1 and y0 < lat < y1, answer.arguments


@pytest.mark.parametrize(("query", "tz"), [
    ("sea temp in the Gulf of Papua", "Australia/Brisbane"),
    ("water temperature Gulf of Honduras today", "America/Chicago"),
    ("how warm is the Gulf of Oman", "Asia/Dubai"),
    ("sea temperature Gulf of Riga", "Europe/Riga"),
])
async def test_a_gulf_the_bot_does_not_know_is_asked_about(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "fallback", (answer.mode, answer.tool, answer.arguments)


@pytest.mark.parametrize(("query", "tz"), [
    ("código en python con la temperatura media del mar frente a Vigo", "Europe/Madrid"),
    ("écris un script python qui trace la température moyenne de la mer à Brest", "Europe/Paris"),
    ("script em python com a temperatura média do mar em Fortaleza", "America/Fortaleza"),
])
async def test_code_for_the_seas_mean_temperature_is_an_sst_program(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)   # the program is written here: no service is called
    assert answer.mode == "code" and "ghrsst" in (answer.text or ""), answer.text


@pytest.mark.parametrize(("query", "tz"), [
    ("what time is it in Sydney now", "America/Denver"),
    ("Sydney sunrise tomorrow", "America/New_York"),
])
async def test_a_big_city_abroad_outweighs_a_small_namesake_next_door(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", answer.text
    assert "Australia/Sydney" in str(answer.arguments) or (answer.arguments or {}).get("latitude", 0) < 0, answer.arguments


async def test_a_namesake_in_the_askers_own_country_is_still_asked_about() -> None:
    answer = await ask_router("what time is it in Sydney now", QT, "America/Halifax")
    assert answer.mode == "fallback" and "Nova Scotia" in (answer.text or ""), answer.text


@pytest.mark.parametrize(("query", "tz", "name"), [
    ("tide at uluwatoo tomorrow morning", "Australia/Perth", "Uluwatu"),
    ("waikeekee sunset tonight", "America/Los_Angeles", "Waik"),
    ("what time's sunset in bondee", "Australia/Sydney", "Bondi"),
])
async def test_a_name_typed_as_heard_is_read_and_said(query: str, tz: str, name: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", answer.text
    assert "I read" in (answer.text or "") and name in (answer.text or ""), answer.text


@pytest.mark.parametrize("query", ["how's the tide looking rn?", "is the weather looking good for a swim", "tides need checking"])
async def test_an_english_word_with_oo_or_ee_inside_is_no_name_heard(query: str) -> None:
    answer = await ask_router(query, QT, "America/Los_Angeles")   # "looking" is no Lukang
    assert answer.mode == "fallback", (answer.tool, answer.text)


@pytest.mark.parametrize(("query", "tz", "says"), [
    ("bakit mas malakas ang tide kapag bagong buwan?", "Asia/Manila", "spring tides"),
    ("why do we get stronger tides around the new moon", "Australia/Sydney", "spring tides"),
    ("Vì sao ở Cà Mau mỗi ngày chỉ có một lần nước lớn?", "Asia/Ho_Chi_Minh", "diurnal"),
])
async def test_an_explanation_asked_in_the_askers_words_gets_its_notes(query: str, tz: str, says: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)   # the notes are local: no service is called
    assert answer.mode == "explain" and says in (answer.text or ""), (answer.mode, answer.text)


@pytest.mark.parametrize(("query", "tz", "first", "second"), [
    ("Nov 7 1:30am Chicago time, what's that in Seoul?", "Asia/Seoul", "15:30", "16:30"),
    ("紐約11月7日凌晨1點半是台北幾點", "Asia/Taipei", "13:30", "14:30"),
    ("1:15 am on 7 November in Vancouver — hora de Ciudad de México?", "America/Mexico_City", "02:15", "03:15"),
])
async def test_a_clock_time_that_comes_twice_is_given_both_readings(query: str, tz: str, first: str, second: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)   # a conversion is local: no service is called
    assert answer.mode == "mcp_tools" and answer.tool == "time.convert", answer.text
    assert first in (answer.text or "") and second in (answer.text or ""), answer.text


async def test_a_clock_time_the_clocks_jump_over_says_how_it_was_read() -> None:
    answer = await ask_router("2:30am March 14 2027 New York time in Tokyo?", QT, "Asia/Tokyo", dry_run=False)
    assert answer.mode == "mcp_tools" and "03:30" in (answer.text or ""), answer.text


@pytest.mark.parametrize(("query", "tz"), [
    ("temperatura del agua Golfo de México hoy", "America/Merida"),
    ("temperatura do mar no Golfo do México", "America/Sao_Paulo"),
])
async def test_the_gulf_of_mexico_in_spanish_is_the_gulf_not_mexico_city(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "ghrsst.bbox_mean", answer.text
    assert (answer.arguments or {}).get("bbox") == [-98.0, 18.0, -80.5, 31.0], answer.arguments
