"""What one tool of the catalog is: its models, words and the three steps the router runs.

Every tool module (`core/tools/<name>.py`) builds one `Tool`; `core.tools.catalog` lists
them. Everything about a tool — argument and result models, normalization, execution,
rendering, title, source, colour, description, the chat commands that ask for it, the
keyword rule that picks it and what the LLM is told about it — is found from its module.
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


@dataclass(frozen=True)
class Command:
    """A chat command that asks for the tool: `/<name> [place | lon,lat]` on every platform.

    Its menu line is `chat.commands.<name>` in both strings files; `menu_rank` orders the
    platforms' menus (lower first); `variant` is the tool variant it asks for (below); `days`:
    the argument may end with a day count ("/weather 高雄 5天").
    """

    name: str
    menu_rank: int
    variant: str | None = None
    days: bool = False


@dataclass(frozen=True)
class PlanRule:
    """When the keyword heuristics pick the tool: instead of `instead_of` (the tool they chose)
    when every keyword group in `signals` (core/data/keywords.yaml) is in the question."""

    instead_of: str
    signals: tuple[str, ...]


Normalize = Callable[[dict[str, Any], "Asked"], dict[str, Any]]
Execute = Callable[[ToolContext, dict[str, Any], "str | None", "datetime | None"], Awaitable[ToolRun]]
Render = Callable[[dict[str, Any], dict[str, Any], "Asked"], Reply]


@dataclass(frozen=True)
class Tool:
    """One catalog entry. `normalize` turns a plan's raw arguments into the call's arguments,
    `execute` calls the tool (context, arguments, backend choice, query time), `render`
    turns a result into the reply's parts (result, arguments, the question's record).

    A variant (`variants`) is a way of answering the tool's call named by the boolean field of
    `Question` and `Context` that asks for it (tide.forecast's `sun_moon_only`); the plan
    carries it (`Plan.variant`) and `render` reads it there."""

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
    at_sea: bool = False                     # a named place is asked at its sea point (open water off it), not on land
    per_day: bool = False                    # one call answers one local day: a range calls it once a day
    preformatted: bool = False               # the reply is a table: adapters show it in monospace
    # (name, value) pairs of a table answer for platforms with fields (embeds), plain text, from the
    # result; the same pairs are in the reply's `table.fields`
    table_fields: Callable[[dict[str, Any], str], list[tuple[str, str]]] | None = None
    commands: tuple[Command, ...] = ()       # the chat commands asking for it, in the platforms' menus
    rule: PlanRule | None = None             # when the keyword heuristics pick it over another tool
    variants: tuple[str, ...] = ()
    llm_hint: str = ""                       # one line for the LLM's instructions ("For tide/sun/moon …")

    def title(self, lang: str) -> str:
        """Return the tool's short title in `lang` (e.g. "潮汐預報" / "Tide forecast")."""
        return str(table(lang, "tool_titles")[self.name])  # tool names hold dots: no dotted key
