"""Lexical retrieval over the bundled knowledge base (`core/knowledge/*.md`) with bm25s.

Documents are Markdown files with YAML front matter (`title`, `source`, `lang`, `topic`);
every `## ` section is one passage. Tokenisation works for Chinese and English alike:
CJK runs become character unigrams plus bigrams (no word segmenter needed, and bigrams
carry most of the meaning of two-character words such as 潮汐, 海溫, 月相), Latin words are
lower-cased with a light plural stemmer, numbers are kept. The index is built once, on
first use, and cached for the life of the process.
"""
from __future__ import annotations

import logging
import math
import re
import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import bm25s
import numpy as np
import yaml
from bm25s.stopwords import STOPWORDS_EN

log = logging.getLogger("odbchat.retrieval")

KNOWLEDGE_DIR = Path(__file__).parent / "knowledge"

# CJK Unified Ideographs (+ extension A and compatibility ideographs); kana/hangul are not
# expected in questions, and treating them as "other" is harmless.
_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_TOKEN_RE = re.compile(rf"[{_CJK}]+|[a-z][a-z0-9]*(?:\.\d+)?|\d+(?:\.\d+)?")
_CJK_RUN_RE = re.compile(rf"[{_CJK}]+")
_FRONT_MATTER_RE = re.compile(r"\A---\s*\n(.*?)\n---\s*\n", re.S)

# Ranking factor for passages in the asker's language (see `search`).
_LANG_PREFERENCE = 1.5
# How many times a passage heading is indexed (see `_Index`).
_TITLE_WEIGHT = 3


@dataclass(frozen=True)
class Passage:
    """One retrievable section of a knowledge document."""

    chunk_id: int
    title: str
    source: str
    lang: str
    topic: str
    text: str


@lru_cache(maxsize=1)
def _stopwords() -> frozenset[str]:
    data = yaml.safe_load((KNOWLEDGE_DIR / "stopwords.yaml").read_text(encoding="utf-8")) or {}
    words = set(STOPWORDS_EN) | {str(w).lower() for w in data.get("en", [])}
    words |= {str(w) for w in data.get("zh", [])}
    return frozenset(words)


def _stem(word: str) -> str:
    # Only plural folding (tides -> tide, datums -> datum): enough for a small corpus,
    # and it never merges unrelated words the way an aggressive stemmer can.
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def tokenize(text: str) -> list[str]:
    """Return the BM25 tokens of `text`: CJK unigrams + bigrams, lower-cased Latin words, numbers."""
    stop = _stopwords()
    tokens: list[str] = []
    for match in _TOKEN_RE.finditer(text.lower()):
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
            tokens.append(_stem(piece))
    return tokens


def _parse_document(path: Path) -> tuple[dict[str, str], list[tuple[str, str]]]:
    raw = path.read_text(encoding="utf-8")
    match = _FRONT_MATTER_RE.match(raw)
    if not match:
        raise ValueError(f"{path.name}: missing YAML front matter")
    meta = yaml.safe_load(match.group(1)) or {}
    for key in ("title", "source", "lang", "topic"):
        if not meta.get(key):
            raise ValueError(f"{path.name}: front matter lacks {key!r}")
    body = raw[match.end():]
    sections: list[tuple[str, str]] = []
    for block in re.split(r"^## +", body, flags=re.M):
        block = block.strip()
        if not block:
            continue
        heading, _, text = block.partition("\n")
        text = re.sub(r"\s*\n\s*\n\s*", "\n\n", text.strip())
        if text:
            sections.append((heading.strip(), text))
    if not sections:  # a document without headings is one passage titled by its front matter
        sections.append((str(meta["title"]), body.strip()))
    return {k: str(v) for k, v in meta.items()}, sections


@lru_cache(maxsize=1)
def knowledge_base() -> list[Passage]:
    """Return every passage of the knowledge base, in a stable order (chunk_id = position)."""
    passages: list[Passage] = []
    for path in sorted(KNOWLEDGE_DIR.glob("*.md")):
        meta, sections = _parse_document(path)
        for heading, text in sections:
            passages.append(Passage(chunk_id=len(passages), title=heading, source=meta["source"],
                                    lang=meta["lang"], topic=meta["topic"], text=text))
    return passages


class _Index:
    """The bm25s index over `knowledge_base()`, plus per-passage token sets for `coverage`."""

    def __init__(self, passages: list[Passage]) -> None:
        self.passages = passages
        # The heading is indexed several times: it names what the passage answers, so a
        # query word found there should count for more than the same word in passing.
        corpus = [tokenize("\n".join([p.title] * _TITLE_WEIGHT + [p.text])) for p in passages]
        self.bm25 = bm25s.BM25()
        self.bm25.index(corpus, show_progress=False)
        self.token_sets = [frozenset(doc) for doc in corpus]
        n = len(corpus)
        df: dict[str, int] = {}
        for doc in self.token_sets:
            for tok in doc:
                df[tok] = df.get(tok, 0) + 1
        self.idf = {tok: math.log(1 + (n - d + 0.5) / (d + 0.5)) for tok, d in df.items()}
        self.unseen_idf = math.log(1 + (n + 0.5) / 0.5)

    def scores(self, query: str) -> np.ndarray:
        tokens = [t for t in tokenize(query) if t in self.bm25.vocab_dict]
        if not tokens:
            return np.zeros(len(self.passages), dtype=np.float32)
        return np.asarray(self.bm25.get_scores(tokens), dtype=np.float32)


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
    """Return up to `k` (passage, BM25 score) pairs with a positive score, best first.

    With `lang`, passages in that language are ranked as if their score were 1.5 times
    higher, so a question matching both the en and zh passage of a topic (both mention
    "GHRSST") gets the one in the user's language first; the factor also offsets BM25's
    length penalty on zh passages, which have about twice as many tokens per sentence.
    Scores returned are the raw ones.
    """
    index = _get_index()
    raw = index.scores(query)
    ranked = raw.copy()
    if lang:
        ranked *= np.array([_LANG_PREFERENCE if p.lang == lang else 1.0 for p in index.passages], dtype=np.float32)
    order = np.argsort(-ranked, kind="stable")
    return [(index.passages[i], float(raw[i])) for i in order[:k] if raw[i] > 0]


def _query_units(query: str) -> set[str]:
    """The query's informative tokens, a CJK bigram standing for its two characters (see `coverage`)."""
    tokens = set(tokenize(query))
    pairs = [t for t in tokens if len(t) == 2 and _CJK_RUN_RE.fullmatch(t) is not None]
    return tokens - {ch for pair in pairs for ch in pair}


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
    index = _get_index()
    # A CJK bigram stands for its two characters: counting 海, 水 and 海水 would let a common
    # word cover most of a question whose real subject (鹹) the passage never mentions.
    tokens = _query_units(query)
    have = index.token_sets[passage.chunk_id]
    total = found = 0.0
    for tok in tokens:
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
