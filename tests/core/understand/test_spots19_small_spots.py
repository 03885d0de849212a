"""Issue 26 (tune41's Australia/NZ/Pacific askers): the small spots a local names by themselves (Sydney's harbour
beaches and dive spots, Port Phillip's and Western Port's, Auckland's), Micronesia's and Polynesia's islands as
Taiwan writes them, clipped city names, a misspelt name right after what is asked, the water said cold, and a bare
day of the month glued to a place. Wordings invented here; no question set holds them."""
from __future__ import annotations

import pytest

from core.understand.places import find_place
from router_ask import ask_router, km_between, planned_point

SYDNEY = "2026-12-09T17:45:00+11:00"
AUCKLAND = "2026-12-09T19:45:00+13:00"


@pytest.mark.parametrize(("query", "key", "home"), [
    ("snorkelling at nielsen park this arvo, what's the tide doing", "nielsen_park", "AU"),
    ("low tide at shark beach vaucluse?", "nielsen_park", "AU"),
    ("fairy bower high tide sunday", "fairy_bower", "AU"),
    ("gordon's bay dive tomorrow, tide?", "gordons_bay_sydney", "AU"),
    ("Bare Island fort sunset", "bare_island", "AU"),
    ("chowder bay night dive high tide", "chowder_bay", "AU"),
    ("曼利甘藍樹灣 明天滿潮", "cabbage_tree_bay", "AU"),
    ("ricketts point rock pools low tide", "ricketts_point", "AU"),
    ("Portsea pier dive slack water", "portsea", "AU"),
    ("half moon bay black rock water temp", "half_moon_bay_vic", "AU"),
    ("devonport auckland ferry tide", "devonport_auckland", "NZ"),
    ("mahon pool maroubra low tide", "mahon_pool", "AU"),      # not Mahón, Menorca
    ("wylie's baths swim high tide", "wylies_baths", "AU"),
    ("rye pier night dive tide", "rye_vic", "AU"),
    ("okahu bay paddleboard tide", "okahu_bay", "NZ"),
    ("雅浦島 明天天氣", "yap", "TW"),
    ("truk lagoon wreck dive tides", "chuuk_lagoon", "TW"),
    ("波納佩 下週滿潮", "pohnpei", "TW"),
    ("羅塔島 日落幾點", "rota_mariana", "TW"),
])
def test_a_small_spot_is_found_with_a_sea_point(query: str, key: str, home: str) -> None:
    place = find_place(query, home=home)
    assert place is not None, query
    assert place.key == key, (query, place)
    assert place.coastal and place.sea is not None, place


@pytest.mark.parametrize(("query", "name"), [
    ("希羅 今天日落", "Hilo"),
    ("塔希提 海水溫度", "Tahiti"),
    ("努瓜婁發 明天下雨嗎", "Nuku‘alofa"),
    ("艾圖塔基 潮汐", "Aitutaki"),
])
def test_a_pacific_island_in_taiwans_other_spelling_is_that_island(query: str, name: str) -> None:
    place = find_place(query, home="TW")
    assert place is not None and place.name_en == name, (query, place)


async def test_flinders_pier_from_melbourne_is_victorias_not_shellharbours() -> None:
    answer = await ask_router("flinders pier low tide tomorrow", SYDNEY, "Australia/Melbourne")
    lat, lon = planned_point(answer.arguments or {})
    assert answer.tool == "tide.forecast" and km_between(lat, lon, -38.47, 145.03) < 5, answer.text


async def test_devonport_alone_is_asked_which() -> None:
    # Tasmania's ferry port and Auckland's harbour suburb are both on the water and both near an Australian asker
    answer = await ask_router("devonport high tide saturday", SYDNEY, "Australia/Sydney")
    assert answer.tool is None, answer.text
    assert "Tasmania" in answer.text and "Auckland" in answer.text, answer.text


@pytest.mark.parametrize(("query", "tz", "zone"), [
    ("melb sunset tonight?", "Australia/Sydney", "Australia/Melbourne"),
    ("what's the time in raro rn", "Pacific/Auckland", "Pacific/Rarotonga"),
])
async def test_a_clipped_city_name_is_the_city(query: str, tz: str, zone: str) -> None:
    answer = await ask_router(query, SYDNEY if tz.startswith("Australia") else AUCKLAND, tz)
    assert answer.tool is not None, answer.text
    assert (answer.arguments or {}).get("tz") == zone, answer.arguments


async def test_a_misspelt_name_right_after_what_is_asked_is_said_back() -> None:
    answer = await ask_router("sunrise kaikuora on sunday", AUCKLAND, "Pacific/Auckland")
    assert answer.tool is not None and "Kaikoura" in answer.text, answer.text


async def test_a_lone_english_word_after_an_intent_is_no_place() -> None:
    answer = await ask_router("sunset tomorrow looks good", SYDNEY, "Australia/Sydney")
    assert "read" not in answer.text.split("\n")[0], answer.text


@pytest.mark.parametrize("query", [
    "is the water still icy at coogee",
    "water warm enough at balmoral beach tmrw for the kids?",
])
async def test_the_water_said_cold_or_warm_is_the_seas_temperature(query: str) -> None:
    answer = await ask_router(query, SYDNEY, "Australia/Sydney")
    assert (answer.tool or "").startswith("ghrsst."), answer.text


async def test_a_lower_case_pipeline_is_no_surf_break_but_a_capitalised_one_is() -> None:
    code = await ask_router("write a pipeline that saves tomorrow's tide at honolulu to csv", SYDNEY, "Pacific/Honolulu")
    lat, lon = planned_point(code.arguments or {}) if code.arguments else (21.3, -157.86)
    assert km_between(lat, lon, 21.665, -158.053) > 20, code.text
    surf = await ask_router("sunrise at Pipeline on friday", SYDNEY, "Pacific/Honolulu")
    lat, lon = planned_point(surf.arguments or {})
    assert km_between(lat, lon, 21.665, -158.053) < 5, surf.text


@pytest.mark.parametrize(("query", "day"), [
    ("20號普吉島幾點滿潮", "2026-12-20"),
    ("聖誕節後 27號雪梨幾點日落", "2026-12-27"),
])
async def test_a_bare_day_glued_to_a_place_is_that_day_there(query: str, day: str) -> None:
    answer = await ask_router(query, "2026-12-09T14:45:00+08:00", "Asia/Taipei")
    assert answer.tool is not None, answer.text
    assert str((answer.arguments or {}).get("date")) == day, answer.arguments


@pytest.mark.parametrize("query", [
    "how strong is the current off bare island this arvo",
    "current strength at the heads tomorrow morning",
])
async def test_how_strong_a_current_runs_is_declined_not_a_tide_table(query: str) -> None:
    answer = await ask_router(query, SYDNEY, "Australia/Sydney")
    assert answer.tool is None and "urrent" in answer.text, answer.text


@pytest.mark.parametrize(("query", "lat", "lon"), [
    ("昆州 agnes water 明天滿潮", -24.21, 151.90),      # Queensland's everyday short name beside a town of it
    ("維州 lorne 明天日落幾點", -38.54, 143.98),
    ("塔州 bicheno 海水溫度", -41.87, 148.30),
])
async def test_a_states_short_chinese_name_beside_a_town_is_that_town(query: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, SYDNEY, "Australia/Sydney")
    got = planned_point(answer.arguments or {})
    assert answer.tool is not None and km_between(*got, lat, lon) < 15, answer.text


async def test_an_unknown_lower_case_spot_after_a_state_is_asked_not_the_capital() -> None:
    answer = await ask_router("queensland wobbegong point low tide tmrw", SYDNEY, "Australia/Brisbane")
    assert answer.tool is None and "wobbegong" in answer.text, answer.text


async def test_curl_curl_is_a_beach_not_a_command() -> None:
    beach = await ask_router("curl curl high tide sunday", SYDNEY, "Australia/Sydney")
    assert beach.tool == "tide.forecast", beach.text
    code = await ask_router("give me a curl command for the sst at bondi", SYDNEY, "Australia/Sydney")
    assert code.mode == "code", code.text
