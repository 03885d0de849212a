"""Answers as Discord embeds: every part of the reply (body, table as fields or a code block, code
as a block or a `.py` file, picture attachment, notes), the title and colour by tool, the place
and source in the footer, text split under Discord's limits."""
from __future__ import annotations

import io

import discord

from bots.common.port import Shown
from bots.common.reply_text import body_text, cited, notes_text, sources_head
from core.reply import Reply

EMBED_LIMIT = 4000          # Discord allows 4,096 characters per embed description
CHART_FILE = "tide-chart.png"


def split_plain(text: str, limit: int = EMBED_LIMIT) -> list[str]:
    """Return `text` cut into parts of at most `limit` characters, at line breaks when possible."""
    parts: list[str] = []
    current = ""
    for line in text.splitlines(keepends=True):
        while len(line) > limit:  # one enormous line: cut it hard
            if current:
                parts.append(current)
                current = ""
            parts.append(line[:limit])
            line = line[limit:]
        if len(current) + len(line) > limit:
            parts.append(current)
            current = ""
        current += line
    if current.strip():
        parts.append(current)
    return [p.rstrip("\n") for p in parts if p.strip()]


def _escape(text: str) -> str:
    return discord.utils.escape_markdown(text) if text else ""


def _footer(shown: Shown) -> str | None:
    if shown.source is None:
        return None
    # The place names what the answer is about; its station is said in the answer, not again here,
    # and so is the zone where it matters (the asker's own zone under every answer was noise, and
    # under a time abroad it was the wrong one).
    place = shown.reply.footer.place if shown.reply.footer is not None else None
    return " · ".join(part for part in (place, shown.source) if part)


def _pieces(reply: Reply, files: list[discord.File]) -> list[str]:
    """Return the description parts: body, table in code blocks, code (or a file), notes."""
    pieces = split_plain(_escape(body_text(reply)))
    if reply.table is not None and reply.table.text.strip():
        table = reply.table.text.strip("\n").replace("`", "ˋ")
        pieces += [f"```\n{part}\n```" for part in split_plain(table, EMBED_LIMIT - 8)]
    if reply.code is not None and reply.code.source.strip():
        block = f"```{reply.code.language}\n{reply.code.source.rstrip().replace('```', 'ˋˋˋ')}\n```"
        if len(block) > EMBED_LIMIT:  # too long to read in an embed: a file to download
            files.append(discord.File(io.BytesIO(reply.code.source.encode()), filename=reply.code.filename))
        elif pieces and len(pieces[-1]) + 1 + len(block) <= EMBED_LIMIT:
            pieces[-1] += "\n" + block
        else:
            pieces.append(block)
    notes = _escape(notes_text(reply))
    if notes and pieces and len(pieces[-1]) + 1 + len(notes) <= EMBED_LIMIT:
        pieces[-1] += "\n" + notes  # notes close the last part when they fit
    else:
        pieces += split_plain(notes)
    return pieces


def reply_embeds(shown: Shown, empty: str) -> tuple[list[discord.Embed], list[discord.File]]:
    """Return the answer as embeds and the files they show (the picture, a long code file); `empty`
    is the description when the reply has no text at all."""
    reply, files = shown.reply, []
    colour = discord.Colour(shown.colour) if shown.colour is not None else None
    table = _table_embed(shown, colour)
    embeds = [table] if table is not None else []
    if table is None:
        pieces = _pieces(reply, files) or [empty]
        for i, piece in enumerate(pieces):
            title = shown.title + (f" ({i + 1}/{len(pieces)})" if len(pieces) > 1 else "")
            embeds.append(discord.Embed(title=title, description=piece, colour=colour))
    sources = _sources_field(reply)
    if sources:  # the documents an explanation stands on, as links under the last part
        embeds[-1].add_field(name=sources_head(shown.lang), value=sources, inline=False)
    footer = _footer(shown)
    for embed in embeds:
        if footer:
            embed.set_footer(text=footer)
    if reply.image:
        embeds[0].set_image(url=f"attachment://{CHART_FILE}")
        files.insert(0, discord.File(io.BytesIO(reply.image), filename=CHART_FILE))
    if reply.attachment is not None and reply.attachment.data:   # a calendar file goes with the embeds
        files.append(discord.File(io.BytesIO(reply.attachment.data), filename=reply.attachment.filename))
    return embeds, files


def _sources_field(reply: Reply) -> str:
    """Return an explanation's sources as one field value of markdown links (under 1,024 characters)."""
    value = ""
    for c in cited(reply):
        item = f"[{_escape(c.title)}]({c.source})" if c.source.startswith(("https://", "http://")) else _escape(c.title)
        if len(value) + len(item) + 1 > 1024:
            break
        value = f"{value}\n{item}" if value else item
    return value


def _table_embed(shown: Shown, colour: discord.Colour | None) -> discord.Embed | None:
    """Return one embed with a field per row (the week ahead), or None when it does not fit Discord's limits."""
    reply = shown.reply
    fields = reply.table.fields if reply.table is not None else []
    if not fields or len(fields) > 25 or any(len(name) > 256 or len(value) + 8 > 1024 for name, value in fields):
        return None
    embed = discord.Embed(title=shown.title, description=_escape(body_text(reply)) or None, colour=colour)
    for name, value in fields:  # the core gives plain text: a code block keeps the columns
        embed.add_field(name=name, value=f"```\n{value}\n```", inline=False)
    return embed if len(embed) <= 6000 else None
