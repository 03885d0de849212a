"""The entry point for subscription requests: what an adapter calls with a user's message.

`understand_subscription(text, lang, tz)` returns the `SubscriptionRequest` a message makes
(a `/daily`, `/alert` or `/springtide` command, or a sentence such as "每天早上6點告訴我基隆潮汐",
"remind me 30 min before low tide at Kaohsiung", 「白天乾潮低於 -60 公分時提醒我（基隆）」 or
「大潮提醒 富基漁港」), or None when the message is not one. When it fires
is `core.subscriptions.daily_times` / `core.subscriptions.alert_times`.
"""
from __future__ import annotations

import re
from datetime import datetime

from core.decide.subscription import (
    MAX_LEAD_MINUTES, SubscriptionPlace, SubscriptionRequest, decide_alert, decide_daily, decide_sentence,
    decide_typed_alert, decide_typed_daily, place_named,
)
from core.decide.smart_alerts import (
    decide_spring, decide_threshold, decide_typed_spring, decide_typed_threshold, is_threshold_command,
)
from core.understand.subscription_words import is_spring_request, is_subscription_request, is_threshold_request

__all__ = ["MAX_LEAD_MINUTES", "SubscriptionPlace", "SubscriptionRequest", "understand_subscription",
           "understand_command", "decide_typed_alert", "decide_typed_daily", "decide_typed_spring",
           "decide_typed_threshold", "place_named"]

# "/daily 6:30 Keelung", "/alert@SomeBot Keelung low 30": the command, then its argument.
_COMMAND = re.compile(r"^/(daily|alert|springtide)(?:@\w+)?(?:\s+|$)(.*)$", re.IGNORECASE | re.DOTALL)


def understand_command(command: str, arg: str | None, lang: str, tz: str, units: str = "cm") -> SubscriptionRequest:
    """Return the request of a subscription command ("daily", "alert" or "springtide") with its argument
    text; an `/alert` with below/above is a threshold alert (its height in `units` unless it says one)."""
    name, text = command.lower(), arg or ""
    if name == "springtide":
        return decide_spring(text, lang, tz)
    if name == "alert" and is_threshold_command(text):
        return decide_threshold(text, lang, tz, units=units)
    decide = decide_daily if name == "daily" else decide_alert
    return decide(text, lang, tz)


def understand_subscription(text: str | None, lang: str, tz: str,
                            now: datetime | float | None = None, *, units: str = "cm") -> SubscriptionRequest | None:
    """Return the subscription request `text` makes (a `/daily` or `/alert` command, or a sentence
    asking for a daily tide message or a tide alert), or None when it asks for none. A request
    that cannot be stored as said comes back with its `problem` set. A threshold's height without
    a unit is in `units` (the user's).

    `now` (the caller's clock) is accepted so callers can pass it; what a request means does not
    depend on it today (its first firing does: `core.subscriptions`)."""
    body = (text or "").strip()
    m = _COMMAND.match(body)
    if m:
        return understand_command(m.group(1), m.group(2), lang, tz, units)
    if not is_subscription_request(body):
        return None
    if is_threshold_request(body):
        return decide_threshold(body, lang, tz, sentence=True, units=units)
    if is_spring_request(body):
        return decide_spring(body, lang, tz, sentence=True)
    return decide_sentence(body, lang, tz)
