"""Telegram inline mode end to end: the real bot process answers `@bot QUERY` typed in any chat
through the Bot API emulator's answerInlineQuery, which refuses what Telegram refuses."""
from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from botapi_server import BotAPIServer, parse_telegram_html
from telegram_harness import TOKEN, bot_env, bot_process, has_cjk, wait_reply

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def inline_bot(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BotAPIServer]:
    tmp = tmp_path_factory.mktemp("inline")
    server = BotAPIServer(TOKEN).start()
    try:
        with bot_process([sys.executable, "-m", "bots.telegram_bot"], bot_env(tmp, server), tmp / "bot.log", server):
            yield server
    finally:
        server.stop()


def _messages(answer: dict[str, Any]) -> list[str]:
    return [parse_telegram_html(r["input_message_content"]["message_text"]) for r in answer["results"]]


def test_place_in_zh_gives_tide_sun_and_week_cards(inline_bot: BotAPIServer) -> None:
    answer = inline_bot.wait_for_inline_answer(inline_bot.inject_inline_query(2001, "基隆"), 60)
    titles = [r["title"] for r in answer["results"]]
    assert len(titles) == 3 and all(has_cjk(t) for t in titles), titles
    tide, sun, week = _messages(answer)
    assert "基隆" in tide and ("滿潮" in tide or "乾潮" in tide), tide
    assert "日出" in sun or "日落" in sun, sun
    assert week.count(":") >= 7, week   # a week of highs and lows
    assert answer["is_personal"] is False and 0 < answer["cache_time"] <= 300


def test_english_place_and_day(inline_bot: BotAPIServer) -> None:
    answer = inline_bot.wait_for_inline_answer(
        inline_bot.inject_inline_query(2002, "Boston tomorrow", language_code="en"), 60)
    tide = _messages(answer)[0]
    assert "Boston" in tide and ("high" in tide.lower() or "low" in tide.lower()), tide
    assert not has_cjk(tide), tide


def test_empty_query_uses_the_shared_point_else_home(inline_bot: BotAPIServer) -> None:
    pin = inline_bot.wait_for_inline_answer(inline_bot.inject_inline_query(2003, "", location=(121.74, 25.15)), 60)
    assert pin["is_personal"] is True and len(pin["results"]) == 3
    assert any(ch.isdigit() for ch in _messages(pin)[0])
    nothing = inline_bot.wait_for_inline_answer(inline_bot.inject_inline_query(2004, ""), 60)
    assert len(nothing["results"]) == 1 and "/home" in _messages(nothing)[0]
    inline_bot.inject_message(2004, "/home 高雄")
    wait_reply(inline_bot, 2004, 0)
    home = inline_bot.wait_for_inline_answer(inline_bot.inject_inline_query(2004, ""), 60)
    assert len(home["results"]) == 3 and "高雄" in _messages(home)[0], _messages(home)[0]
    assert home["is_personal"] is True


def test_unknown_place_is_one_honest_card(inline_bot: BotAPIServer) -> None:
    answer = inline_bot.wait_for_inline_answer(inline_bot.inject_inline_query(2005, "Qwxzzyplace"), 60)
    texts = _messages(answer)
    assert len(texts) == 1 and "找不到" in texts[0], texts
