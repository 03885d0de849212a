"""Issue 29 in the terminal chat (the real `odbchat chat` process, local engine, no LLM): a pasted
question with two parts gets both — the tides and the time now there, the tides and what a spring
tide is with its source — and a question only looking like two parts gets one."""
from __future__ import annotations

from pathlib import Path

import pytest

from test_second_look_terminal import RULE, chat

pytestmark = pytest.mark.e2e


def test_both_parts_of_a_pasted_question_are_answered(tmp_path: Path) -> None:
    out = chat(tmp_path, "基隆現在幾點，明天幾點滿潮\nwhat is a spring tide and when is high tide at Keelung tomorrow\n"
                         "what time is high tide at Keelung\n")
    first, second, third = out.split(RULE + "\n")
    assert "滿潮" in first and "基隆現在是" in first and "時區 Asia/Taipei" in first, first
    assert "High tide" in second and "neap tides" in second.lower() and "https://" in second, second
    assert "High tide" in third and " it is " not in third and "neap" not in third, third
