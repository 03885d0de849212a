"""Portuguese typed without its accents (issue 26, typos): "mare" beside a Portuguese day or tide word is the tide
(maré), while "mare" alone stays no tide word (a horse in English, the sea in Italian)."""
from __future__ import annotations

import pytest

from core.understand.signals import detect_signals


@pytest.mark.parametrize("query", ["garopaba mare amanha?", "mare baixa em paraty hoje", "horario da mare alta em ilhabela"])
def test_mare_beside_a_portuguese_word_is_the_tide(query: str) -> None:
    assert detect_signals(query).tide, query


@pytest.mark.parametrize("query", ["the mare at the farm tomorrow", "mare mosso domani a Genova?", "mare nostrum"])
def test_mare_alone_is_no_tide(query: str) -> None:
    assert not detect_signals(query).tide, query
