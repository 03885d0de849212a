"""An answer in parts: what the user should see, each part named, for every surface to show whole.

Each tool's `render` returns a `Reply`; the router adds its notes and sets `Answer.reply`, and
`Answer.text` (the envelope's `text`) is `Reply.text()`, the plain-text rendering of the same
parts. Adapters never split `text` again: a platform shows the headline as a title or first
line, `lines` as the body, `table` in monospace or as fields, `code` as a code block or a `.py`
file, `image` as a picture, `notes` after the body, `footer` as a footer, and `buttons` as its
own buttons. No part holds platform markup (no code fences, HTML or colours).
"""
from __future__ import annotations

from itertools import takewhile
from typing import Literal

from pydantic import BaseModel, Field
from pydantic.json_schema import SkipJsonSchema

#: The frame of an answer no tool gave (an explanation, code, a fixed reply).
DEFAULT_TITLE = "ODBchat"
NEUTRAL_COLOUR = 0x546E7A

#: What a button under an answer does; the adapter turns each into its platform's button.
ButtonAction = Literal["tomorrow", "chart", "save_home", "share_location"]


# A document an explanation stands on: its title, where it is, and the passage used. (No docstring:
# it would change the published envelope schema, specs/.)
class Citation(BaseModel):
    title: str
    source: str
    chunk_id: int = 0


class Table(BaseModel):
    """Rows of a table answer (the week ahead): a header and rows of cells, plus the monospace text."""

    title: str = Field(default="", description="what the table is, in a few words (a notification preview)")
    header: list[str] = Field(default_factory=list)
    rows: list[list[str]] = Field(default_factory=list)
    text: str = Field(default="", description="the table laid out in columns for monospace surfaces")
    #: (name, value) pairs for platforms with fields (an embed's fields): plain text, the platform
    #: adds its own monospace markup around a value
    fields: list[tuple[str, str]] = Field(default_factory=list)


class Code(BaseModel):
    """Runnable code of a code answer."""

    source: str
    language: str = "python"
    filename: str = "odbchat_example.py"


class Attachment(BaseModel):
    """A file that goes with an answer (an iCalendar file): its name, media type and bytes.
    The bytes stay out of the JSON envelope (the result carries what the file holds)."""

    filename: str
    mime: str
    data: SkipJsonSchema[bytes] = Field(default=b"", exclude=True)


class Footer(BaseModel):
    """Where and whose clock: the place, the station (with its distance) and the zone of the times.

    `place` and `station` name what the answer is about (the headline or a line may say them too:
    they are for a compact footer or a title); `source` is said only here: `Reply.text()` ends with it.
    """

    place: str | None = None
    station: str | None = None
    station_km: float | None = None
    tz: str | None = None
    source: str | None = Field(default=None, description="the answer's source line, in the user's words")


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
    attachment: Attachment | None = None
    footer: Footer | None = None
    notes: list[str] = Field(default_factory=list, description="notes said after the body (e.g. local engine)")
    citations: list[Citation] = Field(default_factory=list, description="what an explanation stands on")
    buttons: list[Button] = Field(default_factory=list)
    # How a platform frames the answer, set once by the router from the tool that answered (so no
    # adapter looks a tool up by name): its title in the reply's language, the data source to
    # credit (the footer's `source` is a sentence; this is a name), its accent colour (0xRRGGBB).
    title: str = DEFAULT_TITLE
    source: str = DEFAULT_TITLE
    colour: int = NEUTRAL_COLOUR
    #: offer sharing the user's location beside the buttons (a platform with quick replies: LINE)
    share_location: bool = False

    def body(self) -> str:
        """Return the headline and lines as plain text (no table, code, notes)."""
        return "\n".join([self.headline, *self.lines] if self.lines else [self.headline])

    def text(self) -> str:
        """Return every textual part as plain text, in reading order: headline, lines, the table
        set apart by blank lines, notes, the source line."""
        parts = [self.headline, *self.lines] if self.lines else [self.headline] if self.headline else []
        source = self.footer.source if self.footer is not None else None
        if self.table is not None and self.table.text:
            # A table stands apart: a blank line between it and the body, and between it and the notes.
            parts = [*parts, "", self.table.text] if parts else [self.table.text]
            if self.notes or source:
                parts.append("")
        parts.extend(self.notes)
        if source:
            parts.append(source)
        return "\n".join(parts)

    def lead(self, note: str) -> "Reply":
        """Return this reply with `note` said first: the note becomes the headline, the old
        headline the first line."""
        rest = [self.headline, *self.lines] if self.headline or self.lines else [] if self.text() else [""]
        return self.model_copy(update={"headline": note, "lines": rest})

    @classmethod
    def plain(cls, text: str, **parts: object) -> "Reply":
        """Return a reply of plain text (its first line the headline, the rest the lines, kept
        exactly: `text()` gives `text` back), with any other `parts` given."""
        head, *rest = (text or "").split("\n")
        return cls(headline=head, lines=rest, **parts)  # type: ignore[arg-type]


def merge_days(days: list[Reply]) -> Reply:
    """Return one reply for several days' replies of one tool: what every day says is said once,
    the leading such lines (the place) on top and the rest (the station, notes) at the end; the
    first day's footer, image and buttons stand for all."""
    first = days[0]
    said = [[*([d.headline] if d.headline else []), *d.lines, *d.notes] for d in days]
    common = set(said[0]).intersection(*said[1:])
    head = list(takewhile(lambda line: line in common, said[0]))
    body = [line for lines in said for line in lines if line not in common]
    tail = [line for line in [first.headline, *first.lines] if line in common and line not in head]
    notes = [line for line in first.notes if line in common and line not in head]
    merged = head + body + tail
    return first.model_copy(update={"headline": merged[0] if merged else "", "lines": merged[1:], "notes": notes})
