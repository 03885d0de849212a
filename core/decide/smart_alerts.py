"""Deciding what a smart alert request asks for: a threshold alert (a low or high beyond a height,
optionally in daylight, announced the evening before) or spring-tide (大潮) messages.

The same words make the same request as a command (`/alert 基隆 low below -60 daylight 21:00`,
`/springtide 富基漁港 06:30`), a sentence (「白天乾潮低於 -60 公分時提醒我（基隆）」, "alert me when low
tide is below -60 cm in daylight at Keelung", 「大潮提醒 富基漁港」) and typed options (Discord).
A height without a unit is in the user's unit (cm unless they chose another); it is stored in cm
above mean sea level. The clock time is optional: an evening time for a threshold alert (the day
before the tide), a morning time for spring tides.
"""
from __future__ import annotations

from core.decide.subscription import (
    SubscriptionRequest, blank, place_in_sentence, place_named, with_place,
)
from core.subscriptions.smart_times import SPRING_HHMM, THRESHOLD_HHMM
from core.understand.clock_times import Span, find_clock
from core.understand.subscription_words import Height, find_direction, find_extreme, find_height, find_words

__all__ = ["MAX_THRESHOLD_CM", "decide_spring", "decide_threshold", "decide_typed_spring", "decide_typed_threshold",
           "height_cm", "is_threshold_command"]

#: A threshold farther than this from mean sea level (20 m) is no tide anyone waits for.
MAX_THRESHOLD_CM = 2000.0
_CM_PER = {"cm": 1.0, "m": 100.0, "ft": 30.48}


def height_cm(height: Height, units: str = "cm") -> float:
    """Return a said height in cm (its own unit, else the user's `units`)."""
    return height.value * _CM_PER[height.unit or (units if units in _CM_PER else "cm")]


def is_threshold_command(arg: str) -> bool:
    """Return True when an `/alert` argument is a threshold alert (it has below/above)."""
    return find_direction(arg) is not None


def _clock(text: str, spans: list[Span], default: str) -> tuple[str | None, Span | None, str]:
    """Return (HH:MM or None when invalid, its span, the words) of the clock time outside `spans`, else the default."""
    said = find_clock(blank(text, spans))
    if said is None:
        return default, None, ""
    return (said.hhmm if said.valid else None), said.span, said.text


def decide_threshold(text: str, lang: str, tz: str, *, sentence: bool = False, units: str = "cm") -> SubscriptionRequest:
    """Return the threshold request in `text`: a command argument ("基隆 low below -60 daylight 21:00") or,
    with `sentence`, a sentence (「白天乾潮低於 -60 公分時提醒我（基隆）」)."""
    body = text.strip()
    request = SubscriptionRequest(kind="threshold", tz=tz)
    extreme, direction = find_extreme(body), find_direction(body)
    if extreme is None:
        return request.model_copy(update={"problem": "need_extreme"})
    if direction is None:
        return request.model_copy(update={"problem": "need_height"})
    # The height's search skips the extreme's words ("low" is no number, but "high 30" is an old alert).
    height = find_height(blank(body, [extreme[1], direction[1]]), direction[1][1])
    if height is None:
        return request.model_copy(update={"problem": "need_height"})
    cm = height_cm(height, units)
    if abs(cm) > MAX_THRESHOLD_CM:
        return request.model_copy(update={"problem": "bad_height", "said": body[height.span[0]:height.span[1]]})
    spans = [extreme[1], direction[1], height.span]
    for key in ("daylight", "evening_before"):
        found = find_words(blank(body, spans), key)
        if found:
            spans.append(found)
    daylight = find_words(body, "daylight") is not None
    hhmm, clock_span, said = _clock(body, spans, THRESHOLD_HHMM)
    if hhmm is None:
        return request.model_copy(update={"problem": "bad_time", "said": said})
    if clock_span:
        spans.append(clock_span)
    request = request.model_copy(update={"extreme": extreme[0], "direction": direction[0], "threshold_cm": round(cm, 1),
                                         "daylight": daylight, "hhmm": hhmm})
    if sentence:
        return with_place(request, place_in_sentence(body, spans, lang))
    return with_place(request, place_named(blank(body, spans), lang))


def decide_spring(text: str, lang: str, tz: str, *, sentence: bool = False) -> SubscriptionRequest:
    """Return the spring-tide request in `text`: a `/springtide` argument ("富基漁港", "基隆 06:30") or,
    with `sentence`, a sentence (「大潮提醒 富基漁港」)."""
    body = text.strip()
    request = SubscriptionRequest(kind="springtide", tz=tz)
    spans: list[Span] = []
    spring = find_words(body, "spring")
    if spring:
        spans.append(spring)
    hhmm, clock_span, said = _clock(body, spans, SPRING_HHMM)
    if hhmm is None:
        return request.model_copy(update={"problem": "bad_time", "said": said})
    if clock_span:
        spans.append(clock_span)
    request = request.model_copy(update={"hhmm": hhmm})
    if sentence:
        return with_place(request, place_in_sentence(body, spans, lang))
    return with_place(request, place_named(blank(body, spans), lang))


def _typed_time(time_text: str | None, default: str) -> tuple[str | None, str]:
    """Return (HH:MM, or None when the whole text is not one time; the words) of a typed time option."""
    said_text = (time_text or "").strip()
    if not said_text:
        return default, ""
    said = find_clock(said_text, bare=True)
    if said is None or not said.valid or said.span[1] - said.span[0] < len(said_text):
        return None, said_text[:20]
    return said.hhmm, said_text


def decide_typed_threshold(place: str | None, extreme: str, direction: str, height: float, daylight: bool,
                           time_text: str | None, lang: str, tz: str, units: str = "cm") -> SubscriptionRequest:
    """Return the threshold request given as typed options (Discord): place, "high" | "low", "below" |
    "above", the height in the user's unit, daylight only or not, and an optional evening time."""
    request = SubscriptionRequest(kind="threshold", tz=tz)
    kind = find_extreme(extreme or "")
    if kind is None:
        return request.model_copy(update={"problem": "need_extreme"})
    if direction not in ("below", "above"):
        return request.model_copy(update={"problem": "need_height"})
    cm = height_cm(Height(float(height), None, (0, 0)), units)
    if abs(cm) > MAX_THRESHOLD_CM:
        return request.model_copy(update={"problem": "bad_height", "said": f"{height:g}"})
    hhmm, said = _typed_time(time_text, THRESHOLD_HHMM)
    if hhmm is None:
        return request.model_copy(update={"problem": "bad_time", "said": said})
    request = request.model_copy(update={"extreme": kind[0], "direction": direction, "threshold_cm": round(cm, 1),
                                         "daylight": bool(daylight), "hhmm": hhmm})
    return with_place(request, place_named(place or "", lang))


def decide_typed_spring(place: str | None, time_text: str | None, lang: str, tz: str) -> SubscriptionRequest:
    """Return the spring-tide request given as typed options (place, an optional morning time)."""
    hhmm, said = _typed_time(time_text, SPRING_HHMM)
    request = SubscriptionRequest(kind="springtide", tz=tz)
    if hhmm is None:
        return request.model_copy(update={"problem": "bad_time", "said": said})
    return with_place(request.model_copy(update={"hhmm": hhmm}), place_named(place or "", lang))
