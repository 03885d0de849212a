"""An answer in parts: what the user should see, each part named, for every surface to show whole.

The router fills `Answer.reply`; `Answer.text` stays the plain-text rendering of the same
parts (the envelope's `text`). Adapters never split `text` again: a platform shows the
headline as a title or first line, `lines` as the body, `table` in monospace or as fields,
`code` as a code block or a `.py` file, `image` as a picture, `footer` as a footer or last
line, and `buttons` as its own buttons. No part holds platform markup.
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field
from pydantic.json_schema import SkipJsonSchema

#: What a button under an answer does; the adapter turns each into its platform's button.
ButtonAction = Literal["tomorrow", "chart", "save_home", "share_location"]


class Table(BaseModel):
    """Rows of a table answer (the week ahead): a header and rows of cells, plus the monospace text."""

    header: list[str] = Field(default_factory=list)
    rows: list[list[str]] = Field(default_factory=list)
    text: str = Field(default="", description="the table laid out in columns for monospace surfaces")
    #: (name, value) pairs for platforms with fields (Discord embeds)
    fields: list[tuple[str, str]] = Field(default_factory=list)


class Code(BaseModel):
    """Runnable code of a code answer."""

    source: str
    language: str = "python"
    filename: str = "odbchat_example.py"


class Footer(BaseModel):
    """Where and whose clock: the place, the station (with its distance) and the zone of the times."""

    place: str | None = None
    station: str | None = None
    station_km: float | None = None
    tz: str | None = None
    source: str | None = Field(default=None, description="the data source, in words")


class Button(BaseModel):
    """One button under an answer: what it does, its label, and the point and day it is about."""

    action: ButtonAction
    label: str
    point: tuple[float, float] | None = None
    date: str | None = None
    place: str | None = None


class Reply(BaseModel):
    """An answer's parts in the user's language; `text()` joins them for plain-text surfaces."""

    headline: str = ""
    lines: list[str] = Field(default_factory=list)
    table: Table | None = None
    code: Code | None = None
    image: SkipJsonSchema[bytes | None] = Field(default=None, exclude=True)
    image_alt: str = ""
    footer: Footer | None = None
    notes: list[str] = Field(default_factory=list, description="notes said after the body (e.g. local engine)")
    buttons: list[Button] = Field(default_factory=list)

    def body(self) -> str:
        """Return the headline and lines as plain text (no table, code, notes)."""
        return "\n".join(part for part in [self.headline, *self.lines] if part)

    def text(self) -> str:
        """Return every textual part as plain text, in reading order."""
        parts = [self.body()]
        if self.table is not None and self.table.text:
            parts.append(self.table.text)
        parts.extend(self.notes)
        return "\n".join(part for part in parts if part)

    @classmethod
    def plain(cls, text: str) -> "Reply":
        """Return a reply of plain text: its first line is the headline, the rest the lines."""
        lines = [line for line in (text or "").splitlines()]
        if not lines:
            return cls()
        return cls(headline=lines[0], lines=lines[1:])
