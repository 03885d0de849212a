"""Discord the Discord way: English command texts with zh-TW localisations, /help and the settings
as their own commands, day words in `date`, true option ranges, autocomplete in the user's script.
Driven through the command callbacks with the recording fakes of test_discord_bot."""
from __future__ import annotations

import discord
import pytest
from discord import app_commands

from bots import discord_bot as db
from bots.discord_bot.commands import place_autocomplete, traditional
from bots.discord_bot.translator import StringsTranslator
from test_discord_bot import FakeInteraction, StubRouter, commands, make_client


def _cjk(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


async def test_english_texts_with_zh_tw_localisations() -> None:
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    translator = StringsTranslator()
    for command in db.build_commands():
        payload = await command.get_translated_payload(tree, translator)
        assert not _cjk(payload["description"]) and " / " not in payload["description"], payload["description"]
        if command.name in ("help", "tide", "chart", "weather", "home", "tz", "lang", "forget", "settings", "ask"):
            assert _cjk(payload["description_localizations"]["zh-TW"]), command.name
            for option in payload.get("options", []):
                assert not _cjk(option["name"]) and not _cjk(option["description"]), option
                assert _cjk(option["description_localizations"]["zh-TW"]), (command.name, option)
                assert _cjk(option["name_localizations"]["zh-TW"]), (command.name, option)


async def test_help_and_settings_are_their_own_commands() -> None:
    cmds = commands()
    assert {"help", "home", "tz", "lang", "forget", "settings"} <= set(cmds)
    it = FakeInteraction(make_client(StubRouter()))
    await cmds["help"].callback(it)
    assert "/tide" in it.sent()[-1]["content"] and _cjk(it.sent()[-1]["content"])
    client = make_client(StubRouter())
    it = FakeInteraction(client)
    await cmds["tz"].callback(it, zone="Asia/Tokyo")
    assert "Asia/Tokyo" in it.sent()[-1]["content"] and it.sent()[-1]["ephemeral"] is True
    assert (await client.services.store.get("discord", "42")).tz == "Asia/Tokyo"
    it = FakeInteraction(client)
    await cmds["home"].callback(it, place="121.74,25.13")
    assert (await client.services.store.get("discord", "42")).home_lon == pytest.approx(121.74)
    it = FakeInteraction(client)
    await cmds["forget"].callback(it)
    assert (await client.services.store.get("discord", "42")).tz is None


@pytest.mark.parametrize(("words", "day"), [("tomorrow", "2025-11-15"), ("明天", "2025-11-15"),
                                            ("週六", "2025-11-15"), ("next Tuesday", "2025-11-18"),
                                            ("2025-11-20", "2025-11-20")])
async def test_date_option_takes_day_words(words: str, day: str) -> None:
    router = StubRouter()  # the fakes' interaction happens at 2025-11-14 11:00 in Taipei (a Friday)
    await commands()["tide"].callback(FakeInteraction(make_client(router)), place="基隆", date=words)
    assert router.questions[0].date == day


async def test_unreadable_date_is_said_not_silently_today() -> None:
    router = StubRouter()
    it = FakeInteraction(make_client(router))
    await commands()["tide"].callback(it, place="基隆", date="someday soon-ish")
    assert not router.questions
    assert it.sent()[-1]["ephemeral"] is True and "someday" in it.sent()[-1]["content"]


def test_days_ranges_are_the_tools_own() -> None:
    cmds = commands()
    chart = {p.name: p for p in cmds["chart"].parameters}["days"]
    weather = {p.name: p for p in cmds["weather"].parameters}["days"]
    assert (chart.min_value, chart.max_value) == (1, 7)
    assert (weather.min_value, weather.max_value) == (1, 16)


async def test_autocomplete_in_the_users_script_and_ranked() -> None:
    zh = await place_autocomplete(FakeInteraction(make_client(StubRouter())), "Bali")
    assert zh[0].value == "峇里島", [c.name for c in zh]
    assert all(traditional(c.name) for c in zh)
    naha = await place_autocomplete(FakeInteraction(make_client(StubRouter())), "Naha")
    assert all(traditional(c.name) for c in naha) and naha[0].value == "那霸"
    en = await place_autocomplete(FakeInteraction(make_client(StubRouter()), locale=discord.Locale.american_english),
                                  "Bali")
    assert en[0].name == "Bali, Indonesia" and any(c.name == "Bali, Taiwan" for c in en), [c.name for c in en]
    assert not any(_cjk(c.name) for c in en)
