"""Shared fixtures of the answer tests: a real Router on the local engine, the Open-Meteo emulator,
and no ERDDAP (an SST part cannot be had)."""
from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from core.config import Settings
from core.envelope import Question
from core.router import Router
from openmeteo_server import OpenMeteoServer

QT = "2025-11-25T10:20:00+08:00"        # the Open-Meteo emulator's "today"


@pytest.fixture
async def ask() -> AsyncIterator[Any]:
    """Yield `answer(query) -> text`, asked in Taipei at the emulator's today."""
    with OpenMeteoServer() as om:
        router = Router(Settings(open_meteo_url=om.url, erddap_url="http://127.0.0.1:9/erddap",
                                 odbchat_backend="local"), llm=None)

        async def answer(query: str) -> str:
            return (await router.answer(Question(query=query, tz="Asia/Taipei", query_time=QT))).text
        yield answer
        await router.aclose()
