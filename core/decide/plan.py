"""The router's deterministic decision: which mode and tool a question needs, without an LLM.

`heuristic_plan` returns a Plan only when the keywords and slots fully determine it;
`infer_plan` is the weaker inference used when the LLM is missing, wrong or silent
(acceptance test T10).
"""
from __future__ import annotations

import functools
from typing import Any


from core.data import DATA_DIR, read_yaml
from core.decide.plan_record import Plan
from core.tools.catalog import get_tool, refined
from core.tools.tide_forecast import SUN_MOON_ONLY
from core.tools.weather_forecast import SEA_STATE_WIND
from core.understand.signals import Signals
from core.understand.slots import Slots

def _location_args(tool: str, slots: Slots) -> dict[str, Any] | None:
    """Return the location arguments `tool` needs from the slots, or None when there are none."""
    if tool == "ghrsst.bbox_mean":
        if slots.bbox:
            return {"bbox": [slots.bbox.lon0, slots.bbox.lat0, slots.bbox.lon1, slots.bbox.lat1]}
        if slots.region and not slots.point:
            return {"bbox": list(slots.region[1])}
        return None
    if slots.point:
        return {"longitude": slots.point.lon, "latitude": slots.point.lat}
    if slots.place:
        tool_def = get_tool(tool)
        lon, lat = slots.place.sea if slots.place.sea and tool_def and tool_def.at_sea else (
            slots.place.lon, slots.place.lat)
        return {"longitude": lon, "latitude": lat}
    return None


#: The plan reason of a surf or wave question at a place: its tide, the waves declined in one line.
SEA_STATE_TIDE = "sea_state_tide"

PLACE_SST_HALF_BOX = 0.15   # degrees: a named coastal place sits on land in MUR's 1 km grid


def _sst_plan(slots: Slots, reason: str) -> Plan | None:
    if slots.bbox or (slots.region and not slots.point):
        return Plan("mcp_tools", "ghrsst.bbox_mean", _location_args("ghrsst.bbox_mean", slots) or {}, reason)
    if slots.place and not slots.point:
        # The place's own coordinate is usually a land pixel (null SST); the sea around it is the answer.
        (lon, lat), d = slots.place.sea or (slots.place.lon, slots.place.lat), PLACE_SST_HALF_BOX
        box = [round(lon - d, 3), round(lat - d, 3), round(lon + d, 3), round(lat + d, 3)]
        return Plan("mcp_tools", "ghrsst.bbox_mean", {"bbox": box}, reason + "_near_place")
    args = _location_args("ghrsst.point_value", slots)
    if args:
        return Plan("mcp_tools", "ghrsst.point_value", args, reason)
    return None


@functools.cache
def _default_points() -> tuple[str, dict[str, tuple[float, float]]]:
    data = read_yaml(DATA_DIR / "default_points.yaml")
    return data["fallback"], {zone: (float(p[0]), float(p[1])) for zone, p in data["zones"].items()}


def default_point(tz: str | None) -> tuple[float, float]:
    """Return (lon, lat) of the home city of the asker's zone (core/data/default_points.yaml)."""
    fallback, zones = _default_points()
    return zones.get(tz or fallback) or zones[fallback]


def _chat_plan(signals: Signals, slots: Slots) -> Plan | None:
    """Return the fixed reply to small talk (who are you, help, thanks, hello), or None.

    Only a message with nothing else in it: no data word, no place, no day (a day may be a
    follow-up, "thanks — and tomorrow?"), and for thanks and greetings no question about an idea.
    """
    if signals.data or slots.has_location or slots.date is not None:
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


def _is_conceptual(signals: Signals, slots: Slots) -> bool:
    """True for a question about an idea, not for data ("why is there a tide", "what is a neap tide").

    An idea word ("why", 為什麼) with a place and a day, "now" or "when" is still a data
    question; a weaker word ("what is", 如何) is one whenever a place or such a word is given.
    The moon's phase needs no place.
    """
    asks_data = signals.when or signals.time or signals.clock or slots.now or slots.date is not None
    locatable = slots.has_location or signals.moon_phase
    if signals.conceptual:
        return not (locatable and asks_data)
    return signals.explain and not (slots.has_location or asks_data)


def _looks_up_sea_or_sky(signals: Signals) -> bool:
    """True when the question asks for tide, sun/moon, sea temperature, weather or sea state."""
    return (signals.tide or signals.astro or signals.moon_phase or signals.sst or signals.weather
            or signals.sea_state)


def _asks_time_convert(signals: Signals) -> bool:
    """True for a time difference or conversion ("台北和倫敦差幾小時", "9 pm in Taipei is what time in LA")."""
    if signals.tide or signals.astro or signals.sst or signals.weather:
        return False
    return signals.time_convert or (signals.clock and (signals.time or signals.when))


def heuristic_plan(signals: Signals, slots: Slots, *, code_request: bool, tz: str | None = None) -> Plan | None:
    """Return the plan the keywords and slots fully determine, or None when an LLM should decide.

    `tz` is the asker's zone: a moon-phase question naming no place is answered at its home city.
    A tool whose plan rule (`Tool.rule`) fits the signals takes the place of the tool chosen by
    the rules below: a tide curve or a whole week instead of the day's tide report.
    """
    plan = _keyword_plan(signals, slots, code_request=code_request, tz=tz)
    if plan is None or plan.tool is None:
        return plan
    instead = refined(plan.tool, signals)
    if instead is None:
        return plan
    return Plan("mcp_tools", instead.name, plan.arguments, instead.name.replace(".", "_") + "_keywords")


def _keyword_plan(signals: Signals, slots: Slots, *, code_request: bool, tz: str | None) -> Plan | None:
    """The rules of `heuristic_plan`, in order, before a tool's own plan rule may take over."""
    if code_request:
        return Plan("code", reason="code_request")
    if signals.sea_state and not (signals.tide or signals.sst or signals.astro):
        args = _location_args("weather.forecast", slots)
        if signals.wind and args is not None:
            # Waves as wind ("出海風浪大不大"): no wave data, but the wind forecast helps (the reply says so).
            return Plan("mcp_tools", "weather.forecast", args, SEA_STATE_WIND)
        if args is not None:  # surf at a place: what there is for the sea there (its tide), waves declined
            return Plan("mcp_tools", "tide.forecast", _location_args("tide.forecast", slots), SEA_STATE_TIDE)
        return Plan("explain", reason="sea_state_only", static="sea_state")
    chat = _chat_plan(signals, slots)
    if chat is not None:
        return chat
    if signals.phenomena and not (slots.point or slots.bbox or slots.date is not None):
        # El Niño, storm surge, slack water …: no data here, only what is known about them, near
        # Taiwan or anywhere; a day or a coordinate asks for the data of that place and day.
        return Plan("explain", reason="phenomenon")
    if signals.off_topic and not _looks_up_sea_or_sky(signals):
        # Food, lodging, travel, prices … even with a place or "幾點" in it ("高雄捷運幾點收班").
        return Plan("fallback", reason="off_topic", static="chat_intents.off_topic")
    if _asks_time_convert(signals):
        return Plan("mcp_tools", "time.convert", {}, "time_convert")
    if _is_conceptual(signals, slots):
        return Plan("explain", reason="conceptual")
    if signals.currents and not _looks_up_sea_or_sky(signals):
        # No current data here: what is known about the Kuroshio, rip currents … ("current" is not "now").
        return Plan("explain", reason="ocean_currents")
    if signals.named_phase and signals.moon_bright and slots.date is None and not slots.now:
        return Plan("explain", reason="phase_in_general")   # "how bright is a full moon"
    if signals.tide or signals.astro or signals.moon_phase:
        args = _location_args("tide.forecast", slots)
        if args is None and signals.tide and slots.region and slots.date is None:
            # The tides of a whole sea ("tides in the Taiwan Strait"): what is known about them.
            return Plan("explain", reason="tide_over_region")
        if args is None and signals.moon_phase and not signals.tide:
            lon, lat = default_point(tz)
            return Plan("mcp_tools", "tide.forecast", {"longitude": lon, "latitude": lat},
                        "moon_phase_default_place", variant=SUN_MOON_ONLY)
        if args is None:
            return Plan("fallback", reason="tide_without_location", static="need_location")
        return Plan("mcp_tools", "tide.forecast", args, "tide_keywords", variant=None if signals.tide else SUN_MOON_ONLY)
    if signals.sst:
        plan = _sst_plan(slots, "sst_keywords")
        if plan:
            return plan
        # No place named: the bot's home waters, as ODBchat answers "現在海溫多少？".
        return Plan("mcp_tools", "ghrsst.bbox_mean", {"bbox": [118.0, 20.0, 123.5, 26.5]}, "sst_default_region")
    if signals.weather and not signals.sst_weak:
        args = _location_args("weather.forecast", slots)
        if args is None:
            return Plan("fallback", reason="weather_without_location", static="need_location")
        return Plan("mcp_tools", "weather.forecast", args, "weather_keywords")
    if signals.time:
        args = _location_args("time.now", slots) or {}
        if slots.place:
            args["place"] = slots.place.key
        return Plan("mcp_tools", "time.now", args, "time_keywords")
    if signals.explain and not slots.has_location:
        return Plan("explain", reason="explain_keywords")
    return None


def infer_plan(signals: Signals, slots: Slots) -> Plan | None:
    """Return a best-effort plan from weaker signals (used when the LLM gave no usable plan)."""
    if signals.sst_weak or signals.sst:
        plan = _sst_plan(slots, "inferred_sst")
        if plan:
            return plan
    if signals.weather:
        args = _location_args("weather.forecast", slots)
        if args:
            return Plan("mcp_tools", "weather.forecast", args, "inferred_weather")
    if slots.point or slots.place:
        # A bare location to an ocean bot: the day's tide, sun and moon there.
        return Plan("mcp_tools", "tide.forecast", _location_args("tide.forecast", slots) or {}, "inferred_location")
    return None


def location_plan(tool: str, slots: Slots, *, reason: str) -> Plan | None:
    """Return the plan calling `tool` at the slots' location (SST by the rules above), or None without one."""
    if tool.startswith("ghrsst."):
        return _sst_plan(slots, reason)
    if tool == "time.now":
        args = _location_args(tool, slots) or {}
        return Plan("mcp_tools", tool, args, reason)
    args = _location_args(tool, slots)
    return Plan("mcp_tools", tool, args, reason) if args else None
