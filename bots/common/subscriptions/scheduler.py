"""The subscription scheduler: an asyncio task each bot process runs, firing due subscriptions once.

Every `interval_s` it claims due rows from the shared store (`claim_due` leases them, so no
other worker sees them), builds each firing's `Reply` (`bots.common.subscriptions.firings`: daily, that
day's tides through the router; alert, "high tide at Keelung at 14:32 (in about 30 minutes)" from
the router's `tide.forecast`, on the same backend as `/tide`), shows it through the platform's
port for the subscriber's chat (`port_for(sub).show`, its flood-safe sending path, as any
answer) and records the firing with the next
due time (`complete_firing`, idempotent on the claimed due time). With N workers on one
database each firing is sent by exactly one of them.

A worker dies (`kill -9`, out of memory, power) without warning, so its claims are short
leases (`lease_s`, 15 s) renewed every `renew_s` (5 s) while it works on them, and it claims
only as many rows as it can fire at once: a dead worker's firings are taken over by another
within about `lease_s + interval_s`. Before a message goes out the firing is recorded as
'sending', and as 'sent' as soon as the platform accepted it (then the next due time is
looked up and recorded). A worker taking over a 'sent' firing only records it; a 'sending'
one it sends again. So a firing reaches the user twice only when its worker died inside the
send (after the platform took the message, before 'sent' was committed).

Lateness (a firing found due late, e.g. after the bot was down): an alert is still sent, with
a "sent late" note, while its extreme is ahead (late by less than its lead time); a daily
message while less than `daily_grace_s` (30 minutes) late; a threshold alert (the evening
before a low beyond a height, `core.subscriptions.smart_times`) while less than `smart_grace_s`
(12 hours) late, naming only the tides still ahead; a spring-tide message likewise. Older
firings are skipped and the subscription is rescheduled. A delay under `on_time_s` (two poll intervals and change) counts
as on time. The port answers "sent", "blocked" (the user blocked the bot, HTTP 403: their
subscriptions are paused) or "failed" (the row stays leased and is tried again when the lease
runs out, until it is too late). Stopping (`stop()` or cancelling the task) finishes the sends
in flight (no row is claimed before a slot to send it is free).
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from bots.common.subscriptions.firings import Answers, Firing, firing_reply, shown_firing
from bots.common.inbox_worker import worker_name
from bots.common.port import ChatPort, Outcome
from bots.common.subscriptions.records import Subscription
from bots.common.store.protocols import SubscriptionStore
from core.subscriptions.daily_times import next_daily
from core.subscriptions.smart_times import next_spring, next_threshold
from core.subscriptions.alert_times import RememberingRunner, ToolRunner, next_alert

log = logging.getLogger(__name__)

#: The platform's port that speaks to a subscription's chat (a push to `sub.chat_id`).
PortFor = Callable[[Subscription], ChatPort]
#: When no next firing can be found (no extreme ahead), look again this much later.
RETRY_LATER = timedelta(hours=6)


@dataclass(frozen=True)
class SchedulerConfig:
    """How often and how much the scheduler works, and how late a firing may still be sent."""

    interval_s: float = 5.0  # between two claims
    lease_s: float = 15.0  # a claimed row is hidden from other workers this long after the last renewal
    renew_s: float = 5.0  # how often a worker renews the leases of the rows it is firing
    concurrency: int = 4  # messages built and sent at once (and rows claimed at most)
    on_time_s: float = 120.0  # later than this gets the "sent late" note
    daily_grace_s: float = 1800.0  # a daily message later than this is skipped
    smart_grace_s: float = 43200.0  # a threshold or spring-tide message later than this is skipped
    status_every_s: float = 60.0  # how often the status line (active count, last delay) is logged


class Scheduler:
    """Fires due subscriptions of one store through the platform's ports; `start()` it once per bot process."""

    def __init__(self, store: SubscriptionStore, router: Answers, port_for: PortFor,
                 config: SchedulerConfig | None = None, clock: Callable[[], datetime] | None = None) -> None:
        self.store = store
        #: What "now" is: the database's clock, unless a caller (a simulation) gives its own.
        self.clock = clock
        self.router = router
        self.port_for = port_for
        self.config = config or SchedulerConfig()
        self.last_delay_s: float | None = None
        self.counts: dict[str, int] = {"sent": 0, "late": 0, "skipped": 0, "blocked": 0, "retry": 0,
                                       "recorded": 0, "taken_over": 0}
        self.owner = worker_name()
        self._firing: set[int] = set()  # ids of the rows this worker holds and is firing now
        self._stopping = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._last_status = 0.0

    # -- life cycle --------------------------------------------------------------------------

    def start(self) -> asyncio.Task[None]:
        """Start the loop as a task of the running event loop and return it."""
        if self._task is None or self._task.done():
            self._stopping.clear()
            self._task = asyncio.create_task(self.run(), name="subscription-scheduler")
        return self._task

    async def stop(self) -> None:
        """Stop the loop: finish the sends in flight, release what was claimed and not started."""
        self._stopping.set()
        if self._task is not None:
            try:
                await self._task
            except asyncio.CancelledError:
                pass
            self._task = None

    async def run(self) -> None:
        """Claim and fire due subscriptions every `interval_s` until stopped or cancelled."""
        log.info("subscription scheduler started", extra={"event": "scheduler_start",
                                                          "interval_s": self.config.interval_s})
        renewing = asyncio.create_task(self._renew_loop(), name="subscription-leases")
        try:
            while not self._stopping.is_set():
                work = asyncio.ensure_future(self.tick())
                try:
                    await asyncio.shield(work)
                except asyncio.CancelledError:
                    self._stopping.set()
                    await work  # a send in flight is finished, not cut off
                    raise
                except Exception:  # a store or engine failure must not end the loop
                    log.exception("scheduler tick failed", extra={"event": "scheduler_error"})
                await self._log_status()
                try:
                    await asyncio.wait_for(self._stopping.wait(), self.config.interval_s)
                except TimeoutError:
                    pass
        finally:
            renewing.cancel()
            log.info("subscription scheduler stopped", extra={"event": "scheduler_stop", **self.counts})

    async def _renew_loop(self) -> None:
        """Renew the leases of the rows being fired every `renew_s`, so no other worker takes them."""
        while True:
            await asyncio.sleep(self.config.renew_s)
            if self._firing:
                try:
                    await self.store.renew_firings(self.owner, sorted(self._firing), self.config.lease_s)
                except Exception as exc:  # a store blip: the next round renews (the lease outlasts two)
                    log.warning("could not renew subscription leases", extra={"error": f"{type(exc).__name__}: {exc}"})

    async def tick(self) -> int:
        """Claim due rows, as many as there are free sending slots, and fire them, until none is due;
        return how many were claimed."""
        claimed_total = 0
        running: set[asyncio.Task[None]] = set()
        try:
            while not self._stopping.is_set():
                free = max(1, self.config.concurrency) - len(running)
                claimed = []
                if free > 0:
                    due_by = None if self.clock is None else self.clock()
                    claimed = await self.store.claim_due(free, self.config.lease_s, self.owner, due_by)
                    claimed_total += len(claimed)
                    for sub in claimed:
                        self._firing.add(sub.id)
                        running.add(asyncio.create_task(self._fire(sub)))
                if not running:
                    break
                if not claimed or len(running) >= self.config.concurrency:
                    _, running = await asyncio.wait(running, return_when=asyncio.FIRST_COMPLETED)
        finally:
            if running:
                await asyncio.gather(*running, return_exceptions=True)
        return claimed_total

    # -- one firing --------------------------------------------------------------------------

    async def _now(self) -> datetime:
        return self.clock() if self.clock is not None else await self.store.clock()

    def _allowed_lateness(self, sub: Subscription) -> float:
        if sub.kind == "daily":
            return self.config.daily_grace_s
        if sub.kind in ("threshold", "springtide"):
            return self.config.smart_grace_s
        return max(60.0 * (sub.lead_minutes or 0), self.config.on_time_s)

    async def _next_after(self, sub: Subscription, after: datetime, tides: ToolRunner) -> datetime:
        """Return the subscription's next due time strictly after `after`."""
        if sub.kind == "daily":
            return next_daily(sub.hhmm or "06:00", sub.zone, after)
        if sub.kind == "threshold":
            firing = await next_threshold(tides, sub.lon, sub.lat, sub.threshold, sub.hhmm or "20:00", after, sub.tz)
            return firing.fire_at if firing else after + RETRY_LATER
        if sub.kind == "springtide":
            spring = await next_spring(tides, sub.lon, sub.lat, sub.hhmm or "06:00", after, sub.tz)
            return spring if spring is not None else after + RETRY_LATER
        found = await next_alert(tides, sub.lon, sub.lat, sub.extreme or "high", sub.lead_minutes or 0,
                                 after, sub.tz)
        return found[0] if found else after + RETRY_LATER

    async def _fire(self, sub: Subscription) -> None:
        try:
            await self._fire_one(sub)
        except Exception:  # one bad row must not stop the others; its lease runs out and it is retried
            log.exception("subscription firing failed", extra={"event": "subscription_error", "sub_id": sub.id})
        finally:
            self._firing.discard(sub.id)

    async def _mark(self, sub: Subscription, state: str | None) -> bool:
        return await self.store.mark_firing(sub.id, sub.next_fire_at, state, self.owner, self.config.lease_s)

    async def _fire_one(self, sub: Subscription) -> None:
        now = await self._now()
        late = (now - sub.next_fire_at).total_seconds()
        # One firing reads the same tide days twice (the extreme it announces, the next one): once is enough.
        tides = RememberingRunner(self.router)
        if sub.firing_state == "sent":  # its worker sent it and died before recording the next due time
            next_at = await self._next_after(sub, max(now, sub.next_fire_at), tides)
            await self.store.complete_firing(sub.id, sub.next_fire_at, now, next_at)
            self._record(sub, "recorded", late)
            return
        if sub.firing_state == "sending":  # its worker died inside the send: it may have gone out
            self.counts["taken_over"] += 1
            log.warning("sending again a subscription whose worker died while sending it",
                        extra={"event": "subscription_resend", "sub_id": sub.id})
        reply = None
        if late <= self._allowed_lateness(sub):
            firing = Firing(sub, now, late, await self._height_fields(sub), self.config.on_time_s)
            reply = await firing_reply(firing, self.router, tides)
        if reply is None:  # too late (or the extreme is gone): skip this one, keep the subscription
            next_at = await self._next_after(sub, max(now, sub.next_fire_at), tides)
            await self.store.complete_firing(sub.id, sub.next_fire_at, None, next_at)
            self._record(sub, "skipped", late)
            return
        if not await self._mark(sub, "sending"):  # taken over meanwhile (this worker stalled): theirs now
            self._record(sub, "retry", late, lost_lease=True)
            return
        try:
            outcome: Outcome = await self.port_for(sub).show(shown_firing(reply, sub))
        except Exception:  # the adapter's own failure: treat as "try again"
            log.exception("showing a firing failed", extra={"event": "subscription_deliver_error", "sub_id": sub.id})
            outcome = "failed"
        if outcome == "failed":  # not sent; its lease is not renewed: claimed again when it runs out
            await self._mark(sub, None)
            self._record(sub, "retry", late)
            return
        if outcome == "sent":
            fired = await self._now()
            await self._mark(sub, "sent")  # at once: a crash from here on does not send it again
        # The next due time is looked up after sending, so the message is not held up by it.
        next_at = await self._next_after(sub, max(now, sub.next_fire_at), tides)
        if outcome == "sent":
            await self.store.complete_firing(sub.id, sub.next_fire_at, fired, next_at)
            delay = (fired - sub.next_fire_at).total_seconds()
            self.last_delay_s = round(delay, 3)
            self._record(sub, "late" if late > self.config.on_time_s else "sent", delay)
        else:  # blocked
            paused = await self.store.pause_user(sub.platform, sub.user_id)
            await self.store.complete_firing(sub.id, sub.next_fire_at, None, next_at)
            self._record(sub, "blocked", late, paused=paused)

    def _record(self, sub: Subscription, outcome: str, delay: float, **extra: object) -> None:
        self.counts[outcome] = self.counts.get(outcome, 0) + 1
        log.info("subscription %s", outcome, extra={"event": "subscription_fired", "outcome": outcome,
                                                    "sub_id": sub.id, "kind": sub.kind, "platform": sub.platform,
                                                    "delay_s": round(delay, 3), **extra})

    async def _log_status(self) -> None:
        if time.monotonic() - self._last_status < self.config.status_every_s:
            return
        self._last_status = time.monotonic()
        active = await self.store.count_active()
        log.info("subscriptions status", extra={"event": "subscriptions_status", "active": active,
                                                "last_delay_s": self.last_delay_s, **self.counts})

    async def _height_fields(self, sub: Subscription) -> dict[str, str]:
        """Return how the subscriber reads tide heights (their /datum and /units), {} when not known."""
        try:
            return dict((await self.store.subscriber(sub.platform, sub.user_id)).height_fields())
        except Exception:  # noqa: BLE001 - the message goes out in the default unit rather than not at all
            return {}
