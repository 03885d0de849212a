"""Follow-ups: "那明天呢？", "高雄呢？", "and the low tide?" inherit what they leave out.

A chat adapter hands back the Context of the chat's last answer (kept about 30 minutes);
a question that names only a day, only a place, or only what to look up, with no plan of
its own, is answered as the previous question with that one part changed. "The day after"
(隔天) counts from the day the last answer was about. A question shaped as a follow-up that
none of this settles ("what about it?", or any follow-up with no chat before it) is asked
back ("which place or day do you mean?"), never answered as some other topic. A reply to "which
one?" that names one of the places offered ("NSW", 「英國那個」) is the question asked, at that place.
"""
from __future__ import annotations

import functools
import re
from dataclasses import replace
from datetime import date, timedelta

from core.asked import Asked
from core.decide.ambiguity import picked
from core.decide.plan import Plan, location_plan
from core.decide.typed import variant_asked
from core.envelope import Context
from core.tools.catalog import CATALOG
from core.tools.base import AskedFor
from core.understand.coords import Point
from core.understand.dates import DateHint
from core.understand.dates_tonight import moved_to_next_morning
from core.understand.dates_words import table as day_words
from core.understand.places import find_place
from core.understand.place_naming import qualified_name
from core.understand.signals import Signals
from core.understand.slots import Slots
from core.words.strings import t, table

#: The plan reason of a follow-up asked back; the router words it with `unclear_text`.
UNCLEAR_REASON = "unclear_follow_up"


@functools.cache
def _follow_on() -> tuple[re.Pattern[str], dict[str, int]]:
    """Return the pattern of the follow-on day words (longest first) and their offsets."""
    words = {str(k).lower(): int(v) for k, v in day_words("follow_on").items()}
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<![a-z])(?:{alternatives})(?![a-z])"), words


def _follow_on_day(asked: Asked, slots: Slots, context: Context) -> DateHint | None:
    """Return the day a follow-on word ("the day after", 隔天) names, counted from the day of the
    chat's last answer; None without one, or when the question names a day of its own."""
    pattern, offsets = _follow_on()
    found = pattern.search(asked.query.lower())
    if found is None:
        return None
    own = slots.date
    if own is not None and not (found.start() <= own.span[0] and own.span[1] <= found.end()):
        return None   # "the day after tomorrow": a day of its own, which merely contains the words
    try:
        base = date.fromisoformat(context.date) if context.date else asked.today
    except ValueError:
        base = asked.today
    day = base + timedelta(days=offsets[found.group().lower()])
    return DateHint(day, explicit=True, relative=False, span=found.span())


@functools.cache
def _asked_for() -> tuple[tuple[str, AskedFor], ...]:
    """Return the catalog's tools a follow-up's words may ask for, by rank."""
    found = [(name, tool.asked_for) for name, tool in CATALOG.items() if tool.asked_for is not None]
    return tuple(sorted(found, key=lambda pair: pair[1].rank))


def _asked_tool(signals: Signals) -> tuple[str, str | None] | None:
    """Return (tool, variant) the question's own words ask for (the tool's `AskedFor`), or None
    when they name none."""
    return next(((name, asked.variant(signals)) for name, asked in _asked_for() if asked.asks(signals)), None)


def with_context(slots: Slots, context: Context) -> Slots:
    """Return `slots` with the previous place and day filled in where the question gave none."""
    if not slots.has_location:
        if context.point is not None:
            slots = replace(slots, point=Point(float(context.point[0]), float(context.point[1]), (0, 0)))
        elif context.place:
            slots = replace(slots, place=find_place(context.place))
    if slots.date is None and context.date:
        slots = replace(slots, date=DateHint(date.fromisoformat(context.date), explicit=True, relative=False,
                                             span=(0, 0)))
    return slots


def follow_up_plan(asked: Asked, plan: Plan | None) -> Plan | None:
    """Return the plan of a follow-up question (and fill `asked.slots`), or None when it is not one."""
    context = asked.question.context
    slots, signals = asked.slots, asked.signals
    if context is None or context.tool not in CATALOG or slots is None or signals is None:
        return None
    choice = picked(asked, context) if context.choices else None
    if choice is not None:   # the reply to "which one?" names one: the question asked, at that place
        own = _asked_tool(signals)
        tool, variant = own or (context.tool, variant_asked(context.tool, context))
        filled = with_context(replace(slots, place=choice), context)
        follow = location_plan(tool, filled, reason="which_one_reply")
        if follow is not None:
            follow.variant = variant
            asked.slots = filled
            return follow
    if plan is not None and not plan.asks_where:
        return None   # the question decided on its own (data with a place, an explanation, a greeting …)
    shifted = _follow_on_day(asked, slots, context)
    if shifted is not None:
        slots = replace(slots, date=shifted)
    elif context.date and not slots.has_location and moved_to_next_morning(asked.query, slots.date):
        slots = replace(slots, date=None)   # 「那日出呢？」 about 12月5日's answer: that day's sunrise, not tomorrow's
    own = _asked_tool(signals)
    if own is None and not (slots.has_location or slots.date):
        return None   # nothing that refers back to the previous question
    tool, variant = own or (context.tool, variant_asked(context.tool, context))
    filled = with_context(slots, context)
    follow = location_plan(tool, filled, reason="follow_up")
    if follow is None:
        return None
    follow.variant = variant
    asked.slots = filled
    return follow


def context_of(asked: Asked, tool: str, day: str | None) -> Context | None:
    """Return the Context a located answer leaves for the chat's next question (`day`: the local
    day the call asked for)."""
    slots, plan = asked.slots, asked.plan
    if slots is None or plan is None:
        return None
    point = (slots.point.lon, slots.point.lat) if slots.point else None
    place = qualified_name(slots.place) if slots.place else None
    if point is None and place is None:
        return None
    variant = {plan.variant: True} if plan.variant else {}
    return Context(tool=tool, place=place, point=point, date=day if slots.date else None, **variant)


def unclear_plan(asked: Asked, plan: Plan | None) -> Plan | None:
    """Return the plan asking a follow-up back when nothing settled it (no plan of its own, none
    from the chat's last answer), or None for any other question."""
    signals, slots = asked.signals, asked.slots
    if plan is not None or signals is None or slots is None or not signals.follow_up:
        return None
    if signals.data or signals.explain or signals.conceptual or slots.has_location or slots.point or slots.bbox:
        return None   # a topic or a place of its own: answered as such
    return Plan("fallback", reason=UNCLEAR_REASON)


def unclear_text(asked: Asked) -> str:
    """Return the question back, in the asker's language: what the chat's last answer was about
    (place and topic) and what to add, or, with none, which place and what to look up."""
    context, lang = asked.question.context, asked.lang
    where = None
    if context is not None and context.tool in CATALOG:
        if context.place:
            found = find_place(context.place)
            where = (found.name_zh or found.name_en) if found and lang == "zh" else \
                (found.name_en if found else context.place)
        elif context.point is not None:
            where = f"{context.point[1]:.2f}, {context.point[0]:.2f}"
    if where is None or context is None:
        return t(lang, "follow_up.unclear")
    topic = str(table(lang, "tool_titles").get(context.tool, context.tool))
    return t(lang, "follow_up.unclear_context", place=where, topic=topic if lang == "zh" else topic.lower())
