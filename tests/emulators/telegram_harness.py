"""Shared by the Telegram end-to-end tests: the bot as a real process against the Bot API
emulator, its environment (nothing may leave the machine), and a scripted core router.
"""
from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import httpx

from botapi_server import BotAPIServer, SentMessage, parse_telegram_html

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "123456:TEST-e2eSecretTokenValue_xyz"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def bot_env(tmp: Path, server: BotAPIServer, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("TELEGRAM_", "ODBCHAT_", "DISCORD_", "OLLAMA_", "METOCEAN_", "OPEN_METEO", "ERDDAP"))
           and k.lower() not in ("http_proxy", "https_proxy", "all_proxy")}
    env.update({
        "HOME": str(tmp),
        "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p),
        "PYTHONUNBUFFERED": "1",
        "NO_PROXY": "127.0.0.1,localhost",
        # Upstream-only services point at a closed port: nothing may leave the machine.
        "METOCEAN_MCP_URL": f"http://127.0.0.1:{free_port()}/mcp/metocean",
        "OPEN_METEO_URL": f"http://127.0.0.1:{free_port()}/v1/forecast",
        "ERDDAP_URL": f"http://127.0.0.1:{free_port()}/erddap",
        "ODBCHAT_BACKEND": "local",
        "OLLAMA_HOST": f"http://127.0.0.1:{free_port()}",
        "ODBCHAT_LLM_TIMEOUT": "3",
        "ODBCHAT_DB": str(tmp / "odbchat.db"),
        "ODBCHAT_LOG_LEVEL": "DEBUG",  # the noisiest setting: the token must still not appear
        "ODBCHAT_DEFAULT_TZ": "Asia/Taipei",
        "TELEGRAM_BASE_URL": server.base_url,
        "TELEGRAM_BOT_TOKEN": TOKEN,
    })
    env.update(extra)
    return env


@contextlib.contextmanager
def bot_process(cmd: list[str], env: dict[str, str], log_path: Path, server: BotAPIServer,
                webhook: str | None = None) -> Iterator[subprocess.Popen]:
    """Run the bot until the block ends; wait until it polls (or, given the `webhook` base URL, until
    its /healthz answers); stop it with SIGTERM."""
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(cmd, cwd=str(ROOT), env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + 60
            def ready() -> bool:
                if webhook:
                    try:
                        return httpx.get(f"{webhook}/healthz", timeout=1).status_code == 200
                    except httpx.HTTPError:
                        return False
                return server.get_updates_calls > 0
            while not ready() and time.monotonic() < deadline:
                if proc.poll() is not None:
                    raise AssertionError(f"bot exited early:\n{log_path.read_text(errors='replace')}")
                time.sleep(0.05)
            assert ready(), log_path.read_text(errors="replace")
            yield proc
        finally:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
                try:
                    proc.wait(20)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait(5)


def assert_valid(messages: list[SentMessage]) -> None:
    for m in messages:
        assert m.parse_mode and m.parse_mode.upper() == "HTML"
        parse_telegram_html(m.raw)  # raises when Telegram would refuse it
        assert "Traceback" not in m.text


def has_cjk(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


def wait_reply(server: BotAPIServer, chat_id: int, before: int, timeout: float = 60.0) -> list[SentMessage]:
    """Return the messages sent to chat_id after the first `before` ones (waits for at least one)."""
    server.wait_for_messages(chat_id, before + 1, timeout)
    time.sleep(0.3)  # a split answer arrives as several messages in a row
    return server.sent_to(chat_id)[before:]


STUB = textwrap.dedent('''
    """Runs the Telegram bot with a scripted core router (see tests/bots/telegram_bot/test_telegram_e2e.py)."""
    import asyncio, os, sys, types
    import core.router as real
    from datetime import date, timedelta
    from core.envelope import Answer, Context
    from core.reply import Button, Code, Reply

    class Router:
        def __init__(self, settings=None):
            self.closed = False
            # Tool runs (subscription alert times) are the real router's, on the configured backend.
            self._real = real.Router(settings, llm=None)

        async def run_tool(self, name, arguments, *, backend=None):
            return await self._real.run_tool(name, arguments, backend=backend)

        async def run(self, tool, arguments, *, backend=None):
            return await self._real.run(tool, arguments, backend=backend)

        async def answer(self, q):
            if "slow" in q.query:
                await asyncio.sleep(2.0)
            if "boom" in q.query:
                # The failure message quotes the token, as an httpx error quoting a URL would.
                raise RuntimeError("core exploded at " + os.environ["TELEGRAM_BOT_TOKEN"])
            if "tidebutton" in q.query or (q.tool == "tide.forecast" and q.date):
                day = q.date or "2025-11-14"
                point = q.point or (121.74, 25.13)
                return Answer(mode="mcp_tools", lang="zh", tool="tide.forecast",
                              arguments={"longitude": point[0], "latitude": point[1], "date": day, "tz": "Asia/Taipei"},
                              context=Context(tool="tide.forecast", place="Keelung", point=point, date=day),
                              text=f"tide {day} at {point} tool={q.tool}",
                              reply=Reply(headline=f"tide {day} at {point} tool={q.tool}", buttons=[
                                  Button(action="tomorrow", label="明天", point=point,
                                         date=(date.fromisoformat(day) + timedelta(days=1)).isoformat()),
                                  Button(action="save_home", label="設為常用地點", point=point, place="Keelung"),
                                  Button(action="chart", label="潮汐圖", point=point, date=day)]))
            if "code" in q.query:  # a code answer: short inline, long (over 3000 chars) as a file
                lines = 200 if "longcode" in q.query else 3
                source = "".join(f"print('tide line {i}')  # <x> & y\\n" for i in range(lines))
                return Answer(mode="code", lang="zh", text="以下 Python 程式：\\n" + source,
                              reply=Reply(headline="以下 Python 逐日呼叫 tide.forecast：",
                                          code=Code(source=source, filename="tamsui_tides.py")))
            if "long" in q.query:
                return Answer(mode="explain", lang="zh", text="".join(
                    f"第 {i} 行 <潮汐> & \\"高潮\\" 12:34 " + "x" * 40 + "\\n" for i in range(300)))
            typed = f" tool={q.tool} place={q.place} point={q.point} date={q.date}" if q.tool else ""
            follow = f" context={q.context.place}" if q.context else ""
            return Answer(mode="explain", lang="en",
                          text=f"echo<{q.query}> tz={q.tz} qt={q.moment.isoformat() if q.moment else q.query_time} lang={q.lang}{typed}{follow}")

        async def aclose(self):
            await self._real.aclose()

    mod = types.ModuleType("core.router")
    mod.Router = Router
    sys.modules["core.router"] = mod
    from bots.telegram_bot import main
    sys.exit(main())
''')


