"""What one tool of the catalog is: its models, words and the three steps the router runs.

Every tool module (`core/tools/<name>.py`) builds one `Tool`; `core.tools.catalog` lists
them. Everything about a tool — argument and result models, normalization, execution,
rendering, title, source, colour, description, the chat commands that ask for it, the
keyword rule that picks it and what the LLM is told about it — is found from its module.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, Awaitable, Callable, Generic, Literal, Protocol, TypeVar

from pydantic import BaseModel, Field, ValidationError
from pydantic.json_schema import SkipJsonSchema

from core.reply import Reply
from core.words.strings import table

if TYPE_CHECKING:
    from core.asked import Asked
    from core.decide.plan_record import Heard, Plan, PlanArgs
    from core.understand.signals import Signals
    from core.understand.slots import Slots
    from core.config import Settings
    from core.tools.backends import MetoceanBackend

BackendKind = Literal["metocean", "open-meteo", "clock"]


class ToolContext(Protocol):
    """What a tool needs from whoever runs it (the Router): settings and metocean backends."""

    settings: "Settings"

    def backend(self, name: str | None = None) -> "MetoceanBackend": ...


A = TypeVar("A", bound=BaseModel)
R = TypeVar("R", bound=BaseModel)


def validation_reason(exc: ValidationError) -> str:
    """Return a validation error as one readable line, each problem as "field: what" and a model's
    own sentence as written ("Latitude must be between -90 and 90 degrees"): the one wording of
    bad arguments, for the router, the tools and the project's MCP server."""
    parts = []
    for err in exc.errors():
        msg = str(err.get("msg", "invalid"))
        if err.get("type") == "value_error":
            parts.append(msg.removeprefix("Value error, "))
        else:
            loc = ".".join(str(p) for p in err.get("loc", ()))
            parts.append(f"{loc}: {msg}" if loc else msg)
    return "; ".join(parts)


class Pictured(BaseModel):
    """A result that carries a picture (tide.chart's PNG): bytes are no JSON, so the picture is
    left out of every dump and travels beside it (`Reply.image`, an MCP image content)."""

    png: SkipJsonSchema[bytes | None] = Field(default=None, exclude=True)


@dataclass
class ToolRun(Generic[R]):
    """A tool's result (its model), which backend produced it, whether `auto` fell back to local,
    and the arguments the call ended with (None: as asked; a GHRSST retry says `nearest`)."""

    result: R
    backend: str | None = None
    fell_back: bool = False
    arguments: BaseModel | None = field(default=None)


def rounded_for_log(arguments: dict[str, Any]) -> dict[str, Any]:
    """Return a call's arguments as logs write them: coordinates to 2 decimals, nothing else."""
    out: dict[str, Any] = {}
    for key, value in arguments.items():
        if key in ("longitude", "latitude") and isinstance(value, float):
            out[key] = round(value, 2)
        elif key == "bbox" and isinstance(value, list):
            out[key] = [round(float(v), 2) for v in value]
        else:
            out[key] = value
    return out


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


@dataclass(frozen=True)
class PlanStep:
    """One rule of the keyword heuristics that picks the tool. core/decide/plan.py runs its own
    rules and every catalog tool's steps by `rank` (lower first); the first `plan` that returns a
    Plan decides (it may also be a fixed reply the tool's question needs: "where?")."""

    rank: int
    plan: Callable[["Heard"], "Plan | None"]


# A plan's raw arguments (the heuristics' location, the LLM's JSON) → the call's model; raises
# ValidationError when they do not fit it.
def _plain(_signals: "Signals") -> str | None:
    return None


@dataclass(frozen=True)
class AskedFor:
    """When a follow-up's own words ask for the tool ("高雄的潮汐呢？", "and the weather?"): the
    first catalog tool (lowest `rank`) whose `asks` reads the question's keyword groups as asking
    for it answers; `variant` is the variant those words ask for (None: the plain answer)."""

    rank: int
    asks: Callable[["Signals"], bool]
    variant: Callable[["Signals"], str | None] = _plain


Normalize = Callable[["PlanArgs", "Asked"], A]
Execute = Callable[[ToolContext, A, "str | None", "datetime | None"], Awaitable[ToolRun[R]]]
Render = Callable[[R, A, "Asked"], Reply]


class InvalidArguments(Exception):
    """A call's arguments do not fit the tool's model: `reason` words why (validation_reason)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Tool(Generic[A, R]):
    """One catalog entry, generic over its argument model `A` and result model `R`. `normalize`
    turns a plan's raw arguments into the call's model `A` (`call_arguments` words a misfit the
    one way; `arguments` validates a call given whole, an MCP client's), `execute` calls the tool (context, arguments, backend choice, query time) and
    returns `R`, `render` words a result (result, arguments, the question's record) as the
    reply's parts; `dump` is the result as the JSON envelope's `result`, at the edge only.

    A variant (`variants`) is a way of answering the tool's call named by the boolean field of
    `Question` and `Context` that asks for it (tide.forecast's `sun_moon_only`); the plan
    carries it (`Plan.variant`) and `render` reads it there."""

    name: str
    args: type[A]
    result: type[R]
    backend: BackendKind
    description: str
    source: str
    colour: int                              # the tool's accent (0xRRGGBB) where a platform colours answers
    normalize: Normalize[A]
    execute: Execute[A, R]
    render: Render[R, A]
    output_schema: bool = True               # the result model is advertised as MCP outputSchema and in specs/
    share_location: bool = False             # its answers offer sharing the user's location (as home)
    needs_location: bool = True
    # the topic (a `failure.topics` key) of a call made for a named place when it is not the tool's own:
    # an SST box around a place answers for the place's SST
    topic_at_place: str | None = None
    # a sea region named in the question is answered as the region (its box), not as the place named
    answers_sea_regions: bool = False
    at_sea: bool = False                     # a named place is asked at its sea point (open water off it), not on land
    per_day: bool = False                    # one call answers one local day: a range calls it once a day
    two_places: bool = False                 # its question names two far places by design (a conversion's zones)
    # a clock time given makes its answer one day's (a conversion on a named day: "the Cup is 3pm Melbourne time"),
    # whose date is said as a day's answer says it
    dated_by_clock: bool = False
    horizon_days: int = 0                    # how many days ahead it can answer (a forecast's reach); 0: any day
    observed: bool = False                   # it answers observations, none ahead: a day to come gets the latest, said so
    preformatted: bool = False               # the reply is a table: adapters show it in monospace
    # (name, value) pairs of a table answer for platforms with fields (embeds), plain text, from the
    # result; the same pairs are in the reply's `table.fields`
    table_fields: Callable[[R, str], list[tuple[str, str]]] | None = None
    commands: tuple[Command, ...] = ()       # the chat commands asking for it, in the platforms' menus
    rule: PlanRule | None = None             # when the keyword heuristics pick it over another tool
    steps: tuple[PlanStep, ...] = ()         # when the keyword heuristics pick it by themselves
    inferred: PlanStep | None = None         # when a weaker reading picks it (no LLM, or none usable)
    # the plan calling it at the slots' location (a command, a follow-up, a settled place); None: none there
    locate: Callable[["Slots", str], "Plan | None"] | None = None
    asked_for: AskedFor | None = None        # when a follow-up's own words ask for it
    variants: tuple[str, ...] = ()
    llm_hint: str = ""                       # one line for the LLM's instructions ("For tide/sun/moon …")

    def arguments(self, given: dict[str, Any]) -> A:
        """Return `given` as the argument model; InvalidArguments with the one wording otherwise."""
        try:
            return self.args.model_validate(given)
        except ValidationError as exc:
            raise InvalidArguments(validation_reason(exc)) from None

    def call_arguments(self, raw: "PlanArgs", asked: "Asked") -> A:
        """Return the plan's raw arguments as the call's model (`normalize`); InvalidArguments with
        the one wording when they do not fit it."""
        try:
            return self.normalize(raw, asked)
        except ValidationError as exc:
            raise InvalidArguments(validation_reason(exc)) from None

    @staticmethod
    def dump_arguments(arguments: BaseModel) -> dict[str, Any]:
        """Return a call's arguments as the JSON envelope and the logs write them: the fields set."""
        return arguments.model_dump(mode="json", by_alias=True, exclude_unset=True)

    @staticmethod
    def day_of(arguments: BaseModel) -> str | None:
        """Return the local day (YYYY-MM-DD) a call's arguments ask for; None when they name none
        (a clock tool's moment, a call left to its default day)."""
        day = getattr(arguments, "date", None)   # every per-day model names it `date`
        return str(day) if day else None

    @property
    def about_a_moment(self) -> bool:
        """True for a tool whose answer is about a moment on a clock, not a day or a place's data:
        the clock tools (every candidate place in one zone gives the same answer)."""
        return self.backend == "clock"

    def dump(self, result: BaseModel) -> dict[str, Any]:
        """Return a result as the JSON envelope writes it: a metocean answer with exactly the keys
        its source gave (upstream-metocean.md), a result this project builds with every field."""
        return result.model_dump(mode="json", by_alias=True, exclude_unset=self.backend == "metocean")

    def framed(self, reply: Reply, lang: str, backend: str | None) -> Reply:
        """Return `reply` framed as this tool's: its title in `lang`, its source (the local engine
        named when it answered a metocean call) and its colour."""
        source = f"{self.source} (local engine)" if backend == "local" and self.backend == "metocean" else self.source
        return reply.model_copy(update={"title": self.title(lang), "source": source, "colour": self.colour,
                                        "share_location": self.share_location})

    def title(self, lang: str) -> str:
        """Return the tool's short title in `lang` (e.g. "潮汐預報" / "Tide forecast")."""
        return str(table(lang, "tool_titles")[self.name])  # tool names hold dots: no dotted key
