"""A failed call's reply through `Router.answer` (local engine, the data services unreachable on a
closed loopback port): one clear sentence in the asker's language (the offline SST error does
not also say "no data", the weather one does not say "cannot connect" twice), naming the place
and day understood (issue 18)."""
from __future__ import annotations

import socket

import pytest

from core.config import Settings
from core.envelope import Answer, Question
from core.router import Router
from core.words.strings import t

QT = "2025-11-20T10:00:00+08:00"


def _closed_port() -> str:
    with socket.socket() as s:   # a port nobody listens on: connections are refused at once
        s.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{s.getsockname()[1]}"


@pytest.fixture
async def router():
    url = _closed_port()
    r = Router(Settings(odbchat_backend="local", erddap_url=url, open_meteo_url=url), llm=None)
    yield r
    await r.aclose()


async def _ask(router: Router, query: str, **typed: object) -> Answer:
    return await router.answer(Question(query=query, tz="Asia/Taipei", query_time=QT, **typed))


def _outage(lang: str, about: str) -> str:
    return t(lang, "failure.asked", text=t(lang, "error", reason=t(lang, "invalid_reason.UNAVAILABLE")) + t(lang, "end"),
             about=about)


@pytest.mark.parametrize("query, lang, about", [
    # a past day: a day to come has no sea temperature yet and is answered with the latest (core/decide/vet.py)
    ("基隆11月16日海溫", "zh", "基隆 11月16日 的海溫"),
    ("sea temperature at Keelung on 2025-11-16", "en", "the sea surface temperature for Keelung on Nov 16"),
    ("(121.8, 25.2) 海溫", "zh", "25.20°N, 121.80°E 11月20日 的海溫"),
])
async def test_offline_sst_says_one_thing_and_what_was_asked(router: Router, query: str, lang: str, about: str) -> None:
    answer = await _ask(router, query)
    assert answer.error and answer.error.startswith("UNAVAILABLE") and answer.tool.startswith("ghrsst.")
    assert answer.text == _outage(lang, about)
    assert t(lang, "invalid_reason.NOT_FOUND") not in answer.text and "沒有資料" not in answer.text


@pytest.mark.parametrize("query, lang, about", [
    ("基隆明天天氣", "zh", "基隆 11月21日 的天氣預報"),
    ("weather in Keelung tomorrow", "en", "the weather forecast for Keelung on Nov 21"),
])
async def test_offline_weather_does_not_repeat_itself(router: Router, query: str, lang: str, about: str) -> None:
    answer = await _ask(router, query)
    assert answer.error and answer.error.startswith("UNAVAILABLE")
    assert answer.text == _outage(lang, about)
    assert answer.text.count("連線") <= 1 and answer.text.lower().count("connect") == 0


async def test_errors_go_out_in_the_askers_language(router: Router) -> None:
    answer = await _ask(router, "/sst", tool="ghrsst.point_value", place="Keelung", lang="zh")
    assert answer.lang == "zh" and answer.text == _outage("zh", "基隆 11月20日 的海溫")


@pytest.mark.parametrize("configured, lang", [("auto", "zh"), ("zh", "zh"), ("en", "en")])
async def test_a_question_with_no_script_is_answered_in_the_configured_language(configured: str, lang: str) -> None:
    # The adapters word their own errors in this language too (chat_commands.pick_lang): one language.
    from bots.common.chat_commands import pick_lang

    router = Router(Settings(odbchat_backend="local", odbchat_lang=configured), llm=None)
    try:
        answer = await _ask(router, "(121.74, 25.13)")
    finally:
        await router.aclose()
    assert answer.tool == "tide.forecast" and answer.lang == lang
    assert pick_lang(None, text="(121.74, 25.13)", default=configured) == lang
