"""Issue 26: every named day from a library or by rule, as the place asked about keeps it, through the
real Router (local engine, no LLM, data tools planned not called).

Church and Western days in the languages people write them, Advent's Sundays by rule, a holiday
several countries keep on different dates taken from the place's country and state (and said so),
the solstices and equinoxes of the place's hemisphere, a day past this year taken next year, and a
day word no calendar can place asked back. Asked on Thursday 2026-12-10 (Taipei) unless said.
"""
from __future__ import annotations

from datetime import date

import pytest

from core.understand.dates_kept import Keeper, kept_day
from core.understand.dates_words import KeptBy, needles
from tests.router_ask import ask_router

DEC10 = "2026-12-10T09:00:00+08:00"


async def _dated(query: str, tz: str = "Asia/Taipei", when: str = DEC10) -> tuple[str | None, str]:
    """Return the day the question was planned for and the answer's first line."""
    answer = await ask_router(query, when, tz)
    day = answer.arguments.get("date") if answer.arguments else None
    return day, answer.text.splitlines()[0] if answer.text else ""


@pytest.mark.parametrize(("query", "day", "word"), [
    # Advent's Sundays: the nth Sunday before Christmas (2026: Nov 29, Dec 6, 13, 20)
    ("high water at Bremerhaven on the third Sunday in Advent", "2026-12-13", "third Sunday in Advent"),
    ("vierter Advent tides Kiel", "2026-12-20", "vierter Advent"),
    ("sunset Galway on Gaudete Sunday", "2026-12-13", "Gaudete Sunday"),
    ("4th Sunday of Advent tides Dover", "2026-12-20", "4th Sunday of Advent"),
    # days around Christmas and the New Year, in several languages
    ("Heiligabend tides Norderney", "2026-12-24", "Heiligabend"),
    ("Wren Day tides at Galway", "2026-12-26", "Wren Day"),
    ("zweiter Weihnachtstag tides Kiel", "2026-12-26", "zweiter Weihnachtstag"),
    ("Silvesternacht sunset Hamburg", "2026-12-31", "Silvesternacht"),
    ("sunset on New Year Eve in Auckland", "2026-12-31", "New Year Eve"),
    ("Nochevieja sunset in Malaga", "2026-12-31", "Nochevieja"),   # its weather is beyond the forecast: declined
    ("Saint-Sylvestre tides at Brest", "2026-12-31", "Saint-Sylvestre"),
    ("Sinterklaasavond tides Scheveningen", "2027-12-05", "Sinterklaasavond"),
    # the next one when this year's is past (asked on Dec 10)
    ("Nikolaustag tides Norderney", "2027-12-06", "Nikolaustag"),
    ("St Andrew's Day tides at North Berwick", "2027-11-30", "St Andrew's Day"),
    ("Feast of the Immaculate Conception sunrise Valletta", "2027-12-08", "Feast of the Immaculate Conception"),
    ("sunrise Thessaloniki on Theophany", "2027-01-06", "Theophany"),
    ("Three Kings Day sunset at Malaga", "2027-01-06", "Three Kings Day"),
    ("St Lucia Day sunrise Stockholm", "2026-12-13", "St Lucia Day"),
    ("St Paddy's Day tides Howth", "2027-03-17", "St Paddy's Day"),
    # days from Easter (2027: Mar 28)
    ("Maundy Thursday tides Lyme Regis", "2027-03-25", "Maundy Thursday"),
    ("Karfreitag tides Kiel", "2027-03-26", "Karfreitag"),
    ("Whit Monday tides at Scheveningen", "2027-05-17", "Whit Monday"),
    ("Christi Himmelfahrt sunrise Kiel", "2027-05-06", "Christi Himmelfahrt"),
    ("Fronleichnam tides Bremerhaven", "2027-05-27", "Fronleichnam"),
    ("Pancake Day tides Whitstable", "2027-02-09", "Pancake Day"),
    ("Mothering Sunday tides at Whitstable", "2027-03-07", "Mothering Sunday"),
    # days of other calendars, from the libraries
    ("Seollal tides Incheon", "2027-02-07", "Seollal"),
    ("Chanukah sunset in Haifa", "2027-12-25", "Chanukah"),
    ("start of Ramadan sunset in Dubai", "2027-02-08", "start of Ramadan"),
    ("German Unity Day sunrise Rostock", "2027-10-03", "German Unity Day"),
])
async def test_a_named_day_is_its_date_and_said_back(query: str, day: str | None, word: str) -> None:
    planned, first = await _dated(query)
    if day is not None:
        assert planned == day
    assert first.startswith(f"({word}: ")


@pytest.mark.parametrize(("query", "day", "where"), [
    ("Labour Day tides at Bondi", "2027-10-04", "New South Wales, Australia"),
    ("Labour Day sunset at Fremantle", "2027-03-01", "Western Australia, Australia"),
    ("King's Birthday sunrise at Noosa", "2027-10-04", "Queensland, Australia"),
    ("King's Birthday tides Fremantle", "2027-09-27", "Western Australia, Australia"),
    ("Thanksgiving high tide Halifax", "2027-10-11", "Canada"),
    ("Easter Sunday sunrise Piraeus", "2027-05-02", "Greece"),
    ("August bank holiday tides in Oban", "2027-08-02", "Scotland, United Kingdom"),
    ("Independence Day sunset in Mumbai", "2027-08-15", "India"),
    ("Mother's Day tides at Whitstable", "2027-03-07", "United Kingdom"),
])
async def test_a_day_kept_on_different_dates_is_the_places_and_says_whose(query: str, day: str, where: str) -> None:
    planned, first = await _dated(query)
    assert planned == day
    assert first.endswith(f", as kept in {where})")


@pytest.mark.parametrize(("query", "day", "said"), [
    ("Memorial Day tides Cape Cod", "2027-05-31", "(Memorial Day: May 31)"),
    ("King's Birthday tides Hobart", "2027-06-14", "(King's Birthday: Jun 14)"),   # Tasmania's is the usual one
])
async def test_a_day_the_place_keeps_on_its_usual_date_says_no_country(query: str, day: str, said: str) -> None:
    planned, first = await _dated(query)
    assert planned == day and first == said


async def test_the_chinese_word_of_a_holiday_kept_elsewhere_is_the_places_too() -> None:
    planned, first = await _dated("墨爾本勞動節的潮汐")
    assert planned == "2027-03-08" and first.startswith("（勞動節：3月8日，依") and "Victoria" in first


@pytest.mark.parametrize(("query", "day"), [
    ("sunset on the summer solstice at Bondi", "2026-12-22"),   # (Manly asks which since pac25: Sydney, Brisbane or Auckland)
    ("sunrise on the shortest day of the year in Hobart", "2027-06-21"),
    ("spring equinox sunrise at Valparaiso", "2027-09-23"),
    ("autumn equinox sunset in Perth", "2027-03-21"),
])
async def test_season_words_are_the_southern_hemispheres_there(query: str, day: str) -> None:
    planned, first = await _dated(query)
    assert planned is not None and abs((date.fromisoformat(planned) - date.fromisoformat(day)).days) <= 1
    assert first.endswith("the southern hemisphere's)")


async def test_season_words_stay_northern_in_the_north() -> None:
    planned, first = await _dated("summer solstice sunrise at Scarborough, England")
    assert planned == "2027-06-21" and "hemisphere" not in first


async def test_a_point_south_of_the_equator_takes_its_hemisphere() -> None:
    planned, _ = await _dated("sunset at (151.28, -33.89) on the longest day")
    assert planned == "2026-12-22"


@pytest.mark.parametrize(("query", "word"), [
    ("tides at Noosa on the long weekend", "the long weekend"),
    ("Brückentag tides at Kiel", "Brückentag"),
    ("Christmas break weather in Cairns", "Christmas break"),
    ("bank holiday Monday tides at Whitby", "bank holiday Monday"),
    ("Eid weather in Karachi", "Eid"),
])
async def test_a_day_word_no_calendar_places_is_asked_back(query: str, word: str) -> None:
    answer = await ask_router(query, DEC10)
    assert answer.tool is None and f'"{word}"' in answer.text


async def test_a_named_days_words_are_no_place() -> None:
    answer = await ask_router("Saint-Sylvestre sunset at Biarritz", DEC10)
    assert answer.arguments and answer.arguments["date"] == "2026-12-31"
    assert abs(answer.arguments["latitude"] - 43.48) < 0.2


def test_kept_day_reads_the_state_calendar_and_the_hemisphere() -> None:
    today = date(2026, 12, 10)
    labour = kept_day("labor_day_us", Keeper("AU", "Victoria", True), today)
    assert labour is not None and labour.day == date(2027, 3, 8) and labour.by == KeptBy("AU", "Victoria")
    solstice = kept_day("summer_solstice", Keeper("AR", "", True), today)
    assert solstice is not None and abs((solstice.day - date(2026, 12, 21)).days) <= 1 and solstice.by.south
    assert solstice.moment is not None
    assert kept_day("summer_solstice", Keeper("GB", "", False), today) is None   # the festival's own date
    assert kept_day("christmas", Keeper("AU", "", True), today) is None


def test_needles_hold_a_piece_of_every_word() -> None:
    words = ["Boxing Day", "Canada Day", "Silvester", "1. Advent", "Dreikönigstag"]
    found = needles(words)
    assert all(any(n in w.lower() for n in found) for w in words)
    assert "day" in found and len(found) < len(words)


def test_every_festival_word_is_read_as_its_day() -> None:
    """Each word of each named day in day_words.yaml names that day, in a question of either language
    (no other word list shadows it; a written date such as "July 4th" is read as the date itself)."""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from core.data import DATA_DIR, read_yaml
    from core.understand.dates import parse_date

    asked = datetime(2026, 12, 10, 10, tzinfo=ZoneInfo("Asia/Taipei"))
    wrong = []
    for festival in read_yaml(DATA_DIR / "day_words.yaml")["festivals"]:
        for word in festival["words"]:
            for text in (f"tides at Keelung on {word}", f"{word} 基隆潮汐"):
                hint = parse_date(text, asked)
                written = hint is not None and [hint.day.month, hint.day.day] == festival.get("solar")
                if hint is None or (hint.festival != festival["id"] and not written):
                    wrong.append(text)
    assert wrong == []


@pytest.mark.parametrize(("query", "day", "said"), [
    ("Christmas sunset in Belgrade", "2027-01-07", "(Christmas: Jan 7, as kept in Serbia)"),
    ("May Day tides at Whitby", "2027-05-03", "(May Day: May 3, as kept in United Kingdom)"),
])
async def test_a_calendar_of_the_place_decides_other_days_too(query: str, day: str, said: str) -> None:
    answer = await ask_router(query, DEC10)
    assert answer.text.splitlines()[0] == said
    if answer.tool == "tide.forecast":
        assert answer.arguments and answer.arguments["date"] == day


@pytest.mark.parametrize(("query", "word"), [
    ("summer bank holiday weather in the UK", '"summer bank holiday" falls on different days'),
    ("澳洲勞動節天氣", "「勞動節」在澳大利亞各地的日期不同"),
])
async def test_a_day_the_countrys_regions_keep_apart_asks_which_region(query: str, word: str) -> None:
    answer = await ask_router(query, DEC10)
    assert answer.tool is None and answer.text.startswith(word)


async def test_a_states_own_name_for_the_day_is_its_day() -> None:
    planned, first = await _dated("Labour Day sunset in Tasmania")   # Tasmania's Eight Hours Day
    assert planned == "2027-03-08" and first.endswith("as kept in Tasmania, Australia)")


@pytest.mark.parametrize(("query", "day", "said"), [
    ("天公生 基隆幾點日出", None, "（天公生：2月14日）"),
    ("國際淨灘日 福隆退潮幾點", "2027-09-18", "（國際淨灘日：9月18日）"),   # the third Saturday of September
    ("世界海洋日 墾丁日出幾點", "2027-06-08", "（世界海洋日：6月8日）"),
    ("浴佛節 花蓮潮汐", None, "（浴佛節：5月13日）"),
    ("Totensonntag tides Kiel", "2027-11-21", "(Totensonntag: Nov 21)"),   # the Sunday before Advent
    ("Juneteenth sunset in Galveston", "2027-06-19", "(Juneteenth: Jun 19)"),
    # parents' days differ by country
    ("Mother's Day sunset in Cancun", "2027-05-10", "(Mother's Day: May 10, as kept in Mexico)"),
    ("Father's Day tides in Lisbon", "2027-03-19", "(Father's Day: Mar 19, as kept in Portugal)"),
    ("雪梨父親節日落", None, "（父親節：9月5日，依澳大利亞的日期）"),   # Taiwan's 8/8 is not Sydney's
    ("父親節 基隆 潮汐", "2027-08-08", "（父親節：8月8日）"),
])
async def test_observances_and_folk_days_are_their_dates(query: str, day: str | None, said: str) -> None:
    planned, first = await _dated(query)
    assert first == said
    if day is not None:
        assert planned == day


async def test_a_day_named_twice_is_one_day_and_no_place() -> None:
    # 尾牙 is also written in English beside it; neither name is a place, nor words left unexplained
    planned, first = await _dated("Keelung high tide on 尾牙 (Weiya)?")
    assert planned == "2027-01-23" and first.startswith("（尾牙：")
