"""A message's store work stays on the event loop (issue 27, item 3): the conversation awaits the
store's coroutines, so its settings, rate limit, contexts and /forget never go through
`asyncio.to_thread` or the loop's shared executor; on SQLite they run on the store's one thread.

The hops are observed, not faked: `asyncio.to_thread` and the loop's `run_in_executor` are wrapped
to record what they were given and then do what they always do."""
from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest

from bots.common.incoming import Command, Text
from chat_port import Dialogue


def _owner(fn: Callable[..., Any]) -> str:
    """Return the module a callable (or the function a partial wraps) comes from."""
    while hasattr(fn, "func"):
        fn = fn.func
    return str(getattr(fn, "__module__", "") or "")


async def test_a_dialogues_store_work_never_hops_to_a_shared_thread(dialogue: Dialogue,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    store = dialogue.services.store
    loop = asyncio.get_running_loop()
    hopped: list[str] = []          # what went through asyncio.to_thread
    executors: list[tuple[Any, str]] = []  # (executor, owner) of every run_in_executor call
    to_thread, run_in_executor = asyncio.to_thread, loop.run_in_executor

    async def recording_to_thread(fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
        hopped.append(_owner(fn))
        return await to_thread(fn, *args, **kwargs)

    def recording_run_in_executor(executor: Any, fn: Callable[..., Any], *args: Any) -> Any:
        executors.append((executor, _owner(fn)))
        return run_in_executor(executor, fn, *args)

    monkeypatch.setattr(asyncio, "to_thread", recording_to_thread)
    monkeypatch.setattr(loop, "run_in_executor", recording_run_in_executor)

    await dialogue.play("基隆今天的潮汐")        # settings read, rate window, the answer's contexts saved
    await dialogue.send(Text("那明天呢？"))       # the follow-up context read back
    await dialogue.send(Command("lang", "en"))   # a setting written
    await dialogue.send(Command("home", "基隆"))
    await dialogue.send(Command("home"))         # the home prompt kept as a context
    for _ in range(3):                           # over the limit of three a minute: refused
        await dialogue.send(Text("Keelung tide today"))
    assert "a minute" in str(dialogue.port().last("private"))
    await dialogue.send(Command("forget"))

    assert [owner for owner in hopped if owner.startswith("bots.")] == [], hopped
    store_calls = [(executor, owner) for executor, owner in executors if owner.startswith("bots.common.store")]
    assert store_calls, "the SQLite store's statements run on its thread"
    assert {executor for executor, _ in store_calls} == {store._thread}  # type: ignore[attr-defined]
    assert (await store.get("test", "7")).is_empty   # /forget went through, awaited on the loop
