"""(s22) Words of askers in Europe and Africa, in new wordings: how warm or cold it gets in the Nordic languages and
Greek wind are the weather; Greek in Latin letters asks the sea's temperature; Egyptian Arabic in Latin letters the
sunset; Swahili "saa ngapi" the time; Afrikaans "die Kaap" is Cape Town; Greece's Clean Monday is a named day."""
from __future__ import annotations

import pytest
from router_ask import ask_router


@pytest.mark.parametrize("query,tz,tool", [
    ("hur kallt blir det i Malmö på lördag?", "Europe/Stockholm", "weather.forecast"),
    ("hvor varmt blir det i Kristiansand i morgen", "Europe/Oslo", "weather.forecast"),
    ("θα φυσάει στη Νάξο το Σάββατο;", "Europe/Athens", "weather.forecast"),
    ("thermokrasia thalassas stin Kerkyra?", "Europe/Athens", "ghrsst"),
    ("el shams hatghib emta f Marsa Alam?", "Africa/Cairo", "tide.forecast"),
    ("ni saa ngapi Lamu sasa?", "Africa/Nairobi", "time.now"),
    ("sal dit Saterdag in die Kaap reën?", "Africa/Johannesburg", "weather.forecast"),
])
async def test_the_travellers_words_are_understood(query: str, tz: str, tool: str) -> None:
    answer = await ask_router(query, "2028-02-25T06:30:00", tz=tz)
    assert answer.mode == "mcp_tools" and (answer.tool or "").startswith(tool), (query, answer.mode, answer.tool, answer.text)


async def test_clean_monday_is_the_orthodox_lent_s_first_day() -> None:
    answer = await ask_router("Kathara Deftera: will it be windy in Rafina?", "2028-02-25T06:30:00", tz="Europe/Athens")
    assert answer.mode == "mcp_tools" and "Feb 28" in (answer.text or ""), answer.text


@pytest.mark.parametrize("query,tz,tool,where", [
    ("wordt het zondag helder in Scheveningen?", "Europe/Amsterdam", "weather.forecast", (52.11, 4.27)),
    ("Den Helder hoogwater zondag", "Europe/Amsterdam", "tide.forecast", (52.96, 4.76)),
    ("water temprature at Sharm el Sheikh?", "Africa/Cairo", "ghrsst", (27.9, 34.3)),
    ("mistral demain dans les Bouches de Bonifacio ?", "Europe/Paris", "weather.forecast", (41.3, 9.25)),
    ("lever du soleil à Saint-Louis du Sénégal samedi", "Europe/Paris", "tide.forecast", (16.02, -16.49)),
])
async def test_the_place_and_the_ask_are_both_read(query: str, tz: str, tool: str, where: tuple[float, float]) -> None:
    answer = await ask_router(query, "2028-02-25T06:30:00", tz=tz)
    args = answer.arguments or {}
    assert answer.mode == "mcp_tools" and (answer.tool or "").startswith(tool), (query, answer.mode, answer.tool, answer.text)
    lat = args.get("latitude", (args.get("bbox") or [0, 0, 0, 0])[1] + 0.15)
    lon = args.get("longitude", (args.get("bbox") or [0, 0, 0, 0])[0] + 0.15)
    assert abs(lat - where[0]) < 0.3 and abs(lon - where[1]) < 0.3, (query, args)
