"""Telegram end to end with CWA's official tides: the real bot process, the Bot API emulator and the
CWA open-data emulator on loopback. A zh dialogue at a fishing harbour: the official times and
heights, 大/中/小潮 and 農曆, the source; /datum chart and /units m change the tide answer, the chart
and the week; one fetch for all of it. With CWA_TRANSCRIPT_DIR set, the dialogue and the chart are
written there (the note's transcript)."""
from __future__ import annotations

import os
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from botapi_server import BotAPIServer
from cwa_server import KEY, CwaServer, response
from telegram_harness import TOKEN, bot_env, bot_process, wait_reply

pytestmark = pytest.mark.e2e
TAIPEI = timezone(timedelta(hours=8))


def _todays_extremes(start: datetime) -> list[tuple[str, int, int]]:
    """Return (HH:MM, cm above MSL, cm above chart datum) of 東港漁港 today, as the emulator serves them."""
    today = datetime.now(TAIPEI).date().isoformat()
    for item in response(start.date())["records"]["TideForecasts"]:
        if item["Location"]["LocationName"] == "東港漁港":
            day = next(d for d in item["Location"]["TimePeriods"]["Daily"] if d["Date"] == today)
            return [(t["DateTime"][11:16], t["TideHeights"]["AboveLocalMSL"], t["TideHeights"]["AboveChartDatum"])
                    for t in day["Time"]]
    raise KeyError("東港漁港")


def test_a_harbour_dialogue_in_zh_from_cwas_forecast(tmp_path: Path) -> None:
    start = datetime.now(TAIPEI) - timedelta(days=1)
    server = BotAPIServer(TOKEN).start()
    transcript: list[str] = []
    with CwaServer(start.date()) as cwa:
        env = bot_env(tmp_path, server, CWA_API_KEY=KEY, CWA_API_URL=cwa.url)
        user = 2801
        chart_png = b""

        def say(text: str, timeout: float = 120) -> str:
            nonlocal chart_png
            before = len(server.sent_to(user))
            server.inject_message(user, text, language_code="zh-hant")
            replies = wait_reply(server, user, before, timeout)
            for m in replies:
                if m.photo:
                    chart_png = m.photo
            said = "\n".join(("[圖] " if m.photo else "") + m.text for m in replies)
            transcript.extend([f"> {text}", said, ""])
            return said

        try:
            with bot_process([sys.executable, "-m", "bots.telegram_bot"], env, tmp_path / "bot.log", server):
                tide = say("東港漁港今天的潮汐")
                for hhmm, msl, _ in _todays_extremes(start):
                    assert f"{hhmm} 高度{msl} cm" in tide, tide
                assert "資料來源：中央氣象署潮汐預報" in tide and "農曆" in tide and "東港漁港" in tide
                assert any(word in tide for word in ("大潮", "中潮", "小潮"))
                assert "平均海平面（預設）" in say("/settings")
                assert "海圖基準面" in say("/datum chart")
                assert "公尺" in say("/units m")
                again = say("/tide 東港")
                for hhmm, _, chart in _todays_extremes(start):
                    assert f"{hhmm} 高度{chart / 100:.2f} m" in again, again
                assert "中央氣象署海圖基準面" in again
                caption = say("/chart 東港")
                assert chart_png[:8] == b"\x89PNG\r\n\x1a\n" and " m）" in caption
                week = say("/week 東港")
                assert "中央氣象署海圖基準面" in week and "資料來源：中央氣象署潮汐預報" in week
                settings = say("/settings")
                assert "公尺" in settings and "海圖基準面" in settings
                far = say("高雄今天的潮汐")   # Kaohsiung's own station: its chart datum, no CWA point near
                assert "資料來源：中央氣象署潮汐預報" not in far and "海圖基準面" in far
        finally:
            server.stop()
        assert cwa.requests == 1, cwa.requests
    log = (tmp_path / "bot.log").read_text(errors="replace")
    assert KEY not in log and TOKEN.split(":")[1] not in log
    out = os.environ.get("CWA_TRANSCRIPT_DIR")
    if out:
        Path(out).mkdir(parents=True, exist_ok=True)
        (Path(out) / "telegram_cwa_transcript.txt").write_text("\n".join(transcript) + f"\nCWA fetches: {cwa.requests}\n",
                                                              encoding="utf-8")
        (Path(out) / "telegram_cwa_chart.png").write_bytes(chart_png)
