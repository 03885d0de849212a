"""Telegram HTML: an answer's parts as HTML, plain text escaped, long HTML cut into messages
Telegram accepts.

Telegram counts a message's length in UTF-16 code units after parsing entities; we measure
the raw HTML, which is never shorter, and never cut inside a tag or an entity.
"""
from __future__ import annotations

import html
import re

from bots.common.reply_text import body_text, cited, footer_text, notes_text, sources_head
from core.reply import Reply

#: Telegram's limit for one message's text.
MESSAGE_LIMIT = 4096
#: Telegram's limit for a photo caption.
CAPTION_LIMIT = 1024

_TOKEN = re.compile(r"<[^<>]*>|&#?[A-Za-z0-9]+;|\n|[^<&\n]+|[<&]")
_TAG = re.compile(r"<\s*(/?)\s*([A-Za-z][\w-]*)")
_PIECE = 256  # longest run of plain text handled as one unit when a line must be cut


def _u16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def _plain(html_text: str) -> str:
    return html.unescape(re.sub(r"<[^<>]*>", "", html_text))


def render_text(text: str) -> str:
    """Return plain text as Telegram HTML: every `<`, `>` and `&` escaped."""
    return html.escape(text, quote=False)


def sources_html(reply: Reply, lang: str) -> str:
    """Return an explanation's sources as Telegram HTML: a bold heading, then each title as a link."""
    items = [f'・<a href="{html.escape(c.source, quote=True)}">{render_text(c.title)}</a>'
             if c.source.startswith(("https://", "http://")) else f"・{render_text(c.title)}" for c in cited(reply)]
    return "\n".join([f"<b>{render_text(sources_head(lang))}</b>", *items]) if items else ""


def reply_html(reply: Reply, *, headline: bool = True, lang: str = "zh") -> str:
    """Return every textual part of `reply` as Telegram HTML: body, table in <pre>, code in
    <pre><code>, notes, the sources as links (in `lang`), and the footer in italics ("" when
    nothing is left to say)."""
    parts: list[str] = []
    body = body_text(reply, headline=headline)
    if body:
        parts.append(render_text(body))
    if reply.table is not None and reply.table.text.strip():
        parts.append(f"<pre>{render_text(reply.table.text.strip(chr(10)))}</pre>")
    if reply.code is not None and reply.code.source.strip():
        language = html.escape(reply.code.language, quote=True)
        parts.append(f'<pre><code class="language-{language}">{render_text(reply.code.source.rstrip())}</code></pre>')
    notes = notes_text(reply)
    if notes:
        parts.append(render_text(notes))
    sources = sources_html(reply, lang)
    if sources and parts:
        parts.append(sources)
    if not parts:
        return ""
    footer = footer_text(reply.footer, said=reply.text())
    if footer:
        parts.append(f"<i>{render_text(footer)}</i>")
    return "\n".join(parts)


def split_html(text: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """Return `text` (Telegram HTML) cut into messages of at most `limit` UTF-16 units.

    Cuts at line boundaries when a line break is available, never inside a tag or an
    entity; tags open at a cut are closed at the end of one part and reopened in the next.
    Parts with no visible text are dropped (Telegram refuses empty messages).
    """
    if _u16(text) <= limit:
        return [text] if _plain(text).strip() else []
    tokens: list[str] = []
    for tok in _TOKEN.findall(text):
        if tok.startswith(("<", "&")) or tok == "\n" or len(tok) <= _PIECE:
            tokens.append(tok)
        else:
            tokens.extend(tok[i:i + _PIECE] for i in range(0, len(tok), _PIECE))

    parts: list[str] = []
    cur: list[str] = []
    stack: list[tuple[str, str]] = []         # open tags: (name, opening tag text)
    breaks: list[tuple[int, list[tuple[str, str]]]] = []  # newline positions in cur + stack there

    def closers(stk: list[tuple[str, str]]) -> str:
        return "".join(f"</{name}>" for name, _ in reversed(stk))

    def cut(at: int, stk: list[tuple[str, str]], skip: int) -> None:
        nonlocal cur, breaks
        parts.append("".join(cur[:at]) + closers(stk))
        opener = "".join(tag for _, tag in stk)
        rest = cur[at + skip:]
        cur = [opener, *rest] if opener else rest
        shift = at + skip - (1 if opener else 0)
        breaks = [(i - shift, s) for i, s in breaks if i >= at + skip]

    for tok in tokens:
        m = _TAG.match(tok) if tok.startswith("<") else None
        after = list(stack)
        if m and not tok.endswith("/>"):
            if m.group(1):
                if after and after[-1][0] == m.group(2).lower():
                    after.pop()
            else:
                after.append((m.group(2).lower(), tok))
        for _ in range(3):
            size = _u16("".join(cur)) + _u16(tok) + _u16(closers(after))
            if size <= limit or not cur:
                break
            usable = [b for b in breaks if _plain("".join(cur[:b[0]])).strip()]
            if usable:
                at, stk = usable[-1]
                cut(at, stk, 1)
            else:
                cut(len(cur), stack, 0)
        cur.append(tok)
        if tok == "\n":
            breaks.append((len(cur) - 1, list(stack)))
        stack = after
    if cur:
        parts.append("".join(cur) + closers(stack))
    return [p for p in parts if _plain(p).strip()]
