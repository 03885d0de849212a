"""Nothing acknowledged is lost: a webhook worker's side of the durable inbox (contract,
"Nothing acknowledged is lost"), for any platform.

`accept()` stores an incoming update leased to this worker before the caller answers 2xx,
and starts handling it; once the handler returns (the answer was sent) the update is marked
done. While the worker lives, a loop renews its leases every `renew_s`; when it dies
(`kill -9`, out of memory, power), its leases run out after `lease_s` and the same loop in
another worker, or in the restarted one, takes its unfinished updates over. An update whose
handler was sending at the instant of the kill is answered again (the platforms' send calls
have no idempotency key); every other one is answered once.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import uuid
from collections.abc import Awaitable, Callable

from bots.common.store import Inbox, Put

log = logging.getLogger("odbchat.inbox")

#: A dead worker's updates are taken over this long after its last renewal, at most.
LEASE_S = 15.0
#: How often a live worker renews its leases and looks for expired ones.
RENEW_S = 5.0

Handler = Callable[[str], Awaitable[None]]


def worker_name() -> str:
    """Return a name no other worker (nor this one after a restart) has: host, pid, random."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


class InboxWorker:
    """Stores, hands out and finishes one platform's updates for one worker process."""

    def __init__(self, store: Inbox, platform: str, handle: Handler, *, lease_s: float = LEASE_S,
                 renew_s: float = RENEW_S) -> None:
        self.store = store
        self.platform = platform
        self.handle = handle
        self.lease_s = lease_s
        self.renew_s = renew_s
        self.owner = worker_name()
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._loop_task: asyncio.Task[None] | None = None
        self._taking_over = True

    async def accept(self, update_id: str, payload: str) -> Put:
        """Store the update (leased to this worker) and start handling it when it is new; return
        what the store found. Raises (StoreUnavailable, or the database's error) when it could
        not be stored: then the caller must not acknowledge it (the platform delivers it again)."""
        put = await self.store.put_update(self.platform, update_id, payload, self.owner, self.lease_s)
        if put is Put.NEW:
            self._start(update_id, payload)
        return put

    def _start(self, update_id: str, payload: str) -> None:
        if update_id in self._tasks:
            return  # delivered again while this worker is still answering it
        self._tasks[update_id] = asyncio.get_running_loop().create_task(self._run(update_id, payload))

    async def _run(self, update_id: str, payload: str) -> None:
        try:
            try:
                await self.handle(payload)
            except Exception:
                # The handler answers its own failures; one that escapes is not retried forever.
                log.exception("update handler failed", extra={"platform": self.platform})
            try:
                await self.store.finish_update(self.platform, update_id)
            except Exception as exc:
                # Answered but not marked: after the lease it would be answered again; say so.
                log.error("could not mark an answered update done", extra={"error": f"{type(exc).__name__}: {exc}"})
        finally:  # also when cancelled by a drain that ran out: then it stays unfinished for the others
            self._tasks.pop(update_id, None)

    def start(self) -> None:
        """Start the renew-and-take-over loop (on the running event loop)."""
        if self._loop_task is None:
            self._loop_task = asyncio.get_running_loop().create_task(self._renew_loop())

    async def _renew_loop(self) -> None:
        while True:
            try:
                await self.tick()
            except Exception as exc:  # a store blip must not end the loop: the next tick retries
                log.warning("inbox upkeep failed; retrying", extra={"error": f"{type(exc).__name__}: {exc}"})
            await asyncio.sleep(self.renew_s)

    async def tick(self) -> int:
        """Renew this worker's leases and, unless draining, take over expired ones; return how many
        were taken over."""
        if self._tasks:
            await self.store.renew_updates(self.owner, self.lease_s)
        if not self._taking_over:
            return 0
        taken = await self.store.claim_expired_updates(self.platform, self.owner, self.lease_s)
        for item in taken:
            log.info("took over an unanswered update", extra={"platform": item.platform, "attempts": item.attempts})
            self._start(item.update_id, item.payload)
        return len(taken)

    async def drain(self, timeout_s: float) -> bool:
        """Stop taking over, wait up to `timeout_s` for the updates being answered; return True
        when all were (the rest are cancelled, and another worker answers them once their leases
        run out)."""
        # The leases are still renewed while the answers go out: a drain longer than `lease_s`
        # must not let another worker take an update over and answer it a second time.
        self._taking_over = False
        pending = list(self._tasks.values())
        not_done: set[asyncio.Task[None]] = set()
        if pending:
            _, not_done = await asyncio.wait(pending, timeout=timeout_s)
        if self._loop_task is not None:
            self._loop_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._loop_task
            self._loop_task = None
        for task in not_done:  # not answered in time: stop before its lease runs out and another answers it
            task.cancel()
        if not_done:
            await asyncio.wait(not_done, timeout=1.0)
        return not not_done

    @property
    def in_flight(self) -> int:
        """Return how many updates this worker is answering now."""
        return len(self._tasks)


__all__ = ["LEASE_S", "RENEW_S", "InboxWorker", "worker_name"]
