"""`router.answer`: one question in, one answer envelope out.

The pipeline, top to bottom: understand the question (language, zone, query time, slots,
keyword signals) → decide (heuristics first; only when they cannot, one LLM call, which the
heuristics still override) → run the chosen tool of the catalog, or answer in words
(explain, code, a fixed reply) → words in the user's language.
"""
from __future__ import annotations

import logging
import time
from typing import Any

from pydantic import BaseModel

from core.answers.codegen import is_code_request
from core.asked import Asked
from core.config import Settings, get_settings
from core.answers.which_place import which_place_text
from core.decide.ambiguity import ASK_REASON, asked_back_context, settle_place
from core.decide.llm import LLMClient
from core.decide.follow_up import UNCLEAR_REASON, context_of, follow_up_plan, unclear_plan, unclear_text
from core.decide.llm_plan import ask_llm
from core.decide.plan import Plan, heuristic_plan, infer_plan
from core.decide.typed import is_typed, typed_plan, typed_slots
from core.decide.vet import ASK_BACK_REASON, vet_or_ask_llm
from core.envelope import Answer, Question
from core.reply import Reply
from core.tools.backends import MetoceanBackend, make_backend
from core.tools.base import A, InvalidArguments, R, Tool, rounded_for_log
from core.tools.catalog import CATALOG
from core.tools.more_replies import more_days
from core.tools.cwa_copy import KeptCopies, official_copy
from core.tools.cwa_tides import CwaBackend
from core.understand.asker_clock import asker_clock
from core.understand.coords import has_out_of_range_point
from core.understand.language import reply_language
from core.understand.leftover import place_words
from core.understand.markup import strip_markup
from core.understand.refusal import MAX_QUERY_CHARS, refusal_of
from core.understand.signals import Signals
from core.understand.slots import Slots
from core.understand.understood import Understood, read_question
from core.understand.zone_words import their_clock, unglued_time_word, written_zone
from core.answers.declined import asked_unavailable, declined_line, signals_read
from core.answers.explain_part import data_spans
from core.answers.parts import with_parts
from core.answers.sea_state import with_sea_state
from core.words.ask_back import ask_back_text, assumed_lines
from core.words.failure import failure_text
from core.words.last_source import last_source_line, with_source
from core.words.strings import t
from metocean.errors import ToolFailure

log = logging.getLogger("odbchat.router")
NOTHING_READ = Slots(point=None, bbox=None, region=None, place=None, date=None, now=False)
_UNSET: Any = object()


def _ms(start: float) -> float:
    """Return the milliseconds since `start`, unrounded (rounded once, when the record is shown)."""
    return (time.perf_counter() - start) * 1000


class Router:
    """The shared core: understands, decides, calls and words. Build once, reuse for every question."""

    def __init__(self, settings: Settings | None = None, *, llm: LLMClient | None = _UNSET,
                 backends: dict[str, MetoceanBackend] | None = None, kept: KeptCopies | None = None) -> None:
        """`backends` (by name: upstream, local, auto) replaces the configured ones, e.g. an in-memory engine;
        `kept` is the shared store where CWA's tide forecast is kept (used only with a CWA key)."""
        self.settings = settings or get_settings()
        if llm is _UNSET:
            llm = LLMClient(self.settings.ollama_host, self.settings.odbchat_llm_model,
                            timeout=self.settings.odbchat_llm_timeout)
        self.llm: LLMClient | None = llm
        self._backends: dict[str, MetoceanBackend] = dict(backends or {})
        self.official = official_copy(self.settings, kept)
        self._official: dict[str, MetoceanBackend] = {}

    def _default_lang(self) -> str:
        """Return the language of a question with no script of its own ("121.7,25.1") and no
        choice: the configured one, "auto" counting as zh as in the adapters (chat_commands.pick_lang),
        so that the answer and any error the adapter adds are in one language."""
        return "en" if self.settings.odbchat_lang == "en" else "zh"

    def backend(self, name: str | None = None) -> MetoceanBackend:
        """Return the metocean backend `name` (default: configured), created on first use."""
        key = name or self.settings.odbchat_backend
        if key not in self._backends:
            self._backends[key] = make_backend(key, self.settings)
        if self.official is not None and key not in self._official:   # tides near CWA's points: its forecast
            self._official[key] = CwaBackend(self._backends[key], self.official)
        return self._official.get(key) or self._backends[key]

    def _llm_for(self, asked: Asked) -> LLMClient | None:
        """Return the LLM as this question may use it: every call (plan, explanation, code) ends
        within one budget of `odbchat_llm_timeout` seconds (or the client's own, if shorter)
        from the question's arrival."""
        if self.llm is None:
            return None
        return self.llm.within(asked.started + min(self.settings.odbchat_llm_timeout, self.llm.timeout))

    async def aclose(self) -> None:
        """Close every backend session this router opened."""
        if self.official is not None:
            await self.official.aclose()
        for backend in self._backends.values():
            await backend.aclose()
        self._backends.clear()
        self._official.clear()

    # -- the public entry points ------------------------------------------------------------

    async def answer(self, question: Question) -> Answer:
        """Return the answer envelope for one question; never raises for anything the user sent."""
        try:
            return await self._answer(question)
        except Exception:  # the last line of defence: a polite reply, the details in the log only
            log.exception("router failed", extra={"event": "router_error"})
            lang = reply_language(question.query, question.lang, default=self._default_lang())
            reply = Reply.plain(t(lang, "internal_error"))
            return Answer(mode="fallback", text=reply.text(), lang=lang, reply=reply)

    async def run_tool(self, name: str, arguments: dict[str, Any], *, backend: str | None = None) -> BaseModel:
        """Return the result (the tool's model) of one catalog tool call named and given as JSON (the
        MCP server's edge); raises ToolFailure (INVALID_ARGUMENT for unknown tools and arguments that
        do not fit its model)."""
        tool = CATALOG.get(name)
        if tool is None:
            raise ToolFailure("INVALID_ARGUMENT", f"unknown tool: {name[:60]}")
        try:
            args = tool.arguments(arguments)
        except InvalidArguments as exc:
            raise ToolFailure("INVALID_ARGUMENT", exc.reason) from None
        result: BaseModel = await self.run(tool, args, backend=backend)
        return result

    async def run(self, tool: Tool[A, R], arguments: A, *, backend: str | None = None) -> R:
        """Return the result model of one call of `tool` with its argument model (raises ToolFailure)."""
        return (await tool.execute(self, arguments, backend, None)).result

    # -- the pipeline -----------------------------------------------------------------------

    async def _answer(self, question: Question) -> Answer:
        asked = self._understand(question)
        refusal = self._refusal(asked)
        if refusal is not None:
            return self._finish(_said("fallback", Reply.plain(refusal), asked.lang), asked)
        raw_plan = await self._decide(asked)
        plan = asked.plan
        assert plan is not None
        asked.notes.extend(assumed_lines(asked))
        if plan.mode == "mcp_tools" and plan.tool:
            answer = await self._call_tool(asked)
        else:
            answer = await self._answer_in_words(asked)
        if raw_plan is not None:
            answer.plan = raw_plan
        for note in reversed(asked.notes):   # a bad zone: said before anything else
            answer.reply = _reply(answer).lead(note)
        return self._finish(answer, asked)

    def _understand(self, question: Question) -> Asked:
        """Return the question's record: reply language, zone, query time, then slots and signals."""
        query = unglued_time_word(strip_markup((question.query or "").strip()))
        lang = reply_language(query, question.lang, default=self._default_lang())
        default_tz = self.settings.odbchat_default_tz
        clock = asker_clock(question, default_tz)
        notes = [t(lang, "bad_tz", tz=(question.tz or "")[:40], default=default_tz)] if clock.unreadable else []
        tz_text, query_time = clock.tz, clock.now
        asked = Asked(question=question, query=query, lang=lang, tz=tz_text, query_time=query_time, notes=notes,
                      refused=refusal_of(query))
        if asked.refused is None:
            start = time.perf_counter()
            # A shared pin is a typed point (decide/typed.py puts it in): its text is not read back.
            pinned = question.point is not None and question.tool is not None
            if pinned:
                asked.understood = Understood(NOTHING_READ)
            else:   # as read: see understood.py
                asked.query, asked.understood = read_question(query, query_time, tz_text)
            query, asked.slots = asked.query, asked.understood.slots
            masked = data_spans(query, asked.slots)
            asked.signals, on = signals_read(query, masked)
            asked.debug["heuristics"] = list(on)
            asked.debug["t_classify_ms"] = _ms(start)
        return asked

    @staticmethod
    def _refusal(asked: Asked) -> str | None:
        """Return a polite reply for an empty (nothing left once markup is taken out) or over-long
        question (core.understand.refusal), or None when it can be answered."""
        if asked.refused is None:
            return None
        return t(asked.lang, "bad_input") if asked.refused == "empty" else \
            t(asked.lang, "too_long", limit=MAX_QUERY_CHARS)

    async def _decide(self, asked: Asked) -> dict[str, Any] | None:
        """Set `asked.plan`; return the LLM's raw plan when it was asked (for the envelope)."""
        start = time.perf_counter()
        slots, signals, question = asked.slots, asked.signals, asked.question
        assert slots is not None and signals is not None
        raw_plan = None
        decided_by: str | None
        if is_typed(question):
            typed = typed_slots(question, slots)
            if typed is None:
                asked.plan, decided_by = Plan("fallback", reason="unknown_place", static="unknown_place"), "typed"
                return self._decided(asked, decided_by, start)
            asked.slots = slots = typed
        plan = typed_plan(question, slots)
        decided_by = "typed" if plan else None
        if plan is None and not (slots.point or slots.bbox) and has_out_of_range_point(asked.query):
            plan, decided_by = Plan("fallback", reason="coordinates_out_of_range", static="coords_out_of_range"), "rule"
        if plan is None:
            plan = heuristic_plan(signals, slots, code_request=is_code_request(asked.query), tz=asked.tz)
            decided_by = "heuristics" if plan else None
            follow = follow_up_plan(asked, plan) or unclear_plan(asked, plan)
            if follow is not None:
                assert asked.slots is not None   # a follow-up keeps (or inherits) the question's slots
                plan, decided_by, slots = follow, "follow_up", asked.slots
        llm = self._llm_for(asked)
        if plan is None and llm is not None and llm.has_time():
            asked.debug["llm_calls"] += 1
            llm_result = await ask_llm(llm, asked.query, asked.tz, asked.query_time)
            raw_plan = llm_result.raw
            if llm_result.error:
                asked.debug["llm_error"] = llm_result.error
            if llm_result.plan is not None:
                plan, decided_by = self._override(llm_result.plan, signals, slots), "llm"
        if plan is None or (plan.mode == "mcp_tools" and not self._has_location(plan)):
            inferred = infer_plan(signals, slots)
            if inferred is not None:
                plan, decided_by = inferred, "inference"
            elif plan is None:
                plan, decided_by = Plan("explain", reason="default_explain"), "default"
            else:
                plan, decided_by = Plan("fallback", tool=plan.tool, reason="no_location", static="need_location",
                                        variant=plan.variant), "inference"
        if decided_by != "follow_up":   # an inherited place was settled when it was first asked
            plan = await vet_or_ask_llm(plan, asked, llm)
            settled = asked.slots if asked.slots is not None else slots   # the vet may have re-read them
            zone = written_zone(asked.query, settled.place.span if settled.place else None)   # 美國東岸: New York's clock
            plan, asked.slots = settle_place(plan, settled, asked.tz, zone, their_clock(asked.query), asked.query)
        asked.plan = plan
        self._decided(asked, decided_by, start)
        return raw_plan

    @staticmethod
    def _decided(asked: Asked, decided_by: str | None, start: float) -> None:
        asked.debug["t_classify_ms"] += _ms(start)
        asked.debug["decided_by"] = decided_by
        asked.debug["reason"] = asked.plan.reason if asked.plan else None
        asked.debug.update(variant=asked.plan.variant if asked.plan else None, days=asked.days())

    @staticmethod
    def _has_location(plan: Plan) -> bool:
        tool = CATALOG.get(plan.tool or "")
        return (tool is not None and not tool.needs_location) or plan.arguments.located

    @staticmethod
    def _override(plan: Plan, signals: Signals, slots: Slots) -> Plan:
        """Deterministic parses beat the LLM's: slots replace its location, tide words its tool."""
        inferred = infer_plan(signals, slots)
        if plan.mode != "mcp_tools" or not plan.tool:
            # A point or box plus a sea/weather word is a data request whatever the LLM says.
            if inferred is not None and (slots.point or slots.bbox) and inferred.reason != "inferred_location":
                return inferred
            return plan
        if inferred is not None and inferred.tool == plan.tool:
            merged = plan.arguments.model_copy(update=inferred.arguments.model_dump(exclude_unset=True))
            return Plan("mcp_tools", plan.tool, merged, "llm+slots")
        return plan

    async def _call_tool(self, asked: Asked) -> Answer:
        """Normalize, validate, run and word the plan's tool; a failure is explained, never raised."""
        assert asked.plan is not None and asked.plan.tool
        tool = CATALOG[asked.plan.tool]
        answer = Answer(mode="mcp_tools", text="", lang=asked.lang, tool=tool.name)
        try:
            requested = tool.call_arguments(asked.plan.arguments, asked)
        except InvalidArguments as invalid:
            answer.error = f"INVALID_ARGUMENT: {invalid.reason}"
            answer.reply = Reply.plain(failure_text(asked, tool, None, "INVALID_ARGUMENT", invalid.reason))
            return answer
        answer.arguments = tool.dump_arguments(requested)   # the envelope's copy, written at the edge
        if asked.question.dry_run:
            answer.reply = Reply.plain(f"[dry-run] {tool.name} {answer.arguments}")
            return answer
        start = time.perf_counter()
        try:
            run = await tool.execute(self, requested, asked.question.backend, asked.query_time)
        except ToolFailure as exc:
            asked.debug["t_mcp_ms"] = _ms(start)
            answer.error = f"{exc.code}: {exc.message}"
            answer.result = {}
            # The other parts asked are still answered (「基隆海溫和天氣」: the weather after the SST's failure).
            answer.reply = await with_parts(self, asked, None, Reply.plain(failure_text(asked, tool, requested, exc.code, exc.message)),
                                            self._llm_for(asked))
            log.warning("tool failed", extra={"event": "tool_error", "tool": tool.name,
                                              "arguments": rounded_for_log(answer.arguments), "error": answer.error[:200]})
            return answer
        asked.debug["t_mcp_ms"] = _ms(start)
        answer.value, answer.result = run.result, tool.dump(run.result)   # the model, and as the envelope writes it
        if run.arguments is not None:               # the call changed its arguments (a GHRSST day: nearest)
            answer.arguments = tool.dump_arguments(run.arguments)
        answer.backend = run.backend  # type: ignore[assignment]
        served, wanted = getattr(run.result, "date", None), tool.day_of(requested)
        if served and wanted and served != wanted:  # another day than asked was served (GHRSST's nearest)
            answer.resolved_date = str(served)
        reply = tool.render(run.result, requested, asked)
        answer.image = reply.image                  # a chart: the picture travels beside the envelope
        if tool.per_day and asked.days() > 1:
            reply = await more_days(self, tool, requested, asked, reply)
        note = asked.day_note(tool.day_of(requested))
        if note:  # a day word not understood: say first which day this answer is for
            reply = reply.lead(note)
        answer.context = with_source(context_of(asked, tool.name, tool.day_of(requested)), run.result, run.backend)
        if run.fell_back:
            reply.notes.append(t(asked.lang, "local_note"))
        reply = await with_sea_state(self, asked, run.result, requested, reply)  # waves asked too
        reply = await with_parts(self, asked, run.result, reply, self._llm_for(asked))   # the other parts asked too
        answer.reply = tool.framed(reply, asked.lang, run.backend)
        answer.citations = list(answer.reply.citations)   # an explanation asked beside the data
        return answer

    async def _answer_in_words(self, asked: Asked) -> Answer:
        """Return a fixed reply, an explanation with citations, or code, as the plan says."""
        plan, lang = asked.plan, asked.lang
        assert plan is not None
        lacks = plan.reason == "no_such_data" or (plan.reason == "off_topic" and asked.signals is not None
                                                  and asked.signals.no_such_data)
        named = asked_unavailable(asked.query) if lacks else []
        if named:   # the data asked for, named, and where to look (a ferry's timetable, salinity …)
            return _said(plan.mode, Reply.plain(declined_line(named, lang)), lang)
        if plan.static:
            answer = _said(plan.mode, Reply.plain(t(lang, plan.static)), lang)
            answer.context = asked_back_context(asked) if plan.asks_where else None   # a reply naming a place answers it
            return answer
        if plan.reason == ASK_BACK_REASON:
            return _said("fallback", Reply.plain(ask_back_text(asked)), lang)
        if plan.reason == UNCLEAR_REASON:
            return _said("fallback", Reply.plain(unclear_text(asked)), lang)
        if plan.reason == ASK_REASON and asked.slots is not None and asked.slots.place is not None:
            place = asked.slots.place
            answer = _said("fallback", Reply.plain(which_place_text(place, lang, asked.query[slice(*place.span)])), lang)
            answer.context = asked_back_context(asked)   # a reply naming one answers the question asked
            return answer
        if asked.question.dry_run:
            return _said(plan.mode, Reply.plain(f"[dry-run] {plan.mode}"), lang)
        if plan.mode == "code":
            from core.answers.code import code_for  # loaded by the first code question

            code = await code_for(asked, self._llm_for(asked))
            asked.debug["llm_calls"] += code.llm_calls
            answer = _said("code", code.reply(), lang)
            answer.code = code.code or None   # no program (no data for what was asked): no code part
            return answer
        from core.answers.explain import explain_answer  # bm25s and the knowledge base: explanations only

        lead = last_source_line(asked)  # "where is this from?" right after a tide answer: its station, then tides'
        query = asked.query + (t(lang, "last_source.topic") if lead else "")
        explained = await explain_answer(query, lang, self._llm_for(asked),
                                         place_words(asked.query, asked.slots) if asked.slots else ())
        asked.debug["llm_calls"] += explained.llm_calls
        reply = explained.reply().lead(lead) if lead else explained.reply()
        answer = _said("explain" if plan.mode != "fallback" else "fallback", reply, lang)
        answer.citations = list(reply.citations)
        return answer

    def _finish(self, answer: Answer, asked: Asked) -> Answer:
        reply = answer.reply = _reply(answer)
        answer.text = reply.text()
        debug = asked.debug
        logged = log.isEnabledFor(logging.INFO)
        if not (asked.question.debug or logged):
            return answer   # the record is neither shown nor logged: no timings to round
        debug.update({key: round(debug[key], 2) for key in ("t_classify_ms", "t_mcp_ms")}, t_total_ms=round(_ms(asked.started), 2))
        if asked.question.debug:
            answer.debug = debug
        if not logged:
            return answer
        log.info("answered", extra={
            "event": "router_answer", "mode": answer.mode, "tool": answer.tool,
            "arguments": rounded_for_log(answer.arguments or {}), "error": answer.error, "backend": answer.backend,
            "t_classify_ms": debug["t_classify_ms"], "t_mcp_ms": debug["t_mcp_ms"], "t_total_ms": debug["t_total_ms"],
            "llm_calls": debug["llm_calls"], "heuristics": debug.get("heuristics"),
            "state_now": ((answer.result or {}).get("tide") or {}).get("state_now"),
        })
        return answer


def _said(mode: str, reply: Reply, lang: str) -> Answer:
    """Return an answer envelope of `mode` in `lang` holding `reply` (its text set when finished)."""
    return Answer(mode=mode, text=reply.text(), lang=lang, reply=reply)  # type: ignore[arg-type]


def _reply(answer: Answer) -> Reply:
    """Return the answer's parts (every path sets them; an envelope built elsewhere has its text only)."""
    return answer.reply if answer.reply is not None else Reply.plain(answer.text)
