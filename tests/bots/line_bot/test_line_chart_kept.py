"""A chart answer's picture is kept for LINE's fetch of its signed URL: drawn once, not again by a
second router run (only the small preview is made from it)."""
from __future__ import annotations

from typing import Any

import pytest
from linebot.v3.messaging import AsyncApiClient, Configuration
from pydantic import SecretStr

from bots.common.bot_settings import BotSettings
from bots.common.ratelimit import SlidingWindowLimiter
from bots.common.services import ConversationServices
from bots.common.port import Shown
from bots.line_bot.app import LineBot
from bots.line_bot.images import read_name
from core.envelope import Question


@pytest.fixture
async def bot(router: Any) -> Any:
    settings = BotSettings(line_channel_secret=SecretStr("secret"), line_public_url="https://bot.example.org/")
    services = ConversationServices(settings=settings, router=router, store=None,  # type: ignore[arg-type]
                                    limiter=SlidingWindowLimiter(10, 60.0))
    async with AsyncApiClient(Configuration(access_token="t", host="http://127.0.0.1:9")) as client:
        yield LineBot(settings, services, client)


async def test_the_drawn_chart_is_served_without_drawing_it_again(bot: LineBot, router: Any) -> None:
    answer = await router.answer(Question(query="基隆潮汐圖", tz="Asia/Taipei", query_time="2025-11-12T10:00:00+08:00",
                                          backend="local"))
    assert answer.reply is not None and answer.reply.image
    urls = bot.image_urls(Shown(reply=answer.reply, lang="zh", answer=answer))
    assert urls is not None
    runs = 0
    real = router.answer

    async def counted(question: Question) -> Any:
        nonlocal runs
        runs += 1
        return await real(question)

    router.answer = counted
    original, preview = (read_name("secret", url.rsplit("/", 1)[1]) for url in urls)
    assert original is not None and preview is not None
    assert await bot.picture(*original) == answer.reply.image        # the very picture of the answer
    small = await bot.picture(*preview)
    assert small and small.startswith(b"\x89PNG") and len(small) < len(answer.reply.image)
    assert runs == 0                                                   # no second router run
    assert bot.image_urls(Shown(reply=answer.reply.model_copy(update={"image": None}), lang="zh",
                                answer=answer)) is None               # no picture: no image message


async def test_a_chart_drawn_again_by_another_worker_is_titled_by_the_asked_place(router: Any) -> None:
    answer = await router.answer(Question(query="基隆潮汐圖", tz="Asia/Taipei", query_time="2025-11-12T10:00:00+08:00",
                                          backend="local"))
    assert answer.reply is not None and answer.reply.image and answer.value is not None
    settings = BotSettings(line_channel_secret=SecretStr("secret"), line_public_url="https://bot.example.org/")
    services = ConversationServices(settings=settings, router=router, store=None,  # type: ignore[arg-type]
                                    limiter=SlidingWindowLimiter(10, 60.0))
    async with AsyncApiClient(Configuration(access_token="t", host="http://127.0.0.1:9")) as client:
        urls = LineBot(settings, services, client).image_urls(Shown(reply=answer.reply, lang="zh", answer=answer))
        other = LineBot(settings, services, client)   # another worker: the picture is not kept there
        drawn: list[Any] = []
        real = router.answer

        async def seen(question: Question) -> Any:
            drawn.append(await real(question))
            return drawn[-1]

        router.answer = seen
        assert urls is not None
        request = read_name("secret", urls[0].rsplit("/", 1)[1])
        assert request is not None and (await other.picture(*request) or b"").startswith(b"\x89PNG")
    # The sea point off 基隆 is nearest to 和平島 in the gazetteer; the chart keeps the asked name.
    assert len(drawn) == 1 and drawn[0].value.place == answer.value.place == "基隆", drawn[0].value.place
    assert drawn[0].value.title == answer.value.title, (drawn[0].value.title, answer.value.title)
