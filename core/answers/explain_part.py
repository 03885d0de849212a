"""The explanation a data question asks for in a clause of its own: 「什麼是大潮？基隆明天潮汐」 gets the
tides and then what a spring tide is, "what is a spring tide and when is high tide at Keelung" the
same. A clause is one when it has a conceptual word and a topic the bot explains, and names no place
(a place makes it the data question's own: "why is the tide so low at Keelung today"). Separators and
topics are data (`core/data/question_parts.yaml`)."""
from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

from core.data import DATA_DIR, read_yaml
from core.reply import Reply
from core.understand.dates_moon import phase_day_span
from core.understand.signals import detect_signals, names_its_place

if TYPE_CHECKING:
    from core.asked import Asked
    from core.understand.slots import Slots
    from core.decide.llm import LLMClient


@functools.cache
def _table() -> tuple[re.Pattern[str], tuple[str, ...]]:
    raw = read_yaml(DATA_DIR / "question_parts.yaml")
    words = sorted(raw["separators"], key=len, reverse=True)
    return re.compile("|".join(re.escape(word) for word in words), re.IGNORECASE), tuple(raw["topics"])


def clauses(query: str) -> list[tuple[int, int]]:
    """Return the spans of the question's clauses, empty ones left out."""
    separators, _ = _table()
    spans, start = [], 0
    for cut in separators.finditer(query):
        spans.append((start, cut.start()))
        start = cut.end()
    spans.append((start, len(query)))
    return [(a, b) for a, b in spans if query[a:b].strip()]


def _clause_span(query: str, slots: "Slots") -> tuple[int, int] | None:
    """Return the span of the clause of a question with several that asks for an explanation, None when none does."""
    return _clause_span_of(query, _named(query, slots.masked_spans()))


def _named(query: str, masked: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    """Return the masked spans but a place named by a phrase that asks ("the fremantle doctor"):
    no mask over what the phrase asks."""
    return tuple(span for span in masked if not names_its_place(query[span[0]:span[1]]))


def _clause_span_of(query: str, named: tuple[tuple[int, int], ...]) -> tuple[int, int] | None:
    """Return `_clause_span` given the spans `named` (places and coordinates) that are no clause's words."""
    spans = clauses(query)
    if len(spans) < 2:
        return None
    _, topics = _table()
    for start, end in spans:
        if any(a < end and start < b for a, b in named):
            continue
        signals = detect_signals(query[start:end])
        if signals.conceptual and any(signals[group] for group in topics):
            return start, end
    return None


def explanation_clause(asked: "Asked") -> str | None:
    """Return the clause of a question with several that asks for an explanation, None when none does."""
    span = _clause_span(asked.query, asked.slots) if asked.slots is not None else None
    return asked.query[span[0]:span[1]].strip() if span else None


def data_spans(query: str, slots: "Slots") -> tuple[tuple[int, int], ...]:
    """Return the spans the data words are not read in: places and coordinates, and the clause asking
    for an explanation when the rest still asks for data (the 大潮 of 「基隆現在幾點？什麼是大潮」 asks
    no tides)."""
    return _data_spans_of(query, (*slots.masked_spans(), *phase_day_span(query, slots.date)), slots.has_location)


# A pure function of the text and the spans the slots take (never of the moment asked): a question
# asked again skips the clause scans.
@functools.lru_cache(maxsize=4096)
def _data_spans_of(query: str, masked: tuple[tuple[int, int], ...], located: bool) -> tuple[tuple[int, int], ...]:
    """Return `data_spans` of `query` whose slots take the spans `masked` and do (`located`) or do
    not locate an answer."""
    named = _named(query, masked)
    span = _clause_span_of(query, named) if located else None   # else no data answer to mask it for
    if span is None or not detect_signals(query, masked_spans=(*named, span)).data:
        return named
    return (*named, span)


async def explanation(asked: "Asked", llm: "LLMClient | None") -> Reply | None:
    """Return the explanation its own clause asks for (its text and citations; where the notes have
    none, the line saying so), None when none is asked."""
    clause = explanation_clause(asked)
    if clause is None:
        return None
    from core.answers.explain import explain_answer  # bm25s and the knowledge base: explanations only

    explained = await explain_answer(clause, asked.lang, llm)
    asked.debug["llm_calls"] = asked.debug.get("llm_calls", 0) + explained.llm_calls
    return explained.reply()   # off its notes, it says so in one line and names the nearest topics
