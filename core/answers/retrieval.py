"""Lexical retrieval over the bundled knowledge base (`core/knowledge/*.md`) with bm25s.

Documents are Markdown files with YAML front matter (`title`, `source`, `lang`, `topic`, and optional `aliases`:
other words people use for the topic, indexed with every heading); every `## ` section is one passage. Tokenisation
works for Chinese and English alike: CJK runs become character unigrams plus bigrams (no word segmenter needed, and
bigrams carry most of the meaning of two-character words such as 潮汐, 海溫, 月相), Latin words are lower-cased with a
light plural stemmer, numbers are kept. The index is built once, on first use, and cached for the life of the process.
"""
from __future__ import annotations

import logging
import math
import re
import threading
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import bm25s
import numpy as np
from bm25s.stopwords import STOPWORDS_EN
from core.answers.asked_words import in_english, words_abroad
from core.data import parse_yaml, read_yaml

log = logging.getLogger("odbchat.retrieval")

KNOWLEDGE_DIR = Path(__file__).parent / "knowledge"

# CJK Unified Ideographs (+ extension A and compatibility ideographs); kana/hangul are not
# expected in questions, and treating them as "other" is harmless.
# Han and Hangul syllables: Korea's tide words (물때, 사리, 조금) are topic words as Chinese ones are
_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7a3"
_TOKEN_RE = re.compile(rf"[{_CJK}]+|[a-z][a-z0-9]*(?:\.\d+)?|\d+(?:\.\d+)?")
_CJK_RUN_RE = re.compile(rf"[{_CJK}]+")
_FRONT_MATTER_RE = re.compile(r"\A---\s*\n(.*?)\n---\s*\n", re.S)

# Ranking factor for passages in the asker's language (see `search`).
_LANG_PREFERENCE = 1.5
# How many times a passage heading is indexed (see `_Index`).
_TITLE_WEIGHT = 3
# How many times a document's aliases are indexed with each of its passages.
_ALIAS_WEIGHT = 2
# Ranking share that depends on how much of the question's topic words a passage holds (see `search`):
# a passage matching only "資料 來源" must not beat one holding 潮汐.
_TOPIC_SHARE = 0.6
# Ranking bonus for a passage whose heading and aliases hold the question's words ("tide data" in
# "Where the bot's tide data comes from"): the heading names what the passage answers.
_HEADING_BOOST = 0.5
# Ranking lead (a share of the score) for a heading naming the question's words, whatever their kind.
_HEADING_TIE = 0.1


@dataclass(frozen=True)
class Passage:
    """One retrievable section of a knowledge document."""

    chunk_id: int
    title: str
    source: str
    lang: str
    topic: str
    text: str
    aliases: str = ""
    document: str = ""     # the document's title: the topic's name, offered when no passage fits
    # What the passage is about (tide, sst, weather, sky; see subjects.yaml): a question naming
    # another subject is not answered by it. Empty: about the bot or its services, any question.
    subjects: frozenset[str] = frozenset()
    # The countries a passage is about (`region` in the front matter, TW for Taiwan's tides): a question
    # naming a place elsewhere is not answered by it. Empty: anywhere.
    region: frozenset[str] = frozenset()


@lru_cache(maxsize=1)
def _stopwords() -> frozenset[str]:
    data = read_yaml(KNOWLEDGE_DIR / "stopwords.yaml") or {}
    words = set(STOPWORDS_EN) | {str(w).lower() for w in data.get("en", [])}
    words |= {str(w) for w in data.get("zh", [])}
    return frozenset(words)


@lru_cache(maxsize=1)
def _short_forms() -> dict[str, str]:
    """Return the short forms people type for a word the notes spell out (temp: temperature)."""
    data = read_yaml(KNOWLEDGE_DIR / "stopwords.yaml") or {}
    return {str(k).lower(): str(v).lower() for k, v in (data.get("short_forms") or {}).items()}


@lru_cache(maxsize=1)
def _generic_data() -> tuple[frozenset[str], float, frozenset[str], frozenset[str]]:
    data = read_yaml(KNOWLEDGE_DIR / "generic_words.yaml") or {}
    words = {_stem(str(w).lower()) for w in data.get("en", [])} | {str(w) for w in data.get("zh", [])}
    return (frozenset(words), float(data.get("weight", 0.25)), frozenset(str(c) for c in data.get("boundary", [])),
            frozenset(str(c) for c in data.get("boundary_start", [])))


def _generic() -> tuple[frozenset[str], float]:
    """Return (tokens that name no topic, the weight they count with): see generic_words.yaml."""
    words, weight, _, _ = _generic_data()
    return words, weight


def _generic_in(query: str) -> frozenset[str]:
    """Return the query's tokens that name no topic: generic words, CJK bigrams holding a frame
    character, and CJK bigrams overlapping a generic bigram (潮比, 較好 around 比較)."""
    words, _, boundary, opening = _generic_data()
    found = {tok for tok in tokenize(query) if tok in words}
    for run in _CJK_RUN_RE.findall(query):
        pairs = [run[i:i + 2] for i in range(len(run) - 1)]
        for i, pair in enumerate(pairs):
            if boundary.intersection(pair) or pair[0] in opening:
                found.add(pair)
            if pair in words:
                found.update(pairs[j] for j in (i - 1, i + 1) if 0 <= j < len(pairs) and pairs[j] not in words)
    return frozenset(found)


def _stem(word: str) -> str:
    # Only plural folding (tides -> tide, datums -> datum): enough for a small corpus,
    # and it never merges unrelated words the way an aggressive stemmer can.
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


@lru_cache(maxsize=1)
def _cantonese() -> tuple[re.Pattern[str], dict[str, str]]:
    """Return the pattern of the Cantonese and Japanese words the notes write otherwise (stopwords.yaml), longest
    first, and their written forms."""
    doc = read_yaml(KNOWLEDGE_DIR / "stopwords.yaml") or {}
    # ... and the Japanese ones (月の出 → 月出) and Korean ones (해 뜨기 전 → 日出前), read the same way
    table = {str(k): str(v or "") for key in ("cantonese", "japanese", "korean") for k, v in (doc.get(key) or {}).items()}
    return re.compile("|".join(map(re.escape, sorted(table, key=len, reverse=True))) or "(?!)"), table


_ACCENTED = re.compile(r"[\u00C0-\u024F]")
_UNDECOMPOSED = str.maketrans({"đ": "d", "Đ": "D"})


def as_written(text: str, asked: bool = True) -> str:
    """Return `text` with its Cantonese words as the notes write them (潮漲 → 漲潮, 一日得一次 → 一天只有一次), its
    Latin letters without their accents (La Niña is "la nina", as the notes and most askers write it), and the
    travellers' phrases in English when `asked` (a question's: "pleine mer" is high water)."""
    if _ACCENTED.search(text):
        text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
        text = text.translate(_UNDECOMPOSED)   # Vietnamese đ has no accent to take off: "độ" is "do"
    if asked:   # a question's "pleine mer" is high water, "mareas vivas" spring tides (the notes keep their words)
        text = in_english(text)
    pattern, table = _cantonese()
    return pattern.sub(lambda m: table[m.group(0)], text)


def tokenize(text: str, asked: bool = True) -> list[str]:
    """Return the BM25 tokens of `text` (its Cantonese words as written Chinese): CJK unigrams + bigrams,
    lower-cased Latin words, numbers; a question's (`asked`) travellers' words and phrases as the notes write them."""
    stop = _stopwords()
    forms = {**words_abroad(), **_short_forms()} if asked else _short_forms()
    tokens: list[str] = []
    for match in _TOKEN_RE.finditer(as_written(text, asked).lower()):
        piece = match.group(0)
        if _CJK_RUN_RE.fullmatch(piece):
            # A stop bigram's characters carry no topic either (意思 → neither 意 nor 思).
            quiet = {i + j for i in range(len(piece) - 1) if piece[i:i + 2] in stop for j in (0, 1)}
            tokens.extend(ch for i, ch in enumerate(piece) if ch not in stop and i not in quiet)
            # A bigram touching a function character (是漲, 潮還) or a stop bigram (人可 in 機器人可以)
            # straddles two words: skip it.
            tokens.extend(b for i, b in ((i, piece[i:i + 2]) for i in range(len(piece) - 1))
                          if b not in stop and b[0] not in stop and b[1] not in stop
                          and i not in quiet and i + 1 not in quiet)
        elif piece[0].isdigit():
            tokens.append(piece)
        elif piece not in stop:
            tokens.append(forms.get(piece) or _stem(piece))
    return tokens


def _aliases(meta: dict, section: int) -> str:
    """The alias words of section `section` (1 = first `## `): a list applies to every section, a
    mapping gives them by section number (`all` for every one)."""
    raw = meta.get("aliases") or []
    if isinstance(raw, dict):
        raw = list(raw.get("all", [])) + list(raw.get(section, []))
    return ", ".join(str(a) for a in raw)


def _parse_document(path: Path) -> tuple[dict[str, Any], list[tuple[str, str, str]]]:
    raw = path.read_text(encoding="utf-8")
    match = _FRONT_MATTER_RE.match(raw)
    if not match:
        raise ValueError(f"{path.name}: missing YAML front matter")
    meta = parse_yaml(match.group(1)) or {}
    for key in ("title", "source", "lang", "topic"):
        if not meta.get(key):
            raise ValueError(f"{path.name}: front matter lacks {key!r}")
    body = raw[match.end():]
    sections: list[tuple[str, str, str]] = []
    for block in re.split(r"^## +", body, flags=re.M):
        block = block.strip()
        if not block:
            continue
        heading, _, text = block.partition("\n")
        text = re.sub(r"\s*\n\s*\n\s*", "\n\n", text.strip())
        if text:
            sections.append((heading.strip(), text, _aliases(meta, len(sections) + 1)))
    if not sections:  # a document without headings is one passage titled by its front matter
        sections.append((str(meta["title"]), body.strip(), _aliases(meta, 1)))
    subjects = frozenset(str(s) for s in meta.get("subjects") or ())
    meta["subjects"] = subjects
    meta["region"] = frozenset(str(c) for c in meta.get("region") or ())
    return meta, sections


@lru_cache(maxsize=1)
def knowledge_base() -> list[Passage]:
    """Return every passage of the knowledge base, in a stable order (chunk_id = position)."""
    passages: list[Passage] = []
    for path in sorted(KNOWLEDGE_DIR.glob("*.md")):
        meta, sections = _parse_document(path)
        for heading, text, aliases in sections:
            passages.append(Passage(chunk_id=len(passages), title=heading, source=str(meta["source"]),
                                    lang=str(meta["lang"]), topic=str(meta["topic"]), text=text, aliases=aliases,
                                    document=str(meta["title"]), subjects=meta["subjects"], region=meta["region"]))
    return passages


class _Index:
    """The bm25s index over `knowledge_base()`, plus per-passage token sets for `coverage`."""

    def __init__(self, passages: list[Passage]) -> None:
        self.passages = passages
        # The heading is indexed several times: it names what the passage answers, so a
        # query word found there should count for more than the same word in passing.
        # A document's aliases (what else people call its topic) count like a second heading.
        corpus = [tokenize("\n".join([p.title] * _TITLE_WEIGHT + [p.aliases] * _ALIAS_WEIGHT + [p.text]), asked=False)
                  for p in passages]
        self.bm25 = bm25s.BM25()
        self.bm25.index(corpus, show_progress=False)
        self.token_sets = [frozenset(doc) for doc in corpus]
        self.sequences = corpus   # in order, for a phrase (see `writes`)
        self.heading_sets = [frozenset(tokenize(p.title + "\n" + p.aliases, asked=False)) for p in passages]
        n = len(corpus)
        df: dict[str, int] = {}
        for doc in self.token_sets:
            for tok in doc:
                df[tok] = df.get(tok, 0) + 1
        self.idf = {tok: math.log(1 + (n - d + 0.5) / (d + 0.5)) for tok, d in df.items()}
        self.unseen_idf = math.log(1 + (n + 0.5) / 0.5)

    def scores(self, query: str) -> np.ndarray:
        """BM25 of `query` per passage, a generic word (資料, source) counting for less than a topic word."""
        _, weight = _generic()
        generic = _generic_in(query)
        total = np.zeros(len(self.passages), dtype=np.float32)
        for tok in tokenize(query):
            if tok in self.bm25.vocab_dict:
                part = np.asarray(self.bm25.get_scores([tok]), dtype=np.float32)
                total += part * (weight if tok in generic else 1.0)
        return total


_index_lock = threading.Lock()
_index: _Index | None = None


def _get_index() -> _Index:
    global _index
    if _index is None:
        with _index_lock:  # one build even when two bot handlers ask at once
            if _index is None:
                _index = _Index(knowledge_base())
                log.debug("knowledge index built", extra={"event": "kb_index", "passages": len(_index.passages)})
    return _index


def build_index() -> None:
    """Build (or rebuild) the cached index now; returns nothing. Useful at start-up and in benchmarks."""
    global _index
    with _index_lock:
        knowledge_base.cache_clear()
        _index = _Index(knowledge_base())


def search(query: str, k: int = 3, lang: str | None = None) -> list[tuple[Passage, float]]:
    """Return up to `k` (passage, score) pairs with a positive score, best first.

    The score is the passage's BM25 (generic words counting less) times how much of the question's
    topic words it holds, times a bonus when its heading and aliases name what was asked.

    With `lang`, passages in that language are ranked as if their score were 1.5 times
    higher, so a question matching both the en and zh passage of a topic (both mention
    "GHRSST") gets the one in the user's language first; the factor also offsets BM25's
    length penalty on zh passages, which have about twice as many tokens per sentence.
    Scores returned leave that language factor out.
    """
    index = _get_index()
    raw = index.scores(query)
    # A passage is ranked by its BM25 times how much of the question's topic words it holds: the
    # generic words a question shares with many passages (資料, 來源, difference) cannot carry it.
    units = _topic_units(query)
    topical = np.array([_weighted_share(units, p) for p in index.passages], dtype=np.float32)
    ranked = raw * ((1 - _TOPIC_SHARE) + _TOPIC_SHARE * topical)
    asked = _query_units(query)
    named = np.zeros(len(index.passages), dtype=np.float32)
    if asked:
        named = np.array([len(asked & index.heading_sets[p.chunk_id]) / len(asked) for p in index.passages],
                         dtype=np.float32)
        # Only as far as the passage holds the question's topic: "對台灣的影響" in a heading on El Niño
        # must not pull a question on the Kuroshio's effect there.
        ranked *= 1 + _HEADING_BOOST * named * topical
    # A slight lead for a heading naming the question's words, generic ones too ("tide data" in "Where the
    # bot's tide data comes from"), so near-equal passages are ordered by what they say they answer.
    ranked *= 1 + _HEADING_TIE * named
    scored = ranked.copy()
    if lang:
        ranked *= np.array([_LANG_PREFERENCE if p.lang == lang else 1.0 for p in index.passages], dtype=np.float32)
    order = np.argsort(-ranked, kind="stable")
    return [(index.passages[i], float(scored[i])) for i in order[:k] if scored[i] > 0]


def _query_units(query: str) -> set[str]:
    """The query's informative tokens, a CJK bigram standing for its two characters (see `coverage`)."""
    tokens = set(tokenize(query))
    pairs = [t for t in tokens if len(t) == 2 and _CJK_RUN_RE.fullmatch(t) is not None]
    return tokens - {ch for pair in pairs for ch in pair}


def _topic_units(query: str) -> set[str]:
    """The query's informative tokens without the generic ones (all of them when only generic ones are left)."""
    units = _query_units(query)
    topical = units - _generic_in(query)
    return topical or units


@lru_cache(maxsize=1)
def _notes_text() -> str:
    return "\n".join(f"{p.title}\n{p.aliases}\n{p.text}" for p in knowledge_base()).lower()


def in_notes(word: str) -> bool:
    """Return True when the notes write `word` somewhere (Keelung, 基隆, Kodiak; not Saint-Malo), as written or as
    they spell it (Venezia: Venice, a place's name in the asker's language the short forms read)."""
    low = word.strip().lower()
    spelt = " ".join(_short_forms().get(w, w) for w in low.split())
    return low in _notes_text() or spelt != low and spelt in _notes_text()


def named_in_heading(query: str, passage: Passage) -> bool:
    """Return True when the passage's heading or aliases hold one of the question's topic words."""
    return bool(_topic_units(query) & _get_index().heading_sets[passage.chunk_id])


def writes(passage: Passage, words: str, phrase: bool = False) -> bool:
    """Return True when `passage` writes `words`: holds every token, with `phrase` a Latin phrase's side by side
    ("red" in one sentence and "tide" in another are no red tide)."""
    tokens, index = tokenize(words), _get_index()
    if not tokens or not set(tokens) <= index.token_sets[passage.chunk_id]:
        return False
    seq = index.sequences[passage.chunk_id]
    return not phrase or len(tokens) < 2 or bool(_CJK_RUN_RE.search(words)) or any(
        seq[i:i + len(tokens)] == tokens for i in range(len(seq)))


def covered(query: str, passage: Passage) -> frozenset[str]:
    """Return the query's informative tokens that `passage` contains."""
    return frozenset(_query_units(query) & _get_index().token_sets[passage.chunk_id])


def coverage(query: str, passage: Passage) -> float:
    """Return the IDF-weighted share (0..1) of the query's informative tokens found in `passage`.

    This is the off-topic signal: BM25 scores are not comparable across queries of different
    lengths and scripts, while "how much of what was asked does the best passage talk about"
    is. A Latin word or CJK character never seen in the knowledge base counts fully against
    the passage (股市, pizza: the question is about something else).
    """
    # A CJK bigram stands for its two characters: counting 海, 水 and 海水 would let a common
    # word cover most of a question whose real subject (鹹) the passage never mentions. Generic
    # words (資料, 來源, data) say nothing of the subject and are left out when others remain.
    return _weighted_share(_topic_units(query), passage)


def _weighted_share(tokens: set[str], passage: Passage) -> float:
    index = _get_index()
    have = index.token_sets[passage.chunk_id]
    total = found = 0.0
    for tok in tokens:
        if tok[0].isdigit():
            continue   # a value the asker quotes (+2, 27.3) names no topic
        weight = index.idf.get(tok)
        if weight is None:
            # An unseen CJK bigram is weaker evidence than an unseen word: some are still
            # pairs that straddle two words, so they count half.
            half = len(tok) == 2 and _CJK_RUN_RE.fullmatch(tok) is not None
            weight = index.unseen_idf * (0.5 if half else 1.0)
        total += weight
        if tok in have:
            found += weight
    return found / total if total else 0.0
