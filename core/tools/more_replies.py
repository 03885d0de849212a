"""Replies built from more than one call: every day a question asks about (a weekend, "next 3
days"), and a waves-as-wind reply with the place's tides added."""
from __future__ import annotations

from datetime import date, timedelta
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from core.decide.plan_record import PlanArgs
from core.reply import Reply, merge_days
from core.tools.base import InvalidArguments, Tool, ToolContext
from core.tools import tide_forecast
from core.tools.whose_clock import clock_of, span_there
from core.words.place import where_line
from core.words.strings import t
from metocean.errors import ToolFailure

if TYPE_CHECKING:
    from core.asked import Asked

MAX_DAYS_PER_ANSWER = 7   # a week in one message; longer ranges are cut there


async def more_days(ctx: ToolContext, tool: Tool[Any, Any], first: BaseModel, asked: "Asked", reply: Reply) -> Reply:
    """Return the reply for every day asked (a weekend, "next 3 days"), the days' replies merged:
    what every day says is said once (core.reply.merge_days). A per-day tool's arguments name a `date`."""
    days = [reply]
    start = date.fromisoformat(str(getattr(first, "date")))
    count = span_there(asked, clock_of(getattr(first, "tz", None), asked))[1]   # on the place's calendar
    for offset in range(1, min(count, MAX_DAYS_PER_ANSWER)):
        arguments = first.model_copy(update={"date": (start + timedelta(days=offset)).isoformat()})
        try:
            run = await tool.execute(ctx, arguments, asked.question.backend, asked.query_time)
        except ToolFailure:
            break   # the days already answered stand
        days.append(tool.render(run.result, arguments, asked))
    merged = merge_days(days)
    if count > len(days) == MAX_DAYS_PER_ANSWER:   # a longer range than one message holds: say so
        last = start + timedelta(days=len(days) - 1)
        cut = t(asked.lang, "days_cut", shown=len(days), last=f"{last.month}/{last.day}")
        merged = merged.model_copy(update={"notes": [cut, *merged.notes]})
    return merged


async def with_tide(ctx: ToolContext, asked: "Asked", weather: BaseModel, reply: Reply) -> Reply:
    """Return a waves-as-wind reply with the place's tides added: besides the wind, what the bot
    has for the sea there (the reply as it was when the tide cannot be had)."""
    tide = tide_forecast.TOOL
    point = PlanArgs(longitude=getattr(weather, "longitude", None), latitude=getattr(weather, "latitude", None))
    try:
        args = tide.call_arguments(point, asked)
        run = await tide.execute(ctx, args, asked.question.backend, asked.query_time)
    except (ToolFailure, InvalidArguments):
        return reply
    said = {reply.headline, *reply.lines, where_line(asked)}   # the place is said already
    tide_reply = tide.render(run.result, args, asked)
    added = [line for line in (tide_reply.headline, *tide_reply.lines) if line and line not in said]
    return reply.model_copy(update={"lines": [*reply.lines, *added]})
