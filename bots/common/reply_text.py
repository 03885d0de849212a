"""The parts of a reply as plain text, for every port: the body lines and the footer line.

Ports add their own markup around these (Telegram HTML, Discord markdown, the terminal
none); none of them splits `Answer.text` again.
"""
from __future__ import annotations

from core.reply import Citation, Footer, Reply
from core.words.strings import t


def body_text(reply: Reply, *, headline: bool = True) -> str:
    """Return the headline (unless left out) and the lines, blank lines kept."""
    lines = ([reply.headline] if headline and reply.headline else []) + list(reply.lines)
    return "\n".join(lines).strip("\n")


def notes_text(reply: Reply) -> str:
    """Return the notes said after the body, one a line."""
    return "\n".join(note for note in reply.notes if note)


def footer_text(footer: Footer | None, said: str = "") -> str:
    """Return the footer line: the answer's source, unless the answer has `said` it already; "" for
    none. The place and the station are left out (the answer's lines say them), and so is the zone:
    an answer says its clock once, in its lines, where it is useful (another zone than the asker's,
    a week or a chart); a bare zone under every answer was noise."""
    if footer is None or not footer.source or footer.source in said:
        return ""
    return footer.source


def cited(reply: Reply) -> list[Citation]:
    """Return the documents the reply stands on, each once (by its link), in the order cited."""
    seen: set[str] = set()
    out: list[Citation] = []
    for citation in reply.citations:
        key = citation.source or citation.title
        if key and key not in seen:
            seen.add(key)
            out.append(citation)
    return out


def sources_head(lang: str) -> str:
    """Return the word that introduces an explanation's sources ("來源" / "Sources")."""
    return t(lang, "chat.sources_head")


def sources_text(reply: Reply, lang: str) -> str:
    """Return the sources of an explanation as plain lines (a heading, then title and link), "" for none."""
    items = [t(lang, "chat.source_item", title=c.title, url=c.source) if c.source else c.title
             for c in cited(reply)]
    return "\n".join([sources_head(lang) + t(lang, "chat.sources_colon"), *items]) if items else ""
