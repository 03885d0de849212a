"""Platform-neutral chat command logic shared by the Telegram and Discord adapters.

Everything here is pure (no I/O, no platform library): the adapters parse their platform's
message, call these functions to turn commands into router questions or reply texts, and
render the plain-text results in their own markup. Reply texts are plain text; each
adapter escapes them for its platform.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from datetime import datetime, timezone, tzinfo
from typing import Literal, NamedTuple

from core.envelope import Context, Question
from core.reply import Reply
from core.tools.catalog import commands
from core.tools.clock import parse_zone, tz_at
from core.words.heights import DATUMS, UNITS, Datum, Units
from core.words.strings import t, table
from core.understand.point_arg import read_point
from core.understand.dates_words import table as day_words
from core.understand.language import reply_language
from core.understand.refusal import MAX_QUERY_CHARS, refusal_of
from core.understand.places import find_place
from bots.common.store import UserSettings

Lang = Literal["zh", "en"]

#: Longer free-text questions are refused politely before reaching the router (the one rule,
#: core.understand.refusal).
MAX_QUESTION_CHARS = MAX_QUERY_CHARS

# --------------------------------------------------------------------------- language

def pick_lang(user_lang: str | None, *, text: str | None = None, locale: str | None = None,
              default: str = "zh") -> Lang:
    """Return the reply language by the one language rule (core.understand.language): the
    user's setting, else the text's script, else the platform locale, else `default`
    ('auto' in the configuration counts as 'zh')."""
    return reply_language(text, user_lang, locale=locale, default="en" if default == "en" else "zh")


# --------------------------------------------------------------------------- messages

def message(key: str, lang: Lang, **values: object) -> str:
    """Return the plain-text reply `chat.<key>` in `lang`, formatted with `values`."""
    return t(lang, f"chat.{key}", **values)


def help_text(lang: Lang) -> str:
    """Return the help text (what the bot can do, with examples) in `lang`."""
    return t(lang, "chat.help")


#: The place commands `/<name> [place | lon,lat]`: each tool declares its own (`Tool.commands`).
PLACE_COMMANDS: tuple[str, ...] = tuple(command.name for command, _ in commands())
#: The commands of the platforms' menus, in menu order (descriptions in the strings files).
MENU: tuple[str, ...] = ("help", *PLACE_COMMANDS, "home", "tz", "lang", "datum", "units",
                         "settings", "daily", "alert", "springtide", "alerts", "unalert", "forget")


def command_menu(lang: Lang, names: tuple[str, ...] = MENU) -> list[tuple[str, str]]:
    """Return (command, description) pairs in `lang` for the commands an adapter offers."""
    descriptions = table(lang, "chat.commands")
    return [(name, str(descriptions[name])) for name in names if name in descriptions]


# --------------------------------------------------------------------------- questions

def check_question(text: str | None, lang: Lang) -> str | None:
    """Return a polite refusal for an empty or over-long question, or None when it may be asked."""
    refused = refusal_of(text)
    if refused == "too_long":
        return message("too_long", lang, length=len((text or "").strip()), limit=MAX_QUERY_CHARS)
    return message(refused, lang) if refused else None


def parse_point_arg(text: str | None) -> tuple[float, float] | None:
    """Return (lon, lat) when the text is a point, in either order where only one is possible
    ("121.74,25.13", "22.6 120.3", "25.1N 121.7E": the core's reader, core.understand.coords),
    or None when the text is not a point (a place name).

    Raises ValueError when it is a point out of range.
    """
    point = read_point(text or "")
    if point is not None and not all(math.isfinite(v) for v in point):
        raise ValueError("coordinates out of range")
    return point


#: Commands whose argument may end with a day count, and how that count is written.
DAYS_KINDS: tuple[str, ...] = tuple(command.name for command, _ in commands() if command.days)
_DAYS_SUFFIX = re.compile(r"(?:^|\s)(?:--days[\s=]*)?(3[01]|[12][0-9]|[1-9])\s*(?:"
                          + "|".join(re.escape(unit) for unit in day_words("day_count_units")) + r")?$", re.IGNORECASE)

#: What each place command asks the core for (typed, so the router does not re-read text): its
#: tool, and the Question field of the tool variant it asks for ("/sun": sun_moon_only).
KIND_REQUEST: dict[str, dict[str, object]] = {
    command.name: {"tool": tool.name, **({command.variant: True} if command.variant else {})}
    for command, tool in commands()
}


def format_point(lon: float, lat: float) -> str:
    """Return a point as text: `(lon,lat)` with 4 decimals."""
    return f"({lon:.4f},{lat:.4f})"


@dataclass(frozen=True)
class CommandOutcome:
    """Either typed `request` fields for the core's Question, or a `reply` to send as is."""

    request: dict[str, object] | None = None
    reply: str | None = None


def place_command(kind: str, arg: str | None, lang: Lang, user: UserSettings,
                  when: str | None = None, days: int | None = None) -> CommandOutcome:
    """Return the typed request for `/tide|/sun|/sst|/weather|/chart|/week [place | lon,lat]`.

    No argument means the user's saved home; with neither, a reply asking for a place.
    `when` is a YYYY-MM-DD day and `days` a day count, both optional.
    """
    request: dict[str, object] = dict(KIND_REQUEST[kind])
    text = (arg or "").strip()
    if days is None and kind in DAYS_KINDS:  # "/chart 基隆 7", "/chart Keelung --days 3", "/weather 高雄 5天"
        m = _DAYS_SUFFIX.search(text)
        if m:
            days, text = int(m.group(1)), text[:m.start()].strip()
    if when:
        request["date"] = when
    if days:
        request["days"] = days
    if text:
        try:
            point = parse_point_arg(text)
        except ValueError:
            return CommandOutcome(reply=message("home_bad", lang))
        if point:
            return CommandOutcome(request={**request, "point": point})
        return CommandOutcome(request={**request, "place": text[:200]})
    if user.home_lon is not None and user.home_lat is not None:
        return CommandOutcome(request={**request, "point": (user.home_lon, user.home_lat)})
    if user.home_name:
        return CommandOutcome(request={**request, "place": user.home_name})
    return CommandOutcome(reply=message("need_place", lang, cmd=kind))


def place_from_context(kind: str, follow: Context | None, when: str | None = None,
                       days: int | None = None) -> CommandOutcome | None:
    """Return the typed request for a place command given no place, at the place the chat was just
    about (`follow`), or None when the chat was about no place."""
    if follow is None or (follow.point is None and not follow.place):
        return None
    request: dict[str, object] = dict(KIND_REQUEST[kind])
    if when:
        request["date"] = when
    if days:
        request["days"] = days
    if follow.place and known_place(follow.place):
        request["place"] = follow.place     # by name: the same point and place line as that answer
    elif follow.point is not None:
        request["point"] = follow.point
    else:
        return None
    return CommandOutcome(request=request)


def known_place(name: str) -> bool:
    """Return True when the gazetteer knows `name` (so a question may name it beside a point)."""
    return find_place(name[:200]) is not None


def context_place_at(follow: Context | None, point: tuple[float, float]) -> str | None:
    """Return the place the chat's last answer named when it was at `point` (a button's), else None."""
    if follow is None or not follow.place:
        return None
    found = find_place(follow.place)
    at = follow.point or ((found.lon, found.lat) if found is not None else None)
    near = at is not None and abs(at[0] - point[0]) < 1e-3 and abs(at[1] - point[1]) < 1e-3
    return follow.place if near else None


def name_buttons(reply: Reply, name: str) -> Reply:
    """Return `reply` with `name` on its buttons that name no place (a pin's title, for 設為常用地點)."""
    buttons = [b if b.place else b.model_copy(update={"place": name[:100]}) for b in reply.buttons]
    return reply.model_copy(update={"buttons": buttons})


def resolve_day(text: str, tz: str, moment: datetime | None) -> str | None:
    """Return the YYYY-MM-DD a typed day option means ("2025-11-20", "tomorrow", "明天", "週六"),
    read with the same day words as free text in zone `tz` at `moment`; None when not understood."""
    from core.understand.dates import parse_date

    words = text.strip()
    with_iso = re.fullmatch(r"\d{4}-\d{2}-\d{2}", words)
    if with_iso:
        try:
            return datetime.strptime(words, "%Y-%m-%d").date().isoformat()
        except ValueError:
            return None
    now = (moment or datetime.now(timezone.utc)).astimezone(parse_zone(tz)[0])
    hint = parse_date(words, now)
    if hint is None or hint.unrecognised:
        return None
    return hint.day.isoformat()


class Zone(NamedTuple):
    """A zone parsed once at the edge: its name as given (IANA name or offset) and its tzinfo."""

    name: str
    info: tzinfo


def build_question(query: str, *, tz: str | Zone, moment: datetime | None, lang: str = "auto",
                   request: dict[str, object] | None = None, context: Context | None = None) -> Question:
    """Return the router Question for `query` asked at `moment` (aware; naive = UTC) in zone `tz`
    (a `Zone` already parsed, or a name parsed here).

    `moment` is the message's time on the clock of `tz`, so "today" means the user's day, and the
    router takes the zone from it; `request` holds typed fields (tool, place, point, date, days)
    the router trusts over the text.
    """
    zone = tz if isinstance(tz, Zone) else Zone(tz, parse_zone(tz)[0])
    when = moment or datetime.now(timezone.utc)
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return Question(query=query, tz=zone.name, moment=when.astimezone(zone.info),
                    lang=lang if lang in ("zh", "en") else "auto", context=context, **(request or {}))


def effective_zone(user: UserSettings, default_tz: str) -> Zone:
    """Return the zone to use for the user, parsed: their saved one if still valid, else `default_tz`."""
    if user.tz:
        try:
            return Zone(user.tz, parse_zone(user.tz)[0])
        except ValueError:
            pass
    return Zone(default_tz, parse_zone(default_tz)[0])


def effective_tz(user: UserSettings, default_tz: str) -> str:
    """Return the name of the zone to use for the user (`effective_zone`)."""
    return effective_zone(user, default_tz).name


def tz_for_point(lon: float, lat: float, fallback: str) -> str:
    """Return the IANA zone at (lon, lat) (core.tools.clock.tz_at), or `fallback` when the lookup fails."""
    try:
        name = tz_at(lon, lat)
    except Exception:  # a lookup failure must not lose the user's answer
        name = None
    return name or fallback


# --------------------------------------------------------------------------- settings commands

def parse_tz_arg(arg: str | None) -> str:
    """Return the validated zone text for `/tz ZONE` (IANA name or offset, or a place or one-clock
    country naming its zone: `/tz 台灣`, `/tz Tokyo`).

    Raises ValueError when it is none of these.
    """
    from core.tools.zone_names import zone_named

    text = (arg or "").strip()
    named = zone_named(text[:100])
    if named is None:
        parse_zone(text)  # the reason, as a ValueError
        raise ValueError(f"unknown zone: {text[:40]}")
    # Offsets are stored as typed ("+08:00"); Question.tz accepts both forms.
    return named.tz


def parse_lang_arg(arg: str | None) -> Lang | None:
    """Return 'zh' or 'en' for `/lang` arguments (zh, 中文, en, English...), None when unknown."""
    low = (arg or "").strip().lower()
    if low in ("zh", "zh-tw", "tw", "中文", "chinese", "繁中", "繁體中文"):
        return "zh"
    if low in ("en", "english", "英文"):
        return "en"
    return None


def parse_datum_arg(arg: str | None) -> Datum | None:
    """Return 'msl' or 'chart' for `/datum` arguments, None when unknown."""
    low = (arg or "").strip().lower()
    return low if low in DATUMS else None   # type: ignore[return-value]


def parse_units_arg(arg: str | None) -> Units | None:
    """Return 'cm', 'm' or 'ft' for `/units` arguments, None when unknown."""
    low = (arg or "").strip().lower()
    return low if low in UNITS else None   # type: ignore[return-value]


def heights_words(user: UserSettings, lang: Lang) -> tuple[str, str]:
    """Return (unit, reference) of the user's tide heights in words, for /settings, /datum and /units."""
    unit = t(lang, f"heights.unit.{user.units if user.units in UNITS else 'cm'}")
    ref = message("settings_datum_chart", lang) if user.datum == "chart" else t(lang, "heights.msl")
    return unit, ref


class HomeRefused(ValueError):
    """`/home` with an argument that cannot be saved; `home_refusal` gives the reply."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(key)
        self.key = key
        self.values = values


def parse_home_arg(arg: str | None) -> dict[str, object] | None:
    """Return the settings fields for `/home PLACE | lon,lat`, or None when no argument was given.

    Raises HomeRefused (a ValueError) for a point out of range, and for a name the gazetteer
    does not know (the router could not answer for it later, so it is not saved).
    """
    text = (arg or "").strip()
    if not text:
        return None
    try:
        point = parse_point_arg(text)
    except ValueError:
        raise HomeRefused("home_bad") from None
    if point:
        return {"home_name": None, "home_lon": point[0], "home_lat": point[1]}
    name = text[:100]
    if find_place(name) is None:  # the same lookup the router makes for a typed place
        raise HomeRefused("home_unknown", place=name[:60])
    return {"home_name": name, "home_lon": None, "home_lat": None}


def home_refusal(exc: ValueError, lang: Lang) -> str:
    """Return the reply to a refused `/home` argument: unknown place, or point out of range."""
    if isinstance(exc, HomeRefused):
        return message(exc.key, lang, **exc.values)
    return message("home_bad", lang)


def home_label(user: UserSettings) -> str | None:
    """Return the saved home as text (name, or lon,lat), None when none is saved."""
    if user.home_name:
        return user.home_name
    if user.home_lon is not None and user.home_lat is not None:
        return f"{user.home_lon:.4f},{user.home_lat:.4f}"
    return None


def settings_text(user: UserSettings, lang: Lang, default_tz: str) -> str:
    """Return the `/settings` reply: zone, language and home, marking defaults."""
    names = table(lang, "chat.lang_names")
    lines = [
        message("settings_title", lang),
        message("settings_tz", lang, tz=user.tz or default_tz,
                mark="" if user.tz else message("settings_default", lang)),
        message("settings_lang", lang, name=names.get(user.lang or "", message("settings_lang_auto", lang))),
        message("settings_home", lang, home=home_label(user) or message("settings_home_none", lang)),
        message("settings_heights", lang, unit=heights_words(user, lang)[0], ref=heights_words(user, lang)[1],
                mark="" if user.datum or user.units else message("settings_default", lang)),
        "",
        message("settings_change", lang),
    ]
    return "\n".join(lines)

