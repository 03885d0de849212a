"""The one LLM call of the router: a JSON plan constrained by a schema (seed 002 §4.2.2).

The plan the model returns is validated here: a tool outside the catalog, arguments of
the wrong shape, or junk all come back as "no usable plan", never as a call.
"""
from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pydantic import ValidationError

from core.tools.catalog import CATALOG
from core.decide.plan import Plan
from core.decide.llm import LLMClient

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
For tide/sun/moon questions choose tide.forecast. Always include query_time (ISO-8601) and tz in its arguments.
Longitudes are -180..180 east positive, latitudes -90..90 north positive. Dates are YYYY-MM-DD relative to now in tz.
Tool catalog:
{catalog}
Named regions (bbox [lon0, lat0, lon1, lat1]): taiwan_nearby [118, 20, 123.5, 26.5], taiwan_strait [118, 21.5, 121.5, 26].
Examples:
"(121.5,25.0) 現在是漲潮嗎？何時滿潮？" -> {{"mode":"mcp_tools","mcp":{{"tool":"tide.forecast","arguments":{{"longitude":121.5,"latitude":25.0}}}}}}
"今天台北日出日落？月相？" -> {{"mode":"mcp_tools","mcp":{{"tool":"tide.forecast","arguments":{{"longitude":121.56,"latitude":25.04}}}}}}
"GHRSST 是什麼資料？" -> {{"mode":"explain","mcp":null}}"""


def _catalog_text() -> str:
    lines = []
    for spec in CATALOG.values():
        props = spec.args.model_json_schema().get("properties", {})
        lines.append(f"- {spec.name}({', '.join(props)}): {spec.description}")
    return "\n".join(lines)


@dataclass
class LLMPlan:
    """What the LLM said, after validation; `plan` is None when nothing usable came back."""

    plan: Plan | None
    raw: dict[str, Any] | None
    error: str | None = None


def validate_plan(raw: dict[str, Any] | None) -> LLMPlan:
    """Return the validated plan of a raw LLM reply (tool in catalog, arguments of its model)."""
    if not isinstance(raw, dict):
        return LLMPlan(None, None, "llm gave no plan")
    mode = raw.get("mode")
    if mode not in ("mcp_tools", "explain", "code", "fallback"):
        return LLMPlan(None, raw, f"llm mode not allowed: {str(mode)[:40]}")
    if mode != "mcp_tools":
        return LLMPlan(Plan(mode, reason="llm"), raw)
    mcp = raw.get("mcp")
    if not isinstance(mcp, dict) or not mcp.get("tool"):
        log.error("mcp mode missing tool specification", extra={"event": "llm_plan_error"})
        return LLMPlan(None, raw, "mcp mode missing tool specification")
    tool = mcp.get("tool")
    spec = CATALOG.get(str(tool))
    if spec is None:
        return LLMPlan(None, raw, f"llm named a tool outside the catalog: {str(tool)[:40]}")
    arguments = mcp.get("arguments") if isinstance(mcp.get("arguments"), dict) else {}
    known = {k: v for k, v in arguments.items() if k in spec.args.model_fields}
    return LLMPlan(Plan("mcp_tools", spec.name, known, "llm"), raw)


async def ask_llm(llm: LLMClient, query: str, tz: str, query_time: datetime) -> LLMPlan:
    """Return the LLM's validated plan for `query` (one chat call, JSON-schema constrained)."""
    messages = [
        {"role": "system", "content": _SYSTEM.format(catalog=_catalog_text())},
        {"role": "user", "content": json.dumps({"query": query, "tz": tz, "now": query_time.isoformat(),
                                                "today": query_time.date().isoformat()}, ensure_ascii=False)},
    ]
    raw = await llm.chat_json(messages, PLAN_SCHEMA)
    return validate_plan(raw)


def check_arguments(tool: str, arguments: dict[str, Any]) -> str | None:
    """Return None when `arguments` validate against the tool's model, else a short reason."""
    try:
        CATALOG[tool].args.model_validate(arguments)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ()))
        return f"{where}: {first.get('msg', 'invalid')}".strip(": ")
    return None
