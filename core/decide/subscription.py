"""Deciding what a subscription request asks for: a `SubscriptionRequest` (daily or alert, clock
time or lead minutes, high/low, place), or the problem that keeps it from being stored.

The words are read by `core.understand.clock_times` and `core.understand.subscription_words`;
this step puts them together the same way for a typed command (`/daily 晚上9點 基隆`), a
sentence ("remind me 30 min before low tide at Kaohsiung") and typed options (Discord's
slash command fields). Nothing is stored here and no tide is looked up.
"""
from __future__ import annotations

import math
import re
from typing import Literal

from pydantic import BaseModel, Field

from core.understand.clock_times import Span, find_clock
from core.understand.places import Place, find_place
from core.understand.place_naming import division_name
from core.understand.subscription_words import find_extreme, find_lead, is_alert_request, leftover
from core.words.strings import t

MAX_LEAD_MINUTES = 720

Problem = Literal["need_time", "bad_time", "need_lead", "bad_lead", "need_extreme", "unknown_place", "bad_point",
                  "need_height", "bad_height"]

# "lon,lat", "lon lat", "(lon, lat)", with ASCII or full-width brackets and commas.
_POINT = re.compile(r"^\s*[\(\uff08]?\s*([+-]?\d{1,3}(?:\.\d+)?)\s*(?:[,\uff0c]\s*|\s+)([+-]?\d{1,2}(?:\.\d+)?)"
                    r"\s*[\)\uff09]?\s*$")
_POSSESSIVE = re.compile(r"(?<=[A-Za-z])['\u2019]s\b")
# Separators around a command's place argument (ASCII and full-width).
_SEPARATORS = " \t,:;\uff0c\u3001\uff1a\uff1b"


class SubscriptionPlace(BaseModel):
    """Where a subscription is for: the name the user sees and the point."""

    name: str = Field(max_length=100)
    lon: float
    lat: float


class SubscriptionRequest(BaseModel):
    """What a subscription request asks for, as understood; `problem` says why it cannot be stored."""

    kind: Literal["daily", "alert", "threshold", "springtide"]
    hhmm: str | None = Field(default=None, pattern=r"^\d{2}:\d{2}$",
                             description="daily, springtide: local clock time in tz; threshold: on the evening before")
    extreme: Literal["high", "low"] | None = None
    lead_minutes: int | None = Field(default=None, description="alert: minutes before the extreme")
    direction: Literal["below", "above"] | None = Field(default=None, description="threshold: beyond which way")
    threshold_cm: float | None = Field(default=None, description="threshold: cm above mean sea level")
    daylight: bool = Field(default=False, description="threshold: only between sunrise and sunset")
    place: SubscriptionPlace | None = Field(default=None, description="None: the subscriber's saved home")
    tz: str = Field(description="the zone the clock time is on (the subscriber's)")
    problem: Problem | None = None
    said: str = Field(default="", description="the words the problem is about (a time, a lead, a place)")


def place_label(found: Place, lang: str) -> str:
    """Return the place's name in `lang`, qualified by its division when several places share it
    ("Portland, Maine"), so the confirmation shows which one was taken."""
    name = (found.name_zh or found.name_en) if lang == "zh" else (found.name_en or found.name_zh)
    if found.ambiguous and found.admin:
        return t(lang, "which_place.qualified", name=name, qualifier=division_name(found.country, found.admin, lang))
    return name


def place_named(text: str, lang: str) -> SubscriptionPlace | tuple[Problem, str] | None:
    """Return the place a command argument names (a point or a gazetteer name), None when it names
    none, or (problem, the words) when it cannot be used."""
    body = text.strip(_SEPARATORS)
    if not body:
        return None
    m = _POINT.match(body)
    if m:
        lon, lat = float(m.group(1)), float(m.group(2))
        if not (math.isfinite(lon) and math.isfinite(lat)) or abs(lon) > 180 or abs(lat) > 90:
            return "bad_point", body[:60]
        return SubscriptionPlace(name=f"{lon:.4f},{lat:.4f}", lon=lon, lat=lat)
    found = find_place(body, prefer_coastal=True)
    if found is None:
        return "unknown_place", body[:60]
    return _subscribed(found, lang)


def _subscribed(found: Place, lang: str) -> SubscriptionPlace:
    """Return the place a subscription watches: its tides are asked at its sea point, as a question's are."""
    lon, lat = found.sea or (found.lon, found.lat)
    return SubscriptionPlace(name=place_label(found, lang)[:100], lon=lon, lat=lat)


def place_in_sentence(text: str, spans: list[Span], lang: str) -> SubscriptionPlace | tuple[Problem, str] | None:
    """Return the place a sentence names, None when it names none, or the unknown words."""
    # An English possessive ("Keelung's tides") names the place before it; same length, so spans hold.
    found = find_place(_POSSESSIVE.sub("  ", text), prefer_coastal=True)
    if found is not None:
        return _subscribed(found, lang)
    unknown = leftover(text, spans)
    return ("unknown_place", unknown) if unknown else None


def blank(text: str, spans: list[Span] | tuple[Span, ...]) -> str:
    chars = list(text)
    for a, b in spans:
        chars[a:b] = [" "] * (b - a)
    return "".join(chars)


def with_place(request: SubscriptionRequest, place: SubscriptionPlace | tuple[Problem, str] | None) -> SubscriptionRequest:
    if isinstance(place, tuple):
        return request.model_copy(update={"problem": place[0], "said": place[1]})
    return request.model_copy(update={"place": place})


def decide_daily(text: str, lang: str, tz: str, *, sentence: bool = False) -> SubscriptionRequest:
    """Return the daily request in `text`: a command argument ("06:30 基隆", "晚上9點 基隆", "6") or,
    with `sentence`, a sentence ("每天早上6點告訴我基隆潮汐")."""
    body = text.strip()
    said = find_clock(body, bare=not sentence)
    request = SubscriptionRequest(kind="daily", tz=tz)
    if said is None:
        return request.model_copy(update={"problem": "need_time"})
    if not said.valid:
        return request.model_copy(update={"problem": "bad_time", "said": said.text})
    request = request.model_copy(update={"hhmm": said.hhmm})
    if sentence:
        return with_place(request, place_in_sentence(body, [said.span], lang))
    return with_place(request, place_named(blank(body, [said.span]), lang))


def _alert(extreme: str, lead: int, lead_said: str, tz: str) -> SubscriptionRequest:
    request = SubscriptionRequest(kind="alert", extreme=extreme, lead_minutes=lead, tz=tz)  # type: ignore[arg-type]
    if not 0 <= lead <= MAX_LEAD_MINUTES:
        return request.model_copy(update={"problem": "bad_lead", "said": lead_said.strip()})
    return request


def decide_alert(text: str, lang: str, tz: str, *, sentence: bool = False) -> SubscriptionRequest:
    """Return the alert request in `text`: a command argument ("基隆 high 30", "Keelung low 1h") or,
    with `sentence`, a sentence ("remind me 30 min before low tide at Kaohsiung")."""
    body = text.strip()
    extreme = find_extreme(body)
    if extreme is None:
        return SubscriptionRequest(kind="alert", tz=tz, problem="need_extreme")
    rest = body if sentence else blank(body, [extreme[1]])
    lead = find_lead(rest, bare=not sentence)
    if lead is None:
        return SubscriptionRequest(kind="alert", extreme=extreme[0], tz=tz, problem="need_lead")
    request = _alert(extreme[0], lead.minutes, " ".join(body[a:b] for a, b in lead.spans), tz)
    if request.problem:
        return request
    if sentence:
        return with_place(request, place_in_sentence(body, [extreme[1], *lead.spans], lang))
    return with_place(request, place_named(blank(rest, lead.spans), lang))


def decide_sentence(text: str, lang: str, tz: str) -> SubscriptionRequest:
    """Return the request a sentence that asks for a subscription makes (an alert when it has a
    remind word, a before word and a high/low word; else a daily message)."""
    if is_alert_request(text):
        return decide_alert(text, lang, tz, sentence=True)
    return decide_daily(text, lang, tz, sentence=True)


def decide_typed_daily(time_text: str | None, place: str | None, lang: str, tz: str) -> SubscriptionRequest:
    """Return the daily request given as typed options: the whole `time_text` must be the time."""
    said_text = (time_text or "").strip()
    said = find_clock(said_text, bare=True)
    request = SubscriptionRequest(kind="daily", tz=tz)
    if said is None or said.span[1] - said.span[0] < len(said_text):
        problem: Problem = "bad_time" if said_text else "need_time"
        return request.model_copy(update={"problem": problem, "said": said_text[:20]})
    if not said.valid:
        return request.model_copy(update={"problem": "bad_time", "said": said.text})
    return with_place(request.model_copy(update={"hhmm": said.hhmm}), place_named(place or "", lang))


def decide_typed_alert(place: str | None, extreme: str, minutes: int | None, lang: str, tz: str) -> SubscriptionRequest:
    """Return the alert request given as typed options (place, "high" | "low", minutes; None: not given)."""
    kind = find_extreme(extreme or "")
    if kind is None:
        return SubscriptionRequest(kind="alert", tz=tz, problem="need_extreme")
    if minutes is None:
        return SubscriptionRequest(kind="alert", extreme=kind[0], tz=tz, problem="need_lead")
    request = _alert(kind[0], int(minutes), str(minutes), tz)
    return request if request.problem else with_place(request, place_named(place or "", lang))
