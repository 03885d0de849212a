"""A namesake a day's outing from the asker's zone's city is theirs (issue 26, tune27): Sorrento asked
from Melbourne is Victoria's, not Western Australia's or Italy's; a big city abroad of that name still
makes it a question (Long Beach asked from New York). Wordings invented here."""
from __future__ import annotations

import pytest

from core.decide.ambiguity import home_choice
from core.understand.places import find_place


@pytest.mark.parametrize("query", ["Boxing Day tides at Sorrento", "Sorrento tides this arvo"])
def test_a_namesake_near_the_askers_city_is_chosen(query: str) -> None:
    place = find_place(query, home="AU")
    assert place is not None and place.ambiguous, place
    chosen = home_choice(place, "Australia/Melbourne")
    assert chosen is not None and chosen.admin == "Victoria", chosen


def test_far_from_the_askers_city_it_is_still_asked() -> None:
    place = find_place("Boxing Day tides at Sorrento", home="AU")
    assert place is not None and home_choice(place, "Australia/Sydney") is None


def test_a_big_city_of_the_name_elsewhere_still_makes_it_a_question() -> None:
    place = find_place("Long Beach tides tomorrow", home="US")
    assert place is not None and place.ambiguous, place
    assert home_choice(place, "America/New_York") is None


@pytest.mark.parametrize("query", ["Ballycastle low water on monday", "Castletown sea temp"])
def test_a_village_whose_name_the_next_country_shares_is_asked(query: str) -> None:
    # Antrim's Ballycastle is in the asker's zone, Mayo's in the next one: no default for a village
    place = find_place(query, home="GB")
    assert place is not None and place.ambiguous, place
    assert home_choice(place, "Europe/London") is None
