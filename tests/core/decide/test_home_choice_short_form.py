"""A home town the name only begins is no default when a town abroad bears that very name whole and is far
bigger (issue 26, tune77): "Sainte-Marie" asked from Paris may be Réunion's or Martinique's town, not only
Sainte-Marie-de-Ré; but Newcastle asked from London stays Newcastle upon Tyne. Wordings invented here."""
from __future__ import annotations

import pytest

from core.decide.ambiguity import home_choice
from core.understand.places import find_place


@pytest.mark.parametrize("query", ["lever du soleil Sainte-Marie samedi", "Sainte-Marie météo ce week-end"])
def test_a_home_town_the_name_only_begins_is_asked(query: str) -> None:
    place = find_place(query, home="FR")
    assert place is not None and place.ambiguous, place
    assert home_choice(place, "Europe/Paris") is None


def test_a_short_form_with_no_far_bigger_whole_namesake_stays_home() -> None:
    place = find_place("Newcastle rain on sunday?", home="GB")
    assert place is not None and place.ambiguous, place
    chosen = home_choice(place, "Europe/London")
    assert chosen is not None and chosen.name_en == "Newcastle upon Tyne", chosen
