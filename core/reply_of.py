"""The parts of an answer (core/reply.py) read from its envelope: the bridge until every renderer
returns parts itself. Returns a `Reply` whose `text()` is the answer's text."""
from __future__ import annotations

from datetime import date, timedelta

from core.envelope import Answer
from core.reply import Button, Code, Footer, Reply, Table
from core.tools.catalog import CATALOG
from core.words.strings import t


def _buttons(answer: Answer) -> list[Button]:
    if answer.tool != "tide.forecast" or not answer.arguments or answer.error:
        return []
    try:
        point = (float(answer.arguments["longitude"]), float(answer.arguments["latitude"]))
        day = date.fromisoformat(str(answer.arguments.get("date")))
    except (KeyError, TypeError, ValueError):
        return []
    place = answer.context.place if answer.context and answer.context.place else None
    lang = answer.lang
    return [Button(action="tomorrow", label=t(lang, "chat.button_tomorrow"), point=point,
                   date=(day + timedelta(days=1)).isoformat()),
            Button(action="save_home", label=t(lang, "chat.button_save_home"), point=point, place=place),
            Button(action="chart", label=t(lang, "chat.button_chart"), point=point, date=day.isoformat())]


def reply_of(answer: Answer) -> Reply:
    """Return the answer's parts: headline and lines from its text, its code, picture, table and buttons."""
    tool = CATALOG.get(answer.tool or "")
    if tool is not None and tool.preformatted and answer.text and not answer.error:
        head, _, rest = answer.text.partition("\n")
        fields = tool.table_fields(answer.result, answer.lang) if tool.table_fields and answer.result else []
        reply = Reply(headline=head, table=Table(text=rest, fields=fields))
    else:
        reply = Reply.plain(answer.text)
    if answer.code:
        reply.code = Code(source=answer.code)
    reply.image = answer.image
    tz = (answer.arguments or {}).get("tz") or (answer.arguments or {}).get("timezone")
    if tool is not None:
        reply.footer = Footer(tz=str(tz) if tz else None, source=tool.source)
    reply.buttons = _buttons(answer)
    return reply
