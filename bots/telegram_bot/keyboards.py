"""One-tap buttons under an answer (tomorrow, save as home, chart) and what their data holds.

The buttons come from the answer's `Reply.buttons`. Telegram gives a button at most 64
bytes of callback data, so a button carries the point (4 decimals), the day and, when it
fits, the place's name: `t:LON,LAT,YYYY-MM-DD[,NAME]`, `c:LON,LAT,YYYY-MM-DD[,NAME]`, `h:LON,LAT[,NAME]`.
"""
from __future__ import annotations

from datetime import date

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from core.reply import Button

_DATA_LIMIT = 64
_KIND = {"tomorrow": "t", "chart": "c", "save_home": "h"}
_ACTION = {kind: action for action, kind in _KIND.items()}


def _data(button: Button) -> str | None:
    if button.action not in _KIND or button.point is None:
        return None
    kind = _KIND[button.action]
    where = f"{kind}:{button.point[0]:.4f},{button.point[1]:.4f}"
    if kind in "tc":
        if not button.date:
            return None
        where = f"{where},{button.date}"
    if button.place and len(f"{where},{button.place}".encode()) <= _DATA_LIMIT:
        return f"{where},{button.place}"
    return where


def answer_buttons(buttons: list[Button]) -> InlineKeyboardMarkup | None:
    """Return the inline keyboard for an answer's buttons (None when it has none Telegram can carry)."""
    row = [InlineKeyboardButton(button.label, callback_data=data) for button in buttons
           if (data := _data(button)) is not None]
    return InlineKeyboardMarkup([row]) if row else None


def parse_button(data: str | None) -> Button | None:
    """Return the button a press carries, None when its data is not ours or malformed."""
    if not data or len(data) < 3 or data[1] != ":" or data[0] not in "tch":
        return None
    parts = data[2:].split(",", 3 if data[0] in "tc" else 2)
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
        return Button(action=_ACTION[data[0]], label="", point=(lon, lat), date=extra,  # type: ignore[arg-type]
                      place=(parts[3] if len(parts) > 3 else "") or None)
    return Button(action="save_home", label="", point=(lon, lat), place=extra or None)
