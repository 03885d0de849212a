"""Waves asked for: the bot has no wave data, so a waves question gets what there is for the sea
at that place — the wind forecast with the tide added, or the tide with the waves declined in one
line (a question naming tides, waves and sunrise is answered or declined in every part)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import BaseModel

from core.reply import Reply
from core.tools.base import ToolContext
from core.tools.catalog import TIDE_RESULTS
from core.tools.more_replies import with_tide
from core.tools.tide_forecast import SEA_STATE_TIDE
from core.tools.weather_forecast import SEA_STATE_WIND
from core.words.strings import t

if TYPE_CHECKING:
    from core.asked import Asked


async def with_sea_state(ctx: ToolContext, asked: "Asked", result: BaseModel, arguments: BaseModel,
                         reply: Reply) -> Reply:
    """Return `reply` completed for a question that asked about waves too: a waves-as-wind reply
    with the place's tides added; a tide reply with one line declining the waves (a tide result: `TIDE_RESULTS`); else unchanged."""
    if asked.plan is not None and asked.plan.reason == SEA_STATE_WIND:
        return await with_tide(ctx, asked, arguments, reply)
    if asked.plan is not None and asked.plan.reason == SEA_STATE_TIDE:   # waves alone: declined first
        return reply.lead(t(asked.lang, "sea_state_declined"))
    if asked.signals is not None and asked.signals.sea_state and isinstance(result, TIDE_RESULTS):
        return reply.model_copy(update={"lines": [*reply.lines, t(asked.lang, "sea_state_declined")]})
    return reply
