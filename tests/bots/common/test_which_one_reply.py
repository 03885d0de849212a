"""A reply to the bot's "which one?" (a place name several places share, issue 26) picks the place
and answers the question first asked, played through the one conversation on the in-memory port."""
from __future__ import annotations

from bots.common.incoming import Text
from bots.common.port import Shown
from chat_port import Dialogue


async def test_a_reply_naming_the_country_answers_the_question_first_asked(dialogue: Dialogue) -> None:
    send, port = dialogue.send, dialogue.port()
    await dialogue.play("Newcastle 明天的潮汐")
    asked = port.last("show")
    assert isinstance(asked, Shown) and "不只一個地方" in asked.reply.headline, asked
    assert "英國" in asked.reply.text()
    await send(Text("英國那個"))
    shown = port.last("show")
    assert isinstance(shown, Shown) and shown.answer is not None
    assert shown.answer.tool == "tide.forecast"
    arguments = shown.answer.arguments or {}
    # (s19) its tides at its port, the Tyne's mouth (-1.40), its city hall lying ~12 km up the river
    assert abs(arguments["longitude"] + 1.40) < 0.1 and arguments["date"] == "2025-11-15", arguments
