"""An answer's parts as LINE messages: a chart as an image message, the text (split under
LINE's 5,000 characters), the week as a Flex table, code as whole text, and quick-reply
buttons (share location, tomorrow, chart) on a tide answer's last message.

LINE has no markup in text messages and no code blocks, so code is sent as plain text,
whole, in as many messages as it needs; a reply carries at most 5 messages (the port
pushes the rest).
"""
from __future__ import annotations

from collections.abc import Callable

from linebot.v3.messaging import (FlexContainer, FlexMessage, ImageMessage, LocationAction, Message, PostbackAction,
                                  QuickReply, QuickReplyItem, TextMessage)

from bots.common.port import Shown
from bots.common.reply_text import body_text, footer_text, notes_text, sources_text
from core.reply import Button, Table
from core.words.strings import t

#: LINE's limit for one text message (counted here in UTF-16 units, never fewer than LINE's count).
TEXT_LIMIT = 5000
#: LINE's limits: a quick-reply label, a Flex message's alt text, a postback's data.
LABEL_LIMIT = 20
ALT_LIMIT = 400
DATA_LIMIT = 300
_ACTIONS = ("tomorrow", "chart", "save_home")

#: Returns the (original, preview) URLs of an answer's chart picture, or None when it has none.
ImageUrls = Callable[[Shown], "tuple[str, str] | None"]


def _u16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def split_text(text: str, limit: int = TEXT_LIMIT) -> list[str]:
    """Return `text` cut into pieces of at most `limit` units, at line breaks where possible, nothing lost."""
    pieces: list[str] = []
    current = ""
    for line in text.split("\n"):
        while _u16(line) > limit:  # one line longer than a message: cut it hard
            head = line[:limit // 2]
            if current:
                pieces.append(current)
                current = ""
            pieces.append(head)
            line = line[len(head):]
        candidate = f"{current}\n{line}" if current else line
        if current and _u16(candidate) > limit:
            pieces.append(current)
            current = line
        else:
            current = candidate
    if current.strip():
        pieces.append(current)
    return [p for p in pieces if p.strip()]


def button_data(button: Button) -> str | None:
    """Return a button's postback data (`action|lon|lat|date|place`), None when LINE cannot carry it."""
    if button.action not in _ACTIONS or button.point is None:
        return None
    data = f"{button.action}|{button.point[0]:.4f}|{button.point[1]:.4f}|{button.date or ''}|"
    place = button.place or ""
    return data + place if len((data + place).encode()) <= DATA_LIMIT else data  # a long name: the point alone


def parse_data(data: str) -> Button | None:
    """Return the button a postback carries, None when its data is not ours or malformed."""
    parts = (data or "").split("|", 4)
    if len(parts) != 5 or parts[0] not in _ACTIONS:
        return None
    try:
        lon, lat = float(parts[1]), float(parts[2])
    except ValueError:
        return None
    if not (-180 <= lon <= 180 and -90 <= lat <= 90):
        return None
    return Button(action=parts[0], label="", point=(lon, lat), date=parts[3] or None,  # type: ignore[arg-type]
                  place=parts[4] or None)


def quick_reply(shown: Shown, share_location: bool = True) -> QuickReply | None:
    """Return the quick-reply buttons of an answer that offers sharing a location (share location
    first unless `share_location` is False, then its buttons: a tide answer's), None for other answers."""
    if not shown.reply.share_location:
        return None
    items = [QuickReplyItem(action=LocationAction(label=t(shown.lang, "chat.home_button")[:LABEL_LIMIT]))] \
        if share_location else []
    for button in shown.reply.buttons:
        data = button_data(button)
        if data is not None:
            items.append(QuickReplyItem(action=PostbackAction(label=button.label[:LABEL_LIMIT], data=data,
                                                              display_text=button.label)))
    return QuickReply(items=items[:13]) if items else None


def _column_weights(table: Table) -> list[int]:
    """Return each value column's flex weight: its longest line, so times and heights never wrap."""
    width = len(table.header) - 1 if table.header else max(len(r) for r in table.rows) - 1
    return [max(3, *(len(line) for r in table.rows if i + 1 < len(r) for line in r[i + 1].split("\n")))
            for i in range(max(width, 0))]


def _text(text: str, size: str, **style: object) -> dict:
    return {"type": "text", "text": text or "-", "size": size, "wrap": True, **style}


def flex_table(table: Table, alt: str) -> FlexMessage:
    """Return the table as a Flex bubble made for a phone: the title on top, one header row of the
    value columns, then per row its heading (first cell: bold first line, the rest grey) over its
    values in the same columns, a separator between rows; the title is the notification preview."""
    weights = _column_weights(table)

    def columns(cells: list[str], **style: object) -> dict:
        return {"type": "box", "layout": "horizontal", "spacing": "md",
                "contents": [_text(cell, "xs", flex=weight, **style) for cell, weight in zip(cells, weights)]}

    body: list[dict] = []
    if table.header:
        body += [columns(table.header[1:], color="#888888", weight="bold"), {"type": "separator"}]
    for i, cells in enumerate(table.rows):
        head, _, sub = (cells[0] if cells else "").partition("\n")
        heading = [_text(head, "sm", weight="bold", flex=0)]
        if sub:
            heading.append(_text(sub.replace("\n", " "), "xxs", color="#888888", align="end", gravity="center"))
        body += [*([{"type": "separator"}] if i else []),
                 {"type": "box", "layout": "horizontal", "spacing": "sm", "contents": heading},
                 columns(cells[1:])]
    contents = {"type": "box", "layout": "vertical", "spacing": "sm", "contents": body}
    bubble: dict = {"type": "bubble", "size": "mega", "body": contents}
    if table.title:
        bubble["header"] = {"type": "box", "layout": "vertical", "paddingBottom": "none",
                            "contents": [_text(table.title, "md", weight="bold")]}
    preview = table.title or alt or "table"
    return FlexMessage(alt_text=preview[:ALT_LIMIT], contents=FlexContainer.from_dict(bubble))


def answer_messages(shown: Shown, image_urls: ImageUrls,
                    file_url: Callable[[Shown], str | None] | None = None, share_location: bool = True) -> list[Message]:
    """Return every part of the answer as LINE messages, in reading order, quick replies on the last;
    a file (a calendar) as a signed link to it (`file_url`), since LINE bots cannot send files.
    `share_location` False (a group) leaves the "share my location" quick reply out: LINE offers it in
    groups, but a pin sent there is answered by no one (only commands and mentions are) and is shown
    to every member."""
    reply = shown.reply
    messages: list[Message] = []
    urls = image_urls(shown) if reply.image else None
    if urls is not None:
        messages.append(ImageMessage(original_content_url=urls[0], preview_image_url=urls[1]))
    table = reply.table if reply.table is not None and reply.table.rows else None
    texts = [body_text(reply)]
    if reply.table is not None and table is None and reply.table.text.strip():
        texts.append(reply.table.text.strip("\n"))  # a table without rows: its monospace text
    if reply.image and urls is None and reply.image_alt:
        texts.append(reply.image_alt)
    link = file_url(shown) if reply.attachment is not None and file_url is not None else None
    if link:
        texts.append(t(shown.lang, "line_menu.file_link", url=link))
    texts += [notes_text(reply), sources_text(reply, shown.lang)]
    texts.append(footer_text(reply.footer, said="\n".join(texts)))
    text = "\n".join(part for part in texts if part)
    messages += [TextMessage(text=piece) for piece in split_text(text)]
    if table is not None:
        messages.append(flex_table(table, reply.headline or table.text))
    if reply.code is not None and reply.code.source.strip():
        messages += [TextMessage(text=piece) for piece in split_text(reply.code.source.rstrip())]
    if not messages:
        messages.append(TextMessage(text=reply.text() or "…"))
    buttons = quick_reply(shown, share_location)
    if buttons is not None:
        messages[-1].quick_reply = buttons
    return messages
