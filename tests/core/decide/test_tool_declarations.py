"""A tool declares itself: its chat commands, plan rule, variants and LLM hint live in its module,
and the menus, the command requests, the heuristics and the LLM prompt are built from them."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from bots.common import chat_commands as cc
from core.decide.llm_plan import _SYSTEM, _catalog_text, _hints_text
from core.decide.plan import heuristic_plan
from core.envelope import Context, Question
from core.tools.catalog import CATALOG, commands, refined
from core.understand.signals import Signals, detect_signals, group_names
from core.understand.slots import extract_slots
from core.words.strings import table


def test_every_command_has_a_menu_line_in_both_languages_and_a_unique_name_and_rank() -> None:
    declared = commands()
    assert len({c.name for c, _ in declared}) == len(declared) == len({c.menu_rank for c, _ in declared})
    for lang in ("zh", "en"):
        lines = table(lang, "chat.commands")
        assert all(str(lines[c.name]).strip() for c, _ in declared)


def test_the_menus_and_requests_come_from_the_declarations() -> None:
    assert cc.MENU[:7] == ("help", "tide", "sun", "sst", "weather", "chart", "week")
    assert cc.KIND_REQUEST["sun"] == {"tool": "tide.forecast", "sun_moon_only": True}
    assert cc.KIND_REQUEST["chart"] == {"tool": "tide.chart"}
    assert set(cc.DAYS_KINDS) == {"chart", "weather", "calendar"}


def test_plan_rules_name_existing_keyword_groups_and_tools() -> None:
    for tool in CATALOG.values():
        if tool.rule is not None:
            assert tool.rule.instead_of in CATALOG and set(tool.rule.signals) <= set(group_names())


def test_variants_are_boolean_fields_of_question_and_context() -> None:
    for tool in CATALOG.values():
        for name in tool.variants:
            assert Question.model_fields[name].annotation is bool and Context.model_fields[name].annotation is bool
        assert all(c.variant in tool.variants for c in tool.commands if c.variant)


@pytest.mark.parametrize("query, tool", [("基隆潮汐圖", "tide.chart"), ("淡水這週潮汐", "tide.week"),
                                         ("基隆今天潮汐", "tide.forecast")])
def test_a_tools_rule_takes_the_place_of_the_tool_chosen(query: str, tool: str) -> None:
    signals = detect_signals(query)
    assert (refined("tide.forecast", signals) or CATALOG["tide.forecast"]).name == tool
    slots = extract_slots(query, datetime(2025, 11, 14, 11, tzinfo=timezone(timedelta(hours=8))))
    plan = heuristic_plan(signals, slots, code_request=False)
    assert plan is not None and plan.tool == tool


def test_the_llm_is_told_each_tool_and_its_hint() -> None:
    prompt = _SYSTEM.format(catalog=_catalog_text(), hints=_hints_text())
    assert "For tide/sun/moon questions choose tide.forecast." in prompt
    assert all(f"- {name}(" in prompt for name in CATALOG)


def test_signals_are_read_by_group_name() -> None:
    signals = detect_signals("哪裡的潮差最大")
    assert signals.compare and signals["conceptual"] and signals.explain   # implied groups
    assert dict(signals) == {name: name in signals.on for name in group_names()}
    with pytest.raises(AttributeError):
        _ = signals.no_such_group
    with pytest.raises(ValueError):
        Signals.of({"no_such_group"})
    with pytest.raises(TypeError):
        Signals(no_such_group=True)  # type: ignore[call-arg]


def test_a_keyword_group_without_a_signals_field_is_refused() -> None:
    from core.understand.signal_groups import check_fields
    check_fields(group_names())
    with pytest.raises(ValueError, match="new_group"):
        check_fields((*group_names(), "new_group"))
