"""Solar terms that are also weather words: 大雪 is the term (about December 7th) and "heavy snow",
小雪 "light snow", 雨水 "rainwater"; 大寒流 is a cold wave and 大雪山 a mountain.

A term written bare is the day unless the words around it read it as weather: a word after it that
makes it longer (大寒流, 大雪山, 雨水多), or, for the terms that are mostly weather words, a word before it
that says snow falls (下大雪, 一場小雪) or a question that asks the weather (「合歡山大雪 天氣」). Asked
with tides, the sun, the moon or the sea's temperature (「大雪 澎湖潮汐」), or with 那天/當天/節氣 after it,
it is the day. The words are in ``solar_term_homonyms`` of ``core/data/day_words.yaml``.
"""
from __future__ import annotations

import functools

from core.understand.dates_words import table


@functools.cache
def _words() -> tuple[frozenset[str], frozenset[str], tuple[str, ...], tuple[str, ...]]:
    spec = table("solar_term_homonyms")
    return (frozenset(spec["words"]), frozenset(spec["weather_sense"]), tuple(spec["weather_after"]),
            tuple(spec["not_before"]))


def _asks_weather(text: str, span: tuple[int, int]) -> bool:
    """True when `text`, the term itself left out, asks the weather and no other data (tide, sun, moon, SST)."""
    from core.understand.signals import detect_signals  # read only for a homonym written bare

    said = detect_signals(text, masked_spans=(span,))
    other = said.tide or said.astro or said.sst or said.moon_phase or said.moon_times
    return (said.weather or said.rain or said.wind) and not other


def weather_not_day(text: str, span: tuple[int, int], word: str) -> bool:
    """Return True when the solar term `word` written bare at `span` of `text` is a weather word, not the day."""
    words, weather_sense, weather_after, not_before = _words()
    if word not in words:
        return False
    start, end = span
    if text.startswith(not_before, end):
        return True   # 大寒流, 大雪山
    if word not in weather_sense:
        return False
    return text[:start].rstrip().endswith(weather_after) or _asks_weather(text, span)
