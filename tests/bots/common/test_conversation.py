"""The one conversation every chat platform shares, played as whole dialogues on the in-memory
platform (tests/chat_port.py: a port that records what it is asked to send), with the real router on
the local engine and an in-memory store."""
from __future__ import annotations

from bots.common.incoming import Command, Location, Options, Press, Text
from bots.common.port import Shown
from chat_port import Dialogue
from core.reply import Button


async def test_a_question_is_answered_whole_and_its_follow_up_inherits_place(dialogue: Dialogue) -> None:
    send, port = dialogue.send, dialogue.port()
    await dialogue.play("基隆今天的潮汐")
    shown = port.last("show")
    assert isinstance(shown, Shown) and shown.answer is not None
    assert shown.answer.tool == "tide.forecast" and shown.title == "潮汐預報" and (shown.answer.arguments or {}).get("tz") == "Asia/Taipei"
    assert "基隆" in shown.reply.headline and shown.reply.lines
    assert {b.action for b in shown.reply.buttons} >= {"tomorrow", "save_home"}
    await send(Text("那明天呢？"))
    follow = port.last("show")
    assert isinstance(follow, Shown) and follow.answer is not None
    assert follow.answer.arguments and follow.answer.arguments["date"] == "2025-11-15"
    # The context is one user's in one chat: another user in the same chat inherits nothing.
    other = await send(Text("那明天呢？"), user="8")
    assert not [p for k, p in other if k == "show" and isinstance(p, Shown) and p.answer
                and (p.answer.arguments or {}).get("date") == "2025-11-15"]


async def test_place_command_needs_a_home_then_uses_it(dialogue: Dialogue) -> None:
    send, port = dialogue.send, dialogue.port()
    await send(Command("tide"))
    assert "/home" in str(port.last("private"))
    await send(Command("home", "121.74,25.13"))
    assert "121.7400,25.1300" in str(port.last("say"))
    await send(Command("tide"))
    shown = port.last("show")
    assert isinstance(shown, Shown) and shown.answer is not None
    assert shown.answer.tool == "tide.forecast" and shown.answer.arguments
    assert (shown.answer.arguments["longitude"], shown.answer.arguments["latitude"]) == (121.74, 25.13)


async def test_home_prompt_then_pin_saves_home_and_zone(dialogue: Dialogue) -> None:
    send, port = dialogue.send, dialogue.port()
    await send(Command("home"))
    text, button, _ = port.last("say")  # type: ignore[misc]
    assert button and "位置" in str(text) + str(button)
    await send(Location(139.77, 35.62))
    said, _, closed = port.last("say")  # type: ignore[misc]
    assert closed is True and "Asia/Tokyo" in str(said)
    saved = await dialogue.services.store.get("test", "7")
    assert (saved.home_lon, saved.home_lat, saved.tz) == (139.77, 35.62, "Asia/Tokyo")
    # The mark is used up: the next pin is a tide question in the pin's own zone.
    await send(Location(139.77, 35.62))
    shown = port.last("show")
    assert isinstance(shown, Shown) and shown.answer and shown.answer.tool == "tide.forecast"
    assert (shown.answer.arguments or {}).get("tz") == "Asia/Tokyo"  # the question asked in the pin's zone


async def test_refusal_rate_limit_and_groups(dialogue: Dialogue) -> None:
    send, port = dialogue.send, dialogue.port()
    await send(Text("x" * 1500), locale="en")
    assert "too long" in str(port.last("private"))
    for _ in range(4):
        await send(Text("What time is it in Tokyo?"), locale="en")
    assert "asking a little fast" in str(port.last("private"))
    assert len([k for k, _ in port.sent if k == "show"]) == 3
    await send(Text("chatting among friends"), user="9", is_group=True, addressed=False)
    await send(Location(121.5, 25.0), user="9", is_group=True)
    assert dialogue.port("9").sent == []


async def test_buttons_chart_and_expired(dialogue: Dialogue) -> None:
    send, port = dialogue.send, dialogue.port()
    await send(Press(None))
    assert "按鈕" in str(port.last("say"))  # a polite word, no answer
    chart = Button(action="chart", label="", point=(121.74, 25.13), date="2025-11-14")
    await send(Press(chart))
    shown = port.last("show")
    assert isinstance(shown, Shown) and shown.reply.image and shown.reply.image[:8] == b"\x89PNG\r\n\x1a\n"
    home = Button(action="save_home", label="", point=(121.74, 25.13), place="基隆")
    await send(Press(home))
    assert (await dialogue.services.store.get("test", "7")).home_name == "基隆"


async def test_week_reply_has_a_table(dialogue: Dialogue) -> None:
    send, port = dialogue.send, dialogue.port()
    await send(Command("week", "基隆"))
    shown = port.last("show")
    assert isinstance(shown, Shown) and shown.reply.table is not None and len(shown.reply.table.fields) == 7


async def test_settings_options_forget_and_subscriptions(dialogue: Dialogue) -> None:
    send, port = dialogue.send, dialogue.port()
    await send(Command("settings", options=Options(tz="Asia/Tokyo", lang="en")))
    card = port.last("show")
    assert isinstance(card, Shown) and card.source is None and "Asia/Tokyo" in card.reply.text()
    await send(Command("tz", "Mars/Base"))
    assert "Mars/Base" in str(port.last("say"))
    await send(Command("daily", "06:30 基隆"), deliver_to="dm-7")
    assert "06:30" in str(port.last("say"))
    await send(Text("every day at 7:30 pm tell me the tide at Kaohsiung"), deliver_to="dm-7")
    subs = await dialogue.services.store.list_subscriptions("test", "7")
    assert len(subs) == 2 and {s.chat_id for s in subs} == {"dm-7"}
    await send(Command("forget"))   # subscriptions to lose: asked first
    assert "/forget yes" in str(port.last("say")) and len(await dialogue.services.store.list_subscriptions("test", "7")) == 2
    await send(Command("forget", "yes"))
    assert (await dialogue.services.store.get("test", "7")).is_empty and not await dialogue.services.store.list_subscriptions("test", "7")
