"""What a subscription firing says, as a `Reply`: the same parts, title, source and buttons a
normal answer has, so each platform's port shows it the way it shows `/tide`.

A daily message is the router's own `tide.forecast` answer under a title line; an alert ("high
tide at Keelung at 14:32, in about 30 minutes"), a threshold alert (the evening before a low
beyond a height) and a spring-tide message are worded here from the tide results and framed as
the tide tool's answers, with a chart button for the day they are about. A firing found late
carries a "sent late" note.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Literal, Protocol

from bots.common.port import Shown
from bots.common.subscriptions.records import Subscription
from core.envelope import Answer, Question
from core.reply import Button, Footer, Reply
from core.subscriptions.daily_times import local_day
from core.subscriptions.smart_times import announced_day, qualifying, spring_period
from core.subscriptions.alert_times import ToolRunner, announced_extreme, day_tides
from core.tools.base import A, R, Tool
from core.tools.catalog import get_tool
from core.understand.places import find_place
from core.words.heights import Heights
from core.words.smart_alerts import spring_message, threshold_message
from core.words.strings import t, table
from core.words.subscriptions import lead_text, when_text

#: A stored place name that now resolves farther than this from the stored point is not used.
SAME_PLACE_KM = 2.0
#: The tool whose answers the firings are (their title, source and colour).
TIDE_TOOL = "tide.forecast"


class Answers(Protocol):
    """What a firing needs of `core.router.Router`: answers (daily) and tool runs (the tide days)."""

    async def answer(self, question: Question) -> Answer: ...

    async def run(self, tool: Tool[A, R], arguments: A, *, backend: str | None = None) -> R: ...


@dataclass(frozen=True)
class Firing:
    """One due subscription being fired: the row, the moment it is fired at, how late, and how its
    subscriber reads tide heights (their /datum and /units; {} for the defaults)."""

    sub: Subscription
    now: datetime
    late_s: float
    heights: dict[str, str]
    #: A firing later than this many seconds says so.
    on_time_s: float = 120.0


async def firing_reply(firing: Firing, router: Answers, tides: ToolRunner) -> Reply | None:
    """Return the reply a firing shows, None when there is nothing to announce (the extreme is gone,
    no qualifying tide is still ahead, no spring-tide period starts that day)."""
    sub = firing.sub
    reply: Reply | None
    if sub.kind == "daily":
        reply = await _daily(firing, router)
    elif sub.kind == "threshold":
        reply = await _threshold(firing, tides)
    elif sub.kind == "springtide":
        reply = await _spring(firing, tides)
    else:
        reply = await _alert(firing, tides)
    if reply is None:
        return None
    if firing.late_s > firing.on_time_s:
        note = t(sub.lang, "subscriptions.late_note", due=when_text(sub.next_fire_at, sub.tz, sub.lang))
        reply = reply.model_copy(update={"notes": [*reply.notes, note]})
    return reply


def shown_firing(reply: Reply, sub: Subscription) -> Shown:
    """Return a firing's reply framed for the subscriber's port: its title, source, colour, zone."""
    return Shown(reply=reply, lang=sub.lang, title=reply.title, source=reply.source, colour=reply.colour)


def _framed(text: str, sub: Subscription, day: date | None) -> Reply:
    """Return a worded firing as the tide tool's answer: its frame, the place and zone in the footer,
    and the chart of `day` under it."""
    reply = Reply.plain(text, footer=Footer(place=sub.place(sub.lang), tz=sub.tz))
    if day is not None:
        reply.buttons = [Button(action="chart", label=t(sub.lang, "chat.button_chart"), point=(sub.lon, sub.lat),
                                date=day.isoformat(), place=sub.place_name)]
    tool = get_tool(TIDE_TOOL)
    return tool.framed(reply, sub.lang, None) if tool is not None else reply


async def _daily(firing: Firing, router: Answers) -> Reply:
    """Return that day's tides at the place, as the router answers `/tide PLACE`, under a title line."""
    sub = firing.sub
    request: dict[str, object] = {"point": (sub.lon, sub.lat)}
    if sub.place_name:
        place = find_place(sub.place_name, prefer_coastal=True)
        if (place and not place.ambiguous and abs(place.lon - sub.lon) * 111 < SAME_PLACE_KM
                and abs(place.lat - sub.lat) * 111 < SAME_PLACE_KM):
            request = {"place": sub.place_name}  # named, so the answer names it as /tide would
    moment = firing.now.astimezone(sub.zone)
    question = Question(query=sub.place_name or f"{sub.lon},{sub.lat}", tool=TIDE_TOOL, tz=sub.tz,
                        lang=sub.lang, moment=moment, **request, **firing.heights)  # type: ignore[arg-type]
    answer = await router.answer(question)
    reply = answer.reply or Reply.plain(answer.text)
    return reply.lead(t(sub.lang, "subscriptions.daily_title", place=sub.place(sub.lang)))


async def _alert(firing: Firing, tides: ToolRunner) -> Reply | None:
    """Return "high tide at Keelung: 14:32 (in about 30 minutes), height 82 cm", or None when the
    extreme this firing announces cannot be found."""
    sub, now, chosen = firing.sub, firing.now, firing.heights
    event = await announced_extreme(tides, sub.lon, sub.lat, sub.extreme or "high", sub.lead_minutes or 0,
                                    sub.next_fire_at, sub.tz)
    if event is None:
        return None
    at_local = event.at.astimezone(sub.zone)
    same_day = at_local.date() == local_day(now, sub.zone)
    at = at_local.strftime("%H:%M") if same_day else when_text(event.at, sub.tz, sub.lang)
    minutes = round((event.at - now).total_seconds() / 60)
    chart_name, below = event.chart_datum or (None, None)
    heights = Heights(units=chosen.get("units", "cm"), datum=chosen.get("datum", "msl"),  # type: ignore[arg-type]
                      chart_name=chart_name, chart_below_msl_cm=below)
    values = {"place": sub.place(sub.lang), "extreme": table(sub.lang, "subscriptions.extreme")[sub.extreme or "high"],
              "at": at, "height": heights.number(event.height_cm, event.height_chart_cm),
              "unit": t(sub.lang, f"heights.unit.{heights.units}"),
              "ref": t(sub.lang, "subscriptions.alert_ref", ref=heights.reference(sub.lang)) if heights.on_chart else ""}
    if minutes < 1:
        text = t(sub.lang, "subscriptions.alert_message_now", **values)
    else:
        text = t(sub.lang, "subscriptions.alert_message", in_=lead_text(minutes, sub.lang), **values)
    return _framed(text, sub, at_local.date())


async def _threshold(firing: Firing, tides: ToolRunner) -> Reply | None:
    """Return the evening message naming the next day's qualifying tides still ahead, or None when
    there is none (a firing that only looks again, or the forecast changed)."""
    sub = firing.sub
    day = announced_day(sub.next_fire_at, sub.tz)
    result = await day_tides(tides, sub.lon, sub.lat, day, sub.tz)
    events = [e for e in qualifying(result, sub.threshold) if e.at > firing.now]
    if not events:
        return None
    units = firing.heights.get("units", "cm")
    return _framed(threshold_message(sub.threshold, sub.place(sub.lang), day, events, sub.tz, sub.lang,
                                     units), sub, day)


async def _spring(firing: Firing, tides: ToolRunner) -> Reply | None:
    """Return the spring-tide message for the period starting on the firing's day, or None when no
    period starts that day (a firing that only looks again)."""
    sub = firing.sub
    first = local_day(sub.next_fire_at, sub.zone)
    period = await spring_period(tides, sub.lon, sub.lat, first, sub.tz)
    if not period:
        return None
    datum: Literal["msl", "chart"] = "chart" if firing.heights.get("datum") == "chart" else "msl"
    text = spring_message(sub.place(sub.lang), period, sub.tz, sub.lang, firing.heights.get("units", "cm"), datum)
    return _framed(text, sub, first)
