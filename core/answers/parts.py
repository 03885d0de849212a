"""The other parts of a data question that another tool answers: 「基隆明天的潮汐和天氣」 gets the
tides and then the weather, 「基隆明天天氣和日出」 the sunrise and then the weather, "tide and sea
temperature" the SST too, 「東京現在幾點，天氣如何」 the time now there, a time difference asked
beside them the conversion, and a clause asking what something is its explanation
(`explain_part.py`). A part whose call fails is declined in one line; a part the answer covers
already (the sun in a tide answer, the tide in a week table) is not asked again, nor is the part
of the answer itself when its own call failed."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from core.answers.delivery_note import delivery_note
from core.answers.explain_part import clauses, explanation
from core.decide.locate import point_args
from core.decide.plan_record import PlanArgs
from core.reply import Reply
from core.tools.base import InvalidArguments, Tool, ToolContext
from core.tools import ghrsst_bbox_mean, ghrsst_point_value, time_convert, time_now, tide_forecast, weather_forecast
from core.tools.catalog import CATALOG, TIDE_RESULTS
from core.tools.tide_forecast import SUN_MOON_ONLY
from core.tools.time_convert import TimeConversion
from core.understand.places import find_place
from core.understand.signals import detect_signals, group_words
from core.words.place import where_line
from core.words.strings import t, table
from metocean.errors import ToolFailure

if TYPE_CHECKING:
    from core.asked import Asked
    from core.decide.llm import LLMClient
    from core.understand.slots import Slots


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
    #: Results that hold it by their value, for the question asked (a conversion of "now" holds the time now on both sides).
    holds: Callable[[Any, "Asked"], bool] | None = None


def _parts() -> tuple[Part, ...]:
    tide, sst, box, weather, now, convert = (tide_forecast.TOOL, ghrsst_point_value.TOOL, ghrsst_bbox_mean.TOOL,
                                             weather_forecast.TOOL, time_now.TOOL, time_convert.TOOL)
    return (Part(("tide",), tide, TIDE_RESULTS, at_sea=True),
            Part(("astro",), tide, TIDE_RESULTS, at_sea=True, variant=SUN_MOON_ONLY, unless=("tide",)),
            Part(("sst",), sst, (sst.result, box.result), at_sea=True),
            Part(("weather",), weather, (weather.result,), not_by_words_of=("sst",)),
            Part(("time_convert",), convert, (convert.result,), unless=("clock_compared",)),   # its line says it
            Part(("time_now",), now, (now.result,), holds=_converts_now))


def _converts_now(result: Any, asked: "Asked") -> bool:
    """Return True for a conversion of the time now (it says the time now at both places), or of a time
    given where "now" is not asked ("at 9pm Eastern, what time is it for her": the converted time is asked)."""
    return isinstance(result, TimeConversion) and (not result.given_time or not (asked.slots and asked.slots.now))


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


def _own_place(asked: "Asked", part: Part) -> "Slots | None":
    """Return the question's slots with the place the part's own clause names, when that clause names
    another place than the answer's (「東京現在幾點？台北早上9點是東京幾點」: the time now in 東京), else None."""
    slots = asked.slots
    if slots is None or slots.place is None or slots.point is not None:
        return None
    for start, end in clauses(asked.query):
        text = asked.query[start:end]
        if not any(detect_signals(text)[group] for group in part.signals):
            continue
        found = find_place(text)
        if found is None or found.key == slots.place.key:
            return None
        return replace(slots, place=replace(found, span=(start + found.span[0], start + found.span[1])))
    return None


async def _answer(ctx: ToolContext, asked: "Asked", part: Part) -> Reply | None:
    """Return the part's own reply at its place (its clause's, else the question's) and the question's
    day, None when it cannot be had."""
    slots = _own_place(asked, part) or asked.slots
    where = point_args(slots, at_sea=part.at_sea) if slots is not None else None
    if where is None and part.tool.needs_location:
        return None
    plan, asked_slots, asked.slots = asked.plan, asked.slots, slots
    try:
        args = part.tool.call_arguments(where or PlanArgs(), asked)
        run = await part.tool.execute(ctx, args, asked.question.backend, asked.query_time)
        if plan is not None and part.variant:   # worded as that variant's answer (the sun and moon only)
            asked.plan = replace(plan, variant=part.variant)
        return part.tool.render(run.result, args, asked)
    except (ToolFailure, InvalidArguments):
        return None
    finally:
        asked.plan, asked.slots = plan, asked_slots


def _covered(part: Part, result: BaseModel | None, main: Tool[Any, Any] | None, asked: "Asked") -> bool:
    """Return True when the answer holds `part` already, or is that part's own (its call failed)."""
    return isinstance(result, part.covered_by) or (main is not None and issubclass(main.result, part.covered_by)) \
        or (part.holds is not None and part.holds(result, asked))


async def with_parts(ctx: ToolContext, asked: "Asked", result: BaseModel | None, reply: Reply,
                     llm: "LLMClient | None" = None) -> Reply:
    """Return `reply` with every other part its question asks answered after it (what the answer
    said already left out), or declined in one line when that part cannot be had; `result` is None
    when the answer's own call failed."""
    if asked.slots is None or asked.plan is None or asked.plan.mode != "mcp_tools":
        return reply
    main = CATALOG.get(asked.plan.tool or "")
    for part in _parts():
        if _covered(part, result, main, asked) or not _asks(part, asked):
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
    explained = await explanation(asked, llm)
    if explained is not None:
        reply = reply.model_copy(update={"lines": [*reply.lines, *explained.body().splitlines()],
                                         "citations": [*reply.citations, *explained.citations]})
    sending = delivery_note(asked.query, asked.lang)   # "email me this every Monday": said first, the answer after
    return reply.lead(sending) if sending else reply
