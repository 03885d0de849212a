"""Platform-neutral chat command logic shared by the Telegram and Discord adapters.

Everything here is pure (no I/O, no platform library): the adapters parse their platform's
message, call these functions to turn commands into router questions or reply texts, and
render the plain-text results in their own markup. Reply texts are plain text; each
adapter escapes them for its platform.
"""
from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Literal

from core.envelope import Answer, Question
from core.understand.language import reply_language
from bots.common.settings_store import UserSettings
from metocean.timezones import parse_tz

Lang = Literal["zh", "en"]
Kind = Literal["tide", "sun", "sst", "weather"]
KINDS: tuple[Kind, ...] = ("tide", "sun", "sst", "weather")

#: Longer free-text questions are refused politely before reaching the router: no real
#: ocean question needs more, and it keeps pasted junk away from the LLM.
MAX_QUESTION_CHARS = 1000

# "121.74,25.13", "121.74 25.13", "(121.74, 25.13)", full-width comma allowed.
_POINT = re.compile(r"^\s*[\(（]?\s*([+-]?\d{1,3}(?:\.\d+)?)\s*(?:[,，]\s*|\s+)([+-]?\d{1,2}(?:\.\d+)?)\s*[\)）]?\s*$")


# --------------------------------------------------------------------------- language

def pick_lang(user_lang: str | None, *, text: str | None = None, locale: str | None = None,
              default: str = "zh") -> Lang:
    """Return the reply language by the one language rule (core.understand.language): the
    user's setting, else the text's script, else the platform locale, else `default`
    ('auto' in the configuration counts as 'zh')."""
    return reply_language(text, user_lang, locale=locale, default="en" if default == "en" else "zh")


# --------------------------------------------------------------------------- messages

_MESSAGES: dict[str, dict[Lang, str]] = {
    "rate_limited": {
        "zh": "您的提問有點快，請稍候 {seconds} 秒再試。每分鐘最多 {limit} 則。",
        "en": "You're asking a little fast. Please wait {seconds} s and try again (at most {limit} a minute).",
    },
    "error": {
        "zh": "抱歉，處理您的問題時發生錯誤，請稍後再試。",
        "en": "Sorry, something went wrong while answering. Please try again later.",
    },
    "timeout": {
        "zh": "抱歉，這個問題處理太久了，請稍後再試。",
        "en": "Sorry, that took too long to answer. Please try again later.",
    },
    "too_long": {
        "zh": "您的訊息太長了（{length} 字）。請把問題縮短到 {limit} 字以內，例如：「基隆今天的潮汐」。",
        "en": "Your message is too long ({length} characters). Please keep questions under {limit} "
              "characters, e.g. \"tide at Keelung today\".",
    },
    "empty": {
        "zh": "請輸入問題，例如：「基隆今天的潮汐」。輸入 /help 看更多範例。",
        "en": "Please type a question, e.g. \"tide at Keelung today\". Send /help for more examples.",
    },
    "need_place": {
        "zh": "請告訴我地點，例如：/{cmd} 基隆 或 /{cmd} 121.74,25.13；或先用 /home 設定常用地點。",
        "en": "Please tell me where, e.g. /{cmd} Keelung or /{cmd} 121.74,25.13, or save a place with /home first.",
    },
    "tz_set": {"zh": "時區已設定為 {tz}。", "en": "Time zone set to {tz}."},
    "tz_show": {
        "zh": "目前時區：{tz}。要更改請用 /tz 時區，例如 /tz Asia/Taipei 或 /tz +08:00。",
        "en": "Current time zone: {tz}. To change it: /tz ZONE, e.g. /tz Asia/Taipei or /tz +08:00.",
    },
    "tz_bad": {
        "zh": "看不懂這個時區：{value}。請用 IANA 名稱（如 Asia/Taipei）或時差（如 +08:00）。",
        "en": "I don't know the time zone {value}. Use an IANA name (e.g. Asia/Taipei) or an offset (e.g. +08:00).",
    },
    "lang_set": {"zh": "之後將以中文回覆。", "en": "I'll reply in English from now on."},
    "lang_bad": {"zh": "請用 /lang zh 或 /lang en。", "en": "Please use /lang zh or /lang en."},
    "home_set": {"zh": "已儲存常用地點：{place}。之後 /tide 不加地點就會用它。",
                 "en": "Home saved: {place}. /tide without a place will use it."},
    "home_ask": {"zh": "請輸入 /home 地點（如 /home 基隆、/home 121.74,25.13），或回覆這則訊息並分享位置。",
                 "en": "Send /home PLACE (e.g. /home Keelung, /home 121.74,25.13), or reply to this message "
                       "with a location pin."},
    "home_bad": {"zh": "座標超出範圍：經度 -180~180、緯度 -90~90。",
                 "en": "Coordinates out of range: longitude -180..180, latitude -90..90."},
    "forgot": {"zh": "已刪除我保存的您的所有設定（時區、語言、常用地點）。",
               "en": "Deleted everything I stored about you (time zone, language, home)."},
    "forgot_none": {"zh": "我沒有保存您的任何資料。", "en": "I had nothing stored about you."},
}


def message(key: str, lang: Lang, **values: object) -> str:
    """Return the plain-text reply `key` in `lang`, formatted with `values`."""
    return _MESSAGES[key][lang].format(**values)


_HELP: dict[Lang, str] = {
    "zh": """我是 ODBchat，回答海洋與天氣問題（潮汐、日出日落、海溫、天氣預報）。

直接輸入問題，例如：
• 基隆今天的潮汐
• 明天花蓮日出幾點？
• 台灣附近海溫 (119-123E, 21-26N)
• 高雄未來三天天氣
也可以分享位置，我會回覆該地的潮汐。

指令：
/tide [地點 或 經度,緯度] 潮汐（例：/tide 基隆、/tide 121.74,25.13）
/sun [地點] 日出日落
/sst [地點] 海表溫度
/weather [地點] 天氣預報
/home 地點 儲存常用地點（/home 基隆 或 /home 121.74,25.13，或回覆位置）
/tz 時區 設定時區（例：/tz Asia/Taipei、/tz +08:00）
/lang zh|en 回覆語言
/settings 查看目前設定
/forget 刪除我保存的所有資料""",
    "en": """I'm ODBchat. I answer ocean and weather questions: tides, sunrise/sunset, sea surface temperature, forecasts.

Just ask, for example:
• tide at Keelung today
• when is sunrise in Hualien tomorrow?
• SST near Taiwan 119-123E 21-26N
• weather in Kaohsiung for the next 3 days
You can also share a location and I'll reply with the tide there.

Commands:
/tide [place or lon,lat] tides (e.g. /tide Keelung, /tide 121.74,25.13)
/sun [place] sunrise and sunset
/sst [place] sea surface temperature
/weather [place] weather forecast
/home PLACE save a home place (/home Keelung, /home 121.74,25.13, or reply with a location)
/tz ZONE set your time zone (e.g. /tz Asia/Taipei, /tz +08:00)
/lang zh|en reply language
/settings show your settings
/forget delete everything I stored about you""",
}


def help_text(lang: Lang) -> str:
    """Return the help text (what the bot can do, with examples) in `lang`."""
    return _HELP[lang]


#: (command, zh description, en description) for the platforms' command menus.
COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("help", "說明與範例", "what I can do, with examples"),
    ("tide", "潮汐 [地點|經度,緯度]", "tides [place | lon,lat]"),
    ("sun", "日出日落 [地點]", "sunrise and sunset [place]"),
    ("sst", "海表溫度 [地點]", "sea surface temperature [place]"),
    ("weather", "天氣預報 [地點]", "weather forecast [place]"),
    ("home", "儲存常用地點", "save a home place"),
    ("tz", "設定時區", "set your time zone"),
    ("lang", "回覆語言 zh|en", "reply language zh|en"),
    ("settings", "查看設定", "show your settings"),
    ("forget", "刪除我的資料", "delete my stored data"),
)


# --------------------------------------------------------------------------- questions

def check_question(text: str | None, lang: Lang) -> str | None:
    """Return a polite refusal for an empty or over-long question, or None when it may be asked."""
    body = (text or "").strip()
    if not body:
        return message("empty", lang)
    if len(body) > MAX_QUESTION_CHARS:
        return message("too_long", lang, length=len(body), limit=MAX_QUESTION_CHARS)
    return None


def parse_point_arg(text: str | None) -> tuple[float, float] | None:
    """Return (lon, lat) for "lon,lat" / "lon lat" / "(lon, lat)", or None when the text is not a point.

    Raises ValueError when it is a point out of range.
    """
    m = _POINT.match(text or "")
    if not m:
        return None
    lon, lat = float(m.group(1)), float(m.group(2))
    if not (math.isfinite(lon) and math.isfinite(lat)) or abs(lon) > 180 or abs(lat) > 90:
        raise ValueError("coordinates out of range")
    return lon, lat


_QUERY_PLACE: dict[Kind, dict[Lang, str]] = {
    "tide": {"zh": "{place}{when} 潮汐", "en": "tide at {place}{when}"},
    "sun": {"zh": "{place}{when} 日出日落時間", "en": "sunrise and sunset at {place}{when}"},
    "sst": {"zh": "{place}{when} 海溫", "en": "sea surface temperature at {place}{when}"},
    "weather": {"zh": "{place}{when} 天氣預報", "en": "weather forecast for {place}{when}"},
}


def format_point(lon: float, lat: float) -> str:
    """Return a point as the router reads it: `(lon,lat)` with 4 decimals."""
    return f"({lon:.4f},{lat:.4f})"


def point_query(kind: Kind, lon: float, lat: float, lang: Lang, when: str | None = None) -> str:
    """Return the router query for a tool kind at a point, e.g. `(121.7400,25.1300) 潮汐`."""
    return place_query_text(kind, format_point(lon, lat), lang, when)


def place_query_text(kind: Kind, place: str, lang: Lang, when: str | None = None) -> str:
    """Return the router query for a tool kind at a named place (optional day such as 2025-11-14)."""
    suffix = f" {when.strip()}" if when and when.strip() else ""
    return _QUERY_PLACE[kind][lang].format(place=place.strip(), when=suffix)


@dataclass(frozen=True)
class CommandOutcome:
    """Either a `query` for the router or a `reply` to send as is (exactly one is set)."""

    query: str | None = None
    reply: str | None = None


def place_command(kind: Kind, arg: str | None, lang: Lang, user: UserSettings,
                  when: str | None = None) -> CommandOutcome:
    """Return the router query for `/tide|/sun|/sst|/weather [place | lon,lat]`.

    No argument means the user's saved home; with neither, a reply asking for a place.
    """
    text = (arg or "").strip()
    if text:
        try:
            point = parse_point_arg(text)
        except ValueError:
            return CommandOutcome(reply=message("home_bad", lang))
        if point:
            return CommandOutcome(query=point_query(kind, point[0], point[1], lang, when))
        return CommandOutcome(query=place_query_text(kind, text[:200], lang, when))
    if user.home_lon is not None and user.home_lat is not None:
        return CommandOutcome(query=point_query(kind, user.home_lon, user.home_lat, lang, when))
    if user.home_name:
        return CommandOutcome(query=place_query_text(kind, user.home_name, lang, when))
    return CommandOutcome(reply=message("need_place", lang, cmd=kind))


def build_question(query: str, *, tz: str, moment: datetime | None, lang: str = "auto") -> Question:
    """Return the router Question for `query` asked at `moment` (aware; naive = UTC) in zone `tz`.

    `query_time` is the moment converted to `tz`, so "today" means the user's day.
    """
    tzinfo, _ = parse_tz(tz)
    when = moment or datetime.now(timezone.utc)
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return Question(query=query, tz=tz, query_time=when.astimezone(tzinfo).isoformat(),
                    lang=lang if lang in ("zh", "en") else "auto")


def effective_tz(user: UserSettings, default_tz: str) -> str:
    """Return the zone to use for the user: their saved one if still valid, else `default_tz`."""
    if user.tz:
        try:
            parse_tz(user.tz)
            return user.tz
        except ValueError:
            pass
    return default_tz


@functools.cache
def _finder() -> object:
    from timezonefinder import TimezoneFinder  # heavy; load on first use only
    return TimezoneFinder()


def tz_for_point(lon: float, lat: float, fallback: str) -> str:
    """Return the IANA zone at (lon, lat) (core.tools.clock.tz_at, else timezonefinder), or `fallback`."""
    try:
        from core.tools.clock import tz_at
    except ImportError:
        tz_at = None
    try:
        name = tz_at(lon, lat) if tz_at else _finder().timezone_at(lng=lon, lat=lat)  # type: ignore[attr-defined]
    except Exception:  # a lookup failure must not lose the user's answer
        name = None
    return name or fallback


# --------------------------------------------------------------------------- settings commands

def parse_tz_arg(arg: str | None) -> str:
    """Return the validated zone text for `/tz ZONE` (IANA name or offset).

    Raises ValueError when it is neither.
    """
    text = (arg or "").strip()
    _, name = parse_tz(text)
    # Offsets are stored as typed ("+08:00"); Question.tz accepts both forms.
    return name or text


def parse_lang_arg(arg: str | None) -> Lang | None:
    """Return 'zh' or 'en' for `/lang` arguments (zh, 中文, en, English...), None when unknown."""
    low = (arg or "").strip().lower()
    if low in ("zh", "zh-tw", "tw", "中文", "chinese", "繁中", "繁體中文"):
        return "zh"
    if low in ("en", "english", "英文"):
        return "en"
    return None


def parse_home_arg(arg: str | None) -> dict[str, object] | None:
    """Return the settings fields for `/home PLACE | lon,lat`, or None when no argument was given.

    Raises ValueError for a point out of range.
    """
    text = (arg or "").strip()
    if not text:
        return None
    point = parse_point_arg(text)
    if point:
        return {"home_name": None, "home_lon": point[0], "home_lat": point[1]}
    return {"home_name": text[:100], "home_lon": None, "home_lat": None}


def home_label(user: UserSettings) -> str | None:
    """Return the saved home as text (name, or lon,lat), None when none is saved."""
    if user.home_name:
        return user.home_name
    if user.home_lon is not None and user.home_lat is not None:
        return f"{user.home_lon:.4f},{user.home_lat:.4f}"
    return None


def settings_text(user: UserSettings, lang: Lang, default_tz: str) -> str:
    """Return the `/settings` reply: zone, language and home, marking defaults."""
    tz = user.tz or default_tz
    home = home_label(user)
    if lang == "zh":
        return "\n".join([
            "目前設定：",
            f"• 時區：{tz}" + ("" if user.tz else "（預設）"),
            f"• 語言：{ {'zh': '中文', 'en': 'English'}.get(user.lang or '', '自動（跟隨提問）') }",
            f"• 常用地點：{home or '未設定'}",
            "",
            "更改：/tz 時區、/lang zh|en、/home 地點；刪除全部：/forget",
        ])
    return "\n".join([
        "Your settings:",
        f"• Time zone: {tz}" + ("" if user.tz else " (default)"),
        f"• Language: { {'zh': '中文', 'en': 'English'}.get(user.lang or '', 'auto (follows your question)') }",
        f"• Home: {home or 'not set'}",
        "",
        "Change with /tz ZONE, /lang zh|en, /home PLACE; delete all with /forget",
    ])


# --------------------------------------------------------------------------- answers

_TITLES: dict[str, dict[Lang, str]] = {
    "tide.forecast": {"zh": "潮汐預報", "en": "Tide forecast"},
    "ghrsst.point_value": {"zh": "海表溫度", "en": "Sea surface temperature"},
    "ghrsst.bbox_mean": {"zh": "區域平均海溫", "en": "Area-mean sea surface temperature"},
    "weather.forecast": {"zh": "天氣預報", "en": "Weather forecast"},
    "time.now": {"zh": "現在時間", "en": "Current time"},
}
_SOURCES: dict[str, str] = {
    "tide.forecast": "ODB metocean tide model",
    "ghrsst.point_value": "NASA JPL MUR GHRSST via ODB metocean",
    "ghrsst.bbox_mean": "NASA JPL MUR GHRSST via ODB metocean",
    "weather.forecast": "Open-Meteo",
    "time.now": "local clock (IANA tz database)",
}


def answer_title(answer: Answer, lang: Lang) -> str:
    """Return a short title for an answer, by the tool that produced it."""
    if answer.tool and answer.tool in _TITLES:
        return _TITLES[answer.tool][lang]
    return "ODBchat"


def answer_source(answer: Answer) -> str:
    """Return the data source to credit under an answer ("ODBchat" when no tool was used)."""
    source = _SOURCES.get(answer.tool or "", "ODBchat")
    if answer.backend == "local" and answer.tool in ("tide.forecast",):
        source += " (local engine)"
    return source
