"""Discord adapter: command callbacks driven with recording fakes of discord's Interaction."""
from __future__ import annotations

import asyncio
import itertools
from datetime import datetime, timezone
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bots import discord_bot as db
from bots.common.bot_settings import BotSettings as Settings
from core.envelope import Answer, Question
from core.router import Router
from core.reply import Reply
from core.tools.catalog import CATALOG
from bots.common.ratelimit import SlidingWindowLimiter
from bots.common.services import ConversationServices
from bots.common.store import open_store
from paths import ROOT



_MESSAGE_IDS = itertools.count(1_000_000)   # the ids Discord gives the messages sent


class Recorder:
    """One ordered log of everything the fakes are asked to do."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, dict[str, Any]]] = []


class FakeResponse:
    def __init__(self, rec: Recorder) -> None:
        self.rec = rec
        self._done = False

    async def defer(self, *, thinking: bool = False, ephemeral: bool = False) -> None:
        assert not self._done, "an interaction can be responded to only once"
        self._done = True
        self.rec.calls.append(("defer", {"thinking": thinking, "ephemeral": ephemeral}))

    def is_done(self) -> bool:
        return self._done


class FakeFollowup:
    def __init__(self, rec: Recorder, response: FakeResponse) -> None:
        self.rec = rec
        self.response = response

    async def send(self, content: str | None = None, **kwargs: Any) -> Any:
        assert self.response.is_done(), "a follow-up needs a deferred (or answered) interaction"
        call = {"content": content, **kwargs}
        if kwargs.get("wait"):   # Discord returns the message sent, with its id
            call["id"] = next(_MESSAGE_IDS)
        self.rec.calls.append(("followup", call))
        return SimpleNamespace(id=call["id"]) if kwargs.get("wait") else None


class FakeInteraction:
    """The parts of discord.Interaction the adapter uses."""

    def __init__(self, client: Any, *, user_id: int = 42, locale: discord.Locale = discord.Locale.taiwan_chinese,
                 created_at: datetime | None = None) -> None:
        self.rec = Recorder()
        self.client = client
        self.user = SimpleNamespace(id=user_id)
        self.channel_id: int | None = None  # a DM
        self.locale = locale
        self.created_at = created_at or datetime(2025, 11, 14, 3, 0, tzinfo=timezone.utc)
        self.response = FakeResponse(self.rec)
        self.followup = FakeFollowup(self.rec, self.response)

    async def delete_original_response(self) -> None:
        self.rec.calls.append(("delete_original", {}))

    def sent(self) -> list[dict[str, Any]]:
        return [c for name, c in self.rec.calls if name == "followup"]

    def embeds(self) -> list[discord.Embed]:
        out: list[discord.Embed] = []
        for call in self.sent():
            out.extend(call.get("embeds") or ([call["embed"]] if call.get("embed") else []))
        return out


class StubRouter:
    def __init__(self, *, fail: bool = False, delay: float = 0.0, text: str | None = None) -> None:
        self.questions: list[Question] = []
        self.fail = fail
        self.delay = delay
        self.text = text
        # Tool runs (subscription alert times) are the real router's, on the built-in engine.
        self._real = Router(Settings(odbchat_backend="local"), llm=None)

    async def run_tool(self, name: str, arguments: dict[str, Any], *, backend: str | None = None) -> dict[str, Any]:
        return await self._real.run_tool(name, arguments, backend=backend)

    async def answer(self, question: Question) -> Answer:
        self.questions.append(question)
        if self.delay:
            await asyncio.sleep(self.delay)
        if self.fail:
            raise RuntimeError("backend exploded")
        text = self.text or f"基隆現在是漲潮。*{question.query}*"
        reply = CATALOG["tide.forecast"].framed(Reply.plain(text), "zh", "local")   # as the router frames it
        return Answer(mode="mcp_tools", tool="tide.forecast", backend="local", lang="zh", text=text, reply=reply)

    async def aclose(self) -> None:
        await self._real.aclose()


def make_client(router: Any, limit: int = 20) -> SimpleNamespace:
    settings = Settings(odbchat_default_tz="Asia/Taipei", discord_rate_limit_per_minute=limit)
    services = ConversationServices(settings=settings, router=router, store=open_store(":memory:"),
                                    limiter=SlidingWindowLimiter(limit, 60.0))
    return SimpleNamespace(services=services)


def commands() -> dict[str, Any]:
    return {c.name: c for c in db.build_commands()}


async def test_command_set_and_options() -> None:
    cmds = commands()
    assert {"ask", "tide", "sun", "sst", "weather", "settings"} <= set(cmds)
    assert all(1 <= len(c.description) <= 100 for c in cmds.values())
    tide_params = {p.name: p for p in cmds["tide"].parameters}
    assert tide_params["place"].autocomplete and not tide_params["place"].required
    days = {p.name: p for p in cmds["weather"].parameters}["days"]
    assert days.type == discord.AppCommandOptionType.integer and (days.min_value, days.max_value) == (1, 16)
    assert all(c.description for c in cmds.values())


async def test_tide_defers_first_then_follows_up_with_embed() -> None:
    router = StubRouter()
    client = make_client(router)
    it = FakeInteraction(client)
    await commands()["tide"].callback(it, place="基隆")
    assert it.rec.calls[0] == ("defer", {"thinking": True, "ephemeral": False})
    embeds = it.embeds()
    assert len(embeds) == 1 and "基隆現在是漲潮" in embeds[0].description
    assert embeds[0].title == "潮汐預報" and "local engine" in embeds[0].footer.text
    assert "\\*" in embeds[0].description  # markdown from the answer is escaped
    q = router.questions[0]
    assert (q.tool, q.place) == ("tide.forecast", "基隆")  # a typed request, not a sentence
    assert q.tz == "Asia/Taipei" and q.moment is not None and q.moment.isoformat() == "2025-11-14T11:00:00+08:00"


async def test_defer_happens_before_slow_work() -> None:
    router = StubRouter(delay=0.2)
    it = FakeInteraction(make_client(router))
    task = asyncio.create_task(commands()["ask"].callback(it, question="tide at Keelung today"))
    await asyncio.sleep(0.05)
    assert [name for name, _ in it.rec.calls] == ["defer"]  # deferred while the core still works
    await task
    assert [name for name, _ in it.rec.calls] == ["defer", "followup"]
    assert router.questions[0].lang == "en"   # the reply language the conversation decided, not decided again


async def test_user_settings_shape_the_question() -> None:
    router = StubRouter()
    client = make_client(router)
    cmds = commands()
    it = FakeInteraction(client, locale=discord.Locale.american_english)
    await cmds["settings"].callback(it, tz="Asia/Tokyo", lang=None, home="121.74,25.13", forget=False)
    assert it.rec.calls[0][0] == "defer" and it.rec.calls[0][1]["ephemeral"] is True
    assert "Asia/Tokyo" in it.embeds()[0].description
    it2 = FakeInteraction(client, locale=discord.Locale.american_english)
    await cmds["tide"].callback(it2, place=None)
    q = router.questions[-1]
    assert (q.tool, q.point) == ("tide.forecast", (121.74, 25.13)) and q.tz == "Asia/Tokyo"
    assert q.moment is not None and q.moment.isoformat() == "2025-11-14T12:00:00+09:00" and q.lang == "en"
    it3 = FakeInteraction(client)
    await cmds["settings"].callback(it3, forget=True)
    assert (await client.services.store.get("discord", "42")).is_empty


async def test_errors_are_ephemeral_and_polite() -> None:
    it = FakeInteraction(make_client(StubRouter(fail=True)), locale=discord.Locale.american_english)
    await commands()["sun"].callback(it, place="Hualien")
    assert it.rec.calls[0][0] == "defer"
    last = it.sent()[-1]
    assert last["ephemeral"] is True and last["content"].startswith("Sorry") and "exploded" not in last["content"]
    assert ("delete_original", {}) in it.rec.calls
    # A missing place is a user error: ephemeral too, and the router is never called.
    router = StubRouter()
    it = FakeInteraction(make_client(router))
    await commands()["sst"].callback(it, place=None)
    assert it.sent()[-1]["ephemeral"] is True and "/home" in it.sent()[-1]["content"] and not router.questions
    it = FakeInteraction(make_client(router))
    await commands()["settings"].callback(it, tz="Mars/Base")
    assert it.sent()[-1]["ephemeral"] is True and "Mars/Base" in it.sent()[-1]["content"]


async def test_rate_limit_and_long_answers() -> None:
    client = make_client(StubRouter(text="行\n" * 5000), limit=2)
    cmds = commands()
    runs = []
    for _ in range(3):
        it = FakeInteraction(client)
        await cmds["tide"].callback(it, place="基隆")
        runs.append(it)
    long_embeds = runs[0].embeds()
    assert len(long_embeds) >= 3 and all(len(e.description) <= 4096 for e in long_embeds)
    assert "(1/" in long_embeds[0].title
    assert runs[2].sent()[-1]["ephemeral"] is True and "稍候" in runs[2].sent()[-1]["content"]


async def test_weather_days_option() -> None:
    router = StubRouter()
    it = FakeInteraction(make_client(router))
    await commands()["weather"].callback(it, place="高雄", days=3)
    q = router.questions[0]
    assert (q.tool, q.place, q.days) == ("weather.forecast", "高雄", 3)


async def test_autocomplete() -> None:
    pytest.importorskip("core.understand.places")
    it = FakeInteraction(make_client(StubRouter()), locale=discord.Locale.american_english)
    kee = await db.place_autocomplete(it, "Kee")
    assert kee and any("Keelung" in c.name for c in kee) and len(kee) <= 25
    assert all(1 <= len(c.name) <= 100 and 1 <= len(c.value) <= 100 for c in kee)
    zh = await db.place_autocomplete(FakeInteraction(make_client(StubRouter())), "基")
    assert zh and any("基隆" in c.name for c in zh) and any(c.value.startswith("基") for c in zh)
    assert await db.place_autocomplete(it, "") == []


async def test_tide_with_real_router(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ODBCHAT_BACKEND", "local")
    monkeypatch.setenv("OLLAMA_HOST", "http://127.0.0.1:9")
    from core.router import Router
    settings = Settings(odbchat_backend="local", ollama_host="http://127.0.0.1:9")
    router = Router(settings=settings)
    try:
        client = SimpleNamespace(services=ConversationServices(
            settings=settings, router=router, store=open_store(":memory:"), limiter=SlidingWindowLimiter(20)))
        it = FakeInteraction(client, created_at=datetime.now(timezone.utc))
        await commands()["tide"].callback(it, place="基隆")
        assert it.rec.calls[0][0] == "defer"
        embed = it.embeds()[0]
        assert "潮" in embed.description and embed.title == "潮汐預報"
    finally:
        await router.aclose()


def test_client_choice_and_no_sync_by_default() -> None:
    plain = db.build_client(Settings())
    sharded = db.build_client(Settings(discord_sharded=True))
    assert type(plain) is db.ODBchatClient and isinstance(sharded, discord.AutoShardedClient)
    assert plain.sync_commands is False and plain.services is None  # nothing built before setup_hook
    assert {"ask", "tide", "sun", "sst", "weather", "settings"} <= {c.name for c in plain.tree.get_commands()}
    split = db.build_client(Settings(discord_shard_count=4, discord_shard_ids="2,3"))
    assert isinstance(split, discord.AutoShardedClient)
    assert (split.shard_count, split.shard_ids) == (4, [2, 3])


def test_split_plain() -> None:
    text = "\n".join(f"line {i}" for i in range(2000)) + "\n" + "x" * 9000
    parts = db.split_plain(text, 4000)
    assert all(len(p) <= 4000 for p in parts)
    assert "".join(parts).replace("\n", "") == text.replace("\n", "")


async def test_identify_is_paced_across_processes(tmp_path: Path) -> None:
    # Two clients (two processes' worth) on one store: their IDENTIFYs come interval seconds apart.
    store_url = str(tmp_path / "shared.db")
    settings = Settings(discord_bot_token="1.2.3", discord_identify_interval=0.4, discord_shard_count=2)
    clients = [db.build_client(settings) for _ in range(2)]
    stores = [open_store(store_url) for _ in clients]
    try:
        for client, store in zip(clients, stores):
            client.services = ConversationServices(settings=settings, router=StubRouter(), store=store,
                                                   limiter=SlidingWindowLimiter(5))
        start = asyncio.get_running_loop().time()
        times = []
        for shard, client in enumerate(clients):
            await client.before_identify_hook(shard)
            times.append(asyncio.get_running_loop().time() - start)
        assert times[0] < 0.2 and times[1] >= 0.35
    finally:
        for store in stores:
            store.close()


@pytest.mark.e2e
def test_sigterm_closes_the_client_and_exits_0(tmp_path: Path) -> None:
    import signal
    import subprocess
    import sys
    import time
    script = tmp_path / "run.py"
    script.write_text(
        "import asyncio, sys, discord\n"
        "from bots.discord_bot.client import run_until_signal\n"
        "class Client(discord.Client):\n"
        "    async def start(self, token, *, reconnect=True):\n"
        "        print('started', flush=True)\n"
        "        await asyncio.Event().wait()\n"
        "    async def close(self):\n"
        "        print('closed', flush=True)\n"
        "        await super().close()\n"
        "asyncio.run(run_until_signal(Client(intents=discord.Intents.none()), 'x'))\n"
        "print('exited', flush=True)\n", encoding="utf-8")
    root = ROOT
    proc = subprocess.Popen([sys.executable, str(script)], cwd=str(root), stdout=subprocess.PIPE, text=True,
                            env={**__import__("os").environ, "PYTHONPATH": str(root)})
    assert proc.stdout is not None and proc.stdout.readline().strip() == "started"
    time.sleep(0.2)
    proc.send_signal(signal.SIGTERM)
    out, _ = proc.communicate(timeout=30)
    assert proc.returncode == 0 and "closed" in out and "exited" in out


async def test_subscription_commands_store_and_list(tmp_path: Path) -> None:
    store = open_store(str(tmp_path / "subs.db"))
    client = SimpleNamespace(services=ConversationServices(settings=Settings(odbchat_default_tz="Asia/Taipei"),
                                                           router=StubRouter(), store=store,
                                                           limiter=SlidingWindowLimiter(20)))
    cmds = commands()
    try:
        it = FakeInteraction(client)
        await cmds["daily"].callback(it, time="06:30", place="基隆")
        assert it.rec.calls[0] == ("defer", {"thinking": True, "ephemeral": True})
        assert "06:30" in it.sent()[-1]["content"] and it.sent()[-1]["ephemeral"] is True
        bad = FakeInteraction(client)
        await cmds["daily"].callback(bad, time="25:61", place="基隆")
        assert len(await store.list_subscriptions("discord", "42")) == 1  # the bad time stored nothing
        listing = FakeInteraction(client)
        await cmds["alerts"].callback(listing)
        assert "1." in listing.sent()[-1]["content"]
        words = FakeInteraction(client)
        await cmds["ask"].callback(words, question="每天晚上7點半告訴我高雄的潮汐")
        assert "19:30" in words.sent()[-1]["content"] and len(await store.list_subscriptions("discord", "42")) == 2
        gone = FakeInteraction(client)
        await cmds["unalert"].callback(gone, number=1)
        assert len(await store.list_subscriptions("discord", "42")) == 1
    finally:
        store.close()


async def test_week_is_one_embed_with_a_field_per_day() -> None:
    from core.router import Router
    router = Router(Settings(odbchat_backend="local", ollama_host="http://127.0.0.1:9"), llm=None)
    try:
        client = make_client(router)
        it = FakeInteraction(client, created_at=datetime(2025, 11, 14, 2, 0, tzinfo=timezone.utc))
        await commands()["week"].callback(it, place="基隆")
    finally:
        await router.aclose()
    embeds = it.embeds()
    assert len(embeds) == 1 and len(embeds[0].fields) == 7
    assert embeds[0].fields[0].name.startswith("11/14") and "```" in embeds[0].fields[0].value


async def test_chart_is_an_embed_with_the_png_attached() -> None:
    from core.router import Router
    router = Router(Settings(odbchat_backend="local", ollama_host="http://127.0.0.1:9"), llm=None)
    try:
        it = FakeInteraction(make_client(router), created_at=datetime(2025, 11, 14, 2, 0, tzinfo=timezone.utc))
        await commands()["chart"].callback(it, place="基隆")
    finally:
        await router.aclose()
    sent = it.sent()[-1]
    picture = sent["file"]
    assert isinstance(picture, discord.File) and picture.filename.endswith(".png")
    assert picture.fp.read(8) == b"\x89PNG\r\n\x1a\n"
    assert sent["embeds"][0].image.url == f"attachment://{picture.filename}"


def test_commands_install_to_users_and_work_in_dms() -> None:
    """The payload a sync sends: every command installable to a guild (0) and a user (1), and
    usable in guilds (0), the bot's DMs (1) and private channels/group DMs (2)."""
    client = db.build_client(Settings())
    payloads = [c.to_dict(client.tree) for c in client.tree.get_commands()]
    assert payloads and all(sorted(p["integration_types"]) == [0, 1] for p in payloads)
    assert all(sorted(p["contexts"]) == [0, 1, 2] for p in payloads)


def test_a_calendar_answer_attaches_its_ics_file() -> None:
    from bots.common.port import Shown
    from bots.discord_bot.embeds import reply_embeds
    from core.reply import Attachment, Reply

    reply = Reply(headline="基隆潮汐行事曆", attachment=Attachment(filename="keelung.ics", mime="text/calendar",
                                                                   data=b"BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n"))
    embeds, files = reply_embeds(Shown(reply=reply, lang="zh"), "…")
    assert embeds and [f.filename for f in files] == ["keelung.ics"]
