"""Issue 26 (tune62's askers in the Americas and the Pacific): an everyday word that finds a place far away only as a
piece of its name is asked about, not answered ("cabo" asked in Brazil is no Cabo San Lucas, asked from Lisbon no Cabo
de Santo Agostinho without a word); a French article elided onto a name ("l'Anse Vata") is read with the name; a
lower-case everyday-word town with its state's code after it ("ocean city md") is that town; and the piers, passes,
beaches and breaks locals name (Bob Hall Pier, South Padre, Boca Grande Pass, Pipe, Sandy's, Búzios, Jeri, Blue
Corner, Matira) are their places. Wordings invented here; no question set holds them."""
from __future__ import annotations

from dataclasses import replace

import pytest

from core.understand.places import find_place
from core.understand.places_far import far_piece
from router_ask import ask_router, km_between, planned_point

QT = "2026-11-28T09:00:00-05:00"


@pytest.mark.parametrize(("query", "tz", "lat", "lon"), [
    ("atardecer en cabo el domingo", "America/Mazatlan", 22.89, -109.91),
    ("what time is high tide in cabo tomorrow", "America/Los_Angeles", 22.89, -109.91),
    ("coucher du soleil à l'anse vata dimanche", "Pacific/Noumea", -22.30, 166.45),
    ("marée haute demain à L'Anse Vata", "Pacific/Noumea", -22.30, 166.45),
    ("ocean city md high tide saturday", "America/New_York", 38.34, -75.08),
    ("sunrise ocean city nj sunday", "America/New_York", 39.28, -74.57),
    ("wind at south padre saturday", "America/Chicago", 26.10, -97.16),
    ("bob hall pier low tide sunday", "America/Chicago", 27.58, -97.22),
    ("high tide boca grande sunday", "America/New_York", 26.72, -82.26),
    ("pipe high tide sunday morning", "Pacific/Honolulu", 21.67, -158.05),
    ("sandy's low tide sunday", "Pacific/Honolulu", 21.29, -157.67),
    ("tide at blue corner palau tomorrow", "Pacific/Palau", 7.14, 134.22),
    ("maré em búzios domingo", "America/Sao_Paulo", -22.75, -41.88),
    ("maré baixa em jeri amanhã", "America/Fortaleza", -2.80, -40.51),
    ("maré na praia da pipa amanhã", "America/Fortaleza", -6.23, -35.05),
    ("marée basse demain à matira", "Pacific/Tahiti", -16.54, -151.74),
    ("cabo wind friday through sunday", "America/Mazatlan", 22.89, -109.91),   # a span's joining word explains itself
])
async def test_a_spot_locals_name_is_its_place(query: str, tz: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.arguments, (query, answer.text)
    assert km_between(*planned_point(answer.arguments), lat, lon) < 12, (query, answer.arguments)


@pytest.mark.parametrize(("query", "tz"), [
    ("pôr do sol no cabo amanhã", "America/Sao_Paulo"),   # Brazil has its Cabo too: not Cabo San Lucas outright
    ("marea en cabo mañana", "Europe/Madrid"),              # Mexico's and Brazil's, both far from Madrid
])
async def test_an_everyday_word_naming_far_places_is_never_a_silent_guess(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    said = answer.mode == "fallback" or "Several places" in answer.text
    assert said, (query, answer.text)
    if answer.arguments and tz == "America/Sao_Paulo":
        assert km_between(*planned_point(answer.arguments), 22.89, -109.91) > 1000, answer.text


def test_a_generic_word_far_from_the_asker_is_a_piece_a_famous_short_name_is_not() -> None:
    place = find_place("puesta de sol en cabo", home="CL")
    assert place is not None
    cabo = place if place.country == "BR" else next(a for a in place.alternatives if a.country == "BR")
    cabo = replace(cabo, ambiguous=False, alternatives=(), span=place.span)
    assert far_piece("puesta de sol en cabo", cabo, "America/Santiago") is not None
    assert far_piece("puesta de sol en cabo", cabo, "America/Recife") is None   # at home
    acapulco = find_place("marea en acapulco", home="BR")
    assert acapulco is not None and far_piece("marea en acapulco", acapulco, "America/Sao_Paulo") is None
    noosa = find_place("sunrise at Noosa", home="TW")
    assert noosa is not None and far_piece("sunrise at Noosa", noosa, "Asia/Taipei") is None
