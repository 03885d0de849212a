"""The other parts of a data question that another tool answers: 「基隆明天的潮汐和天氣」 gets the
tides and then the weather, 「基隆明天天氣和日出」 the sunrise and then the weather, "tide and sea
temperature" the SST too. A part whose call fails is declined in one line; a part the answer
covers already (the sun in a tide answer, the tide in a week table) is not asked again."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from core.decide.locate import point_args
from core.reply import Reply
from core.tools.base import InvalidArguments, Tool, ToolContext
from core.tools.catalog import CATALOG, TIDE_RESULTS
from core.tools.tide_forecast import SUN_MOON_ONLY
from core.understand.signals import detect_signals, group_words
from core.words.place import where_line
from core.words.strings import t, table
from metocean.errors import ToolFailure

if TYPE_CHECKING:
    from core.asked import Asked


@dataclass(frozen=True)
class Part:
    """One part a question may ask besides its answer: the keyword groups asking for it, the tool
    that answers it, the results that hold it already, and the groups whose words alone do not ask
    for it (the weather's "temperature" in "water temperature" is the sea's)."""

    signals: tuple[str, ...]
    tool: Tool[Any, Any]
    covered_by: tuple[type[Any], ...]
    at_sea: bool = False
    not_by_words_of: tuple[str, ...] = ()
    #: The tool's way of answering it (the sun and moon only), None for its whole answer.
    variant: str | None = None
    #: Groups that, asked too, make it another part's (the tides' answer holds the sun).
    unless: tuple[str, ...] = ()


def _parts() -> tuple[Part, ...]:
    tide, sst, box, weather = (CATALOG[name] for name in
                               ("tide.forecast", "ghrsst.point_value", "ghrsst.bbox_mean", "weather.forecast"))
    return (Part(("tide",), tide, TIDE_RESULTS, at_sea=True),
            Part(("astro",), tide, TIDE_RESULTS, at_sea=True, variant=SUN_MOON_ONLY, unless=("tide",)),
            Part(("sst",), sst, (sst.result, box.result), at_sea=True),
            Part(("weather",), weather, (weather.result,), not_by_words_of=("sst",)))


def _asks(part: Part, asked: "Asked") -> bool:
    """Return True when the question asks for `part` in words of its own."""
    signals = asked.signals
    if signals is None or not any(signals[group] for group in part.signals) or \
            any(signals[group] for group in part.unless):
        return False
    text = asked.query.lower()
    for group in part.not_by_words_of:   # the words of another part taken out, does it still ask?
        for word in sorted(group_words(group), key=len, reverse=True):
            text = text.replace(word.lower(), " ")
    return text == asked.query.lower() or any(detect_signals(text)[group] for group in part.signals)


async def _answer(ctx: ToolContext, asked: "Asked", part: Part) -> Reply | None:
    """Return the part's own reply at the question's place and day, None when it cannot be had."""
    where = point_args(asked.slots, at_sea=part.at_sea) if asked.slots is not None else None
    if where is None:
        return None
    plan = asked.plan
    try:
        args = part.tool.arguments(part.tool.normalize(where, asked))
        run = await part.tool.execute(ctx, args, asked.question.backend, asked.query_time)
        if plan is not None and part.variant:   # worded as that variant's answer (the sun and moon only)
            asked.plan = replace(plan, variant=part.variant)
        return part.tool.render(run.result, args, asked)
    except (ToolFailure, InvalidArguments):
        return None
    finally:
        asked.plan = plan


async def with_parts(ctx: ToolContext, asked: "Asked", result: BaseModel, reply: Reply) -> Reply:
    """Return `reply` with every other part its question asks answered after it (what the answer
    said already left out), or declined in one line when that part cannot be had."""
    if asked.slots is None or asked.plan is None or asked.plan.mode != "mcp_tools":
        return reply
    for part in _parts():
        if isinstance(result, part.covered_by) or not _asks(part, asked):
            continue
        more = await _answer(ctx, asked, part)
        title = str(table(asked.lang, "tool_titles").get(part.tool.name, part.tool.name))
        if more is None:
            reply = reply.model_copy(update={"lines": [*reply.lines, t(asked.lang, "declined.failed", title=title)]})
            continue
        said = {reply.headline, *reply.lines, where_line(asked)}
        added = [line for line in (more.headline, *more.lines) if line and line not in said]
        source = [more.footer.source] if more.footer is not None and more.footer.source else []
        notes = [note for note in (*more.notes, *source) if note not in reply.notes]
        reply = reply.model_copy(update={"lines": [*reply.lines, *added], "notes": [*reply.notes, *notes]})
    return reply
