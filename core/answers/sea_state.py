"""What a data answer adds for the parts of its question the bot has no data for: waves asked with
the wind get the wind forecast with the tide added; waves at a surf or dive spot get the tide with
the waves declined first; and any other part without data (swell, currents, a tsunami, water
quality, fish, underwater visibility …, `core/answers/declined.py`) is declined in one line, so a
question with several parts ("tides, wave height and current") is answered or declined in every part."""
from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import BaseModel

from core.answers.declined import asked_unavailable, declined_line
from core.reply import Reply
from core.tools.base import ToolContext
from core.tools.more_replies import with_tide
from core.tools.tide_forecast import SEA_STATE_TIDE
from core.tools.weather_forecast import SEA_STATE_WIND

if TYPE_CHECKING:
    from core.asked import Asked

#: The kinds a waves-as-wind answer declines already, in its first line.
_SAID_BY_WIND = frozenset({"waves"})


async def with_sea_state(ctx: ToolContext, asked: "Asked", result: BaseModel, arguments: BaseModel,
                         reply: Reply) -> Reply:
    """Return `reply` completed for what else its question asked: a waves-as-wind reply with the
    place's tides added; the kinds without data declined in one line (first, when the waves were
    the question; else after the answer's lines); else unchanged."""
    reason = asked.plan.reason if asked.plan is not None else None
    if reason == SEA_STATE_WIND:
        reply = await with_tide(ctx, asked, arguments, reply)
    line = declined_line(asked_unavailable(asked.query, _SAID_BY_WIND if reason == SEA_STATE_WIND else frozenset()),
                         asked.lang)
    if not line:
        return reply
    if reason is not None and reason.startswith(SEA_STATE_TIDE):   # waves alone at a surf spot (the asker's zone choosing
        # it too: "sea_state_tide_home_zone"): declined first
        return reply.lead(line)
    return reply.model_copy(update={"lines": [*reply.lines, line]})
