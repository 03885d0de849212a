"""The entry point for subscription requests: what an adapter calls with a user's message.

`understand_subscription(text, lang, tz)` returns the `SubscriptionRequest` a message makes
(a `/daily` or `/alert` command, or a sentence such as "每天早上6點告訴我基隆潮汐" or "remind
me 30 min before low tide at Kaohsiung"), or None when the message is not one. When it fires
is `core.subscriptions.daily` / `core.subscriptions.tides`.
"""
from __future__ import annotations

import re
from datetime import datetime

from core.decide.subscription import (
    MAX_LEAD_MINUTES, SubscriptionPlace, SubscriptionRequest, decide_alert, decide_daily, decide_sentence,
    decide_typed_alert, decide_typed_daily, place_named,
)
from core.understand.subscription_words import is_subscription_request

__all__ = ["MAX_LEAD_MINUTES", "SubscriptionPlace", "SubscriptionRequest", "understand_subscription",
           "understand_command", "decide_typed_alert", "decide_typed_daily", "place_named"]

# "/daily 6:30 Keelung", "/alert@SomeBot Keelung low 30": the command, then its argument.
_COMMAND = re.compile(r"^/(daily|alert)(?:@\w+)?(?:\s+|$)(.*)$", re.IGNORECASE | re.DOTALL)


def understand_command(command: str, arg: str | None, lang: str, tz: str) -> SubscriptionRequest:
    """Return the request of a subscription command ("daily" or "alert") with its argument text."""
    decide = decide_daily if command.lower() == "daily" else decide_alert
    return decide(arg or "", lang, tz)


def understand_subscription(text: str | None, lang: str, tz: str,
                            now: datetime | float | None = None) -> SubscriptionRequest | None:
    """Return the subscription request `text` makes (a `/daily` or `/alert` command, or a sentence
    asking for a daily tide message or a tide alert), or None when it asks for none. A request
    that cannot be stored as said comes back with its `problem` set.

    `now` (the caller's clock) is accepted so callers can pass it; what a request means does not
    depend on it today (its first firing does: `core.subscriptions`)."""
    body = (text or "").strip()
    m = _COMMAND.match(body)
    if m:
        return understand_command(m.group(1), m.group(2), lang, tz)
    if not is_subscription_request(body):
        return None
    return decide_sentence(body, lang, tz)
