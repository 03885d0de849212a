"""The per-question record: everything the pipeline learns about one question, in one place.

The router fills it step by step (understand → decide → tools → words) instead of threading
the question, language, zone, query time, slots, signals and timings through every call.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

from core.envelope import Question

if TYPE_CHECKING:
    from core.decide.plan_record import Plan
    from core.understand.refusal import Refusal
    from core.understand.signals import Signals
    from core.understand.slots import Slots
    from core.understand.understood import Understood


@dataclass
class Asked:
    """One question as the core understands it; `plan` is set once decided."""

    question: Question
    query: str
    lang: str                      # "zh" | "en": the reply language
    tz: str                        # the asker's zone as given (IANA name or offset)
    query_time: datetime           # aware, in the asker's zone: the moment "now" means
    slots: "Slots | None" = None
    signals: "Signals | None" = None
    plan: "Plan | None" = None
    understood: "Understood | None" = None   # the slots' words, what is in doubt, what was assumed
    refused: "Refusal | None" = None        # why the question cannot be asked at all (decided once, at arrival)
    notes: list[str] = field(default_factory=list)   # lines put before the answer (e.g. a bad zone)
    debug: dict[str, Any] = field(default_factory=lambda: {
        "t_classify_ms": 0.0, "t_mcp_ms": 0.0, "llm_calls": 0, "heuristics": []})
    started: float = field(default_factory=time.perf_counter)

    @property
    def today(self) -> date:
        """Return the asker's local date at query_time."""
        return self.query_time.date()

    def day(self) -> date:
        """Return the day the question asks about (the asker's today when it names none)."""
        return self.slots.day(self.query_time) if self.slots else self.query_time.date()

    def days(self) -> int:
        """Return how many consecutive days the question asks about (a weekend is 2; default 1)."""
        if self.question.days:
            return self.question.days
        hint = self.slots.date if self.slots else None
        return max(1, int(getattr(hint, "days", 1) or 1))

    @property
    def named_zone(self) -> bool:
        """True when the asker's zone is a named one (Asia/Taipei), not a bare offset (+08:00): read
        from the moment's zone, parsed once."""
        return isinstance(self.query_time.tzinfo, ZoneInfo)

    def place_label(self) -> str:
        """Return the named place in the reply language, or "" when the question named none."""
        place = self.slots.place if self.slots else None
        if place is None:
            return ""
        if self.lang == "zh":
            return place.name_zh or place.name_en   # some places abroad have no Chinese name
        return place.name_en or place.name_zh

    def day_note(self, answered: date | str | None = None) -> str:
        """Return the line saying which day the answer is for when a day word was not understood
        (月底, next month, Easter), else "". ``answered``: the day the answer is for (default: asked)."""
        hint = self.slots.date if self.slots else None
        word = getattr(hint, "unrecognised", None)
        if not word:
            return ""
        from core.words.strings import t

        day = answered or self.day()
        return t(self.lang, "day_words.unrecognised", word=word, date=day if isinstance(day, str) else day.isoformat())
