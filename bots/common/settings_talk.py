"""The settings commands of every platform: /settings (with options where the platform types them),
/tz, /lang, /home (a place, a point, or a pin asked for with a one-tap button), /datum and /units
(how tide heights are said) and /forget."""
from __future__ import annotations

import asyncio
from typing import Any

from bots.common import chat_commands as cc
from bots.common.chat_words import is_confirmation
from bots.common.chat_context import context_key
from bots.common.incoming import Command, Incoming
from bots.common.port import ChatPort, Shown, say_personal
from bots.common.services import ConversationServices
from bots.common.store import UserSettings
from core.reply import Reply

#: The settings commands.
SETTINGS_COMMANDS: tuple[str, ...] = ("settings", "tz", "lang", "home", "datum", "units", "forget")
#: Minutes a "share my location" prompt waits for the pin.
HOME_PROMPT_MINUTES = 10.0


def is_home_prompt(text: str | None) -> bool:
    """Return True when `text` is the bot's /home prompt (in either language)."""
    return bool(text) and any(str(text).startswith(cc.message("home_ask", lang)[:12]) for lang in ("zh", "en"))


class SettingsTalk:
    """Reads and changes one user's saved settings, and says what it did."""

    def __init__(self, services: ConversationServices) -> None:
        self.services = services

    def _lang(self, incoming: Incoming, user_lang: str | None) -> cc.Lang:
        return cc.pick_lang(user_lang, locale=incoming.locale, default=self.services.settings.odbchat_lang)

    async def _update(self, incoming: Incoming, **fields: Any) -> UserSettings:
        return await self.services.store.update(incoming.platform, incoming.user_id, **fields)

    async def _personal(self, incoming: Incoming, port: ChatPort, text: str) -> None:
        # A reply holding the user's own settings: to that user alone when said in a group.
        await (say_personal(port, text) if incoming.is_group else port.say(text))

    async def command(self, incoming: Incoming, port: ChatPort, user: UserSettings, command: Command) -> None:
        """Run /settings, /tz, /lang, /home or /forget."""
        lang = self._lang(incoming, user.lang)
        arg = command.arg.strip()
        if command.name == "settings":
            await self.settings(incoming, port, user, command)
        elif command.name == "tz":
            await self.set_tz(incoming, port, user, arg, lang)
        elif command.name == "lang":
            chosen = cc.parse_lang_arg(arg)
            if chosen is None:
                await port.say(cc.message("lang_bad", lang))
                return
            await self._update(incoming, lang=chosen)
            await self._personal(incoming, port, cc.message("lang_set", chosen))
        elif command.name == "home":
            if arg:
                await self.save_home(incoming, port, user, arg)
                return
            await self.services.store.set_context(incoming.platform, self._prompt_key(incoming), {"prompt": "home"},
                                                  ttl_s=HOME_PROMPT_MINUTES * 60)
            await port.say(cc.message("home_ask", lang), location_button=cc.message("home_button", lang))
        elif command.name in ("datum", "units"):
            await self.set_heights(incoming, port, user, command.name, arg, lang)
        elif command.name == "forget":
            await self.forget(incoming, port, lang, confirmed=is_confirmation(arg))

    async def settings(self, incoming: Incoming, port: ChatPort, user: UserSettings, command: Command) -> None:
        """`/settings`: change what the options say (zone, language, home; or forget everything), then show them."""
        options = command.options
        lang = self._lang(incoming, options.lang or user.lang)
        if options.forget:  # a platform's explicit option is the confirmation itself
            await self.forget(incoming, port, lang, confirmed=True)
            return
        fields: dict[str, Any] = {}
        if options.tz:
            try:
                fields["tz"] = cc.parse_tz_arg(options.tz)
            except ValueError:
                await port.say(cc.message("tz_bad", lang, value=options.tz[:64]))
                return
        if options.lang and cc.parse_lang_arg(options.lang):
            fields["lang"] = cc.parse_lang_arg(options.lang)
        if options.home:
            try:
                fields.update(cc.parse_home_arg(options.home) or {})
            except ValueError as exc:  # an unknown place or a point out of range: nothing is saved
                await port.say(cc.home_refusal(exc, lang))
                return
        if fields:
            user = await self._update(incoming, **fields)
        text = cc.settings_text(user, lang, self.services.settings.odbchat_default_tz)
        if incoming.is_group:  # a user's home and zone are not for the whole group
            await say_personal(port, text)
            return
        await port.show(Shown(reply=Reply.plain(text), lang=lang))

    async def set_tz(self, incoming: Incoming, port: ChatPort, user: UserSettings, arg: str, lang: cc.Lang) -> None:
        """`/tz ZONE`: validate and save the user's zone (no argument: show it)."""
        if not arg:
            await self._personal(incoming, port, cc.message(
                "tz_show", lang, tz=cc.effective_tz(user, self.services.settings.odbchat_default_tz)))
            return
        try:
            zone = cc.parse_tz_arg(arg)
        except ValueError:
            await port.say(cc.message("tz_bad", lang, value=arg[:64]))
            return
        await self._update(incoming, tz=zone)
        await self._personal(incoming, port, cc.message("tz_set", lang, tz=zone))

    async def set_heights(self, incoming: Incoming, port: ChatPort, user: UserSettings, name: str, arg: str,
                          lang: cc.Lang) -> None:
        """`/datum msl|chart` or `/units cm|m|ft`: save how the user reads tide heights (no argument: show it)."""
        parse = cc.parse_datum_arg if name == "datum" else cc.parse_units_arg
        if not arg:
            unit, ref = cc.heights_words(user, lang)
            await self._personal(incoming, port, cc.message(f"{name}_show", lang, unit=unit, ref=ref))
            return
        chosen = parse(arg)
        if chosen is None:
            await port.say(cc.message(f"{name}_bad", lang))
            return
        saved = await self._update(incoming, **{name: chosen})
        unit, ref = cc.heights_words(saved, lang)
        await self._personal(incoming, port, cc.message(f"{name}_set", lang, unit=unit, ref=ref))

    async def forget(self, incoming: Incoming, port: ChatPort, lang: cc.Lang, *, confirmed: bool = False) -> None:
        """`/forget`: delete everything stored about the user (settings, subscriptions, contexts);
        with subscriptions to lose, only once confirmed (`/forget yes`), else ask first."""
        if not confirmed:
            subs = await self.services.store.list_subscriptions(incoming.platform, incoming.user_id)
            if subs:
                await port.say(cc.message("forget_confirm", lang, count=len(subs)))
                return
        deleted = await self.services.store.forget(incoming.platform, incoming.user_id)
        await port.say(cc.message("forgot" if deleted else "forgot_none", lang))

    # ------------------------------------------------------------------ the home place

    def _prompt_key(self, incoming: Incoming) -> str:
        # Marks that this user in this chat was asked to share a location for /home.
        return context_key(incoming.chat_id, incoming.user_id, "home-prompt")

    async def awaiting_home_pin(self, incoming: Incoming) -> bool:
        """Return True (and clear the mark) when the user was just asked to share a location for /home."""
        store, key = self.services.store, self._prompt_key(incoming)
        if not await store.get_context(incoming.platform, key):
            return False
        await store.set_context(incoming.platform, key, {}, ttl_s=0)
        return True

    async def save_home(self, incoming: Incoming, port: ChatPort, user: UserSettings, arg: str) -> None:
        """Save `/home PLACE | lon,lat` and confirm (or explain what was wrong)."""
        lang = self._lang(incoming, user.lang)
        try:
            fields = cc.parse_home_arg(arg)
        except ValueError as exc:  # an unknown place or a point out of range: nothing is saved
            await port.say(cc.home_refusal(exc, lang))
            return
        if not fields:
            await port.say(cc.message("home_ask", lang))
            return
        await self.save_home_fields(incoming, port, fields, lang)

    async def save_home_fields(self, incoming: Incoming, port: ChatPort, fields: dict[str, Any], lang: cc.Lang) -> None:
        """Store the home fields and confirm."""
        saved = await self._update(incoming, **fields)
        await self._personal(incoming, port, cc.message("home_set", lang, place=cc.home_label(saved)))

    async def save_home_point(self, incoming: Incoming, port: ChatPort, user: UserSettings, lon: float, lat: float,
                              lang: cc.Lang) -> None:
        """Store a shared pin as home and, from it, the user's zone; confirm and close the location keyboard."""
        fallback = cc.effective_tz(user, self.services.settings.odbchat_default_tz)
        zone = await asyncio.to_thread(cc.tz_for_point, lon, lat, fallback)
        saved = await self._update(incoming, home_name=None, home_lon=lon, home_lat=lat, tz=zone)
        await port.say(cc.message("home_set_tz", lang, place=cc.home_label(saved), tz=zone), close_keyboard=True)
