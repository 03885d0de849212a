"""The LINE adapter's translations: an answer's parts as LINE messages, postback data, signed picture names."""
from __future__ import annotations

import io

from PIL import Image

from bots.common.port import Shown
from bots.line_bot.events import route
from bots.line_bot.images import PREVIEW_PX, ChartRequest, chart_name, chart_urls, preview_png, read_name
from bots.line_bot.messages import TEXT_LIMIT, answer_messages, button_data, parse_data, split_text
from core.envelope import Answer
from core.reply import Button, Code, Reply, Table

from linebot.v3.webhooks import Event


def _no_urls(shown: Shown) -> None:
    return None


def test_long_code_is_sent_whole_in_pieces_under_the_limit() -> None:
    source = "\n".join(f"print('第 {i} 行 tide')  # {'x' * 40}" for i in range(400))
    shown = Shown(reply=Reply(headline="範例程式：", code=Code(source=source)), lang="zh")
    messages = [m.to_dict() for m in answer_messages(shown, _no_urls)]
    assert messages[0]["text"] == "範例程式："
    code = [m["text"] for m in messages[1:]]
    assert len(code) >= 5 and all(len(part) <= TEXT_LIMIT for part in code)
    assert "\n".join(code) == source  # nothing lost, lines kept


def test_split_text_cuts_a_line_longer_than_a_message() -> None:
    text = "a" * 12000 + "\n" + "b"
    pieces = split_text(text)
    assert all(len(p) <= TEXT_LIMIT for p in pieces) and "".join(pieces).replace("\n", "") == "a" * 12000 + "b"


def test_week_table_is_a_flex_bubble_and_image_first() -> None:
    table = Table(header=["日期", "滿潮", "乾潮"], rows=[["11/14", "05:12", "11:40"], ["11/15", "05:50", "12:20"]],
                  text="日期 滿潮 乾潮\n11/14 05:12 11:40")
    answer = Answer(mode="mcp_tools", text="t", lang="zh", tool="tide.week")
    shown = Shown(reply=Reply(headline="基隆一週潮汐", table=table, image=b"png", share_location=True), lang="zh",
                  answer=answer)
    messages = [m.to_dict() for m in answer_messages(shown, lambda s: ("https://x/a.png", "https://x/a.preview.png"))]
    assert [m["type"] for m in messages] == ["image", "text", "flex"]
    cells = [c["text"] for box in messages[2]["contents"]["body"]["contents"] if box["type"] == "box"
             for c in box["contents"]]
    assert cells[:2] == ["滿潮", "乾潮"] and "11/14" in cells and "12:20" in cells  # each day heads its values
    items = messages[-1]["quickReply"]["items"]
    assert items[0]["action"]["type"] == "location"


def test_tide_buttons_become_postbacks_that_read_back() -> None:
    button = Button(action="tomorrow", label="明天", point=(121.7412, 25.1534), date="2025-11-15", place="基隆")
    answer = Answer(mode="mcp_tools", text="t", lang="zh", tool="tide.forecast")
    shown = Shown(reply=Reply(headline="基隆", buttons=[button], share_location=True), lang="zh", answer=answer)
    items = answer_messages(shown, _no_urls)[-1].to_dict()["quickReply"]["items"]
    postback = items[1]["action"]
    assert postback["type"] == "postback" and postback["label"] == "明天"
    back = parse_data(postback["data"])
    assert back is not None and back.action == "tomorrow" and back.point == (121.7412, 25.1534)
    assert back.date == "2025-11-15" and back.place == "基隆"
    assert parse_data("tomorrow|999|1|2025-11-15|") is None and parse_data("junk") is None
    assert button_data(Button(action="share_location", label="x")) is None
    long_name = button_data(button.model_copy(update={"place": "港" * 200}))
    assert long_name is not None and len(long_name.encode()) <= 300
    assert parse_data(long_name) == back.model_copy(update={"place": None})


def test_chart_names_are_signed_and_previews_small() -> None:
    request = ChartRequest(lon=121.74, lat=25.13, date="2025-11-14", days=3, lang="zh", tz="Asia/Taipei")
    original, preview = chart_urls("https://bot.example.org/", "secret", request)
    assert original.startswith("https://bot.example.org/line/images/") and preview.endswith(".preview.png")
    name = original.rsplit("/", 1)[1]
    assert read_name("secret", name) == (request, False)
    assert read_name("secret", preview.rsplit("/", 1)[1]) == (request, True)
    assert read_name("other-secret", name) is None
    payload, sig = chart_name("secret", request).split(".")
    tampered = chart_name("secret", request.model_copy(update={"days": 7})).split(".")[0]
    assert read_name("secret", f"{tampered}.{sig}.png") is None
    buffer = io.BytesIO()
    Image.new("RGB", (1200, 800), "white").save(buffer, format="PNG")
    with Image.open(io.BytesIO(preview_png(buffer.getvalue()))) as small:
        assert max(small.size) <= PREVIEW_PX


def test_group_text_is_addressed_only_by_a_mention_or_a_slash() -> None:
    def event(text: str, mention: bool = False) -> Event:
        message = {"type": "text", "id": "1", "quoteToken": "q", "text": text}
        if mention:
            message["mention"] = {"mentionees": [{"index": 0, "length": 8, "type": "user", "userId": "Ub",
                                                  "isSelf": True}]}
        return Event.from_dict({"type": "message", "mode": "active", "timestamp": 1763089200000,
                                "source": {"type": "group", "groupId": "C1", "userId": "U1"},
                                "webhookEventId": "E", "deliveryContext": {"isRedelivery": False},
                                "replyToken": "r", "message": message})

    plain = route(event("hello"), "zh-TW")
    assert plain is not None and not plain.incoming.addressed
    mentioned = route(event("@ODBchat 基隆潮汐", mention=True), "zh-TW")
    assert mentioned is not None and mentioned.incoming.addressed and mentioned.incoming.content.text == "基隆潮汐"
    settings = route(event("/settings"), "zh-TW")
    assert settings is not None and settings.to == "U1" and settings.reply_token is None
    tide = route(event("/tide 基隆"), "zh-TW")
    assert tide is not None and tide.to == "C1" and tide.reply_token == "r" and tide.incoming.is_group
