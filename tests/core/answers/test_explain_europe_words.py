"""Issue 26 (tune53's explanation class, new wordings): what a researcher says the answer is for ("for a paper I
cite", "matters for my thesis stuff") and the little words of French, Italian, Spanish and German around the topic
take nothing from it, and the data words of those languages (marée, marea, vento) read as the notes write them;
a question on something no passage covers is still declined."""
from __future__ import annotations

import pytest

from core.answers.explain import explain_answer, select_passages


# MUR's own passage also says it is the foundation temperature.
@pytest.mark.parametrize(("query", "lang", "topic"), [
    ("how do OISST and OSTIA differ from MUR? need to cite one in my study", "en", ("sst_products",)),
    ("foundation temp or skin temp — which is your SST? it matters for my thesis stuff", "en", ("sst_layers", "mur")),
    ("c'est quoi le mascaret sur la Garonne?", "en", ("tidal_bore",)),
    ("perché l'acqua alta a Venezia arriva d'inverno?", "en", ("acqua_alta",)),
    ("l'acqua alta di Venezia è colpa della marea o del vento?", "en", ("acqua_alta",)),
])
async def test_the_frame_and_the_little_words_take_nothing_from_the_topic(query: str, lang: str,
                                                                          topic: tuple[str, ...]) -> None:
    passages, off_topic = select_passages(query, lang)
    assert not off_topic and passages[0].topic in topic, [p.topic for p in passages]
    result = await explain_answer(query, lang, None)
    assert result.citations and result.citations[0]["source"].startswith("https://")


@pytest.mark.parametrize("query", [
    "c'est quoi le meilleur restaurant sur la plage?",
    "which stock should I cite in my study of la bourse?",
])
def test_a_topic_the_notes_lack_is_still_declined(query: str) -> None:
    _passages, off_topic = select_passages(query, "en")
    assert off_topic
