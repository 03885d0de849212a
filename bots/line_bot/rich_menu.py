"""`odbchat line --set-rich-menu`: the bot's rich menu, created through the Messaging API.

One menu per language (zh-TW the default for everyone; English linked to users whose language
is English), each reachable by an alias so any worker can link a user to it later without
keeping ids. Taps arrive as postbacks `menu|<command>` (the daily tile opens LINE's time
picker; its postback carries the chosen time) or, for "share location", as the location
message LINE's location screen sends. bots/line_bot/events.py turns both into the
conversation's commands, so a tap is answered like a typed `/tide`.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass

from linebot.v3.messaging import (AsyncApiClient, AsyncMessagingApi, AsyncMessagingApiBlob, Configuration,
                                  CreateRichMenuAliasRequest, DatetimePickerAction, PostbackAction, RichMenuArea,
                                  RichMenuBounds, RichMenuRequest, RichMenuSize, UpdateRichMenuAliasRequest,
                                  URIAction)

from core.words.strings import t
from bots.line_bot.rich_menu_picture import HEIGHT, TILES, WIDTH, draw_menu, tile_bounds

log = logging.getLogger("odbchat.line")

#: The prefix of a menu tap's postback data (buttons under answers use other prefixes).
MENU_PREFIX = "menu|"
#: The commands a tap may ask for (nothing else is read from a postback).
MENU_COMMANDS = frozenset({"tide", "chart", "week", "daily", "help"})
#: LINE's URL that opens the "share location" screen; its message arrives as a location event.
LOCATION_SCREEN = "https://line.me/R/nv/location/"
#: The alias of each language's menu.
ALIASES = {"zh": "odbchat-zh", "en": "odbchat-en"}
#: The daily tile's time picker starts here (a fisherman's morning).
DAILY_INITIAL = "05:30"


@dataclass(frozen=True)
class MenuTap:
    """A tap on the menu: the command it asks for and its argument (the daily tile's chosen time)."""

    command: str
    argument: str = ""


def read_tap(data: str, params: dict[str, str] | None) -> MenuTap | None:
    """Return the tap a postback carries, None when the data is not a menu tap of ours."""
    if not (data or "").startswith(MENU_PREFIX):
        return None
    command = data[len(MENU_PREFIX):]
    if command not in MENU_COMMANDS:
        return None
    chosen = (params or {}).get("time") or ""
    valid_time = len(chosen) == 5 and chosen[2] == ":" and chosen.replace(":", "").isdigit()
    return MenuTap(command, chosen if command == "daily" and valid_time else "")


def _action(key: str, lang: str) -> PostbackAction | URIAction | DatetimePickerAction:
    label = t(lang, f"line_menu.{key}")[:20]
    if key == "location":
        return URIAction(label=label, uri=LOCATION_SCREEN)
    if key == "daily":
        return DatetimePickerAction(label=label, data=MENU_PREFIX + "daily", mode="time", initial=DAILY_INITIAL)
    return PostbackAction(label=label, data=MENU_PREFIX + key, display_text=label)


def menu_request(lang: str) -> RichMenuRequest:
    """Return the rich menu object for `lang`: six areas matching the picture's tiles."""
    areas = []
    for index, tile in enumerate(TILES):
        x, y, w, h = tile_bounds(index)
        areas.append(RichMenuArea(bounds=RichMenuBounds(x=x, y=y, width=w, height=h), action=_action(tile.key, lang)))
    return RichMenuRequest(size=RichMenuSize(width=WIDTH, height=HEIGHT), selected=True,
                           name=f"odbchat-{lang}", chat_bar_text=t(lang, "line_menu.chat_bar")[:14], areas=areas)


async def _alias(api: AsyncMessagingApi, alias: str, menu_id: str) -> None:
    """Point `alias` at `menu_id`, creating the alias the first time."""
    try:
        await api.update_rich_menu_alias(alias, UpdateRichMenuAliasRequest(rich_menu_id=menu_id))
    except Exception:  # no such alias yet
        await api.create_rich_menu_alias(CreateRichMenuAliasRequest(rich_menu_alias_id=alias, rich_menu_id=menu_id))


async def create_menus(api_base: str, data_base: str, token: str) -> dict[str, str]:
    """Create both menus, upload their pictures, make zh-TW the default and point the aliases;
    return {lang: rich menu id}."""
    import asyncio

    ids: dict[str, str] = {}
    async with AsyncApiClient(Configuration(host=api_base.rstrip("/"), access_token=token)) as client, \
            AsyncApiClient(Configuration(host=data_base.rstrip("/"), access_token=token)) as data_client:
        api, blob = AsyncMessagingApi(client), AsyncMessagingApiBlob(data_client)
        for lang in ("zh", "en"):
            created = await api.create_rich_menu(menu_request(lang))
            png = await asyncio.to_thread(draw_menu, lang)
            await blob.set_rich_menu_image(created.rich_menu_id, png, _headers={"Content-Type": "image/png"})
            await _alias(api, ALIASES[lang], created.rich_menu_id)
            ids[lang] = created.rich_menu_id
        await api.set_default_rich_menu(ids["zh"])
    log.info("rich menus created", extra={"menus": ids})
    return ids


async def link_language(api: AsyncMessagingApi, user_id: str, lang: str) -> None:
    """Show `user_id` the English menu when `lang` is English, the default (zh-TW) menu otherwise.
    A bot deployed without menus (no alias) leaves the user as is."""
    try:
        if lang == "en":
            alias = await api.get_rich_menu_alias(ALIASES["en"])
            await api.link_rich_menu_id_to_user(user_id, alias.rich_menu_id)
        else:
            await api.unlink_rich_menu_id_from_user(user_id)
    except Exception as exc:  # no menus deployed, or LINE unreachable: the menu is a convenience
        log.info("rich menu not linked", extra={"error": type(exc).__name__})
