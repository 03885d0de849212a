"""LINE's rich menu and calendar links end to end: `odbchat line --set-rich-menu` against the LINE API emulator
(menus, pictures on the data host, default, aliases), and taps on it answered by the real
`odbchat line` worker like typed commands — in zh-TW and in English."""
from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from line_api_server import LineAPIServer, Sent, follow_event, post_events, postback_event, text_event, user_source
from line_rich_menus import png_size
from line_worker import line_env, running_line_worker
from bots.line_bot.rich_menu import LOCATION_SCREEN
from telegram_harness import ROOT, free_port, has_cjk

pytestmark = pytest.mark.e2e

SECRET = "rich-menu-channel-secret-0123456789"
ACCESS = "rich-menu-access-token-ABCDEFGHIJKL"


def _set_menu(tmp: Path, api: LineAPIServer) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bots.cli", "line", "--set-rich-menu"], cwd=str(ROOT),
                          env=line_env(tmp, api, free_port(), SECRET, ACCESS), capture_output=True, text=True,
                          timeout=120)


@pytest.fixture(scope="module")
def deployed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LineAPIServer, str, Path]]:
    """The emulator with the menus set by the deploy step, and a running LINE worker."""
    tmp = tmp_path_factory.mktemp("richmenu")
    api = LineAPIServer(ACCESS).start()
    api.profiles["Uen"] = {"userId": "Uen", "displayName": "Ann", "language": "en"}
    done = _set_menu(tmp, api)
    assert done.returncode == 0, done.stderr
    try:
        with running_line_worker(tmp, api, SECRET, ACCESS) as (base, _):
            yield api, base, tmp
    finally:
        api.stop()


def _texts(calls: list[Sent]) -> str:
    return "\n".join(t for call in calls for t in call.texts())


def test_deploy_creates_both_menus_with_pictures_and_the_zh_default(
        deployed: tuple[LineAPIServer, str, Path]) -> None:
    api, _, tmp = deployed
    menus = api.rich_menus
    assert set(menus.aliases) == {"odbchat-zh", "odbchat-en"}
    zh, en = menus.menus[menus.aliases["odbchat-zh"]], menus.menus[menus.aliases["odbchat-en"]]
    assert menus.default == menus.aliases["odbchat-zh"]
    assert has_cjk(zh["chatBarText"]) and not has_cjk(en["chatBarText"])
    for menu_id in menus.aliases.values():
        assert png_size(menus.pictures[menu_id]) == (2500, 1686)
    actions = [area["action"] for area in zh["areas"]]
    assert len(actions) == 6
    assert {a.get("data") for a in actions} >= {"menu|tide", "menu|chart", "menu|week", "menu|daily", "menu|help"}
    assert any(a["type"] == "uri" and a["uri"] == LOCATION_SCREEN for a in actions)   # LINE's location screen
    assert any(a["type"] == "datetimepicker" and a["mode"] == "time" for a in actions)
    out = ROOT / "build"
    out.mkdir(exist_ok=True)
    for lang, menu_id in (("zh", menus.aliases["odbchat-zh"]), ("en", menus.aliases["odbchat-en"])):
        (out / f"line-rich-menu-{lang}.png").write_bytes(menus.pictures[menu_id])
    # Deployed again: new menus, the aliases follow them (no "alias exists" failure).
    again = _set_menu(tmp, api)
    assert again.returncode == 0, again.stderr
    assert menus.default == menus.aliases["odbchat-zh"] and len(menus.menus) == 4


def _tap(api: LineAPIServer, base: str, user: str, data: str, params: dict[str, str] | None = None) -> str:
    before = len(api.sent_to(user))
    token = api.issue_reply_token(user)
    assert post_events(f"{base}/line/webhook", SECRET, [postback_event(user, data, token, params)]).status_code == 200
    return _texts(api.wait_for(user, before + 1, 120)[before:])


def test_taps_answer_like_commands_in_zh(deployed: tuple[LineAPIServer, str, Path]) -> None:
    api, base, _ = deployed
    asked = _tap(api, base, "Utap", "menu|tide")
    assert "/home" in asked, asked   # no home saved yet: it asks for one
    token = api.issue_reply_token("Utap")
    post_events(f"{base}/line/webhook", SECRET, [text_event(user_source("Utap"), "/home 基隆", token)])
    api.wait_for("Utap", 2, 60)
    tide = _tap(api, base, "Utap", "menu|tide")
    assert "基隆" in tide and ("滿潮" in tide or "乾潮" in tide), tide
    daily = _tap(api, base, "Utap", "menu|daily", {"time": "06:15"})
    assert "06:15" in daily, daily
    helped = _tap(api, base, "Utap", "menu|help")
    assert has_cjk(helped) and "/tide" in helped, helped


def test_english_user_gets_the_english_menu_and_english_answers(deployed: tuple[LineAPIServer, str, Path]) -> None:
    api, base, _ = deployed
    token = api.issue_reply_token("Uen")
    post_events(f"{base}/line/webhook", SECRET, [follow_event("Uen", token)])
    api.wait_for("Uen", 1, 60)
    deadline = time.monotonic() + 10
    while "Uen" not in api.rich_menus.linked and time.monotonic() < deadline:
        time.sleep(0.05)
    assert api.rich_menus.linked.get("Uen") == api.rich_menus.aliases["odbchat-en"]
    answer = _tap(api, base, "Uen", "menu|week")
    assert not has_cjk(answer.replace("基隆", "")), answer   # asks for a place in English
    # Switching to zh-TW gives the default menu back.
    token = api.issue_reply_token("Uen")
    post_events(f"{base}/line/webhook", SECRET, [text_event(user_source("Uen"), "/lang zh", token)])
    deadline = time.monotonic() + 30
    while "Uen" in api.rich_menus.linked and time.monotonic() < deadline:
        time.sleep(0.05)
    assert "Uen" not in api.rich_menus.linked


def test_a_tap_that_is_not_ours_is_not_a_command(deployed: tuple[LineAPIServer, str, Path]) -> None:
    api, base, _ = deployed
    answer = _tap(api, base, "Uodd", "menu|forget")
    assert "/home" not in answer or "刪除" not in answer
    assert has_cjk(answer)


def test_calendar_is_a_signed_link_the_worker_serves(deployed: tuple[LineAPIServer, str, Path]) -> None:
    api, base, _ = deployed
    token = api.issue_reply_token("Ucal")
    post_events(f"{base}/line/webhook", SECRET, [text_event(user_source("Ucal"), "/calendar 基隆 3", token)])
    text = _texts(api.wait_for("Ucal", 1, 120))
    link = next(word for word in text.split() if "/line/files/" in word)
    link = link[link.index("http"):]
    got = httpx.get(link, timeout=60)
    assert got.status_code == 200 and got.headers["content-type"].startswith("text/calendar")
    from icalendar import Calendar

    events = Calendar.from_ical(got.content).walk("VEVENT")
    assert 10 <= len(events) <= 14 and all("基隆" in str(e["SUMMARY"]) for e in events)
    tampered = link.replace(".ics", "x.ics")
    assert httpx.get(tampered, timeout=10).status_code == 404
