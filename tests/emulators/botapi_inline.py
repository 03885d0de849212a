"""Inline mode in the Bot API emulator (tests/emulators/botapi_server.py): what Telegram refuses in an
`answerInlineQuery` call (unknown or twice-answered query ids, more than 50 results, duplicate or
over-long ids, article messages empty or over 4,096 characters, HTML that does not parse)."""
from __future__ import annotations

from typing import Any, Callable

MAX_RESULTS = 50


def inline_answer_problem(params: dict[str, Any], parse_html: Callable[[str], str]) -> str | None:
    """Return Telegram's reason to refuse an answerInlineQuery, None when it would be accepted."""
    results = params.get("results")
    if not isinstance(results, list) or len(results) > MAX_RESULTS:
        return "RESULTS_TOO_MUCH" if isinstance(results, list) else "results must be an array"
    ids = [str(r.get("id", "")) for r in results]
    if len(set(ids)) != len(ids) or any(not 1 <= len(i.encode()) <= 64 for i in ids):
        return "RESULT_ID_DUPLICATE" if len(set(ids)) != len(ids) else "RESULT_ID_INVALID"
    for result in results:
        if result.get("type") != "article" or not result.get("title"):
            return "article results need a type and a title"
        content = result.get("input_message_content") or {}
        text = content.get("message_text") or ""
        if not 1 <= len(text) <= 4096:
            return "MESSAGE_TOO_LONG" if text else "MESSAGE_EMPTY"
        if content.get("parse_mode") == "HTML":
            try:
                parse_html(text)
            except Exception as exc:
                return f"can't parse entities: {exc}"
    return None
