"""What a conversation works with: settings, the core router, the store and the rate limiter.

Every chat platform opens them the same way at start-up (`open_services`), starts the one
subscription scheduler on them (`start_scheduler`) and closes them at shutdown
(`close_services`). The router is built here, so the platform packages never import it.
"""
from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bots.common.bot_settings import BotSettings
from bots.common.ratelimit import Limiter, limiter_for
from bots.common.subscriptions.scheduler import PortFor, Scheduler, SchedulerConfig
from bots.common.store import open_store

if TYPE_CHECKING:  # the router is imported when services open, so importing an adapter connects nothing
    from bots.common.store import Store
    from core.router import Router


@dataclass
class ConversationServices:
    """The shared parts one process's conversations use."""

    settings: BotSettings
    router: Router
    store: Store
    limiter: Limiter


async def open_services(settings: BotSettings, questions_per_minute: int) -> ConversationServices:
    """Return the services for `settings`: the store opened, a router, a limiter of `questions_per_minute`."""
    from core.router import Router

    store = await asyncio.to_thread(open_store, settings.odbchat_db)
    # With a CWA key the router keeps CWA's tide forecast in this store; without one, nothing changes.
    router = Router(settings=settings, kept=store) if settings.cwa_api_key is not None else Router(settings=settings)
    return ConversationServices(settings=settings, router=router, store=store,
                                limiter=limiter_for(store, questions_per_minute, 60.0))


def start_scheduler(services: ConversationServices, port_for: PortFor) -> Scheduler:
    """Start this process's subscription scheduler, showing each firing through `port_for(sub)`, the
    platform's port to the subscriber's chat; return it."""
    config = SchedulerConfig(interval_s=services.settings.subscriptions_poll_seconds)
    scheduler = Scheduler(services.store, services.router, port_for, config)
    scheduler.start()
    return scheduler


async def close_services(services: ConversationServices, scheduler: Scheduler | None = None) -> None:
    """Stop the scheduler (if any), close the router, then the store (its asynchronous side on this loop)."""
    if scheduler is not None:
        with contextlib.suppress(Exception):
            await scheduler.stop()
    with contextlib.suppress(Exception):
        await services.router.aclose()
    with contextlib.suppress(Exception):
        await services.store.aclose()
    await asyncio.to_thread(services.store.close)
