"""Handle one chat's updates in the order they came, and different chats side by side.

PTB's concurrent updates would let "/home 基隆" and the question typed right after it race,
so the question could be answered with the old home; a lock per chat keeps each chat's
updates in arrival order (asyncio locks wake waiters first-in, first-out) while other chats
go on concurrently.
"""
from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any

from telegram import Update
from telegram.ext import BaseUpdateProcessor


def chat_key(update: object) -> int | None:
    """Return the chat (else user) id an update belongs to, None for updates of no chat."""
    if not isinstance(update, Update):
        return None
    if update.effective_chat is not None:
        return update.effective_chat.id
    return update.effective_user.id if update.effective_user else None


class ChatOrderedProcessor(BaseUpdateProcessor):
    """Up to `max_concurrent_updates` updates at once, but one chat's updates one after another."""

    def __init__(self, max_concurrent_updates: int) -> None:
        super().__init__(max_concurrent_updates)
        self._locks: dict[int, asyncio.Lock] = {}
        self._holders: dict[int, int] = {}

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        """Await the handler coroutine after the chat's earlier updates are done."""
        key = chat_key(update)
        if key is None:
            await coroutine
            return
        lock = self._locks.setdefault(key, asyncio.Lock())
        self._holders[key] = self._holders.get(key, 0) + 1
        try:
            async with lock:
                await coroutine
        finally:
            self._holders[key] -= 1
            if not self._holders[key]:  # forget idle chats so the table stays small
                del self._holders[key]
                del self._locks[key]

    async def initialize(self) -> None:
        """Nothing to set up."""

    async def shutdown(self) -> None:
        """Nothing to release."""
