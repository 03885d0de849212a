"""`router.answer`: one question in, one answer envelope out (seed 001 §3).

Heuristics decide first; only when they cannot, one LLM call proposes a plan, which the
heuristics still override. The chosen tool runs on the configured backend and the result
is rendered in the user's language.
"""
from __future__ import annotations

import logging
import time
from datetime import datetime
from typing import Any

from core.tools import run as tools
from core.tools.backends import MetoceanBackend, make_backend
from core.tools.catalog import CATALOG
from core.config import Settings, get_settings
from core.decide.plan import Plan, heuristic_plan, infer_plan
from core.envelope import Answer, Citation, Question
from metocean.errors import ToolFailure
from core.words.strings import t
from core.understand.signals import Signals, detect_signals, is_cjk
from core.decide.llm import LLMClient
from core.decide.llm_plan import ask_llm, check_arguments
from core.words.render import render_result
from core.understand.slots import Slots, extract_slots
from metocean.timezones import parse_query_time, parse_tz

log = logging.getLogger("odbchat.router")
MAX_QUERY_CHARS = 1000
_UNSET: Any = object()


def _ms(start: float) -> float:
    return round((time.perf_counter() - start) * 1000, 2)


def _rounded(arguments: dict[str, Any]) -> dict[str, Any]:
    """Arguments for logs: coordinates to 2 decimals (seed 001 §7), nothing else."""
    out = {}
    for key, value in arguments.items():
        if key in ("longitude", "latitude") and isinstance(value, float):
            out[key] = round(value, 2)
        elif key == "bbox" and isinstance(value, list):
            out[key] = [round(float(v), 2) for v in value]
        else:
            out[key] = value
    return out


class Router:
    """The shared core: decides, fills, calls and renders. Build once, reuse for every question."""

    def __init__(self, settings: Settings | None = None, *, llm: LLMClient | None = _UNSET) -> None:
        self.settings = settings or get_settings()
        if llm is _UNSET:
            llm = LLMClient(self.settings.ollama_host, self.settings.odbchat_llm_model,
                            timeout=self.settings.odbchat_llm_timeout)
        self.llm: LLMClient | None = llm
        self._backends: dict[str, MetoceanBackend] = {}

    def backend(self, name: str | None = None) -> MetoceanBackend:
        """Return the metocean backend `name` (default: configured), created on first use."""
        key = name or self.settings.odbchat_backend
        if key not in self._backends:
            self._backends[key] = make_backend(key, self.settings)
        return self._backends[key]

    async def aclose(self) -> None:
        """Close every backend session this router opened."""
        for backend in self._backends.values():
            await backend.aclose()
        self._backends.clear()

    # -- the public entry point -------------------------------------------------------------

    async def answer(self, question: Question) -> Answer:
        """Return the answer envelope for one question; never raises for anything the user sent."""
        try:
            return await self._answer(question)
        except Exception:  # the last line of defence: a polite reply, the details in the log only
            log.exception("router failed", extra={"event": "router_error"})
            lang = question.lang if question.lang in ("zh", "en") else ("zh" if is_cjk(question.query or "") else "en")
            return Answer(mode="fallback", text=t(lang, "internal_error"), lang=lang)

    async def _answer(self, question: Question) -> Answer:
        started = time.perf_counter()
        query = (question.query or "").strip()
        lang = question.lang if question.lang in ("zh", "en") else ("zh" if is_cjk(query) else "en")
        debug: dict[str, Any] = {"t_classify_ms": 0.0, "t_mcp_ms": 0.0, "llm_calls": 0, "heuristics": []}
        notes: list[str] = []
        tz_text = question.tz or self.settings.odbchat_default_tz
        try:
            tzinfo, _ = parse_tz(tz_text)
        except ValueError:
            notes.append(t(lang, "bad_tz", tz=tz_text[:40], default=self.settings.odbchat_default_tz))
            tz_text = self.settings.odbchat_default_tz
            tzinfo, _ = parse_tz(tz_text)
        try:
            query_time = parse_query_time(question.query_time, tzinfo)
        except (ValueError, TypeError):
            query_time = datetime.now(tzinfo)

        if not query:
            return self._finish(Answer(mode="fallback", text=t(lang, "bad_input"), lang=lang), question, debug, started)
        if len(query) > MAX_QUERY_CHARS:
            text = t(lang, "too_long", limit=MAX_QUERY_CHARS)
            return self._finish(Answer(mode="fallback", text=text, lang=lang), question, debug, started)

        classify_start = time.perf_counter()
        slots = extract_slots(query, query_time)
        signals = detect_signals(query, masked_spans=slots.masked_spans())
        debug["heuristics"] = [name for name, on in vars(signals).items() if on]
        plan = heuristic_plan(signals, slots, code_request=tools.is_code_request(query))
        decided_by = "heuristics" if plan else None
        raw_plan = None
        if plan is None and self.llm is not None:
            debug["llm_calls"] += 1
            llm_result = await ask_llm(self.llm, query, tz_text, query_time)
            raw_plan = llm_result.raw
            if llm_result.error:
                debug["llm_error"] = llm_result.error
            if llm_result.plan is not None:
                plan, decided_by = self._override(llm_result.plan, signals, slots), "llm"
        if plan is None or (plan.mode == "mcp_tools" and not self._has_location(plan)):
            inferred = infer_plan(signals, slots)
            if inferred is not None:
                plan, decided_by = inferred, "inference"
            elif plan is None:
                plan, decided_by = Plan("explain", reason="default_explain"), "default"
            else:
                plan, decided_by = Plan("fallback", reason="no_location", static="need_location"), "inference"
        debug["t_classify_ms"] = _ms(classify_start)
        debug["decided_by"] = decided_by
        debug["reason"] = plan.reason

        if plan.mode == "mcp_tools" and plan.tool:
            answer = await self._run_plan(plan, question, slots, signals, lang, tz_text, query_time, debug)
        else:
            answer = await self._answer_text_mode(plan, question, query, slots, lang, query_time, debug)
        if raw_plan is not None:
            answer.plan = raw_plan
        if notes:
            answer.text = "\n".join(notes + [answer.text])
        return self._finish(answer, question, debug, started)

    async def run_tool(self, name: str, arguments: dict[str, Any], *, backend: str | None = None) -> dict[str, Any]:
        """Return the raw result of one catalog tool call; raises ToolFailure (INVALID_ARGUMENT for unknown tools)."""
        if name not in CATALOG:
            raise ToolFailure("INVALID_ARGUMENT", f"unknown tool: {name[:60]}")
        reason = check_arguments(name, arguments)
        if reason:
            raise ToolFailure("INVALID_ARGUMENT", reason)
        result, _, _ = await tools.execute(self, name, arguments, backend)
        return result

    # -- steps ------------------------------------------------------------------------------

    @staticmethod
    def _has_location(plan: Plan) -> bool:
        args = plan.arguments
        return plan.tool == "time.now" or "bbox" in args or "station_id" in args or (
            "longitude" in args and "latitude" in args)

    @staticmethod
    def _override(plan: Plan, signals: Signals, slots: Slots) -> Plan:
        """Deterministic parses beat the LLM's: slots replace its location, tide words its tool."""
        inferred = infer_plan(signals, slots)
        if plan.mode != "mcp_tools" or not plan.tool:
            # A point or box plus a sea/weather word is a data request whatever the LLM says (seed 001 §3.3).
            if inferred is not None and (slots.point or slots.bbox) and inferred.reason != "inferred_location":
                return inferred
            return plan
        if inferred is not None and inferred.tool == plan.tool:
            merged = dict(plan.arguments)
            merged.update(inferred.arguments)
            return Plan("mcp_tools", plan.tool, merged, "llm+slots", wants_tide=signals.tide or not signals.astro)
        plan.wants_tide = signals.tide or not signals.astro
        return plan

    async def _run_plan(self, plan: Plan, question: Question, slots: Slots, signals: Signals, lang: str,
                        tz_text: str, query_time: datetime, debug: dict[str, Any]) -> Answer:
        tool = plan.tool or ""
        arguments = tools.normalize_arguments(tool, plan.arguments, slots, tz_text, query_time)
        answer = Answer(mode="mcp_tools", text="", lang=lang, tool=tool, arguments=arguments)
        reason = check_arguments(tool, arguments)
        if reason:
            answer.error = f"INVALID_ARGUMENT: {reason}"
            answer.text = t(lang, "error", reason=f"{t(lang, 'invalid_reason.INVALID_ARGUMENT')}（{reason}）"
                            if lang == "zh" else f"{t(lang, 'invalid_reason.INVALID_ARGUMENT')} ({reason})")
            return answer
        if question.dry_run:
            answer.text = f"[dry-run] {tool} {arguments}"
            return answer
        call_start = time.perf_counter()
        try:
            result, backend, fell_back = await tools.execute(self, tool, arguments, question.backend,
                                                             query_time=query_time)
        except ToolFailure as exc:
            debug["t_mcp_ms"] = _ms(call_start)
            answer.error = f"{exc.code}: {exc.message}"
            answer.result = {}
            answer.text = t(lang, "error", reason=f"{t(lang, f'invalid_reason.{exc.code}')}"
                            + (f"（{exc.message[:160]}）" if lang == "zh" else f" ({exc.message[:160]})"))
            log.warning("tool failed", extra={"event": "tool_error", "tool": tool, "arguments": _rounded(arguments),
                                              "error": answer.error[:200]})
            return answer
        debug["t_mcp_ms"] = _ms(call_start)
        answer.result = result
        answer.backend = backend  # type: ignore[assignment]
        requested = arguments.get("date")
        if tool.startswith("ghrsst.") and result.get("date") and requested and result["date"] != requested:
            answer.resolved_date = str(result["date"])
        answer.text = render_result(tool, result, plan=plan, slots=slots, signals=signals, lang=lang,
                                    query_time=query_time, requested_date=requested, query=question.query)
        if fell_back:
            answer.text = f"{answer.text}\n{t(lang, 'local_note')}"
        return answer

    async def _answer_text_mode(self, plan: Plan, question: Question, query: str, slots: Slots, lang: str,
                                query_time: datetime, debug: dict[str, Any]) -> Answer:
        if plan.static:
            return Answer(mode=plan.mode, text=t(lang, plan.static), lang=lang)
        if question.dry_run:
            return Answer(mode=plan.mode, text=f"[dry-run] {plan.mode}", lang=lang)
        if plan.mode == "code":
            result = await tools.code(query, lang, slots, query_time, self.llm)
            debug["llm_calls"] += result.llm_calls
            return Answer(mode="code", text=result.text, code=result.code, lang=lang)
        result = await tools.explain(query, lang, self.llm)
        debug["llm_calls"] += result.llm_calls
        citations = [Citation(**c) for c in result.citations]
        return Answer(mode="explain" if plan.mode != "fallback" else "fallback", text=result.text, lang=lang,
                      citations=citations)

    def _finish(self, answer: Answer, question: Question, debug: dict[str, Any], started: float) -> Answer:
        debug["t_total_ms"] = _ms(started)
        if question.debug:
            answer.debug = debug
        if not log.isEnabledFor(logging.INFO):
            return answer
        log.info("answered", extra={
            "event": "router_answer", "mode": answer.mode, "tool": answer.tool,
            "arguments": _rounded(answer.arguments or {}), "error": answer.error, "backend": answer.backend,
            "t_classify_ms": debug["t_classify_ms"], "t_mcp_ms": debug["t_mcp_ms"], "t_total_ms": debug["t_total_ms"],
            "llm_calls": debug["llm_calls"], "heuristics": debug.get("heuristics"),
            "state_now": ((answer.result or {}).get("tide") or {}).get("state_now"),
        })
        return answer


_default: Router | None = None


async def answer(question: Question) -> Answer:
    """Return the envelope for `question` using a process-wide Router built from the settings."""
    global _default
    if _default is None:
        _default = Router()
    return await _default.answer(question)
