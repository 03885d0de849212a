"""`core.reply`: the parts of an answer joined back into its text exactly, and several days'
replies merged by parts (the router's answers in parts: tests/core/words/test_reply_parts.py)."""
from __future__ import annotations

from core.reply import Reply, Table, merge_days


def test_merge_days_says_common_lines_once() -> None:
    days = [Reply(headline="place", lines=[f"day {i}", "station"], notes=["datum", f"odd {i}"]) for i in (1, 2)]
    merged = merge_days(days)
    assert merged.headline == "place"
    assert merged.lines == ["day 1", "odd 1", "day 2", "odd 2", "station"] and merged.notes == ["datum"]
    assert merged.text() == "place\nday 1\nodd 1\nday 2\nodd 2\nstation\ndatum"


def test_plain_and_lead_keep_the_text_exactly() -> None:
    for text in ("one", "a\n\nb", "a\n", "", "\nx"):
        assert Reply.plain(text).text() == text
        assert Reply.plain(text).lead("note").text() == f"note\n{text}"


def test_a_table_stands_apart() -> None:
    reply = Reply(headline="title", table=Table(text="a\nb"), notes=["legend"])
    assert reply.text() == "title\n\na\nb\n\nlegend"
    assert Reply(headline="title", table=Table(text="a")).text() == "title\n\na"
    assert reply.lead("note").text() == "note\ntitle\n\na\nb\n\nlegend"
