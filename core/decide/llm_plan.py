"""The one LLM call of the router: a JSON plan constrained by a schema.

The plan the model returns is validated here: a tool outside the catalog, arguments of
the wrong shape, type or size, links in arguments, or junk all come back as "no usable
plan" (the router then uses its heuristics), never as a call or an error reply.
"""
from __future__ import annotations

import json
import logging
import math
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from pydantic import ValidationError

from core.tools.base import InvalidArguments
from core.tools.catalog import CATALOG
from core.decide.plan import Plan
from core.decide.plan_record import PlanArgs, PlanMode
from core.decide.llm import LLMClient
from core.decide.llm_output import clean_text, find_urls, strip_controls

log = logging.getLogger("odbchat.router")

PLAN_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "mode": {"type": "string", "enum": ["mcp_tools", "explain", "code", "fallback"]},
        "mcp": {
            "type": ["object", "null"],
            "properties": {
                "tool": {"type": "string", "enum": sorted(CATALOG)},
                "arguments": {"type": "object"},
            },
            "required": ["tool", "arguments"],
        },
        "confidence": {"type": "number"},
        "rationale": {"type": "string"},
    },
    "required": ["mode"],
}

_SYSTEM = """You are ODBchat's single-pass classifier and router for ocean and weather questions.
Reply ONLY with JSON matching the schema. Choose mode:
- "mcp_tools" when a tool answers it; then fill "mcp" with exactly one tool from the catalog and its arguments,
- "explain" for questions about concepts, data sets or the bot itself,
- "code" when the user asks for a program or a plot,
- "fallback" when nothing fits.
{hints}Always include query_time (ISO-8601) and tz in its arguments.
Longitudes are -180..180 east positive, latitudes -90..90 north positive. Dates are YYYY-MM-DD relative to now in tz.
Tool catalog:
{catalog}
Named regions (bbox [lon0, lat0, lon1, lat1]): taiwan_nearby [118, 20, 123.5, 26.5], taiwan_strait [118, 21.5, 121.5, 26].
Examples:
"(121.5,25.0) 現在是漲潮嗎？何時滿潮？" -> {{"mode":"mcp_tools","mcp":{{"tool":"tide.forecast","arguments":{{"longitude":121.5,"latitude":25.0}}}}}}
"今天台北日出日落？月相？" -> {{"mode":"mcp_tools","mcp":{{"tool":"tide.forecast","arguments":{{"longitude":121.56,"latitude":25.04}}}}}}
"GHRSST 是什麼資料？" -> {{"mode":"explain","mcp":null}}"""


def _hints_text() -> str:
    """The tools' own lines for the LLM (`Tool.llm_hint`), each ending with a space."""
    return "".join(f"{spec.llm_hint} " for spec in CATALOG.values() if spec.llm_hint)


def _catalog_text() -> str:
    lines = []
    for spec in CATALOG.values():
        props = spec.args.model_json_schema().get("properties", {})
        lines.append(f"- {spec.name}({', '.join(props)}): {spec.description}")
    return "\n".join(lines)


@dataclass
class LLMPlan:
    """What the LLM said, after validation; `plan` is None when nothing usable came back.
    `raw` is the reply reduced to the schema's fields (bounded, cleaned) for the envelope."""

    plan: Plan | None
    raw: dict[str, Any] | None
    error: str | None = None


_MODES = ("mcp_tools", "explain", "code", "fallback")
# Bounds on what a plan argument may be: coordinates, dates, zones and ids are short, a bbox
# is four numbers; anything larger is not a plan for this catalog.
MAX_ARGUMENT_CHARS = 120
MAX_ARGUMENT_ITEMS = 8
MAX_ARGUMENT_NUMBER = 1e6
MAX_RATIONALE_CHARS = 200


def _bad_value(value: Any) -> str | None:
    """Return why one argument value cannot be in a plan (wrong type, URL, huge), or None."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return None if math.isfinite(value) and abs(value) <= MAX_ARGUMENT_NUMBER else "number out of bounds"
    if isinstance(value, str):
        if len(value) > MAX_ARGUMENT_CHARS:
            return "string too long"
        if find_urls(value) or strip_controls(value) != value:
            return "link or control characters"
        return None
    if isinstance(value, list):
        if len(value) > MAX_ARGUMENT_ITEMS:
            return "list too long"
        for item in value:
            if isinstance(item, (list, dict)):
                return "nested value"
            why = _bad_value(item)
            if why:
                return why
        return None
    return "wrong type"


def _argument_error(tool: str, arguments: dict[str, Any]) -> str | None:
    """Return why the LLM's arguments are malformed (a bad value, or one its model refuses), or None.
    Fields the LLM left out are not its fault: the router fills them from the question."""
    for key, value in arguments.items():
        why = _bad_value(value)
        if why:
            return f"{key}: {why}"
    try:
        CATALOG[tool].args.model_validate(arguments)
    except ValidationError as exc:
        for error in exc.errors():
            loc = error.get("loc") or ()
            if loc and loc[0] in arguments:
                return f"{loc[0]}: {error.get('msg', 'invalid')}"
    return None


def _reduced(raw: dict[str, Any], tool: str | None, arguments: dict[str, Any] | None) -> dict[str, Any]:
    """The raw reply cut down to the schema's fields, safe to put in the envelope."""
    out: dict[str, Any] = {"mode": raw.get("mode") if raw.get("mode") in _MODES else None}
    if tool is not None:
        out["mcp"] = {"tool": tool, "arguments": arguments or {}}
    confidence = raw.get("confidence")
    if isinstance(confidence, (int, float)) and not isinstance(confidence, bool) and math.isfinite(confidence):
        out["confidence"] = max(0.0, min(1.0, float(confidence)))
    rationale = raw.get("rationale")
    if isinstance(rationale, str) and rationale:
        out["rationale"] = clean_text(rationale[:MAX_RATIONALE_CHARS])
    return out


def validate_plan(raw: dict[str, Any] | None) -> LLMPlan:
    """Return the validated plan of a raw LLM reply: a mode of the schema, a tool of the catalog,
    arguments its model accepts, no links, no huge or nested values; otherwise no plan."""
    if not isinstance(raw, dict):
        return LLMPlan(None, None, "llm gave no plan")
    mode = raw.get("mode")
    if not isinstance(mode, str) or mode not in _MODES:
        return LLMPlan(None, _reduced(raw, None, None), f"llm mode not allowed: {strip_controls(str(mode))[:40]}")
    if mode != "mcp_tools":
        return LLMPlan(Plan(cast(PlanMode, mode), reason="llm"), _reduced(raw, None, None))
    mcp = raw.get("mcp")
    tool = mcp.get("tool") if isinstance(mcp, dict) else None
    if not isinstance(tool, str) or not tool:
        # Logged as an error: acceptance test T10 looks for this line.
        log.error("mcp mode missing tool specification", extra={"event": "llm_plan_error"})
        return LLMPlan(None, _reduced(raw, None, None), "mcp mode missing tool specification")
    spec = CATALOG.get(tool)
    if spec is None:
        return LLMPlan(None, _reduced(raw, None, None),
                       f"llm named a tool outside the catalog: {strip_controls(tool)[:40]}")
    arguments = mcp.get("arguments") if isinstance(mcp, dict) else None
    if arguments is not None and not isinstance(arguments, dict):
        return LLMPlan(None, _reduced(raw, spec.name, None), "llm arguments are not an object")
    known = {k: v for k, v in (arguments or {}).items() if k in spec.args.model_fields}
    why = _argument_error(spec.name, known)
    if why:
        return LLMPlan(None, _reduced(raw, spec.name, None), f"llm arguments malformed: {why}"[:160])
    return LLMPlan(Plan("mcp_tools", spec.name, PlanArgs.model_validate(known), "llm"), _reduced(raw, spec.name, known))


async def ask_llm(llm: LLMClient, query: str, tz: str, query_time: datetime,
                  understood: dict[str, str] | None = None) -> LLMPlan:
    """Return the LLM's validated plan for `query` (one chat call, JSON-schema constrained);
    `understood`: what the heuristics understood and doubted, given to the model with the question."""
    asked: dict[str, Any] = {"query": query, "tz": tz, "now": query_time.isoformat(),
                             "today": query_time.date().isoformat()}
    if understood:
        asked["understood"] = understood
    messages = [
        {"role": "system", "content": _SYSTEM.format(catalog=_catalog_text(), hints=_hints_text())},
        {"role": "user", "content": json.dumps(asked, ensure_ascii=False)},
    ]
    raw = await llm.chat_json(messages, PLAN_SCHEMA)
    return validate_plan(raw)


def check_arguments(tool: str, arguments: dict[str, Any]) -> str | None:
    """Return None when `arguments` validate against the tool's model, else a short reason."""
    try:
        CATALOG[tool].arguments(arguments)
    except InvalidArguments as exc:
        return exc.reason
    return None
