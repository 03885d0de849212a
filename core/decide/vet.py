"""A plan is answered outright only when the question is explained by it.

A place that may be a piece of a longer name, a day word not understood, or a bare place with
words the bot did not understand (「東京跨年了」 before it knew that word) each turn the plan into a
question asked back with what was understood (core/words/ask_back.py): a wrong answer given with
confidence is worse than a question. When an LLM is configured and has not been asked yet, it is
asked once, with those findings; a plan it returns is answered with a first line saying it is a
guess and what was guessed, never as fact.
"""
from __future__ import annotations

import functools
import re
from dataclasses import replace

from core.asked import Asked
from core.decide.llm import LLMClient
from core.decide.llm_plan import ask_llm
from core.decide.plan_record import Plan
from core.tools.catalog import CATALOG
from core.tools.convert_sides import sides
from core.tools.tide_forecast import HOME_CITY
from core.tools.ghrsst_bbox_mean import WITHOUT_LOCATION as SST_WITHOUT_LOCATION
from core.understand.clock_times import find_clocks
from core.understand.dates_words import table
from core.understand.leftover import leftover, taken_spans, word_list
from core.understand.leftover_unread import where_words
from core.understand.places_far import far_piece
from core.understand.understood import Doubt, unexplained
from core.understand.zone_words import shared_is_home, shared_zone
from core.words.strings import t

ASK_BACK_REASON = "ask_back"
INFERRED = "inferred_location"   # a bare place: its tides, the default the bot assumes
DEFAULT_EXPLAIN = "default_explain"   # nothing decided: an explanation by the question's nearest words
# Doubts about the place answered: asked back when the plan answers at that place.
_HOME_CITY_MOON = ("moon_phase_default_place", HOME_CITY)   # the moon at the asker's home city, no place named
_PLACE_DOUBTS = ("place_piece", "place_alias", "place_other", "place_unknown", "box_unclear", "place_far")


def _uses_place(plan: Plan, asked: Asked) -> bool:
    place = asked.slots.place if asked.slots else None
    args = plan.arguments
    if place is None:
        return False
    if args.place == place.key:
        return True
    lon, lat = args.longitude, args.latitude
    if lon is not None and lat is not None:
        return any(abs(float(lon) - x) < 1e-6 and abs(float(lat) - y) < 1e-6
                   for x, y in ((place.lon, place.lat), place.sea or (place.lon, place.lat)))
    box = args.bbox
    if not box:
        return False
    return bool(box[0] <= place.lon <= box[2] and box[1] <= place.lat <= box[3])


def _uses_day(plan: Plan) -> bool:
    tool = CATALOG.get(plan.tool or "")
    return tool is not None and tool.needs_location   # the clock tools answer for "now", not a day


@functools.cache
def _place_nouns() -> frozenset[str]:
    return frozenset(w.lower() for w in word_list("place_nouns"))


def _names_a_place(query: str, where: str) -> bool:
    """Whether `where`, words left unread where a place stands, names one: a place noun ends it or follows it ("Blorpington
    Bay", "Kieler Bucht"), not a unit, a format or a library ("in Fahrenheit", "in JSON", "in Matplotlib")."""
    at = query.find(where)
    after = re.match(r"\s+([^\W\d_]+)", query[at + len(where):]) if at >= 0 else None
    words = [where.split()[-1].lower()] + ([after.group(1).lower()] if after else [])
    return any(word in _place_nouns() for word in words)


def vet(plan: Plan, asked: Asked) -> Plan:
    """Return `plan`, or a plan asking back when the question is not explained by it."""
    understood = asked.understood
    if understood is None:
        return plan
    converts = asked.signals is not None and asked.signals.convert_bare   # (s23) "convert 15 knots to m/s": units
    if plan.reason == DEFAULT_EXPLAIN and asked.slots is not None and (asked.slots.date or asked.slots.has_location or converts):
        # Nothing said what is asked, yet a day or a place is named (or a conversion asked): a data question not
        # understood, not a passage picked by its nearest words.
        words = unexplained(asked.query, asked.slots) or asked.query
        return _ask(asked, Doubt("intent_unclear", words))
    if plan.reason == SST_WITHOUT_LOCATION and asked.slots is not None and \
            (words := unexplained(asked.query, asked.slots)):
        return _ask(asked, Doubt("where_unclear", words))   # 「我阿公家那邊的海溫」: the unread place named back
    if plan.mode == "code" and asked.slots is not None and not asked.slots.has_location and \
            (where := where_words(asked.query, leftover(asked.query, asked.slots))) is not None and _names_a_place(asked.query, where):
        # (t23rc) "a script that sends me the SST in Foobar Bay": a place written that the gazetteer does not know is
        # asked back, not swapped for the asker's home city with "you named no place"
        return _ask(asked, Doubt("where_unclear", where))
    if plan.mode != "mcp_tools" or not plan.tool:
        return plan
    tool = CATALOG.get(plan.tool)
    # a second place far away is a conversion's other side, or the place a clock is compared with ("Da Nang time
    # now, same as Bangkok?") or whose gap to it is asked beside it (「東京跟台北差幾小時？東京現在幾點？」), not a doubt
    # about the place asked
    s = asked.signals
    compared = s is not None and (s.clock_compared or (s.clock_gap or s.time_convert) and not s.clock)
    piece = next((d for d in understood.doubts if d.kind in _PLACE_DOUBTS
                  and not (d.kind == "place_other" and tool is not None
                           and (tool.two_places or compared and not tool.needs_location))), None)
    if piece is not None and _uses_place(plan, asked):
        return _ask(asked, piece)
    if piece is None and (far := far_piece(asked.query, asked.slots.place if asked.slots else None, asked.tz)) \
            and _uses_place(plan, asked):   # "en cabo" asked in Mazatlán: only Cabo de Santo Agostinho, Brazil, found
        return _ask(asked, Doubt("place_far", *far))
    day = understood.doubt("day_unknown")
    if tool is not None and tool.observed and (ahead := _day_ahead(asked, day)):
        # no sea temperature is forecast: a day or span to come ("下個月", "next week") gets the latest, said so
        asked.understood = replace(understood, doubts=tuple(d for d in understood.doubts if d != day),
                                   assumed=(*understood.assumed, Doubt("observed_latest", ahead)))
        return plan
    if day is not None and _uses_day(plan):
        return _ask(asked, day)
    if (beyond := _beyond_reach(plan, asked)) is not None:   # Christmas Eve's weather asked 20 days ahead
        return _ask(asked, beyond)
    if (not _uses_day(plan) or plan.reason in _HOME_CITY_MOON) and asked.slots is not None and \
            not asked.slots.has_location and \
            (where := where_words(asked.query, leftover(asked.query, asked.slots))) is not None:
        return _ask(asked, Doubt("where_unclear", where))   # "the time in Glenbrookvale": not the asker's clock
    if not _uses_day(plan) and (there := _there_unnamed(asked)):
        return _there_before(asked, plan) or _ask(asked, Doubt("where_unclear", there))   # 「那邊現在幾點」: where?
    if tool is not None and tool.two_places and (shared := shared_zone(asked.query)) is not None \
            and len(sides(asked)) < 2:   # "9am CET to IST": India's, Ireland's or Israel's? ("Halifax time (AST)": read)
        if not shared_is_home(shared[0], asked.tz):
            return _ask(asked, Doubt("zone_shared", *shared))
        # "10 baje IST … London mein kitne baje" asked in India: the asker's own clock, said so
        asked.understood = replace(understood, assumed=(*understood.assumed, Doubt("zone_shared_own", shared[0])))
    if tool is not None and tool.two_places and (word := _clock_of_no_other_zone(asked)):
        return _ask(asked, Doubt("clock_whose", word))   # 「幫我把7:30換成台灣時間」 asked in Taiwan: 7:30 where?
    if asked.slots is not None and _another_days_clock(plan, asked):   # 「龍門 後天 幾點漲滿」: what happens then, not the time now
        return _ask(asked, Doubt("intent_unclear", unexplained(asked.query, asked.slots) or _day_words(asked)))
    if asked.slots is not None and _clock_by_a_bare_word(plan, asked):   # "when may boats in Taiwan ..." : not the time now
        return _ask(asked, Doubt("intent_unclear", unexplained(asked.query, asked.slots)))
    if plan.reason == INFERRED and asked.slots is not None and asked.slots.place is not None:
        words = unexplained(asked.query, asked.slots)
        if words:
            return _ask(asked, Doubt("intent_unclear", words))
        if asked.signals is not None and _NOT_THE_TIDE & set(asked.signals.on):
            # 「澎湖明天有颱風嗎」: a word asks something no tool answers; its tides would be no answer
            return _ask(asked, Doubt("intent_unclear", _rest(asked)))
    return plan


def _there_unnamed(asked: Asked) -> str:
    """Return the "there" word (`there_words`) of a clock question naming no place, point or zone
    (「那邊現在幾點」, "what time is it there now"), else "": whose clock it is was not said."""
    slots, signals = asked.slots, asked.signals
    if slots is None or slots.has_location or slots.point or (signals is not None and signals.zone_word):
        return ""
    found = _there_words().search(asked.query)
    if found is None:
        return ""
    word = found[0]
    # the English "there" phrases are said back as their one word; a person ("for her") as written
    return "there" if word.isascii() and "there" in word.lower() else word


@functools.cache
def _there_words() -> re.Pattern[str]:
    """Return the pattern of `there_words`: English ones as whole words ("for them", not "for themselves")."""
    from core.data import word_list

    words = sorted(word_list("understanding.yaml", "there_words"), key=len, reverse=True)
    return re.compile("|".join(rf"(?<![a-z]){re.escape(w)}(?![a-z])" if w.isascii() else re.escape(w) for w in words),
                      re.IGNORECASE)


def _there_before(asked: Asked, plan: Plan) -> Plan | None:
    """Return the clock plan at the place the chat's last answer was about (「那邊現在幾點」 after Tokyo's tides:
    Tokyo's time), or None when there was none."""
    from core.decide.follow_up import with_context
    from core.decide.plan import location_plan

    context = asked.question.context
    if context is None or not (context.place or context.point) or asked.slots is None or plan.tool is None:
        return None
    filled = with_context(asked.slots, context)
    found = location_plan(plan.tool, filled, reason="follow_up")
    if found is not None and filled.has_location:
        asked.slots = filled
        return found
    return None


def _beyond_reach(plan: Plan, asked: Asked) -> Doubt | None:
    """Return the doubt saying a day asked lies beyond what the plan's tool can answer (the forecast's
    16 days, `Tool.horizon_days`), asked before any call: what the bot can say that day instead; else None."""
    tool = CATALOG.get(plan.tool or "")
    hint = asked.slots.date if asked.slots else None
    if tool is None or not tool.horizon_days or hint is None or (hint.day - asked.today).days < tool.horizon_days:
        return None
    return Doubt("day_beyond", asked.query[hint.span[0]:hint.span[1]], hint.day.isoformat())


def _day_ahead(asked: Asked, doubt: Doubt | None) -> str:
    """Return the words of a day or span to come the question names (a date after today, or a word of
    `days_ahead` not understood as a day: 下個月, "next month"), else ""."""
    if doubt is not None:
        return doubt.word if doubt.word.lower() in _days_ahead() else ""
    hint = asked.slots.date if asked.slots else None
    return asked.query[hint.span[0]:hint.span[1]] if hint is not None and hint.day > asked.today else ""


@functools.cache
def _days_ahead() -> frozenset[str]:
    return frozenset(w.lower() for w in table("days_ahead"))


def _clock_of_no_other_zone(asked: Asked) -> str:
    """Return the clock time written when a conversion names no zone off the asker's own clock (「下午3點是台灣幾點」
    asked in Taipei: the time is no other place's, so there is nothing to convert), else ""."""
    clock = next((c for c in find_clocks(asked.query, after_at=False) if c.valid), None)
    if clock is None or any(side.tz != asked.tz for side in sides(asked)):   # "3pm SGT in HKT": two zones, one clock
        return ""
    return asked.query[clock.span[0]:clock.span[1]]


def _another_days_clock(plan: Plan, asked: Asked) -> bool:
    """True when a clock tool answers "what time is it" for a question naming another day and no
    clock time, "now", "already" or weekday word: it asks when something happens that day."""
    slots, signals = asked.slots, asked.signals
    if _uses_day(plan) or slots is None or signals is None or slots.date is None or slots.now:
        return False
    if signals.clock or signals.time_convert or signals.time_there or signals.day_asked or _named_day_asked(asked):
        return False
    return slots.date.day != asked.today


def _named_day_asked(asked: Asked) -> bool:
    """True when a "when" word asks only when a day named as is falls ("when is Easter", "quand est Pâques"):
    the clock tool says that day's date, every other word explained."""
    from core.tools.time_now import named_day

    slots, signals = asked.slots, asked.signals
    return (slots is not None and signals is not None and (signals.when_asked or signals.clock_rule)
            and named_day(slots.date) and not unexplained(asked.query, slots))   # "do we lose an hour": the change's day


def _clock_by_a_bare_word(plan: Plan, asked: Asked) -> bool:
    """True when "the time now" would answer a question that only a bare time word (幾點, "what time")
    points to — no "now", "already", clock time or conversion — with words left nothing explains: it
    asks when something happens or is allowed, not what time it is."""
    slots, signals = asked.slots, asked.signals
    if _uses_day(plan) or slots is None or signals is None or slots.now:
        return False
    if signals.time_now or signals.time_there or signals.clock or signals.time_convert or signals.day_asked \
            or _named_day_asked(asked):
        return False
    if signals.clock_rule:
        return False   # "Brisbane time? they don't do daylight saving right": the words left remark on the clock
    return bool(unexplained(asked.query, slots))


# Keyword groups that ask something other than a place's tides: a bare place's default is not assumed.
_NOT_THE_TIDE = frozenset({"phenomena", "no_such_data", "currents", "sea_state", "sea_activity", "off_topic", "why",
                           "compare", "about_data", "wind"})


def _rest(asked: Asked) -> str:
    """Return the question without its place and day words (what it asks about them)."""
    text = asked.query
    for start, end in sorted(taken_spans(asked.slots), reverse=True) if asked.slots else ():
        text = text[:start] + " " + text[end:]
    return " ".join(text.split())


def _day_words(asked: Asked) -> str:
    hint = asked.slots.date if asked.slots else None
    return asked.query[hint.span[0]:hint.span[1]] if hint is not None else ""


def _ask(asked: Asked, doubt: Doubt) -> Plan:
    """Return the plan asking back about `doubt`, which becomes the first doubt of the question."""
    understood = asked.understood
    assert understood is not None
    others = tuple(d for d in understood.doubts if d != doubt)
    asked.understood = replace(understood, doubts=(doubt, *others))
    return Plan("fallback", reason=ASK_BACK_REASON)


LLM_GUESS_REASON = "llm_with_findings"
_GUESSED_PLACES = (*_PLACE_DOUBTS, "where_unclear")


async def vet_or_ask_llm(plan: Plan, asked: Asked, llm: LLMClient | None) -> Plan:
    """Return `vet(plan)`; when that asks back and the LLM may still be asked, the LLM's plan made
    with the findings (said to be a guess), or the question asked back when it has none."""
    vetted = vet(plan, asked)
    if vetted.reason != ASK_BACK_REASON or llm is None or not llm.has_time() or asked.debug["llm_calls"]:
        return vetted
    understood = asked.understood
    assert understood is not None and understood.doubts
    doubt = understood.doubts[0]
    asked.debug["llm_calls"] += 1
    result = await ask_llm(llm, asked.query, asked.tz, asked.query_time, understood={
        "doubt": doubt.kind, "words": doubt.word, "found": asked.place_label(), "tool": plan.tool or ""})
    guess = result.plan
    if guess is None or guess.mode != "mcp_tools" or not guess.tool:
        return vetted
    args = guess.arguments
    if doubt.kind in _GUESSED_PLACES:
        if args.longitude is None or args.latitude is None:
            return vetted
        asked.slots = replace(asked.slots, place=None) if asked.slots else None   # not the doubted place
        asked.notes.append(t(asked.lang, "assumed.llm_place", word=doubt.word,
                             lat=f"{args.latitude:.2f}", lon=f"{args.longitude:.2f}"))
    else:
        asked.notes.append(t(asked.lang, "assumed.llm_guess", word=doubt.word))
    return Plan("mcp_tools", guess.tool, args.model_copy(), LLM_GUESS_REASON, variant=guess.variant)
