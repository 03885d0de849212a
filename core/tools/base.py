"""What one tool of the catalog is: its models, words and the three steps the router runs.

Every tool module (`core/tools/<name>.py`) builds one `Tool`; `core.tools.catalog` lists
them. Everything about a tool — argument and result models, normalization, execution,
rendering, title, source, colour, description — is found from its module.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Awaitable, Callable, Literal, Protocol

from pydantic import BaseModel

from core.reply import Reply
from core.words.strings import table

if TYPE_CHECKING:
    from core.asked import Asked
    from core.config import Settings
    from core.tools.backends import MetoceanBackend

BackendKind = Literal["metocean", "open-meteo", "clock"]


class ToolContext(Protocol):
    """What a tool needs from whoever runs it (the Router): settings and metocean backends."""

    settings: "Settings"

    def backend(self, name: str | None = None) -> "MetoceanBackend": ...


@dataclass
class ToolRun:
    """A tool's result, which backend produced it, and whether `auto` fell back to local."""

    result: dict[str, Any]
    backend: str | None = None
    fell_back: bool = False


Normalize = Callable[[dict[str, Any], "Asked"], dict[str, Any]]
Execute = Callable[[ToolContext, dict[str, Any], "str | None", "datetime | None"], Awaitable[ToolRun]]
Render = Callable[[dict[str, Any], dict[str, Any], "Asked"], Reply]


@dataclass(frozen=True)
class Tool:
    """One catalog entry. `normalize` turns a plan's raw arguments into the call's arguments,
    `execute` calls the tool (context, arguments, backend choice, query time), `render`
    turns a result into the reply's parts (result, arguments, the question's record)."""

    name: str
    args: type[BaseModel]
    backend: BackendKind
    description: str
    source: str
    colour: int                              # the tool's accent (0xRRGGBB) where a platform colours answers
    normalize: Normalize
    execute: Execute
    render: Render
    result: type[BaseModel] | None = None   # advertised as outputSchema when the project produces it
    needs_location: bool = True
    per_day: bool = False                    # one call answers one local day: a range calls it once a day
    preformatted: bool = False               # the reply is a table: adapters show it in monospace
    # (name, value) pairs of a table answer for platforms with fields (embeds), plain text, from the
    # result; the same pairs are in the reply's `table.fields`
    table_fields: Callable[[dict[str, Any], str], list[tuple[str, str]]] | None = None

    def title(self, lang: str) -> str:
        """Return the tool's short title in `lang` (e.g. "潮汐預報" / "Tide forecast")."""
        return str(table(lang, "tool_titles")[self.name])  # tool names hold dots: no dotted key
