"""Issue 26: a typo correction never makes a place or a data word out of characters that belong to everyday
words around them (「潮汐模式裡」 is 模式|裡: 式裡 is no misspelt 嵵裡), while a slip in a name's or a data word's own
characters is still read (高熊, 朝汐 beside 明天). New wordings of the class, through the real Router."""
from __future__ import annotations

import pytest

from core.understand.ordinary_words import splits_a_word, word_bounds
from router_ask import ask_router

TAIPEI_FRI = "2026-12-04T14:10:00+08:00"


@pytest.mark.parametrize("query", [
    "預報模式裡的風速準嗎",            # 模式裡 → no 嵵裡 (a Penghu village)
    "這個模式裡面潮汐怎麼算的",
    "海峽現在的潮汐是怎麼形成的",        # 峽現 → no 下弦
    "資料裡的海溫是怎麼量的",
])
async def test_characters_of_everyday_words_make_no_misspelt_place_or_data_word(query: str) -> None:
    answer = await ask_router(query, TAIPEI_FRI)
    assert "我把「" not in answer.text and "當成" not in answer.text.splitlines()[0], answer.text
    assert answer.tool is None or not answer.tool.startswith("tide."), answer.text


@pytest.mark.parametrize(("query", "said"), [
    ("高熊後天滿潮幾點", "（我把「高熊」當成「高雄」。）"),
    ("基隆後天朝汐", "（我把「朝汐」當成「潮汐」。）"),
])
async def test_a_slip_in_a_names_own_characters_is_still_read(query: str, said: str) -> None:
    answer = await ask_router(query, TAIPEI_FRI)
    assert answer.tool == "tide.forecast" and said in answer.text.splitlines(), answer.text


def test_a_sentence_is_cut_into_its_everyday_words() -> None:
    text = "潮汐模式裡的分潮"
    assert {0, 2, 4, 5} <= word_bounds(text)
    assert splits_a_word(text, 3, 5)             # 式裡 splits 模式
    assert not splits_a_word("基隆明天朝汐", 4, 6)   # 朝汐 stands on its own
