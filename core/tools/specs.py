"""The machine-readable contract the code implements, as written to `specs/`.

`tool_schemas()` and `router_contract()` are generated from the same pydantic models the
core validates with; `scripts/export_specs.py` writes them and a test keeps them current.
"""
from __future__ import annotations

from typing import Any

from core.envelope import Answer, Question
from core.tools.catalog import CATALOG


def tool_schemas() -> dict[str, Any]:
    """Return every catalog tool with its input schema (and result schema where one is modelled)."""
    tools = []
    for spec in CATALOG.values():
        entry: dict[str, Any] = {"name": spec.name, "backend": spec.backend, "description": spec.description,
                                 "inputSchema": spec.args.model_json_schema()}
        if spec.output_schema:
            entry["outputSchema"] = spec.result.model_json_schema()
        tools.append(entry)
    return {"version": "0.3.7+odbchat.0.4", "tools": tools}


def router_contract() -> dict[str, Any]:
    """Return the router's input, output and LLM-plan schemas."""
    from core.decide.llm_plan import PLAN_SCHEMA

    return {"tool": "router.answer", "input": Question.model_json_schema(), "output": Answer.model_json_schema(),
            "llm_plan": PLAN_SCHEMA, "modes": ["mcp_tools", "explain", "code", "fallback"]}
