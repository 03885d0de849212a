"""Issue 26: a traveller types a place abroad in lower case ("bondi sunrise tomorrow"). The name is
read as a place when the sentence gives it a place's role (after at/in/near/off..., before a place
word such as beach or pier, or as the only word nothing else explains beside a clear intent), while
ordinary words and phrases never become places. Wordings invented here; no question set holds them."""
from __future__ import annotations

import pytest

from core.envelope import Answer
from core.understand.places import find_place
from router_ask import ask_router

QT = "2026-11-26T09:00:00+08:00"


@pytest.mark.parametrize(("query", "name", "country"), [
    # after a word that puts a place there
    ("tides at bondi beach", "Bondi Beach", "AU"),
    ("high tide near malibu this weekend", "Malibu", "US"),
    ("sea temp off byron bay", "Byron Bay", "AU"),
    ("sunset in kuta tonight", "Kuta", "ID"),
    ("low tide for hilo tomorrow", "Hilo", "US"),
    ("when is high tide around biarritz", "Biarritz", "FR"),
    ("how warm is the water in cannes", "Cannes", "FR"),
    ("what time is sunrise at noosa heads tomorrow", "Noosa Heads", "AU"),
    ("any waves at nazare this week", "Nazaré", "PT"),
    # before a place word
    ("santa monica pier sunset", "Santa Monica", "US"),
    ("hilo harbor tides", "Hilo", "US"),
    ("torquay beach water temperature", "Torquay", "GB"),
    # the only word nothing else explains, beside a clear intent
    ("waikiki tides today", "Waikīkī", "US"),
    ("bondi sunrise tomorrow", "Bondi", "AU"),
    ("sunrise tomorrow bondi", "Bondi", "AU"),
    ("biarritz tide times", "Biarritz", "FR"),
    ("la jolla low tide", "La Jolla", "US"),
    ("malibu water temp", "Malibu", "US"),
    ("coney island sunset today", "Coney Island", "US"),
    ("bondi 明天日出幾點", "Bondi", "AU"),
    ("kuta bali low tide tomorrow", "Kuta", "ID"),      # a division beside the name explains itself
    ("bondi australia sunrise", "Bondi", "AU"),
    ("half moon bay tides", "Half Moon Bay", "US"),     # three everyday words that are one place
    ("whitby tides saturday", "Whitby", "GB"),
    ("bondi's tides today", "Bondi", "AU"),
    ("new plymouth sunset today", "New Plymouth", "NZ"),   # not Plymouth, England
    # a given name that is also a known town on the sea: right after at/in..., in a sea question
    ("tides at darwin tomorrow", "Darwin", "AU"),
    ("darwin tides tomorrow, how big is the range", "Darwin", "AU"),   # ... or first, the sea's data word next
    ("cairns tide times", "Cairns", "AU"),
    ("is it safe swimming in cairns today", "Cairns", "AU"),
    ("darwin weather tomorrow", "Darwin", "AU"),   # a big city's name first, what is asked next (issue 26)
])
def test_a_place_abroad_in_lower_case_is_found_where_the_sentence_makes_it_a_place(
        query: str, name: str, country: str) -> None:
    place = find_place(query)
    assert place is not None, query
    assert (place.name_en, place.country) == (name, country), (query, place)


@pytest.mark.parametrize("query", [
    "reading the tide chart",
    "split the week into days",
    "sale of fish at the harbour",
    "is the sunset nice today",
    "van hire for the beach trip",          # Van is a big town in Turkey
    "man overboard, what are the tides",
    "hue of the sunset tonight",
    "delta of the tide between highs",
    "queens of the tide pool",
    "metro to the beach tomorrow",
    "best time for sunrise photos",
    "tide at the point this morning",
    "sunset at the beach today",
    "high tide at night",
    "tides in english please",
    "tides 2moro",                          # a digit glued to it: "moro" is no town in Pakistan
    "la plage",                             # French for the beach, alone
    "sunset at the north beach",            # everyday words, not North Beach, San Francisco
    "tides at alice",                       # a sea question names no town off the sea (Alice, Texas)
    "water temp near julia",                # an alias (of Plovdiv)
    "white beach tides",                    # an alias of Colonial Beach, Virginia
    "sunrise photos for darwin",            # a given name, and no sea question
    "florence and the tide",                # a given name, with no word that makes it a place
    "why did darwin sail the beagle, tides?",   # a given name first, no data word next to it
])
def test_ordinary_words_never_become_places(query: str) -> None:
    place = find_place(query)
    assert place is None, (query, place)


@pytest.mark.parametrize(("query", "name"), [
    ("is it nice at keelung", "Keelung"),
    ("split the tide table for keelung by day", "Keelung"),
    ("reading the tide chart for hualien", "Hualien"),
    ("the north beach at kenting tides", "Kenting"),
    ("tides 2moro at bondi", "Bondi"),
    ("tides at the main beach in kenting", "Kenting"),   # Main Beach is also a suburb on the Gold Coast
    ("sunset at santa monica pier or Keelung", "Keelung"),  # a place written as one wins over a role
])
def test_a_common_word_beside_a_real_place_leaves_that_place(query: str, name: str) -> None:
    place = find_place(query)
    assert place is not None and place.name_en == name, (query, place)


def test_a_lower_case_name_several_places_share_is_ranked_or_asked_as_when_capitalised() -> None:
    """"tides at brighton": England's Brighton is far the weightier; "santa cruz" is shared by strong
    places (California, Manila, ...): flagged ambiguous, so the bot asks which."""
    place = find_place("tides at brighton")
    assert place is not None and place.country == "GB", place
    place = find_place("santa cruz tides today")
    assert place is not None and place.ambiguous, place
    assert "California" in {alt.admin for alt in place.alternatives} | {place.admin}, place


async def _ask(query: str) -> Answer:
    return await ask_router(query, QT)


@pytest.mark.parametrize(("query", "written"), [
    ("waikiki tides today", "Waikiki tides today"),
    ("bondi sunrise tomorrow", "Bondi sunrise tomorrow"),
    ("tides at bondi beach", "tides at Bondi Beach"),
    ("santa monica pier sunset", "Santa Monica pier sunset"),
    ("santa cruz tides today", "Santa Cruz tides today"),   # asked back either way
])
async def test_the_bot_answers_the_lower_case_question_as_the_capitalised_one(query: str, written: str) -> None:
    answer, expected = await _ask(query), await _ask(written)
    assert (answer.debug or {}).get("reason") != "tide_without_location", answer.text
    got, want = (answer.mode, answer.tool, answer.arguments), (expected.mode, expected.tool, expected.arguments)
    assert got == want, answer.text


@pytest.mark.parametrize(("query", "name"), [
    ("sunrise peniche tomorrow, planning a dawn patrol", "Peniche"),
    ("dubrovnik rain saturday?? hoping to walk the walls", "Dubrovnik"),
    ("low tide saint-malo sunday, want to walk out to the fort", "Saint-Malo"),
])
def test_a_lower_case_town_beside_the_intent_word_is_read_whatever_else_the_sentence_says(query: str,
                                                                                         name: str) -> None:
    place = find_place(query)
    assert place is not None and place.name_en == name, (query, place)


def test_a_small_town_on_the_askers_own_coast_is_read_beside_any_intent_word() -> None:
    """A village of the asker's own coast typed in lower case, whatever the ask ("southwold sunset sunday?
    taking the dog for a walk" from London); the same words from Sydney name no place of theirs."""
    for query in ("southwold sunset sunday? taking the dog for a walk", "eyemouth rain tomorrow? school run"):
        place = find_place(query, home="GB")
        assert place is not None and place.country == "GB", (query, place)
        assert find_place(query, home="AU") is None, query


@pytest.mark.parametrize("query", [
    "sunrise tours tomorrow, any good ones?",        # a town in France, and an English word
    "sunset tonight lovely colours over the hills",
    "tide times tomorrow for my mate jack",
])
def test_an_english_word_or_a_stray_word_beside_the_intent_word_is_no_place(query: str) -> None:
    assert find_place(query) is None, query


def test_a_name_said_without_its_article_is_the_places_own() -> None:
    """"Barceloneta" is la Barceloneta's own name, said without its article, as "Havre" is Le Havre's."""
    place = find_place("low tide at Barceloneta tomorrow", home="ES")
    assert place is not None and place.country == "ES", place


def test_the_peak_of_the_tide_is_no_place() -> None:
    """"what time is the peak" asks the high tide's time: not The Peak, Hong Kong."""
    place = find_place("Venice high tide tomorrow - what time is the peak?")
    assert place is not None and place.name_en == "Venice", place
    assert find_place("what time is the peak") is None


@pytest.mark.parametrize(("query", "name"), [("polperro lw sat", "Polperro"), ("mevagissey hw tmrw", "Mevagissey")])
def test_a_lower_case_harbour_with_hw_or_lw_and_a_short_weekday_is_read(query: str, name: str) -> None:
    place = find_place(query)
    assert place is not None and place.name_en == name, (query, place)
