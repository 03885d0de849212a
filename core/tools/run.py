"""Tool execution for the router: argument normalization, backends, GHRSST's nearest retry.

Metocean tools go to the configured backend (upstream MCP, local engine, or auto);
weather goes to Open-Meteo and time to the local clock.
"""
from __future__ import annotations

from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from metocean.errors import ToolFailure
from metocean.contract import TimeNowArgs, WeatherForecastArgs
from core.understand.slots import Slots

if TYPE_CHECKING:
    from core.decide.llm import LLMClient
    from core.router import Router

DEFAULT_FIELDS = ["sst", "sst_anomaly"]


def normalize_arguments(tool: str, raw: dict[str, Any], slots: Slots, tz_text: str,
                        query_time: datetime) -> dict[str, Any]:
    """Return the arguments `tool` is called with: floats, sorted bbox, YYYY-MM-DD dates, tz and query_time."""
    args = {k: v for k, v in raw.items() if v is not None}
    for key in ("longitude", "latitude"):
        if key in args:
            try:
                args[key] = float(args[key])
            except (TypeError, ValueError):
                pass
    day = slots.day(query_time).isoformat()
    if tool == "tide.forecast":
        out = {k: args[k] for k in ("longitude", "latitude", "station_id") if k in args}
        out.update({"date": slots.date.day.isoformat() if slots.date else _valid_date(args.get("date"), day),
                    "tz": tz_text, "query_time": query_time.isoformat(timespec="seconds")})
        return out
    if tool in ("ghrsst.point_value", "ghrsst.bbox_mean"):
        out = {k: args[k] for k in ("longitude", "latitude") if k in args}
        if tool == "ghrsst.bbox_mean" and "bbox" in args:
            try:
                b = [float(v) for v in args["bbox"]]
                out["bbox"] = [min(b[0], b[2]), min(b[1], b[3]), max(b[0], b[2]), max(b[1], b[3])]
            except (TypeError, ValueError, IndexError):
                out["bbox"] = args["bbox"]
        out["date"] = slots.date.day.isoformat() if slots.date else _valid_date(args.get("date"), day)
        out["fields"] = list(DEFAULT_FIELDS)
        today = query_time.date().isoformat()
        # Seed 001 §4: "now/today" questions about today take the nearest available day.
        out["method"] = "nearest" if (args.get("method") == "nearest" or (slots.now and out["date"] == today)) \
            else "exact"
        return out
    if tool == "weather.forecast":
        asked = slots.day(query_time)
        ahead = (asked - query_time.date()).days
        tz_name = slots.place.tz if slots.place else "auto"
        return {"latitude": args.get("latitude"), "longitude": args.get("longitude"),
                "forecastDays": max(1, min(16, ahead + 1)), "includeHourly": False, "timezone": tz_name}
    if tool == "time.now":
        out = {k: args[k] for k in ("longitude", "latitude", "place") if k in args}
        if slots.place:
            out = {"tz": slots.place.tz, "place": slots.place.name_en}
        elif "longitude" not in out:
            out["tz"] = args.get("tz") or tz_text
        return out
    return args


def _valid_date(value: Any, default: str) -> str:
    try:
        return date.fromisoformat(str(value)).isoformat()
    except ValueError:
        return default


async def execute(router: "Router", tool: str, arguments: dict[str, Any], backend: str | None,
                  *, query_time: datetime | None = None) -> tuple[dict[str, Any], str | None, bool]:
    """Return (result, backend name, fell back to local) for one validated tool call."""
    if tool == "weather.forecast":
        from core.tools.open_meteo import weather_forecast

        s = router.settings
        result = await weather_forecast(WeatherForecastArgs(**arguments), url=s.open_meteo_url,
                                        timeout=s.open_meteo_timeout)
        return result, None, False
    if tool == "time.now":
        from core.tools.clock import time_now

        # "Now" is the moment the question was asked, as the adapter stamped it.
        return time_now(TimeNowArgs(**arguments), now=query_time,
                        default_tz=router.settings.odbchat_default_tz), None, False
    chosen = router.backend(backend)
    try:
        out = await chosen.call(tool, arguments)
    except ToolFailure as exc:
        # Seed 001 §4: a missing day is retried with `nearest` (closest day within 7 days).
        if exc.code != "NOT_FOUND" or not tool.startswith("ghrsst.") or arguments.get("method") == "nearest":
            raise
        retry = dict(arguments, method="nearest")
        out = await chosen.call(tool, retry)
        arguments["method"] = "nearest"
    return out.result, out.backend, out.fell_back


def is_code_request(query: str) -> bool:
    """Return True when the question asks for code (seed 001 `_contains_code_request`)."""
    from core.answers.codegen import is_code_request as check

    return check(query)


async def code(query: str, lang: str, slots: Slots, query_time: datetime, llm: "LLMClient | None") -> Any:
    """Return the CodeResult for a code request, filled with the question's slots."""
    from core.answers.codegen import code_answer

    info: dict[str, Any] = {}
    if slots.point:
        info["point"] = (slots.point.lon, slots.point.lat)
    elif slots.place:
        info["point"] = (slots.place.lon, slots.place.lat)
        info["place"] = slots.place.name_en
    if slots.bbox:
        info["bbox"] = [slots.bbox.lon0, slots.bbox.lat0, slots.bbox.lon1, slots.bbox.lat1]
    elif slots.region:
        info["bbox"] = list(slots.region[1])
    if slots.date:
        info["date"] = slots.date.day.isoformat()
    # Default dates ("this week", last 7 days, from today for tides) and the topic are codegen's rules.
    info["today"] = query_time.date().isoformat()
    info["tz"] = str(query_time.tzinfo)
    return await code_answer(query, lang, info, llm)


async def explain(query: str, lang: str, llm: "LLMClient | None") -> Any:
    """Return the ExplainResult (grounded answer, citations, LLM calls) for a question."""
    from core.answers.explain import explain_answer

    return await explain_answer(query, lang, llm)
