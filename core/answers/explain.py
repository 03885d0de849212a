"""The explain answers: questions about concepts, data sources and how to use the bot.

With an LLM the answer is one generation grounded on the best knowledge passages; without
one (absent, down, slow, empty reply) the best passages themselves, trimmed to a reply,
are the answer. Either way the passages used come back as citations. Questions the
knowledge base does not cover get a short "what I can do" reply and no LLM call.
"""
from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from core.answers.asked_topics import asked_subjects, named_ideas, neighbour_ideas
from core.answers.vague import names_nothing
from core.decide.llm import LLMClient
from core.decide.llm_output import clean_text, find_urls
from core.words.strings import t
from core.answers.retrieval import (KNOWLEDGE_DIR, Passage, coverage, covered, in_notes, knowledge_base,
                                    named_in_heading, search, writes)
from core.reply import Citation, Reply
from core.data import read_yaml

log = logging.getLogger("odbchat.explain")

# Off-topic cut on `coverage` of the best passage (a CJK bigram counting for its characters).
# On the labelled sets (core/answers/knowledge/eval_questions.yaml) on-topic questions score
# >= 0.42 and off-topic ones <= 0.36; 0.40 sits in the gap.
OFF_TOPIC_COVERAGE = 0.40
# A passage whose heading and aliases name none of the question's topic words fits only when it covers
# this much of the question: "the best bait for squid" is not answered by a passage on fishing tides.
UNNAMED_COVERAGE = 0.5
# Topics offered when no passage fits, and the share of the question's topic words one must hold to be
# offered ("股市" is near nothing: the reply then says what the bot can answer instead).
NEAREST_TOPICS = 3
NEAREST_COVERAGE = 0.25
# Passages handed to the LLM / used for the fallback reply.
TOP_K = 3
# A passage far below the best one is noise for this question; leave it out.
RELATIVE_SCORE_FLOOR = 0.35
# Length of the no-LLM reply, in characters (a chat-sized answer).
FALLBACK_CHARS = 600
# Longest LLM explanation shown, in characters: a grounded answer runs 200-800; anything far
# longer is a runaway model, cut at a sentence end to what fits one chat message.
MAX_LLM_CHARS = 2000

_CJK_RE = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_MARKER_RE = re.compile(r"\s?\[(\d{1,2})\]")
# Sentence ends: Chinese full stops (no space follows) and Latin ones (space or end follows). A
# semicolon is no end: a reply cut there reads as a fragment ("…潮差最大；").
_SENTENCE_END_RE = re.compile(r"[。！？]|[.!?](?=\s|$)")


@dataclass
class ExplainResult:
    """An explain answer: reply text, citations ({title, source, chunk_id}) and how it was made."""

    text: str
    citations: list[dict[str, Any]] = field(default_factory=list)
    llm_calls: int = 0
    grounded: bool = False
    off_topic: bool = False

    def reply(self) -> Reply:
        """Return the answer's parts: its paragraphs as text, the passages it stands on as citations."""
        return Reply.plain(self.text, citations=[Citation(**c) for c in self.citations])


@lru_cache(maxsize=1)
def _texts() -> dict[str, dict[str, str]]:
    return read_yaml(KNOWLEDGE_DIR / "explain_texts.yaml")


def _lang(lang: str, query: str) -> str:
    if lang in ("zh", "en"):
        return lang
    return "zh" if _CJK_RE.search(query) else "en"


def sea_state_reply(lang: str) -> str:
    """Return the static reply for wave / sea-state questions (T7): only SST and tides are offered."""
    return _texts()["sea_state"]["zh" if lang == "zh" else "en"]


def off_topic_reply(lang: str, nearest: tuple[str, ...] = ()) -> str:
    """Return the short "I have no passage on that" reply for a question no passage fits: with the
    nearest topics (their names) when some come close, else what the bot can answer, with examples."""
    lang = "zh" if lang == "zh" else "en"
    if not nearest:
        return t(lang, "understand.unsure")
    return t(lang, "explain.no_passage", topics=t(lang, "explain.topic_joiner").join(nearest))


def nearest_topics(query: str, lang: str, k: int = NEAREST_TOPICS,
                   allowed: Callable[[Passage], bool] = lambda _passage: True) -> tuple[str, ...]:
    """Return the names of up to `k` topics in `lang` sharing a topic word and a subject with `query`,
    nearest first (a tide question is not offered MUR's SST)."""
    names: list[str] = []
    seen: set[str] = set()
    for passage, _score in ([] if names_nothing(query) else search(query, k=24, lang=lang)):
        if passage.lang != lang or passage.topic in seen or coverage(query, passage) < NEAREST_COVERAGE \
                or not same_subject(query, passage) or not allowed(passage):
            continue
        seen.add(passage.topic)
        names.append(passage.document)
        if len(names) == k:
            break
    return tuple(names)


@lru_cache(maxsize=1)
def own_sources() -> tuple[str, ...]:
    """Return the links the bot may show: every knowledge document's source and every link its
    passages give (the services and data sets it cites)."""
    links = {p.source for p in knowledge_base()}
    for passage in knowledge_base():
        links.update(find_urls(passage.text))
    return tuple(sorted(link for link in links if link))


def citation(passage: Passage) -> dict[str, Any]:
    """Return the envelope citation of `passage`: {"title", "source", "chunk_id"}."""
    return {"title": passage.title, "source": passage.source, "chunk_id": passage.chunk_id}


def same_subject(query: str, passage: Passage) -> bool:
    """Return True when `passage` may answer `query` by subject: it is about the bot (no subjects), the
    question names none, or they share one."""
    asked = asked_subjects(query)
    if not passage.subjects or not asked:
        return True
    # the weather beside another subject is the condition ("does the moon affect the weather"): a passage on the
    # weather alone, lacking that other subject, answers another question (ENSO's weather is not the Moon's)
    other = asked - CONDITION_SUBJECTS
    if other and other != asked and not other & passage.subjects:
        return False
    return bool(asked & passage.subjects)


def on_the_idea(query: str, passage: Passage) -> bool:
    """Return True when `passage` writes one of the named ideas `query` asks about, or it names none: a
    passage on typhoon warnings is no answer to 「台灣現在有海嘯警報嗎」 for sharing 警報 and 台灣."""
    ideas = named_ideas(query)
    return not ideas or any(writes(passage, idea, idea in neighbour_ideas()) for idea in ideas)


def fits(query: str, passage: Passage) -> bool:
    """Return True when `passage` answers `query`: it is on a subject the question names, writes the named
    idea it asks about, covers enough of the question, and more when its heading names none of the
    question's topic words."""
    share = coverage(query, passage)
    return (share >= OFF_TOPIC_COVERAGE and same_subject(query, passage) and on_the_idea(query, passage)
            and (share >= UNNAMED_COVERAGE or named_in_heading(query, passage)))


def select_passages(query: str, lang: str, k: int = TOP_K,
                    allowed: Callable[[Passage], bool] = lambda _passage: True) -> tuple[list[Passage], bool]:
    """Return (passages to answer from, best first, user's language first; off_topic flag); only passages
    `allowed` (on the places the question names) are looked at."""
    hits = [(p, score) for p, score in search(query, k=max(2 * k, 6) + 6, lang=lang) if allowed(p)][:max(2 * k, 6)]
    # The best-ranked passage that fits leads; those ranked above it answer another question.
    lead = next((i for i, (p, _) in enumerate(hits) if fits(query, p)), None)
    if lead is None or names_nothing(query):   # "explain it in more detail": nothing named to explain
        return [], True
    lead = _on_every_subject(query, hits, lead)
    hits = hits[lead:]
    best = hits[0][1]
    kept = [p for p, score in hits if score >= RELATIVE_SCORE_FLOOR * best]
    # The user's language first; the other language only to fill up (every topic has both,
    # so this rarely happens, but a reply in the other language beats no reply).
    ordered = [p for p in kept if p.lang == lang] + [p for p in kept if p.lang != lang]
    return _introduction_first(query, ordered, dict((p.chunk_id, s) for p, s in hits))[:k], False


# Two sections of one document scoring this close answer the question about equally well.
NEAR_TIE = 0.9
# A passage on every subject the question names leads one on only some of them when it scores this
# close: 「東北季風吹的時候潮位會比預報高還是低」 asks the tide (潮位) in the wind, which the passage on
# storm surge and wind set-up answers, not the one on the monsoon's weather.
SUBJECTS_TIE = 0.75
# The weather is often only the condition a question sets (in the monsoon, 預報 in 「潮汐預報怎麼算」), not what
# it asks: a passage lacking only that subject keeps the lead.
CONDITION_SUBJECTS = frozenset({"weather"})


def _on_every_subject(query: str, hits: list[tuple[Passage, float]], lead: int) -> int:
    """Return the index in `hits` of the passage to lead with: `lead`, or a fitting passage ranked
    below it, nearly as high, on every subject the question names when `lead` misses one it asks about."""
    asked = asked_subjects(query)
    if not (asked - hits[lead][0].subjects - CONDITION_SUBJECTS) or not hits[lead][0].subjects:
        return lead
    floor = SUBJECTS_TIE * hits[lead][1]
    return next((i for i in range(lead + 1, len(hits)) if hits[i][1] >= floor and asked <= hits[i][0].subjects
                 and fits(query, hits[i][0])), lead)


@lru_cache(maxsize=1)
def _openings() -> dict[tuple[str, str], int]:
    """Return each document's (title, lang) and the chunk_id of its opening section."""
    first: dict[tuple[str, str], int] = {}
    for passage in knowledge_base():
        first.setdefault((passage.document, passage.lang), passage.chunk_id)
    return first


def _opening(passage: Passage) -> int:
    """Return the chunk_id of the opening section of `passage`'s document."""
    return _openings().get((passage.document, passage.lang), passage.chunk_id)


def _introduction_first(query: str, ordered: list[Passage], scores: dict[int, float]) -> list[Passage]:
    """Return `ordered` with the earlier section of the best document first when it nearly ties and
    covers the question as fully: a document opens with what its topic is, so "黑潮是什麼" gets the
    definition before the details."""
    if not ordered:
        return ordered
    best = ordered[0]
    # only the document's opening section is its introduction: a later one (how typhoons are named) answers its
    # own question, not the one the best passage answers (a typhoon or a hurricane)
    rivals = [p for p in ordered[1:] if p.chunk_id == _opening(p) and p.topic == best.topic and p.lang == best.lang
              and p.chunk_id < best.chunk_id
              and scores.get(p.chunk_id, 0.0) >= NEAR_TIE * scores.get(best.chunk_id, 0.0)
              and coverage(query, p) >= coverage(query, best)]
    if not rivals:
        return ordered
    first = min(rivals, key=lambda p: p.chunk_id)
    return [first] + [p for p in ordered if p is not first]


def trim_to_sentences(text: str, limit: int = FALLBACK_CHARS) -> str:
    """Return `text` cut at the last sentence end within `limit` characters (whole text if shorter)."""
    if len(text) <= limit:
        return text
    cut = 0
    for match in _SENTENCE_END_RE.finditer(text, 0, limit):
        cut = match.end()
    if cut == 0:  # one enormous sentence: a hard cut reads better than nothing
        return text[:limit].rstrip() + "…"
    return text[:cut].rstrip()


def _fallback_text(query: str, passages: list[Passage]) -> tuple[str, list[Passage]]:
    """The no-LLM reply: the best passage (trimmed), then whole next ones only while they fit and
    bring in words of the question the reply does not cover yet: a definition must not drag in
    an unasked paragraph (the MCP server's URL after an anomaly definition)."""
    first = passages[0]
    parts = [trim_to_sentences(first.text)]
    used = [first]
    room = FALLBACK_CHARS - len(parts[0])
    said = set(covered(query, first))
    for passage in passages[1:]:
        # Never mix languages in one reply, never cut a second passage mid-way.
        if passage.lang != first.lang or len(passage.text) + 2 > room:
            break
        new = covered(query, passage) - said
        if not new or coverage(query, passage) < OFF_TOPIC_COVERAGE:
            continue
        parts.append(passage.text)
        used.append(passage)
        said |= new
        room -= len(passage.text) + 2
    return "\n\n".join(parts), used


def build_messages(query: str, lang: str, passages: list[Passage]) -> list[dict[str, str]]:
    """Return the chat messages of the grounded generation: system rules + numbered passages + question."""
    texts = _texts()
    numbered = "\n\n".join(f"[{i}] {p.title}\n{p.text}" for i, p in enumerate(passages, start=1))
    return [
        {"role": "system", "content": texts["system_prompt"][lang]},
        {"role": "user", "content": texts["user_prompt"][lang].format(passages=numbered, query=query)},
    ]


def _cited(reply: str, passages: list[Passage]) -> tuple[str, list[Passage]]:
    """Split the model's [n] markers off the reply; return (clean text, passages it cited).

    Without usable markers every passage it was given is cited: the answer was grounded on
    all of them, and a citation too many is better than none.
    """
    numbers = {int(n) for n in _MARKER_RE.findall(reply)}
    chosen = [p for i, p in enumerate(passages, start=1) if i in numbers]
    clean = _MARKER_RE.sub("", reply).strip()
    return clean, chosen or list(passages)


def _without_places_unknown(query: str, places: tuple[tuple[str, str], ...]) -> str:
    """Return `query` with the places it names that the notes never write blanked out: the passage on
    tidal range answers "why does Saint-Malo get such big tides" though it does not name Saint-Malo."""
    for word, _country in places:
        if word.strip() and not in_notes(word):
            query = query.replace(word, " ")
    return query


def _without_places(query: str, places: tuple[tuple[str, str], ...]) -> str:
    """Return `query` with every place it names blanked out."""
    for word, _country in places:
        if word.strip():
            query = query.replace(word, " ")
    return query


def _for_places(places: tuple[tuple[str, str], ...]) -> Callable[[Passage], bool]:
    """Return the test of a passage's region: one about Taiwan's tides answers no question naming a place
    abroad (Saint-Malo's big tides are not Taichung's)."""
    countries = frozenset(country for _word, country in places if country)
    return lambda passage: not passage.region or not countries or bool(passage.region & countries)


async def explain_answer(query: str, lang: str, llm: LLMClient | None,
                         places: tuple[tuple[str, str], ...] = ()) -> ExplainResult:
    """Return the explain answer to `query` in `lang` ("zh"/"en"; anything else: detect); `places` are
    the places the question names: (name as written, country code).

    Never raises for LLM trouble: one grounded `chat_text` call when `llm` is given, and the
    retrieved passages themselves when it is None or the call yields nothing.
    """
    lang = _lang(lang, query)
    asked = _without_places_unknown(query, places)
    passages, off_topic = select_passages(asked, lang, allowed=_for_places(places))
    if off_topic and places:
        # The places a question names must not block its topic: "why is Darwin's range big and
        # Melbourne's small" asks the passage on tidal range, which names neither.
        bare = _without_places(asked, places)
        passages, off_topic = select_passages(bare, lang, allowed=_for_places(places))
        asked = bare if not off_topic else asked
    if off_topic:
        return ExplainResult(text=off_topic_reply(lang, nearest_topics(asked, lang, allowed=_for_places(places))),
                             off_topic=True)

    calls = 0
    if llm is not None and llm.has_time():   # a question's LLM budget may be spent already
        calls = 1
        reply = await llm.chat_text(build_messages(query, lang, passages))
        # The model's words reach the user only without foreign links (and, from chat_text,
        # without control characters): a link it made up or was talked into is dropped.
        reply = trim_to_sentences(clean_text(reply, own_sources()), MAX_LLM_CHARS) if reply else None
        if reply:
            text, used = _cited(reply, passages)
            if text:
                return ExplainResult(text=text, citations=[citation(p) for p in used],
                                     llm_calls=calls, grounded=True)
        log.info("explain falls back to passages", extra={"event": "explain_fallback"})

    text, used = _fallback_text(asked, passages)
    return ExplainResult(text=text, citations=[citation(p) for p in used], llm_calls=calls, grounded=True)
