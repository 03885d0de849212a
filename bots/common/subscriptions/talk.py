"""The conversation's one door to subscriptions: the commands (/daily, /alert, /springtide, /alerts, /unalert)
and a subscription asked in words, answered by `bots.common.subscriptions.subscribing` on the event loop."""
from __future__ import annotations

from bots.common import chat_commands as cc
from bots.common.subscriptions import subscribing as subs
from bots.common.incoming import Command, Incoming
from bots.common.services import ConversationServices
from bots.common.store import UserSettings

#: The subscription commands.
SUBSCRIPTION_COMMANDS: tuple[str, ...] = ("daily", "alert", "springtide", "alerts", "unalert")


def subscriber(services: ConversationServices, incoming: Incoming, user: UserSettings, lang: cc.Lang,
               tz: str) -> subs.Subscriber:
    """Return who is asking, as the subscription handlers take it (messages go to `deliver_to`, else this
    chat; tide lookups through the services' router)."""
    return subs.Subscriber(incoming.platform, incoming.user_id, incoming.deliver_to or incoming.chat_id, lang,
                           tz=tz, settings=user, tides=services.router)


async def subscription_command(services: ConversationServices, incoming: Incoming, user: UserSettings,
                               lang: cc.Lang, tz: str, command: Command) -> str:
    """Return the reply to a subscription command: typed options when the platform gave them, else its text."""
    store, who = services.store, subscriber(services, incoming, user, lang, tz)
    options = command.options
    if command.name == "daily" and options.time:
        return await subs.subscribe_daily(store, who, options.time, options.place)
    if command.name == "alert" and options.extreme and options.direction and options.height is not None:
        return await subs.subscribe_threshold(store, who, options.place, options.extreme,
                                       options.direction, options.height, options.daylight, options.time)
    if command.name == "alert" and options.extreme:
        return await subs.subscribe_alert(store, who, options.place, options.extreme,
                                       options.minutes)
    if command.name == "springtide" and (options.place or options.time):  # typed options (Discord)
        return await subs.subscribe_spring(store, who, options.place, options.time)
    if command.name == "alerts":
        return await subs.handle_alerts(store, who)
    handle = {"daily": subs.handle_daily, "alert": subs.handle_alert, "springtide": subs.handle_springtide,
              "unalert": subs.handle_unalert}[command.name]
    return await handle(store, who, command.arg)


async def subscription_in_words(services: ConversationServices, incoming: Incoming, user: UserSettings,
                                lang: cc.Lang, tz: str, text: str) -> str | None:
    """Return the reply to a subscription asked in words ("每天早上6點告訴我基隆潮汐"), None when it is not one."""
    if not subs.is_subscription_request(text):
        return None
    who = subscriber(services, incoming, user, lang, tz)
    return await subs.handle_free_text(services.store, who, text)
