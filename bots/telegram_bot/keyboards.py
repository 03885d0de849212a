"""One-tap buttons under a tide answer (tomorrow, save as home, chart) and what their data holds.

Telegram gives a button at most 64 bytes of callback data, so a button carries the point
(4 decimals), the day and, when it fits, the place's name: `t:LON,LAT,YYYY-MM-DD`,
`c:LON,LAT,YYYY-MM-DD`, `h:LON,LAT[,NAME]`.
"""
from __future__ import annotations

from datetime import date, timedelta

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bots.common import chat_commands as cc
from core.envelope import Answer

_DATA_LIMIT = 64


def _point(args: dict[str, object]) -> tuple[float, float] | None:
    try:
        return float(args["longitude"]), float(args["latitude"])  # type: ignore[arg-type]
    except (KeyError, TypeError, ValueError):
        return None


def answer_buttons(answer: Answer, lang: cc.Lang) -> InlineKeyboardMarkup | None:
    """Return the buttons for a tide answer (None for any other answer)."""
    if answer.tool != "tide.forecast" or not answer.arguments or answer.error:
        return None
    point = _point(answer.arguments)
    day = str(answer.arguments.get("date") or "")
    if point is None or not day:
        return None
    where = f"{point[0]:.4f},{point[1]:.4f}"
    tomorrow = (date.fromisoformat(day) + timedelta(days=1)).isoformat()
    home = f"h:{where}"
    name = answer.context.place if answer.context and answer.context.place else ""
    if name and len(f"{home},{name}".encode()) <= _DATA_LIMIT:
        home = f"{home},{name}"
    row = [InlineKeyboardButton(cc.message("button_tomorrow", lang), callback_data=f"t:{where},{tomorrow}"),
           InlineKeyboardButton(cc.message("button_save_home", lang), callback_data=home),
           InlineKeyboardButton(cc.message("button_chart", lang), callback_data=f"c:{where},{day}")]
    return InlineKeyboardMarkup([row])


def parse_button(data: str | None) -> tuple[str, float, float, str] | None:
    """Return (kind, lon, lat, day-or-name) from a button's data, None when it is not ours or malformed."""
    if not data or len(data) < 3 or data[1] != ":" or data[0] not in "tch":
        return None
    parts = data[2:].split(",", 2)
    try:
        lon, lat = float(parts[0]), float(parts[1])
    except (IndexError, ValueError):
        return None
    if not (-180 <= lon <= 180 and -90 <= lat <= 90):
        return None
    extra = parts[2] if len(parts) > 2 else ""
    if data[0] in "tc":
        try:
            date.fromisoformat(extra)
        except ValueError:
            return None
    return data[0], lon, lat, extra
