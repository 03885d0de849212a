"""The router's input (`Question`) and output (`Answer`, the envelope `odbchat ask --json` prints)."""
from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic.json_schema import SkipJsonSchema

from core.reply import Citation, Reply

__all__ = ["Answer", "Citation", "Context", "Lang", "Mode", "Question"]

Mode = Literal["mcp_tools", "explain", "code", "fallback"]
Lang = Literal["zh", "en"]


class Context(BaseModel):
    """What the last answer in a chat was about, so a follow-up ("那明天呢？", "高雄呢？") inherits it.

    The router returns it with each located answer; a chat adapter keeps it for a short time
    per chat and hands it back with the next question. `odbchat ask` is stateless.
    """

    tool: str = Field(max_length=40)
    sun_moon_only: bool = False
    with_sun: bool = False
    place: str | None = Field(default=None, max_length=200, description="the resolved place's English name")
    point: tuple[float, float] | None = None
    date: str | None = Field(default=None, pattern=r"^\d{4}-\d{2}-\d{2}$")
    station: str | None = Field(default=None, max_length=120, description="the tide station the answer used")
    station_source: str | None = Field(default=None, max_length=40, description="where its constants come from")
    backend: Literal["upstream", "local"] | None = None
    choices: list[str] | None = Field(default=None, max_length=4,
                                      description='the places a "which one?" named; the next message may pick one')


class Question(BaseModel):
    """One user question as an adapter hands it to the core."""

    query: str
    tz: str | None = Field(default=None, description="IANA name or offset; default the configured zone")
    query_time: str | None = Field(default=None, description="ISO-8601 with offset; default now in tz")
    # The same moment as a value, from an adapter in this process (the message's time), aware and on
    # the clock of `tz` (the adapter parsed the zone once): no ISO text to write and read back, no
    # zone to parse again. JSON, MCP and the command line give `query_time`.
    moment: SkipJsonSchema[datetime | None] = Field(default=None, exclude=True)
    lang: Literal["auto", "zh", "en"] = "auto"
    debug: bool = False
    dry_run: bool = False
    backend: Literal["auto", "upstream", "local"] | None = None
    # Typed requests: an adapter that already knows what is asked (a slash command, a shared
    # pin) says so here, and the router trusts these over anything it reads in `query`.
    tool: str | None = Field(default=None, max_length=40, description="a catalog tool name chosen by the adapter")
    sun_moon_only: bool = Field(default=False, description="tide.forecast: sun and moon times only")
    with_sun: bool = Field(default=False, description="tide.calendar: add sunrise and sunset events")
    place: str | None = Field(default=None, max_length=200, description="a place name given as a command argument")
    point: tuple[float, float] | None = Field(default=None, description="(longitude, latitude) of a shared pin")
    date: str | None = Field(default=None, pattern=r"^\d{4}-\d{2}-\d{2}$", description="YYYY-MM-DD, in the asker's zone")
    days: int | None = Field(default=None, ge=1, le=31, description="how many days from `date` (weather 1-16, calendar 1-31)")
    context: Context | None = Field(default=None, description="the chat's previous answer, for follow-ups")
    # How the asker reads tide heights (/datum, /units, --datum, --units); None: MSL, cm.
    datum: Literal["msl", "chart"] | None = Field(default=None, description="tide heights above MSL or chart datum")
    units: Literal["cm", "m", "ft"] | None = Field(default=None, description="unit of tide heights")


class Answer(BaseModel):
    """The answer envelope (`router.answer` output, one `ask --json` line)."""

    model_config = ConfigDict(extra="allow")
    mode: Mode
    text: str
    lang: Lang
    tool: str | None = None
    arguments: dict[str, Any] | None = None
    result: dict[str, Any] | None = None
    error: str | None = None
    code: str | None = None
    citations: list[Citation] = Field(default_factory=list)
    resolved_date: str | None = None
    backend: Literal["upstream", "local", "cwa"] | None = None
    plan: dict[str, Any] | None = None
    context: Context | None = None
    debug: dict[str, Any] | None = None
    # The tool's result as its model (core/tools/base.py `Tool`), for whoever reads the answer in
    # process (the week table's fields, a subscription's firing); `result` is the same, serialized.
    value: SkipJsonSchema[BaseModel | None] = Field(default=None, exclude=True)
    # A picture of the answer (tide.chart's PNG): adapters send it as a photo or attachment; it is
    # not part of the JSON envelope (bytes are no JSON), so every dump leaves it out.
    image: SkipJsonSchema[bytes | None] = Field(default=None, exclude=True)
    # The same answer in parts (core/reply.py) for the adapters to show whole; not in the JSON envelope.
    reply: SkipJsonSchema[Reply | None] = Field(default=None, exclude=True)

    def to_json_dict(self) -> dict[str, Any]:
        """Return the envelope as JSON-ready dict, leaving out fields that do not apply."""
        data = self.model_dump(mode="json", exclude_none=True)
        if self.mode != "code" and not self.citations:
            data.pop("citations", None)
        return data
