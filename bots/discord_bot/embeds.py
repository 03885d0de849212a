"""Answers as Discord embeds: title, colour and source by the catalog tool, text split under the limit."""
from __future__ import annotations

import io

import discord

from bots.common import chat_commands as cc
from core.envelope import Answer
from core.tools.catalog import CATALOG

EMBED_LIMIT = 4000          # Discord allows 4,096 characters per embed description
_NEUTRAL = 0x546E7A
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


def answer_embeds(answer: Answer, lang: cc.Lang, tz: str) -> list[discord.Embed]:
    """Return the answer as embeds: title by tool, description = text, footer = data source and zone."""
    tool = CATALOG.get(answer.tool or "")
    if tool is not None and tool.table_fields is not None and answer.result:
        embed = _table_embed(answer, tool.table_fields(answer.result, lang), lang, tz)
        if embed is not None:
            return [embed]
    if tool is not None and tool.preformatted and answer.text:  # a table keeps its columns in a code block
        parts = [f"```\n{part.replace('`', 'ˋ')}\n```" for part in split_plain(answer.text, EMBED_LIMIT - 8)]
    else:
        text = discord.utils.escape_markdown(answer.text or cc.message("error", lang))
        parts = split_plain(text) or [cc.message("error", lang)]
    colour = discord.Colour(tool.colour if tool else _NEUTRAL)
    embeds = []
    for i, part in enumerate(parts):
        title = cc.answer_title(answer, lang) + (f" ({i + 1}/{len(parts)})" if len(parts) > 1 else "")
        embed = discord.Embed(title=title, description=part, colour=colour)
        embed.set_footer(text=f"{cc.answer_source(answer)} · {tz}")
        embeds.append(embed)
    return embeds


def _table_embed(answer: Answer, fields: list[tuple[str, str]], lang: cc.Lang, tz: str) -> discord.Embed | None:
    """Return one embed with a field per row (the week ahead), or None when it does not fit Discord's limits."""
    fields = [(name, f"```\n{value}\n```") for name, value in fields]   # core gives plain text: a code block keeps columns
    if not fields or len(fields) > 25 or any(len(name) > 256 or len(value) > 1024 for name, value in fields):
        return None
    tool = CATALOG[answer.tool or ""]
    head = (answer.text or "").strip().splitlines()[:1]
    embed = discord.Embed(title=cc.answer_title(answer, lang), description=discord.utils.escape_markdown(head[0])
                          if head else None, colour=discord.Colour(tool.colour))
    for name, value in fields:
        embed.add_field(name=name, value=value, inline=False)
    embed.set_footer(text=f"{cc.answer_source(answer)} · {tz}")
    return embed if len(embed) <= 6000 else None


def chart_file(answer: Answer, embeds: list[discord.Embed]) -> discord.File | None:
    """Return the answer's picture as an attachment shown in the first embed, None when it has none."""
    image = answer.image
    if not image or not embeds:
        return None
    embeds[0].set_image(url=f"attachment://{CHART_FILE}")
    return discord.File(io.BytesIO(image), filename=CHART_FILE)
