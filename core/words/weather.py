"""Weather replies that answer the question asked, in zh-TW or English.

A question asks about some aspects (rain, temperature, wind, or the weather in general)
on some day (a forecast date, or "now"). The reply leads with what was asked, then the
sky in words (WMO code, `data/wmo_codes.yaml`), then the day's range when it was not the
question, and ends with the source. Pure functions: no I/O beyond the code table.
"""
from __future__ import annotations

import functools
import re
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import yaml
from core.data import DATA_DIR

_CODES = DATA_DIR / "wmo_codes.yaml"
ASPECTS = ("rain", "temperature", "wind", "general")

# Words that show which aspect a question is about. CJK words match as substrings;
# English ones as whole words (with common endings), so "rainy" counts and "train" not.
_ASPECT_WORDS: dict[str, tuple[tuple[str, ...], str]] = {
    "rain": (("雨", "傘", "降水", "雪"),
             r"rain\w*|umbrellas?|showers?|drizzle|precipitation|wet|snow\w*|storms?"),
    "temperature": (("溫度", "氣溫", "幾度", "冷", "熱", "溫暖", "涼"),
                    r"temperatures?|hot|cold|warm|cool|chilly|degrees?|freezing|heat"),
    "wind": (("風",), r"wind\w*|breez\w*|gusts?|gusty"),
}
# Beaufort force from the 10 m wind speed: upper limits in km/h of forces 0..11.
_BEAUFORT_KMH = (1, 6, 12, 20, 29, 39, 50, 62, 75, 89, 103, 118)
_ZH_WEEKDAYS = ("一", "二", "三", "四", "五", "六", "日")
_EN_WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
SOURCE = {"zh": "資料來源：Open-Meteo", "en": "Source: Open-Meteo"}


@functools.cache
def _wmo() -> dict[int, dict[str, str]]:
    return {int(k): v for k, v in yaml.safe_load(_CODES.read_text(encoding="utf-8")).items()}


def wmo_text(code: int | None, lang: str) -> str | None:
    """Return the WMO weather code in words in `lang` (None for no code; the number for an unknown one)."""
    if code is None:
        return None
    entry = _wmo().get(int(code))
    if entry is None:
        return f"天氣代碼 {code}" if lang == "zh" else f"weather code {code}"
    return entry["zh" if lang == "zh" else "en"]


def weather_aspects(query: str) -> set[str]:
    """Return the aspects {"rain", "temperature", "wind"} the question asks about, or {"general"}."""
    text = query or ""
    found = set()
    for aspect, (cjk, english) in _ASPECT_WORDS.items():
        if any(w in text for w in cjk) or re.search(rf"\b(?:{english})\b", text, re.IGNORECASE):
            found.add(aspect)
    return found or {"general"}


def beaufort(kmh: float) -> int:
    """Return the Beaufort force (0-12) of a wind speed in km/h."""
    for force, limit in enumerate(_BEAUFORT_KMH):
        if kmh < limit:
            return force
    return 12


# ---- number formatting -------------------------------------------------------------

def _n(value: float, digits: int = 1) -> str:
    return f"{value:.{digits}f}"


def _range(lo: float | None, hi: float | None, lang: str) -> str | None:
    if lo is None or hi is None:
        return None
    a, b = round(lo), round(hi)
    if a < 0:  # "-3–2 °C" misreads; spell the range out
        return f"{a} 至 {b} °C" if lang == "zh" else f"{a} to {b} °C"
    return f"{a}–{b} °C"


def _wind(kmh: float | None, lang: str, *, maximum: bool) -> str | None:
    if kmh is None:
        return None
    force = beaufort(kmh)
    if lang == "zh":
        return f"{'最大風速' if maximum else '風速'} {round(kmh)} km/h（約 {force} 級風）"
    return f"{'wind up to' if maximum else 'wind'} {round(kmh)} km/h (Beaufort {force})"


# ---- labels ------------------------------------------------------------------------

def _place(result: dict[str, Any], place: str | None, lang: str) -> str:
    if place:
        return place
    lat, lon = result.get("latitude"), result.get("longitude")
    if lat is not None and lon is not None:
        return f"{abs(lat):.2f}°{'N' if lat >= 0 else 'S'}, {abs(lon):.2f}°{'E' if lon >= 0 else 'W'}"
    return "當地" if lang == "zh" else "Here"


def _today(result: dict[str, Any]) -> date | None:
    current = result.get("current") or {}
    if current.get("time"):
        return date.fromisoformat(current["time"][:10])
    days = (result.get("daily") or {}).get("time") or []
    return date.fromisoformat(days[0]) if days else None


def _day_head(place: str, day: date, today: date | None, lang: str) -> str:
    delta = (day - today).days if today else None
    if lang == "zh":
        rel = {0: "今天", 1: "明天", 2: "後天"}.get(delta) if delta is not None else None
        return f"{place} {rel or '星期' + _ZH_WEEKDAYS[day.weekday()]}（{day.isoformat()}）"
    rel = {0: "today", 1: "tomorrow"}.get(delta) if delta is not None else None
    return f"{place} {rel or 'on ' + _EN_WEEKDAYS[day.weekday()]} ({day.isoformat()})"


# ---- one day from the daily rows -----------------------------------------------------

def _row(daily: dict[str, Any], i: int) -> dict[str, Any]:
    def at(key: str) -> Any:
        values = daily.get(key) or []
        return values[i] if i < len(values) else None
    return {k: at(k) for k in ("temperatureMax", "temperatureMin", "precipitationSum",
                               "precipitationProbabilityMax", "weatherCode", "windSpeedMax")}


def _rain_day(row: dict[str, Any], lang: str) -> str | None:
    prob, amount = row["precipitationProbabilityMax"], row["precipitationSum"]
    parts = []
    if lang == "zh":
        if prob is not None:
            parts.append(f"降雨機率 {round(prob)}%")
        if amount is not None:
            parts.append(f"預估雨量 {_n(amount)} mm")
        return "，".join(parts) or None
    if prob is not None:
        parts.append(f"{round(prob)}% chance of rain")
    if amount is not None:
        parts.append(f"about {_n(amount)} mm expected")
    return ", ".join(parts) or None


def _temp_day(row: dict[str, Any], lang: str) -> str | None:
    hi, lo = row["temperatureMax"], row["temperatureMin"]
    if hi is None or lo is None:
        return None
    if lang == "zh":
        return f"最高 {round(hi)} °C、最低 {round(lo)} °C"
    return f"high {round(hi)} °C, low {round(lo)} °C"


def _compose(head: str, segments: list[str | None], sky: str | None, tail: list[str | None], lang: str,
             *, sky_first: bool) -> str:
    """Return one reply: `head`, the segments (the sky in words first for a general
    question, last otherwise), then short closing sentences such as the day's range."""
    sky_part = (f"天氣：{sky}" if lang == "zh" else sky) if sky else None
    parts = [sky_part, *segments] if sky_first else [*segments, sky_part]
    parts = [p for p in parts if p]
    closing = [t for t in tail if t]
    if lang == "zh":
        return f"{head}{'；'.join(parts)}。" + "".join(f"{t}。" for t in closing)
    return f"{head}: {'; '.join(parts)}." + "".join(f" {t[:1].upper()}{t[1:]}." for t in closing)


def _render_day(row: dict[str, Any], head: str, aspects: set[str], lang: str, now_temp: float | None) -> str:
    sky = wmo_text(row["weatherCode"], lang)
    range_text = _range(row["temperatureMin"], row["temperatureMax"], lang)
    range_part = (f"氣溫 {range_text}" if lang == "zh" else range_text) if range_text else None
    wind = _wind(row["windSpeedMax"], lang, maximum=True)
    if "general" in aspects:
        return _compose(head, [range_part, _rain_day(row, lang), wind], sky, [], lang, sky_first=True)
    segments = [_rain_day(row, lang) if "rain" in aspects else None,
                _temp_day(row, lang) if "temperature" in aspects else None,
                wind if "wind" in aspects else None]
    tail = [None if "temperature" in aspects else range_part]
    if "temperature" in aspects and now_temp is not None:
        # Asked about today's temperature: the reading now is the useful extra.
        tail.append(f"目前 {_n(now_temp)} °C" if lang == "zh" else f"now {_n(now_temp)} °C")
    return _compose(head, segments, sky, tail, lang, sky_first=False)


# ---- now, from the current block ------------------------------------------------------

def _next_hours_probability(result: dict[str, Any], hours: int = 6) -> float | None:
    hourly = result.get("hourly") or {}
    times, probs = hourly.get("time") or [], hourly.get("precipitationProbability") or []
    now = ((result.get("current") or {}).get("time") or "")[:13]
    if not times or not probs or not now:
        return None
    window = [p for t, p in zip(times, probs) if t[:13] >= now][:hours]
    window = [p for p in window if p is not None]
    return max(window) if window else None


def _render_now(result: dict[str, Any], label: str, aspects: set[str], lang: str) -> str:
    cur = result["current"]
    stamp = cur["time"].replace("T", " ")
    head = f"{label} 現在（{stamp}）" if lang == "zh" else f"{label} now ({stamp})"
    today = _today(result)
    daily = result.get("daily") or {}
    days = daily.get("time") or []
    row = _row(daily, days.index(today.isoformat())) if today and today.isoformat() in days else None
    today_range = _range(row["temperatureMin"], row["temperatureMax"], lang) if row else None
    # The next hours say more than the whole day's maximum; the day's is the fallback.
    soon = _next_hours_probability(result)
    prob = soon if soon is not None else (row or {}).get("precipitationProbabilityMax")

    def rain() -> str | None:
        parts = []
        if lang == "zh":
            if cur.get("precipitation") is not None:
                parts.append(f"目前雨量 {_n(cur['precipitation'])} mm")
            if prob is not None:
                parts.append(f"{'未來 6 小時' if soon is not None else '今天'}降雨機率 {round(prob)}%")
            return "，".join(parts) or None
        if cur.get("precipitation") is not None:
            parts.append(f"{_n(cur['precipitation'])} mm of precipitation now")
        if prob is not None:
            parts.append(f"{round(prob)}% chance of rain {'in the next 6 hours' if soon is not None else 'today'}")
        return ", ".join(parts) or None

    def temp() -> str | None:
        if cur.get("temperature") is None:
            return None
        if lang == "zh":
            return f"氣溫 {_n(cur['temperature'])} °C" + (f"（今天 {today_range}）" if today_range else "")
        return f"{_n(cur['temperature'])} °C" + (f" (today {today_range})" if today_range else "")

    sky = wmo_text(cur.get("weatherCode"), lang)
    wind = _wind(cur.get("windSpeed"), lang, maximum=False)
    if "general" in aspects:
        return _compose(head, [temp(), wind, rain()], sky, [], lang, sky_first=True)
    segments = [rain() if "rain" in aspects else None,
                temp() if "temperature" in aspects else None,
                wind if "wind" in aspects else None]
    tail = [None if "temperature" in aspects else temp()]
    return _compose(head, segments, sky, tail, lang, sky_first=False)


# ---- entry point ------------------------------------------------------------------------

def render_weather(result: dict[str, Any], *, lang: str, day: date | None, aspects: set[str],
                   place: str | None) -> str:
    """Return the reply text for a `weather.forecast` result: the asked `aspects` on `day`
    (a local date; None means now), in `lang` ("zh" or "en"), ending with the source line."""
    lang = "zh" if lang == "zh" else "en"
    wanted = {a for a in aspects if a in ASPECTS} or {"general"}
    label = _place(result, place, lang)
    today = _today(result)
    daily = result.get("daily") or {}
    days = daily.get("time") or []
    if day is None and result.get("current"):
        text = _render_now(result, label, wanted, lang)
    else:
        target = day or today
        if target is None or target.isoformat() not in days:
            text = _out_of_range(label, target, days, lang)
        else:
            row = _row(daily, days.index(target.isoformat()))
            head = _day_head(label, target, today, lang)
            now_temp = (result.get("current") or {}).get("temperature") if target == today else None
            text = _render_day(row, head, wanted, lang, now_temp)
    return f"{text}\n{SOURCE[lang]}"


def _out_of_range(label: str, target: date | None, days: list[str], lang: str) -> str:
    if not days or target is None:
        return ("抱歉，目前沒有這個地點的預報資料。" if lang == "zh"
                else "Sorry, there is no forecast for this place right now.")
    first, last = days[0], days[-1]
    when = target.isoformat()
    if lang == "zh":
        if target < date.fromisoformat(first):
            return f"抱歉，{label}的預報從 {first} 開始，無法提供過去日期 {when} 的天氣。"
        hint = "（Open-Meteo 最多預報 16 天）" if target > date.fromisoformat(first) + timedelta(days=15) else ""
        return f"抱歉，{label}的預報只涵蓋 {first} 至 {last}，無法提供 {when} 的天氣{hint}。"
    if target < date.fromisoformat(first):
        return f"Sorry, the forecast for {label} starts on {first}; there is no forecast for the past date {when}."
    hint = " (Open-Meteo forecasts at most 16 days ahead)" if target > date.fromisoformat(first) + timedelta(days=15) else ""
    return f"Sorry, the forecast for {label} only covers {first} to {last}, so there is none for {when}{hint}."
