"""Issue 26 (Australia, New Zealand and Pacific askers, aunz19): lower-case spots as locals write them (Mt for
Mount, a hand-kept spot first with a sea word next, a suburb with its town beside it), a surf town's short name,
rain slang, the date somewhere now, a day the month does not have, the Pacific's islands, a hand-kept namesake of a
small town, and the trip's next leg after the place asked. Wordings invented here; no question set holds them."""
from __future__ import annotations

import pytest

from core.understand.places import find_place
from router_ask import ask_router

NZ_QT = "2026-12-10T07:30:00+13:00"   # a Thursday morning in New Zealand
AU_QT = "2026-12-10T07:30:00+11:00"


@pytest.mark.parametrize(("query", "home", "key_or_name"), [
    ("mt maunganui tides saturday", "NZ", "Mount Maunganui"),          # Mt, in lower case, is the place's own name
    ("mt martha tides sunday", "AU", "Mount Martha"),                   # ... a town of Port Phillip too
    ("the mount water temp this arvo", "NZ", "mount_main_beach"),       # the locals' name, first, a sea word next
    ("hot water beach tides tmrw", "NZ", "hot_water_beach"),            # words describing a beach, on the home coast
    ("new brighton, chch high tide", "NZ", "New Brighton"),             # a suburb with its town's nickname beside it
    ("sorrento melbourne low tide", "AU", "Sorrento"),                  # a metropolis reaches its bay's far shore
    ("wind at lennox this arvo", "AU", "lennox_head"),                  # the surf town's short name
])
def test_lower_case_spots_are_read_as_locals_write_them(query: str, home: str, key_or_name: str) -> None:
    place = find_place(query, home=home)
    assert place is not None and key_or_name in (place.key, place.name_en), (query, place)
    assert place.country == home, (query, place)


def test_words_describing_a_beach_abroad_stay_words() -> None:
    assert find_place("white beach tides", home="TW") is None


async def test_a_city_beside_a_rain_phrase_is_its_weather() -> None:
    answer = await ask_router("townsville tmrw, gonna pour or what?", AU_QT, "Australia/Brisbane")
    assert answer.tool == "weather.forecast" and (answer.arguments or {}).get("timezone") == "Australia/Brisbane", \
        answer.text


@pytest.mark.parametrize("query", ["is it teeming down in sydney", "will it be spitting at bondi later"])
async def test_rain_slang_asks_the_weather(query: str) -> None:
    answer = await ask_router(query, AU_QT, "Australia/Sydney")
    assert answer.tool == "weather.forecast", (query, answer.text)


@pytest.mark.parametrize(("query", "zone"), [
    ("whats the date in tonga rn", "Pacific/Tongatapu"),
    ("what date is it in honolulu right now", "Pacific/Honolulu"),
    ("today's date in christmas island kiribati?", "Pacific/Kiritimati"),
])
async def test_the_date_somewhere_now_is_its_clock(query: str, zone: str) -> None:
    answer = await ask_router(query, AU_QT, "Australia/Sydney")
    assert answer.tool == "time.now" and (answer.arguments or {}).get("tz") == zone, (query, answer.text)


@pytest.mark.parametrize("query", ["manly tides on the 31st of september", "sunset at piha feb 30th",
                                   "澎湖 6月31日 潮汐"])
async def test_a_day_the_month_does_not_have_is_asked(query: str) -> None:
    answer = await ask_router(query, AU_QT, "Australia/Sydney")
    assert answer.tool is None and (answer.debug or {}).get("reason") == "ask_back", (query, answer.text)


@pytest.mark.parametrize(("query", "zone"), [
    ("upolu sea temp tomorrow", None), ("tanna weather saturday", "Pacific/Efate"),
    ("Ayers Rock sunset tonight", "Australia/Darwin"), ("kiritimati time now", "Pacific/Kiritimati"),
])
async def test_the_pacifics_islands_and_the_red_centre_are_places(query: str, zone: str | None) -> None:
    answer = await ask_router(query, AU_QT, "Australia/Sydney")
    assert answer.tool is not None, (query, answer.text)
    args = answer.arguments or {}
    assert zone is None or zone in (args.get("tz"), args.get("timezone")), (query, args)


async def test_stewart_islands_oban_is_the_new_zealand_askers_and_asked_about_from_australia() -> None:
    answer = await ask_router("oban high tide tomorrow", NZ_QT, "Pacific/Auckland")   # the home one, said so
    assert (answer.arguments or {}).get("tz") == "Pacific/Auckland", answer.text
    answer = await ask_router("Oban weather saturday", AU_QT, "Australia/Sydney")     # Scotland's, or Stewart Island's
    assert answer.tool is None and (answer.debug or {}).get("reason") == "ambiguous_place", answer.text


@pytest.mark.parametrize(("query", "tz", "zone"), [
    ("惠靈頓後天會下雨嗎？我們要搭渡輪去南島", "Asia/Taipei", "Pacific/Auckland"),
    ("明天在皮克頓坐渡輪去北島 風大不大", "Pacific/Auckland", "Pacific/Auckland"),
    ("Picton wind on saturday, ferry to the North Island", "Pacific/Auckland", "Pacific/Auckland"),
])
async def test_the_trips_next_leg_is_no_second_place(query: str, tz: str, zone: str) -> None:
    answer = await ask_router(query, NZ_QT if tz != "Asia/Taipei" else "2026-12-10T07:30:00+08:00", tz)
    assert answer.tool == "weather.forecast" and (answer.arguments or {}).get("timezone") == zone, (query, answer.text)


@pytest.mark.parametrize("query", ["whats the date of the next new moon", "what date is the next full moon?"])
async def test_the_date_of_a_moon_phase_is_its_day_not_an_explanation(query: str) -> None:
    answer = await ask_router(query, AU_QT, "Australia/Sydney")
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", (query, answer.mode, answer.text)
