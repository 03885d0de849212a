"""One question through the real Router (local engine, no LLM), for the understanding tests: the
answer, with its debug record (the plan's reason), then the Router closed."""
from __future__ import annotations

from core.config import Settings
from core.envelope import Answer, Question
from core.router import Router


async def ask_router(query: str, query_time: str, tz: str = "Asia/Taipei", *, dry_run: bool = True) -> Answer:
    """Return the Router's answer to `query` asked at `query_time` by an asker in `tz` (with `dry_run`,
    data tools are planned, not called)."""
    router = Router(Settings(odbchat_backend="local"), llm=None)
    try:
        return await router.answer(Question(query=query, tz=tz, query_time=query_time, debug=True, dry_run=dry_run))
    finally:
        await router.aclose()
