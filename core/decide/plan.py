"""The router's deterministic decision: which mode and tool a question needs, without an LLM.

`heuristic_plan` returns a Plan only when the keywords and slots fully determine it;
`infer_plan` is the weaker inference used when the LLM is missing, wrong or silent
(acceptance test T10). The rules are steps run by rank: this module's own (code, small talk,
ideas, phenomena, topics outside the bot) and each catalog tool's, declared in its module
(`Tool.steps`, `Tool.inferred`); no tool is named here.
"""
from __future__ import annotations

import functools
from collections.abc import Callable

from core.decide.locate import point_args
from core.decide.plan_record import Heard, Plan
from core.tools.base import PlanStep
from core.tools.catalog import CATALOG, refined
from core.understand.signals import Signals
from core.understand.slots import Slots

__all__ = ["Plan", "heuristic_plan", "infer_plan", "location_plan"]


def _code(heard: Heard) -> Plan | None:
    return Plan("code", reason="code_request") if heard.code_request else None


def _chat(heard: Heard) -> Plan | None:
    """Return the fixed reply to small talk (who are you, help, thanks, hello), or None.

    Only a message with nothing else in it: no data word, no named idea ("how do I use the rule of
    twelfths" asks about the rule, not the bot), no place, no day (a day may be a follow-up, "thanks —
    and tomorrow?"), and for thanks and greetings no question about an idea.
    """
    signals, slots = heard.signals, heard.slots
    if signals.data or signals.phenomena or slots.has_location or slots.date is not None:
        return None
    if signals.help:   # "what are you capable of" asks what the bot does, not who it is
        return Plan("explain", reason="help", static="chat_intents.help")
    if signals.about_bot and not (signals.producer and _names_data(signals)):
        return Plan("explain", reason="about_bot", static="chat_intents.about_bot")
    if signals.conceptual or signals.off_topic:
        return None
    if signals.thanks:
        return Plan("explain", reason="thanks", static="chat_intents.thanks")
    if signals.greeting:
        return Plan("explain", reason="greeting", static="chat_intents.greeting")
    return None


def _names_data(signals: Signals) -> bool:
    """True when the question names a data set or a kind of data (who makes *MUR*, not who made you)."""
    return signals.data_sets or signals.sst or signals.tide or signals.weather or signals.astro


def _phenomenon(heard: Heard) -> Plan | None:
    # El Niño, storm surge, slack water …: no data here, only what is known about them, near
    # Taiwan or anywhere; a day or a coordinate asks for the data of that place and day, as do its tides' times at a
    # place asked with no what-is or why ("turnagain arm bore tide times"; "what's the turnagain arm bore tide": the idea).
    slots, s = heard.slots, heard.signals
    tides_there = s.tide and s.when and slots.has_location and not (s.explain or s.conceptual)
    # 「颱風會唔會吹去菲律賓？」: where a typhoon goes is live data the bot has not, not the idea of typhoons
    live = s.no_such_data and not (s.explain or s.conceptual or s.why)
    # "why doesn't the sun rise in Tromsø now": why a phenomenon happens there asks its reason, not the day's data
    # (no time or day of it asked: "why, and when does it end?" still looks up)
    why_there = s.why and not (s.when_asked or s.clock or s.tide or slots.bbox or tides_there or live)
    # a named day that is the phenomenon's own night, asked of no place (「雙子座流星雨什麼時候最多」), sets no day to look up
    dated = slots.date is not None and not (slots.date.festival and not slots.has_location)
    if s.phenomena and (why_there or not (slots.point or slots.bbox or dated or tides_there or live)) \
            and not _time_with_its_rule(heard):
        return Plan("explain", reason="phenomenon")
    return None


def _time_with_its_rule(heard: Heard) -> bool:
    """True when the time at a place is asked beside its clock's rule ("Brisbane time? they don't do
    daylight saving right"): the place's time, which says whether it keeps daylight saving; a why or
    what-is asking no time there is the idea."""
    s = heard.signals
    asks_time = s.time or s.time_now or s.zone_word
    return s.clock_rule and asks_time and heard.slots.has_location and not (s.why or s.explain)


def _off_topic(heard: Heard) -> Plan | None:
    # Food, lodging, travel, prices … even with a place or "幾點" in it ("高雄捷運幾點收班").
    s = heard.signals
    converts = (s.time_convert or s.trip_arrival) and s.clock   # "my flight lands at 06:40 Taipei time, what time is that in Munich?"
    # "NBA季後賽 週四晚上7點PDT開打 台灣是幾點", "football 8pm BST, IST mein kitne baje": a zone's clock time, a time asked
    converts = converts or s.zone_named and s.clock and s.when_asked
    # 「現在可倫坡幾點 想打給民宿老闆」: the clock there asked, the lodging only why
    # "NBA game Sunday 7:30pm ET, what time in Manila": a clock time and a place's time asked, the game only why
    clock_there = heard.slots.has_location and (s.time_now or s.time_there or s.clock and s.time)
    if s.off_topic and not s.sea_or_sky and not converts and not clock_there:
        return Plan("fallback", reason="off_topic", static="chat_intents.off_topic")
    return None


def _no_such_data(heard: Heard) -> Plan | None:
    # Salinity, chlorophyll …: no such data here; not the SST or weather of the place instead.
    s, slots = heard.signals, heard.slots
    # "are there jellyfish at Coogee today": a place's day asked is no idea, whatever "are there" says
    asked_there = slots.has_location and (slots.date is not None or slots.now)
    # a storm's track is asked beside the weather words its name brings: still no data, not the weather instead
    # (「颱風走向 明天台北會下雨嗎」: the rain asked is answered)
    # what a tide gauge measured is asked, not the tide predicted for then (「潮位站昨晚實際量到多少」)
    # (s23) ... and a level the sea reached in a past storm: the storm's word no weather asked
    looks_up = (s.tide and not s.tide_observed) or s.astro or s.sst or s.time \
        or s.weather and not ((s.storm_track or s.tide_observed) and not (s.explain or s.rain))
    if s.no_such_data and not looks_up and (not s.conceptual or asked_there):
        which = "chat_intents.no_storm_track" if s.storm_track else "chat_intents.no_such_data"
        return Plan("fallback", reason="no_such_data", static=which)
    return None


def _current_speed(heard: Heard) -> Plan | None:
    # How fast a tidal stream runs (「関門海峡の潮流 いま何ノット」, 「潮の流れ どのくらい速い」): a measure no data here
    # gives, before the idea of the stream (潮流) or the tide its words hold (潮の流れ); why it is fast is the idea.
    s = heard.signals
    if s.current_speed and not (s.why or s.explain or s.conceptual or s.astro or s.sst or s.weather or s.time):
        return Plan("fallback", reason="no_such_data", static="chat_intents.no_such_data")
    return None


def _route_plan(heard: Heard) -> Plan | None:
    # A sailing route asked for: no tool plans one, not the weather at its start instead.
    if heard.signals.route_plan and not heard.signals.conceptual:
        return Plan("fallback", reason="no_route", static="chat_intents.no_route")
    return None


def _is_conceptual(signals: Signals, slots: Slots) -> bool:
    """True for a question about an idea, not for data ("why is there a tide", "what is a neap tide").

    An idea word ("why", 為什麼) with a place and a day, "now" or "when" is still a data
    question; a weaker word ("what is", 如何) is one whenever a place or such a word is given.
    The moon (its phase, its rise) needs no place; the spring or neap days of a span (「下個月有哪些
    日子是小潮」) are dates, not the idea.
    """
    if signals.in_general and signals.tide and signals.named_phase and not slots.has_location:
        return True   # 「滿月那天潮水一定最大嗎」: any full moon's tide, an idea
    if signals.lore and not (signals.when_asked or signals.clock):
        return True   # "does fish bite better at full moon, true or legend?": the saying's idea, not that day's moon
    if slots.windows is not None and not signals.why:   # which days the spring/neap tides are: dates
        return False
    # a place's sea temperature set against its normal ("Penang sea temp vs normal") asks its anomaly, a figure
    asks_data = signals.when_asked or signals.clock or slots.now or slots.date is not None or (signals.judged and signals.sst)
    locatable = slots.has_location or signals.moon_phase or (signals.moon_times and not signals.about_data)
    if signals.why and not (slots.now or slots.date is not None or signals.clock):
        return True
    if signals.prediction_gap:
        return True   # "yesterday at Cuxhaven it was 70 cm above your prediction": the day is the one compared
    if signals.why and signals.off_prediction:   # why the water missed its prediction: no table shows it
        return True
    if signals.why and _why_in_general(signals, slots):
        return True
    if signals.clock_idea and not signals.sea_or_sky and not (signals.time_now and slots.has_location and not signals.why):
        return True   # "why does 1:30am happen twice in New York on the first Sunday of November": the clock's rule
        # (not "clocks went back last night right? what time is it in Paris now": a remark, then the time there asked)
    if signals.clock_rule and slots.date is not None and slots.date.festival.startswith("clocks_") and not signals.why \
            and not signals.sea_or_sky:
        return False   # "when do the clocks spring forward", "do we lose an hour": the asker's clock's change day
    if signals.conceptual:
        # A time noun (「滿潮時間為何不同」) names what is compared, it does not ask for a time.
        return not (locatable and asks_data)
    asks_data = asks_data or signals.when or signals.time
    return signals.explain and not (slots.has_location or asks_data)


def _why_in_general(signals: Signals, slots: Slots) -> bool:
    """True when a why-question's day or "now" names no day to look up: a general word with no place
    (「大潮一定在滿月那天嗎 為什麼常常晚一兩天」: any full moon), a moon phase's day with no place and no time asked,
    or two clocks' gap in hours (「為什麼現在雪梨跟台灣差3 小時」: daylight saving), which no clock time or date
    narrows, or a season's clock time."""
    if signals.in_general and not slots.has_location:
        return True
    if signals.named_phase and not (slots.has_location or signals.when_asked or signals.clock):
        return True   # 「どうして満月の日は潮が大きいの」: the day a phase names is any such day, asked no time of
    if signals.clock and slots.date is None and not slots.now and (signals.season or not signals.when_asked):
        # 「為什麼英國冬天下午四點天就黑了」: the time of year's clock time; "why is sunrise so late, like 7am": the
        # clock time the why is about, with no day named and no "what time" asked, is no time to look up
        return True
    return signals.clock_gap and slots.date is None and not signals.clock


def _conceptual(heard: Heard) -> Plan | None:
    return Plan("explain", reason="conceptual") if _is_conceptual(heard.signals, heard.slots) else None


def _judged(heard: Heard) -> Plan | None:
    # "the anomaly is +0.3, is that high?" with no place or day: what the figure means, not where it is
    s, slots = heard.signals, heard.slots
    if s.judged and (s.sst or s.tide) and not (slots.has_location or slots.date is not None or slots.now):
        return Plan("explain", reason="judged_figure")
    return None


def _currents(heard: Heard) -> Plan | None:
    # No current data here: what is known about the Kuroshio, rip currents … ("current" is not "now").
    if heard.signals.currents and (not heard.signals.sea_or_sky or _tide_and_current(heard)):
        # the current on a day, or how fast it flows now: data the bot has not (where it flows is known)
        slots = heard.slots   # a place's or a point's current now (「柴口現在海流強不強」), not a current's whereabouts
        if slots.date is not None or slots.now and (heard.signals.no_such_data or slots.place or slots.point):
            return Plan("fallback", reason="no_such_data", static="chat_intents.no_such_data")
        return Plan("explain", reason="ocean_currents")
    return None


def _tide_and_current(heard: Heard) -> bool:
    """True when a question names the tide beside a current with no place, day, "now" or time asked
    (「漲潮退潮跟海流方向是一樣的嗎」): how the two relate, not a place's tide the bot would ask for."""
    s, slots = heard.signals, heard.slots
    return (s.tide and not (s.astro or s.sst or s.weather or s.sea_state or s.when_asked or s.clock)
            and not (slots.has_location or slots.point or slots.bbox or slots.date is not None or slots.now))


def _phase_in_general(heard: Heard) -> Plan | None:
    s, slots = heard.signals, heard.slots
    if s.named_phase and s.moon_bright and slots.date is None and not slots.now:
        return Plan("explain", reason="phase_in_general")   # "how bright is a full moon"
    return None


def _explain(heard: Heard) -> Plan | None:
    if heard.signals.explain and not heard.slots.has_location:
        return Plan("explain", reason="explain_keywords")
    return None


# This module's own rules; the tools' steps fall between them by rank (weather's sea state 20,
# time.convert 60, tide.forecast 100, SST 110, weather 120, time.now 130).
_OWN: tuple[PlanStep, ...] = (
    PlanStep(10, _code), PlanStep(30, _chat), PlanStep(40, _phenomenon), PlanStep(50, _off_topic),
    PlanStep(15, _route_plan), PlanStep(35, _current_speed), PlanStep(55, _no_such_data),
    PlanStep(70, _conceptual), PlanStep(75, _judged), PlanStep(80, _currents), PlanStep(90, _phase_in_general), PlanStep(140, _explain),
)


@functools.cache
def _steps() -> tuple[Callable[[Heard], Plan | None], ...]:
    """Every rule, this module's and each catalog tool's, in rank order."""
    steps = [*_OWN, *(step for tool in CATALOG.values() for step in tool.steps)]
    ranks = [step.rank for step in steps]
    if len(set(ranks)) != len(ranks):
        raise ValueError(f"two plan steps share a rank: {sorted(ranks)}")
    return tuple(step.plan for step in sorted(steps, key=lambda step: step.rank))


@functools.cache
def _inferences() -> tuple[Callable[[Heard], Plan | None], ...]:
    steps = sorted((tool.inferred for tool in CATALOG.values() if tool.inferred is not None), key=lambda s: s.rank)
    return tuple(step.plan for step in steps)


def heuristic_plan(signals: Signals, slots: Slots, *, code_request: bool, tz: str | None = None) -> Plan | None:
    """Return the plan the keywords and slots fully determine, or None when an LLM should decide.

    `tz` is the asker's zone: a moon-phase question naming no place is answered at its home city.
    A tool whose plan rule (`Tool.rule`) fits the signals takes the place of the tool chosen by
    the steps: a tide curve or a whole week instead of the day's tide report.
    """
    heard = Heard(signals, slots, code_request, tz)
    plan = next((found for step in _steps() if (found := step(heard)) is not None), None)
    if plan is None or plan.tool is None:
        return plan
    instead = refined(plan.tool, signals)
    if instead is None:
        return plan
    return Plan("mcp_tools", instead.name, plan.arguments, instead.name.replace(".", "_") + "_keywords")


def infer_plan(signals: Signals, slots: Slots) -> Plan | None:
    """Return a best-effort plan from weaker signals (used when the LLM gave no usable plan)."""
    heard = Heard(signals, slots)
    return next((found for step in _inferences() if (found := step(heard)) is not None), None)


def location_plan(tool: str, slots: Slots, *, reason: str) -> Plan | None:
    """Return the plan calling `tool` at the slots' location (as the tool locates itself), or None without one."""
    entry = CATALOG.get(tool)
    if entry is not None and entry.locate is not None:
        return entry.locate(slots, reason)
    args = point_args(slots, at_sea=entry is not None and entry.at_sea)
    return Plan("mcp_tools", tool, args, reason) if args else None
