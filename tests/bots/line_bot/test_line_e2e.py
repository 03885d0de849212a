"""LINE end to end: the real `odbchat line` process, signed webhook events, the LINE API emulator.

The bot runs with the real core router and the local metocean backend; every reply goes
through the emulator (tests/emulators/line_api_server.py), which refuses what LINE refuses. The bot's
log must never hold the channel secret or the access token.
"""
from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from line_api_server import (BOT_USER_ID, LineAPIServer, Sent, follow_event, group_source, location_event,
                             post_events, postback_event, text_event, user_source)
from line_worker import line_env, running_line_worker
from telegram_harness import ROOT, free_port, has_cjk

pytestmark = pytest.mark.e2e

SECRET = "e2e-line-channel-secret-0123456789"
ACCESS = "e2e-line-access-token-ABCDEFGHIJKLMNOP"


@pytest.fixture(scope="module")
def line_bot(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LineAPIServer, str, Path]]:
    tmp = tmp_path_factory.mktemp("linebot")
    api = LineAPIServer(ACCESS).start()
    api.profiles["Uen"] = {"userId": "Uen", "displayName": "Ann", "language": "en"}
    try:
        with running_line_worker(tmp, api, SECRET, ACCESS) as (base, log_path):
            yield api, base, log_path
        text = log_path.read_text(errors="replace")
        assert SECRET not in text and ACCESS not in text
    finally:
        api.stop()


#: The module's running bot: the LINE API emulator, the bot's base URL, its work folder.
Bot = tuple[LineAPIServer, str, Path]


def ask_and_wait(bot: Bot, chat: str, event: dict, count: int) -> list[Sent]:
    """Post one signed webhook event to the running bot; return `chat`'s first `count` sent calls."""
    api, base, _ = bot
    post_events(f"{base}/line/webhook", SECRET, [event])
    return api.wait_for(chat, count, 120)


def _texts(calls: list[Sent]) -> str:
    return "\n".join(t for call in calls for t in call.texts())


def test_bad_signature_is_refused_and_nothing_happens(line_bot: tuple[LineAPIServer, str, Path]) -> None:
    api, base, _ = line_bot
    token = api.issue_reply_token("Ubad")
    response = post_events(f"{base}/line/webhook", SECRET, [text_event(user_source("Ubad"), "基隆潮汐", token)],
                           signature="bm90IHRoZSBzaWduYXR1cmU=")
    assert response.status_code == 401
    response = post_events(f"{base}/line/webhook", "another-secret", [text_event(user_source("Ubad"), "hi", token)])
    assert response.status_code == 401
    time.sleep(1.5)
    assert api.sent_to("Ubad") == []


def test_verify_with_no_events(line_bot: tuple[LineAPIServer, str, Path]) -> None:
    _, base, _ = line_bot
    assert post_events(f"{base}/line/webhook", SECRET, []).status_code == 200


def test_zh_question_answered_by_reply_with_quick_replies(line_bot: tuple[LineAPIServer, str, Path]) -> None:
    api, base, _ = line_bot
    token = api.issue_reply_token("Uzh")
    assert post_events(f"{base}/line/webhook", SECRET,
                       [text_event(user_source("Uzh"), "基隆今天的潮汐", token)]).status_code == 200
    calls = api.wait_for("Uzh", 1, 120)
    assert calls[0].via == "reply"
    text = _texts(calls)
    assert has_cjk(text) and ":" in text and "基隆" in text, text
    last = calls[-1].messages[-1]
    actions = [item["action"] for item in last["quickReply"]["items"]]
    assert actions[0]["type"] == "location"
    assert {"明天", "📈 潮汐圖"} <= {a.get("label") for a in actions}, actions
    # 明天 (a postback) → tomorrow's tide, by a fresh reply token
    tomorrow = next(a for a in actions if a.get("label") == "明天")
    token = api.issue_reply_token("Uzh")
    post_events(f"{base}/line/webhook", SECRET, [postback_event("Uzh", tomorrow["data"], token)])
    calls = api.wait_for("Uzh", len(calls) + 1, 120)
    assert calls[-1].via == "reply" and has_cjk(_texts(calls[-1:]))


def test_chart_is_an_image_any_worker_can_draw(line_bot: tuple[LineAPIServer, str, Path]) -> None:
    api, base, _ = line_bot
    token = api.issue_reply_token("Uchart")
    post_events(f"{base}/line/webhook", SECRET, [text_event(user_source("Uchart"), "/chart 基隆", token)])
    calls = api.wait_for("Uchart", 1, 120)
    images = [m for call in calls for m in call.messages if m["type"] == "image"]
    assert images, calls
    original, preview = images[0]["originalContentUrl"], images[0]["previewImageUrl"]
    assert original.startswith(f"{base}/line/images/") and preview != original
    got = httpx.get(original, timeout=120)
    assert got.status_code == 200 and got.content.startswith(b"\x89PNG"), got.status_code
    small = httpx.get(preview, timeout=120)
    assert small.status_code == 200 and small.content.startswith(b"\x89PNG") and len(small.content) < len(got.content)
    forged = original.replace(".png", "").rsplit(".", 1)[0] + ".AAAAAAAAAAAAAAAAAAAAAAAA.png"
    assert httpx.get(forged, timeout=30).status_code == 404


def test_location_gives_the_tide_there(line_bot: tuple[LineAPIServer, str, Path]) -> None:
    api, base, _ = line_bot
    token = api.issue_reply_token("Upin")
    post_events(f"{base}/line/webhook", SECRET, [location_event(user_source("Upin"), 121.74, 25.13, token)])
    calls = api.wait_for("Upin", 1, 120)
    text = _texts(calls)
    assert has_cjk(text) and ":" in text and any(c.isdigit() for c in text), text


def test_follow_welcomes_in_the_profile_language(line_bot: tuple[LineAPIServer, str, Path]) -> None:
    api, base, _ = line_bot
    post_events(f"{base}/line/webhook", SECRET, [follow_event("Uen", api.issue_reply_token("Uen")),
                                                 follow_event("Unolang", api.issue_reply_token("Unolang"))])
    english = _texts(api.wait_for("Uen", 1, 60))
    chinese = _texts(api.wait_for("Unolang", 1, 60))
    assert "/tide" in english and not has_cjk(english.replace("基隆", "")), english
    assert "/tide" in chinese and has_cjk(chinese), chinese


def test_redelivered_event_is_answered_once(line_bot: tuple[LineAPIServer, str, Path]) -> None:
    api, base, _ = line_bot
    event = text_event(user_source("Uagain"), "/help", api.issue_reply_token("Uagain"), event_id="01REDELIVERED0000000000001")
    assert post_events(f"{base}/line/webhook", SECRET, [event]).status_code == 200
    api.wait_for("Uagain", 1, 60)
    again = dict(event, deliveryContext={"isRedelivery": True})
    assert post_events(f"{base}/line/webhook", SECRET, [again]).status_code == 200
    time.sleep(2)
    assert len(api.sent_to("Uagain")) == 1


def test_group_needs_a_mention_or_a_slash(line_bot: tuple[LineAPIServer, str, Path]) -> None:
    api, base, _ = line_bot
    group = group_source("Cgroup1", "Umember")
    post_events(f"{base}/line/webhook", SECRET, [text_event(group, "今天天氣真好", api.issue_reply_token("Cgroup1"))])
    time.sleep(2)
    assert api.sent_to("Cgroup1") == []
    post_events(f"{base}/line/webhook", SECRET,
                [text_event(group, "@ODBchat 基隆今天的潮汐", api.issue_reply_token("Cgroup1"), mention_self=True)])
    calls = api.wait_for("Cgroup1", 1, 120)
    assert "基隆" in _texts(calls)
    # personal settings asked in the group go to the user alone, by push
    post_events(f"{base}/line/webhook", SECRET, [text_event(group, "/settings", api.issue_reply_token("Cgroup1"))])
    private = api.wait_for("Umember", 1, 60)
    assert private[0].via == "push" and has_cjk(_texts(private))
    word = api.wait_for("Cgroup1", len(calls) + 1, 60)[-1]  # the group hears only that it went privately
    assert "私訊" in _texts([word]) and "Asia/Taipei" not in _texts([word])


def test_expired_reply_token_falls_back_to_push(line_bot: tuple[LineAPIServer, str, Path]) -> None:
    api, base, _ = line_bot
    stale = api.issue_reply_token("Ulate", age_s=120)
    event = text_event(user_source("Ulate"), "/help", stale)
    event["timestamp"] -= 120_000  # answered two minutes after LINE sent it: the token has run out
    post_events(f"{base}/line/webhook", SECRET, [event])
    calls = api.wait_for("Ulate", 1, 60)
    assert calls[0].via == "push" and "/tide" in _texts(calls)
    assert ("/v2/bot/message/reply", "Invalid reply token") in api.rejected


@pytest.mark.parametrize("missing", ["LINE_CHANNEL_SECRET", "LINE_CHANNEL_ACCESS_TOKEN"])
def test_refuses_to_start_without_settings(tmp_path: Path, missing: str) -> None:
    api = LineAPIServer(ACCESS)
    api._httpd = None
    env = line_env(tmp_path, type("A", (), {"base_url": "http://127.0.0.1:9"})(), free_port(),  # type: ignore[arg-type]
                   SECRET, ACCESS)
    env.pop(missing)
    done = subprocess.run([sys.executable, "-m", "bots.cli", "line"], cwd=str(ROOT), env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2
    assert missing in done.stderr


def test_week_is_a_flex_table(line_bot: tuple[LineAPIServer, str, Path]) -> None:
    api, base, _ = line_bot
    post_events(f"{base}/line/webhook", SECRET,
                [text_event(user_source("Uweek"), "/week 基隆", api.issue_reply_token("Uweek"))])
    calls = api.wait_for("Uweek", 1, 120)
    flex = [m for call in calls for m in call.messages if m["type"] == "flex"]
    assert flex and flex[0]["contents"]["type"] == "bubble", calls
    rows = [box for box in flex[0]["contents"]["body"]["contents"] if box["type"] == "box"]
    assert len(rows) >= 8  # the header and seven days


def test_subscription_in_words_then_delivered_by_push(line_bot: tuple[LineAPIServer, str, Path]) -> None:
    from datetime import datetime, timedelta
    from zoneinfo import ZoneInfo

    api, base, _ = line_bot
    post_events(f"{base}/line/webhook", SECRET,
                [text_event(user_source("Usub"), "每天早上6點告訴我基隆潮汐", api.issue_reply_token("Usub"))])
    said = _texts(api.wait_for("Usub", 1, 60))
    assert "06:00" in said and "基隆" in said, said
    now = datetime.now(ZoneInfo("Asia/Taipei"))
    at = (now + timedelta(minutes=2 if now.second > 45 else 1)).strftime("%H:%M")
    post_events(f"{base}/line/webhook", SECRET,
                [text_event(user_source("Usub"), f"/daily {at} 基隆", api.issue_reply_token("Usub"))])
    api.wait_for("Usub", 2, 60)
    calls = api.wait_for("Usub", 3, 200)
    assert calls[2].via == "push" and "基隆" in _texts(calls[2:]), calls
    # The firing is shown as the /tide answer is: its buttons as quick replies under it.
    assert any(m.get("quickReply") for call in calls[2:] for m in call.messages), calls[2:]


def test_a_sticker_gets_a_short_reply_in_a_one_to_one_chat(line_bot: tuple[LineAPIServer, str, Path]) -> None:
    api, base, _ = line_bot
    event = text_event(user_source("Usticker"), "", api.issue_reply_token("Usticker"))
    event["message"] = {"type": "sticker", "id": "9", "quoteToken": "q", "packageId": "446", "stickerId": "1988",
                        "stickerResourceType": "STATIC"}
    post_events(f"{base}/line/webhook", SECRET, [event])
    said = _texts(api.wait_for("Usticker", 1, 60))
    assert said and has_cjk(said) and "Traceback" not in said


def test_code_answer_sends_the_code_whole(line_bot: tuple[LineAPIServer, str, Path]) -> None:
    api, base, _ = line_bot
    post_events(f"{base}/line/webhook", SECRET, [text_event(user_source("Ucode"), "請給我用 Python 計算基隆潮汐的範例程式碼",
                                                            api.issue_reply_token("Ucode"))])
    calls = api.wait_for("Ucode", 1, 120)
    texts = [t for call in calls for t in call.texts()]
    assert len(texts) >= 2 and has_cjk(texts[0]), texts
    code = "\n".join(texts[1:])
    assert "import " in code and len(code) > 500, code[:300]
    compile(code, "odbchat_example.py", "exec")  # the whole program arrived, not a sentence about it
