"""What an LLM reply must pass before anything else reads it: size, depth, characters, links.

The model is a stranger's text generator: it may answer 2 MB, JSON nested 100,000 deep,
terminal escape codes or links to anywhere. Everything here is pure and bounded in time by
the size cap, so a hostile reply costs at most a scan of `MAX_REPLY_CHARS` characters.
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

# A plan is a few hundred characters and an explanation about 1-2 thousand; 32,000 leaves
# room for a long code adaptation while a runaway or hostile reply is dropped, not read on.
MAX_REPLY_CHARS = 32_000
# The plan schema nests three levels ({"mcp": {"arguments": {"bbox": [...]}}}); anything much
# deeper is not a plan, and refusing it before `json.loads` keeps the parser out of recursion.
MAX_JSON_DEPTH = 6

# ANSI/VT escape sequences: CSI (ESC [ ... final), OSC (ESC ] ... BEL or ESC \), the C1 CSI
# (U+009B) form, and two-character ESC sequences. Removed whole so no "[31m" debris stays.
_ANSI_RE = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"          # CSI
    r"|\x9b[0-?]*[ -/]*[@-~]"           # C1 CSI
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?"   # OSC (window titles, hyperlinks)
    r"|\x1b[PX^_][^\x1b]*(?:\x1b\\)?"   # DCS, SOS, PM, APC strings
    r"|\x1b[ -/]*[0-~]?"                # any other ESC sequence (or a lone ESC)
)
# Control characters other than newline and tab (C0, DEL, C1), bidirectional overrides and
# isolates (they reorder what the user reads), zero-width and BOM characters.
_CONTROL_RE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]")
# A link: a scheme a chat client would open, or a bare "www." host. Stops at white space,
# quotes, brackets and CJK punctuation, which never belong to a URL in our replies.
_URL_RE = re.compile(
    r"(?:\b(?:https?|ftp|file|javascript|data|tg|mailto|ws|wss):(?://)?|\bwww\.)"
    r"[^\s<>\"'`()\[\]{}\uff08\uff09\u3001\u3002\uff0c\uff1b\uff1a\uff01\uff1f\u300c\u300d\u300e\u300f]+",
    re.I,
)
_MD_LINK_RE = re.compile(r"!?\[([^\]\n]{0,200})\]\(\s*([^)\s]{0,2000})[^)\n]{0,200}\)")
_HTML_LINK_RE = re.compile(r"<a\b[^>]{0,2000}>(.{0,500}?)</a\s*>", re.I | re.S)
_TRAILING_PUNCT = ".,;:!?"
_SPACES_RE = re.compile(r"[ \t]{2,}")


def strip_controls(text: str) -> str:
    """Return `text` without escape sequences and control characters (newlines and tabs kept,
    CR LF and lone CR as newline)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return _CONTROL_RE.sub("", _ANSI_RE.sub("", text))


def json_depth(text: str, limit: int = MAX_JSON_DEPTH) -> int:
    """Return the bracket nesting depth of JSON `text` (strings skipped), stopping early at limit + 1."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    return deepest
        elif char in "]}":
            depth -= 1
    return deepest


def parse_json_object(text: str | None, max_chars: int = MAX_REPLY_CHARS) -> tuple[dict[str, Any] | None, str | None]:
    """Return (the JSON object in `text`, None), or (None, why not) for anything longer than
    `max_chars`, too deep, not JSON, numbers Python refuses, or JSON that is not an object."""
    if not text:
        return None, "empty"
    if len(text) > max_chars:
        return None, "too long"
    if json_depth(text) > MAX_JSON_DEPTH:
        return None, "nested too deep"
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):   # ValueError covers JSONDecodeError and over-long integers
        return None, "not JSON"
    if not isinstance(data, dict):
        return None, "not an object"
    return data, None


def find_urls(text: str) -> list[str]:
    """Return every link in `text` as written (trailing sentence punctuation left out)."""
    return [match.group(0).rstrip(_TRAILING_PUNCT) for match in _URL_RE.finditer(text)]


def _parts(url: str) -> tuple[str, str, str] | None:
    """(scheme, host[:port], path) of an http(s) URL, lower-cased host; None for anything else."""
    try:
        split = urlsplit(url if "://" in url else f"https://{url}")
        host = (split.hostname or "").lower()
        port = split.port
    except ValueError:
        return None
    if split.scheme.lower() not in ("http", "https") or not host or split.username or split.password:
        return None
    return split.scheme.lower(), f"{host}:{port}" if port else host, split.path or "/"


def url_allowed(url: str, allowed: Iterable[str]) -> bool:
    """Return True when `url` is one of `allowed` or a page under one of them (same host, path
    inside), so "https://eco.odb.ntu.edu.tw/mcp/metocean" is allowed by "https://eco.odb.ntu.edu.tw/"."""
    mine = _parts(url)
    if mine is None:
        return False
    for known in allowed:
        theirs = _parts(known)
        if theirs is None or mine[1] != theirs[1]:
            continue
        base = theirs[2].rstrip("/")
        if mine[2].rstrip("/") == base or mine[2].startswith(base + "/"):
            return True
    return False


def keep_own_links(text: str, allowed: Iterable[str]) -> str:
    """Return `text` with every link that is not one of the bot's own sources removed: a Markdown
    or HTML link keeps its words, a bare foreign URL disappears."""
    allowed = tuple(allowed)

    def markdown(match: re.Match[str]) -> str:
        return match.group(0) if url_allowed(match.group(2), allowed) else match.group(1)

    def html(match: re.Match[str]) -> str:
        return match.group(1)   # replies are plain text: an anchor keeps its words, never its href

    def bare(match: re.Match[str]) -> str:
        url = match.group(0)
        core = url.rstrip(_TRAILING_PUNCT)
        return url if url_allowed(core, allowed) else url[len(core):]

    text = _HTML_LINK_RE.sub(html, text)
    text = _MD_LINK_RE.sub(markdown, text)
    text = _URL_RE.sub(bare, text)
    return _SPACES_RE.sub(" ", text)


def clean_text(text: str, allowed_urls: Iterable[str] = ()) -> str:
    """Return an LLM text reply fit to show: capped at MAX_REPLY_CHARS, without control characters
    or escape codes, with only the bot's own links, surrounding white space trimmed."""
    return keep_own_links(strip_controls(text[:MAX_REPLY_CHARS]), allowed_urls).strip()
