"""Weather replies that answer the question asked, in zh-TW or English.

A question asks about some aspects (rain, temperature, wind, or the weather in general)
on some day (a forecast date, or "now"). The reply leads with what was asked, then the
sky in words (WMO code, `data/wmo_codes.yaml`), then the day's range when it was not the
question, and ends with the source. Every word, separator and sentence shape comes from
the `weather:` section of `data/strings.{zh,en}.yaml`; the code only picks which parts to
say, so a language differs by its strings alone. Pure functions: no I/O beyond the tables.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from datetime import date, timedelta
from typing import TYPE_CHECKING, TypeVar

from core.data import DATA_DIR, read_yaml
from core.words.strings import t, table

if TYPE_CHECKING:
    from core.tools.open_meteo import CurrentWeather, DailyForecast, WeatherForecast

T = TypeVar("T")

ASPECTS = ("rain", "temperature", "wind", "general")
# Open-Meteo forecasts at most this many days ahead (today included).
MAX_FORECAST_DAYS = 16
# Rain chance "now" looks this many hours ahead.
_SOON_HOURS = 6
# Beaufort force from the 10 m wind speed: upper limits in km/h of forces 0..11.
_BEAUFORT_KMH = (1, 6, 12, 20, 29, 39, 50, 62, 75, 89, 103, 118)


@functools.cache
def _wmo() -> dict[int, dict[str, str]]:
    path = DATA_DIR / "wmo_codes.yaml"
    return {int(k): v for k, v in read_yaml(path).items()}


@functools.cache
def _aspect_words() -> dict[str, tuple[tuple[str, ...], re.Pattern[str]]]:
    # Keywords are data (`data/weather_aspects.yaml`): CJK words match as substrings, the
    # English patterns as whole words, so "rainy" counts and "train" does not.
    raw = read_yaml(DATA_DIR / "weather_aspects.yaml")
    return {aspect: (tuple(words["cjk"]), re.compile(rf"\b(?:{'|'.join(words['en'])})\b", re.IGNORECASE))
            for aspect, words in raw.items()}


def wmo_text(code: int | None, lang: str) -> str | None:
    """Return the WMO weather code in words in `lang` (None for no code; the number for an unknown one)."""
    if code is None:
        return None
    entry = _wmo().get(int(code))
    if entry is None:
        return t(lang, "weather.code_unknown", code=code)
    return entry.get(lang) or entry["en"]  # any language without its own words reads English


def weather_aspects(query: str) -> set[str]:
    """Return the aspects {"rain", "temperature", "wind"} the question asks about, or {"general"}."""
    text = query or ""
    found = {aspect for aspect, (cjk, english) in _aspect_words().items()
             if any(w in text for w in cjk) or english.search(text)}
    return found or {"general"}


def beaufort(kmh: float) -> int:
    """Return the Beaufort force (0-12) of a wind speed in km/h."""
    for force, limit in enumerate(_BEAUFORT_KMH):
        if kmh < limit:
            return force
    return 12


# ---- small phrases -----------------------------------------------------------------

def _n(value: float, digits: int = 1) -> str:
    return f"{value:.{digits}f}"


def _join(lang: str, parts: list[str | None]) -> str | None:
    """Return the present details of one part joined (None when there are none)."""
    return t(lang, "weather.detail_sep").join(p for p in parts if p) or None


def _range(lo: float | None, hi: float | None, lang: str) -> str | None:
    if lo is None or hi is None:
        return None
    a, b = round(lo), round(hi)
    # "-3–2 °C" misreads; below zero the range is spelled out.
    return t(lang, "weather.range_below_zero" if a < 0 else "weather.range", lo=a, hi=b)


def _wind(kmh: float | None, lang: str, *, maximum: bool) -> str | None:
    if kmh is None:
        return None
    return t(lang, "weather.wind_max" if maximum else "weather.wind", kmh=round(kmh), force=beaufort(kmh))


def _capitalized(text: str) -> str:
    # A closing sentence starts with a capital; scripts without case (CJK) are unchanged.
    return text[:1].upper() + text[1:]


# ---- labels ------------------------------------------------------------------------

def _place(result: WeatherForecast, place: str | None, lang: str) -> str:
    if place:
        return place
    lat, lon = result.latitude, result.longitude
    if lat is not None and lon is not None:
        return f"{abs(lat):.2f}°{'N' if lat >= 0 else 'S'}, {abs(lon):.2f}°{'E' if lon >= 0 else 'W'}"
    return t(lang, "weather.here")


def _today(result: WeatherForecast) -> date | None:
    if result.current is not None and result.current.time:
        return date.fromisoformat(result.current.time[:10])
    days = result.daily.time
    return date.fromisoformat(days[0]) if days else None


def _day_head(place: str, day: date, today: date | None, lang: str) -> str:
    """Return "<place> <today|tomorrow|…|on weekday> (<date>)": near days by name when the language has one."""
    delta = (day - today).days if today else None
    near = table(lang, "weather.relative_days")
    if delta is not None and 0 <= delta < len(near):
        when = near[delta]
    else:
        when = t(lang, "weather.on_weekday", weekday=table(lang, "weather.weekdays")[day.weekday()])
    return t(lang, "weather.day_head", place=place, when=when, date=day.isoformat())


def _compose(head: str, segments: list[str | None], sky: str | None, tail: list[str | None], lang: str,
             *, sky_first: bool) -> str:
    """Return one reply: `head`, the segments (the sky in words first for a general
    question, last otherwise), then short closing sentences such as the day's range."""
    sky_part = t(lang, "weather.sky", sky=sky) if sky else None
    parts = [sky_part, *segments] if sky_first else [*segments, sky_part]
    body = t(lang, "weather.part_sep").join(p for p in parts if p)
    closing = "".join(t(lang, "weather.closing", text=_capitalized(c)) for c in tail if c)
    return t(lang, "weather.compose", head=head, parts=body) + closing


# ---- one day from the daily rows -----------------------------------------------------

@dataclass(frozen=True)
class _Day:
    """One day of the daily arrays."""

    temperatureMax: float | None
    temperatureMin: float | None
    precipitationSum: float | None
    precipitationProbabilityMax: float | None
    weatherCode: int | None
    windSpeedMax: float | None


def _row(daily: DailyForecast, i: int) -> _Day:
    def at(values: list[T]) -> T | None:
        return values[i] if i < len(values) else None
    return _Day(at(daily.temperatureMax), at(daily.temperatureMin), at(daily.precipitationSum),
                at(daily.precipitationProbabilityMax), at(daily.weatherCode), at(daily.windSpeedMax))


def _rain_day(row: _Day, lang: str) -> str | None:
    prob, amount = row.precipitationProbabilityMax, row.precipitationSum
    return _join(lang, [t(lang, "weather.rain_chance", prob=round(prob)) if prob is not None else None,
                        t(lang, "weather.rain_expected", mm=_n(amount)) if amount is not None else None])


def _temp_day(row: _Day, lang: str) -> str | None:
    hi, lo = row.temperatureMax, row.temperatureMin
    if hi is None or lo is None:
        return None
    return t(lang, "weather.high_low", hi=round(hi), lo=round(lo))


def _render_day(row: _Day, head: str, aspects: set[str], lang: str, now_temp: float | None) -> str:
    sky = wmo_text(row.weatherCode, lang)
    range_text = _range(row.temperatureMin, row.temperatureMax, lang)
    range_part = t(lang, "weather.day_range", range=range_text) if range_text else None
    wind = _wind(row.windSpeedMax, lang, maximum=True)
    if "general" in aspects:
        return _compose(head, [range_part, _rain_day(row, lang), wind], sky, [], lang, sky_first=True)
    segments = [_rain_day(row, lang) if "rain" in aspects else None,
                _temp_day(row, lang) if "temperature" in aspects else None,
                wind if "wind" in aspects else None]
    tail = [None if "temperature" in aspects else range_part]
    if "temperature" in aspects and now_temp is not None:
        # Asked about today's temperature: the reading now is the useful extra.
        tail.append(t(lang, "weather.now_temp", temp=_n(now_temp)))
    return _compose(head, segments, sky, tail, lang, sky_first=False)


# ---- now, from the current block ------------------------------------------------------

def _next_hours_probability(result: WeatherForecast, hours: int = _SOON_HOURS) -> float | None:
    hourly = result.hourly
    times, probs = (hourly.time, hourly.precipitationProbability) if hourly else ([], [])
    now = (result.current.time if result.current else "")[:13]
    if not times or not probs or not now:
        return None
    window = [p for t_, p in zip(times, probs) if t_[:13] >= now][:hours]
    known = [p for p in window if p is not None]
    return max(known) if known else None


def _render_now(result: WeatherForecast, cur: CurrentWeather, label: str, aspects: set[str], lang: str) -> str:
    head = t(lang, "weather.now_head", place=label, stamp=cur.time.replace("T", " "))
    today = _today(result)
    daily = result.daily
    days = daily.time
    row = _row(daily, days.index(today.isoformat())) if today and today.isoformat() in days else None
    today_range = _range(row.temperatureMin, row.temperatureMax, lang) if row else None
    # The next hours say more than the whole day's maximum; the day's is the fallback.
    soon = _next_hours_probability(result)
    prob = soon if soon is not None else (row.precipitationProbabilityMax if row else None)
    when = t(lang, "weather.next_hours", hours=_SOON_HOURS) if soon is not None else t(lang, "weather.today")

    rain = _join(lang, [
        t(lang, "weather.rain_now", mm=_n(cur.precipitation)) if cur.precipitation is not None else None,
        t(lang, "weather.rain_chance_when", when=when, prob=round(prob)) if prob is not None else None])
    temp = None
    if cur.temperature is not None:
        extra = t(lang, "weather.temp_now_today", range=today_range) if today_range else ""
        temp = t(lang, "weather.temp_now", temp=_n(cur.temperature), today=extra)

    sky = wmo_text(cur.weatherCode, lang)
    wind = _wind(cur.windSpeed, lang, maximum=False)
    if "general" in aspects:
        return _compose(head, [temp, wind, rain], sky, [], lang, sky_first=True)
    segments = [rain if "rain" in aspects else None,
                temp if "temperature" in aspects else None,
                wind if "wind" in aspects else None]
    tail = [None if "temperature" in aspects else temp]
    return _compose(head, segments, sky, tail, lang, sky_first=False)


# ---- entry point ------------------------------------------------------------------------

def render_weather(result: WeatherForecast, *, lang: str, day: date | None, aspects: set[str],
                   place: str | None) -> str:
    """Return the reply text for a `weather.forecast` result: the asked `aspects` on `day`
    (a local date; None means now), in `lang` ("zh" or "en"), ending with the source line."""
    return f"{weather_day(result, lang=lang, day=day, aspects=aspects, place=place)}\n{weather_source(lang)}"


def weather_source(lang: str) -> str:
    """Return the line naming the forecast's source ("Source: Open-Meteo") in `lang`."""
    return t(lang, "weather.source")


def weather_day(result: WeatherForecast, *, lang: str, day: date | None, aspects: set[str],
                place: str | None) -> str:
    """Return the reply for the asked `aspects` on `day` (a local date; None means now), in
    `lang`, without the source line."""
    wanted = {a for a in aspects if a in ASPECTS} or {"general"}
    label = _place(result, place, lang)
    today = _today(result)
    daily = result.daily
    days = daily.time
    if day is None and result.current is not None:
        text = _render_now(result, result.current, label, wanted, lang)
    else:
        target = day or today
        if target is None or target.isoformat() not in days:
            text = _out_of_range(label, target, days, lang)
        else:
            row = _row(daily, days.index(target.isoformat()))
            head = _day_head(label, target, today, lang)
            now_temp = result.current.temperature if result.current is not None and target == today else None
            text = _render_day(row, head, wanted, lang, now_temp)
    return text


def _out_of_range(label: str, target: date | None, days: list[str], lang: str) -> str:
    """Return the apology for a day the forecast does not cover: past, or too far ahead."""
    if not days or target is None:
        return t(lang, "weather.no_forecast")
    first, last = days[0], days[-1]
    start = date.fromisoformat(first)
    if target < start:
        return t(lang, "weather.past_date", place=label, first=first, when=target.isoformat())
    # Beyond what Open-Meteo ever forecasts: say so, since asking again will not help.
    too_far = target > start + timedelta(days=MAX_FORECAST_DAYS - 1)
    hint = t(lang, "weather.max_days_hint", days=MAX_FORECAST_DAYS) if too_far else ""
    return t(lang, "weather.beyond_range", place=label, first=first, last=last, when=target.isoformat(), hint=hint)
