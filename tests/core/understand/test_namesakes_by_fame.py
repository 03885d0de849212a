"""How a shared or misspelt name is settled (issue 26, tune26): of two namesakes of one country and
comparable size the one known by many more names is meant; a name two known places of the asker's
country hold in its own script is asked about; a guessed slip may not add a sound-alike to an edit.
Wordings invented here; no question set holds them."""
from __future__ import annotations

import pytest

from core.understand.places import find_place
from core.understand.typos_latin import near_spelling


@pytest.mark.parametrize("query", ["Shimoda weather tomorrow pls", "sunset at Shimoda today"])
def test_the_namesake_known_by_many_more_names_is_meant(query: str) -> None:
    place = find_place(query, home="JP")
    assert place is not None and place.admin == "Shizuoka" and not place.ambiguous, (query, place)


def test_a_namesake_of_another_country_keeps_home_first() -> None:
    # Portland, Victoria asked from Australia: Portland, Maine's many names do not beat the home town
    place = find_place("Portland tide tomorrow", home="AU")
    assert place is not None and place.country == "AU", place


def test_a_home_name_in_its_own_script_two_known_places_hold_is_asked() -> None:
    place = find_place("大島明天風大嗎", home="JP")
    assert place is not None and place.ambiguous, place
    # Tokyo's ward beside Izu's island (the best known of the others; Ishikawa's Oshima is asked when it stands alone)
    assert {place.key, *(a.key for a in place.alternatives)} >= {"geonames:10963038", "izu_oshima"}


@pytest.mark.parametrize("query", ["will it rain in Hakata tomorrow?", "Hakata sunset today"])
def test_a_sound_alike_on_top_of_a_slip_is_no_misspelling(query: str) -> None:
    # "hakata" and "jakarta" differ by j→h and an r: two edits on six letters
    found = near_spelling(query)
    assert found is None or found[1] != "jakarta", found


@pytest.mark.parametrize("query, key", [
    ("tides at biaritz tomorrow", "biarritz"), ("la hoya tides tomorrow", "la jolla"),
    ("Syndey weather tomorrow", "sydney"),
])
def test_a_near_spelling_abroad_is_still_read(query: str, key: str) -> None:
    found = near_spelling(query)
    assert found is not None and found[1] == key, found
