"""A Telegram Bot API emulator on loopback, for end-to-end tests and benchmarks.

It answers the methods a python-telegram-bot process uses with Telegram's real shapes
(`{"ok": true, "result": ...}` / `{"ok": false, "error_code": N, "description": ...}` with
the same HTTP status), and rejects what Telegram rejects: an unknown token (401), empty or
over-long text, and HTML that does not parse under Telegram's rules (400 "Bad Request:
can't parse entities: ..."). A reply that real Telegram would refuse therefore fails the
test instead of passing silently.

Use in-process (the test drives it from Python):

    server = BotAPIServer(token="123:TEST").start()
    server.inject_message(user_id=1, text="/start")
    sent = server.wait_for_messages(chat_id=1, count=1)
    server.stop()

or stand-alone: `python tests/emulators/botapi_server.py --token 123:TEST --port 8081`, with the
test API over HTTP (`POST /_test/message`, `POST /_test/location`, `GET /_test/sent`).
"""
from __future__ import annotations

import argparse
import asyncio
import html
import json
import re
import threading
import time
from dataclasses import dataclass, field
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route
from botapi_inline import inline_answer_problem

TEXT_LIMIT = 4096
# Parameters Telegram takes as plain strings; the rest arrive JSON-encoded in form bodies.
_STRING_PARAMS = {"text", "parse_mode", "action", "url", "secret_token", "callback_query_id",
                  "inline_message_id", "language_code", "caption", "description", "short_description",
                  "name", "business_connection_id", "message_effect_id"}
_ACTIONS = {"typing", "upload_photo", "record_video", "upload_video", "record_voice", "upload_voice",
            "upload_document", "choose_sticker", "find_location", "record_video_note", "upload_video_note"}
_SIMPLE_TAGS = {"b", "strong", "i", "em", "u", "ins", "s", "strike", "del", "code", "pre",
                "tg-spoiler", "blockquote", "a", "span", "tg-emoji"}
_NAMED_ENTITIES = {"lt": "<", "gt": ">", "amp": "&", "quot": '"'}
_ATTR = re.compile(r"\s*([a-zA-Z-]+)(?:\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|([^\s\"'>]+)))?")
_COMMAND = re.compile(r"^[a-z0-9_]{1,32}$")


class APIError(Exception):
    """A Bot API error reply (status code and description as Telegram words them)."""

    def __init__(self, code: int, description: str, retry_after: int | None = None) -> None:
        super().__init__(description)
        self.code = code
        self.description = description
        self.retry_after = retry_after


def _u16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def _byte_offset(text: str, index: int) -> int:
    return len(text[:index].encode("utf-8"))


def parse_telegram_html(text: str) -> str:
    """Return the plain text of Telegram-HTML `text`; raise APIError(400) where Telegram would.

    Rules (core.telegram.org/bots/api#html-style): only the listed tags, `<`, `>`, `&`
    outside tags and entities must be escaped, only &lt; &gt; &amp; &quot; and numeric
    entities, every tag closed in order, no entities inside `pre`/`code` except `code`
    directly in `pre`.
    """
    def fail(reason: str) -> APIError:
        return APIError(400, f"Bad Request: can't parse entities: {reason}")

    out: list[str] = []
    stack: list[str] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "<":
            end = text.find(">", i)
            if end < 0:
                raise fail(f"Unclosed start tag at byte offset {_byte_offset(text, i)}")
            inner = text[i + 1:end]
            if "<" in inner:
                raise fail(f"Unclosed start tag at byte offset {_byte_offset(text, i)}")
            if inner.startswith("/"):
                name = inner[1:].strip().lower()
                if not stack:
                    raise fail(f"Unexpected end tag at byte offset {_byte_offset(text, i)}")
                if stack[-1] != name:
                    raise fail(f'Unmatched end tag at byte offset {_byte_offset(text, i)}, '
                               f'expected "</{stack[-1]}>", found "</{name}>"')
                stack.pop()
            else:
                m = re.match(r"([a-zA-Z][a-zA-Z-]*)", inner)
                name = m.group(1).lower() if m else ""
                if name not in _SIMPLE_TAGS:
                    raise fail(f'Unsupported start tag "{name or inner[:20]}" at byte offset '
                               f"{_byte_offset(text, i)}")
                attrs: dict[str, str] = {}
                rest = inner[len(name):]
                pos = 0
                while rest[pos:].strip():
                    am = _ATTR.match(rest, pos)
                    if not am or am.end() == pos:
                        raise fail(f"Empty attribute name in the tag \"{name}\" at byte offset "
                                   f"{_byte_offset(text, i)}")
                    attrs[am.group(1).lower()] = html.unescape(am.group(2) or am.group(3) or am.group(4) or "")
                    pos = am.end()
                if name == "span" and attrs.get("class") != "tg-spoiler":
                    raise fail(f'Tag "span" must have class "tg-spoiler" at byte offset {_byte_offset(text, i)}')
                if name == "tg-emoji" and not attrs.get("emoji-id"):
                    raise fail(f'Tag "tg-emoji" must have attribute "emoji-id" at byte offset '
                               f"{_byte_offset(text, i)}")
                if stack and stack[-1] in ("code", "pre") and not (stack[-1] == "pre" and name == "code"):
                    raise fail(f'Unsupported start tag "{name}" inside "{stack[-1]}" at byte offset '
                               f"{_byte_offset(text, i)}")
                stack.append(name)
            i = end + 1
        elif ch == "&":
            m = re.match(r"&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]+);", text[i:])
            if not m:
                raise fail(f"Can't find end of the entity starting at byte offset {_byte_offset(text, i)}")
            ref = m.group(1)
            if ref.startswith("#"):
                code = int(ref[2:], 16) if ref[1:2] in ("x", "X") else int(ref[1:])
                if code > 0x10FFFF:
                    raise fail(f"Wrong numeric entity at byte offset {_byte_offset(text, i)}")
                out.append(chr(code))
            elif ref in _NAMED_ENTITIES:
                out.append(_NAMED_ENTITIES[ref])
            else:
                raise fail(f'Unsupported HTML entity "&{ref};" at byte offset {_byte_offset(text, i)}')
            i += m.end()
        elif ch == ">":
            raise fail(f'Character ">" is reserved and must be escaped at byte offset {_byte_offset(text, i)}')
        else:
            out.append(ch)
            i += 1
    if stack:
        raise fail(f'Can\'t find end tag corresponding to start tag "{stack[-1]}"')
    return "".join(out)


@dataclass
class SentMessage:
    """One message the bot sent (as Telegram stored it)."""

    chat_id: int
    message_id: int
    text: str          # plain text after entity parsing
    raw: str           # what the bot sent
    parse_mode: str | None
    date: int
    reply_to: int | None = None
    edits: list[str] = field(default_factory=list)
    sent_at: float = field(default_factory=time.monotonic)  # for latency figures
    reply_markup: dict[str, Any] | None = None
    photo: bytes | None = None  # sendPhoto: the uploaded picture; `text` holds the caption
    document: bytes | None = None  # sendDocument: the uploaded file; `text` holds the caption
    document_name: str | None = None


class BotAPIServer:
    """The emulator: a starlette app on 127.0.0.1 served by uvicorn in a background thread."""

    def __init__(self, token: str = "123456:TEST-TOKEN", *, host: str = "127.0.0.1", port: int = 0,
                 bot_id: int | None = None, username: str = "odbchat_test_bot",
                 flood_per_second: float = 0.0) -> None:
        self.token = token
        self.host = host
        self.port = port
        self.bot_id = bot_id or int(token.split(":", 1)[0]) if token.split(":", 1)[0].isdigit() else 123456
        self.username = username
        self.calls: list[tuple[str, dict[str, Any]]] = []
        self.rejected: list[tuple[str, int, str]] = []
        self.sent: list[SentMessage] = []
        self._updates: list[dict[str, Any]] = []
        self._next_update = 1
        self._next_message = 1
        self._chats: dict[int, dict[str, Any]] = {}
        self._messages: dict[tuple[int, int], dict[str, Any]] = {}
        self._lock = threading.Lock()
        self._sent_cond = threading.Condition(self._lock)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._wake: asyncio.Event | None = None
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self.get_updates_calls = 0
        self.webhook: dict[str, Any] | None = None
        self.injected_at: dict[int, float] = {}  # chat id -> monotonic time of the last injection
        # Telegram-style flood control: more sends than this in any second get `429 retry after`.
        self.flood_per_second = flood_per_second
        self._send_times: list[float] = []
        self.flood_refusals = 0
        self._faults: dict[str, list[int]] = {}  # method -> HTTP statuses to answer next, in order
        self._delays: dict[str, list[float]] = {}  # method -> seconds to stall the next calls
        self._next_callback = 1
        #: Inline queries asked (id -> query) and their accepted answers (id -> the call's parameters).
        self.inline_queries: dict[str, dict[str, Any]] = {}
        self.inline_answers: dict[str, dict[str, Any]] = {}

    # ------------------------------------------------------------------ lifecycle
    @property
    def base_url(self) -> str:
        """Return the Bot API base for TELEGRAM_BASE_URL (`http://127.0.0.1:PORT/bot`)."""
        return f"http://{self.host}:{self.port}/bot"

    def start(self) -> "BotAPIServer":
        """Start serving in a background thread; return self once the socket accepts connections."""
        app = Starlette(routes=[
            Route("/bot{token}/{method}", self._api, methods=["GET", "POST"]),
            Route("/_test/message", self._test_message, methods=["POST"]),
            Route("/_test/location", self._test_location, methods=["POST"]),
            Route("/_test/sent", self._test_sent, methods=["GET"]),
        ])
        # uvicorn binds the port itself: handing it a pre-bound socket costs ~40 ms per
        # request here (Nagle's algorithm meets delayed ACKs on the accepted connections).
        config = uvicorn.Config(app, host=self.host, port=self.port, log_level="warning", access_log=False,
                                lifespan="off", timeout_keep_alive=30)
        self._server = uvicorn.Server(config)
        ready = threading.Event()

        def run() -> None:
            loop = asyncio.new_event_loop()
            asyncio.set_event_loop(loop)
            self._loop = loop
            self._wake = asyncio.Event()
            loop.call_soon(ready.set)
            loop.run_until_complete(self._server.serve())
            loop.close()

        self._thread = threading.Thread(target=run, name="botapi-emulator", daemon=True)
        self._thread.start()
        ready.wait(10)
        deadline = time.monotonic() + 10
        while not self._server.started and time.monotonic() < deadline:
            time.sleep(0.01)
        if not self._server.started:
            raise RuntimeError(f"Bot API emulator could not listen on {self.host}:{self.port}")
        self.port = self._server.servers[0].sockets[0].getsockname()[1]
        return self

    def stop(self) -> None:
        """Stop serving and wait for the thread (idempotent)."""
        if self._server is not None:
            self._server.should_exit = True
            self._notify()
        if self._thread is not None:
            self._thread.join(10)
            self._thread = None

    def __enter__(self) -> "BotAPIServer":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # ------------------------------------------------------------------ test API (Python)
    def _notify(self) -> None:
        loop, wake = self._loop, self._wake
        if loop is None or wake is None or loop.is_closed():
            return

        def fire() -> None:
            # Wake every waiting getUpdates, then arm a fresh event for the next injection.
            assert self._wake is not None
            self._wake.set()
            self._wake = asyncio.Event()

        try:
            loop.call_soon_threadsafe(fire)
        except RuntimeError:
            pass

    def _chat(self, chat_id: int, chat_type: str, user: dict[str, Any]) -> dict[str, Any]:
        if chat_type == "private":
            chat = {"id": chat_id, "type": "private", "first_name": user["first_name"]}
            if "username" in user:
                chat["username"] = user["username"]
        else:
            chat = {"id": chat_id, "type": chat_type, "title": f"Test {chat_type} {chat_id}"}
        self._chats[chat_id] = chat
        return chat

    def _push(self, message: dict[str, Any]) -> dict[str, Any]:
        self.injected_at[message["chat"]["id"]] = time.monotonic()
        with self._lock:
            message["message_id"] = self._next_message
            self._next_message += 1
            update = {"update_id": self._next_update, "message": message}
            self._next_update += 1
            self._messages[(message["chat"]["id"], message["message_id"])] = message
            self._updates.append(update)
        self._notify()
        return update

    def _base_message(self, user_id: int, chat_id: int | None, chat_type: str, language_code: str | None,
                      first_name: str, date: int | None, reply_to: int | None) -> dict[str, Any]:
        user: dict[str, Any] = {"id": user_id, "is_bot": False, "first_name": first_name}
        if language_code:
            user["language_code"] = language_code
        cid = chat_id if chat_id is not None else (user_id if chat_type == "private" else -1000 - user_id)
        with self._lock:
            chat = self._chat(cid, chat_type, user)
        message: dict[str, Any] = {"date": int(date if date is not None else time.time()), "chat": chat,
                                   "from": user}
        if reply_to is not None:
            with self._lock:
                original = self._messages.get((cid, reply_to))
            if original is not None:
                message["reply_to_message"] = {k: v for k, v in original.items() if k != "reply_to_message"}
        return message

    def inject_message(self, user_id: int, text: str, *, chat_id: int | None = None, chat_type: str = "private",
                       language_code: str | None = "zh-hant", first_name: str = "Tester", date: int | None = None,
                       reply_to: int | None = None) -> dict[str, Any]:
        """Queue a text message from a user (bot_command and @mention entities computed); return the update."""
        message = self._base_message(user_id, chat_id, chat_type, language_code, first_name, date, reply_to)
        message["text"] = text
        entities = []
        if text.startswith("/"):
            word = text.split()[0] if text.split() else text
            entities.append({"type": "bot_command", "offset": 0, "length": _u16(word)})
        for m in re.finditer(r"@[A-Za-z0-9_]{5,32}", text):
            entities.append({"type": "mention", "offset": _u16(text[:m.start()]), "length": _u16(m.group(0))})
        if entities:
            message["entities"] = entities
        return self._push(message)

    def inject_location(self, user_id: int, lon: float, lat: float, *, venue: dict[str, str] | None = None,
                        chat_id: int | None = None, chat_type: str = "private",
                        language_code: str | None = "zh-hant", first_name: str = "Tester",
                        date: int | None = None, reply_to: int | None = None) -> dict[str, Any]:
        """Queue a location pin (or a venue when `venue` has title/address); return the update."""
        message = self._base_message(user_id, chat_id, chat_type, language_code, first_name, date, reply_to)
        location = {"longitude": float(lon), "latitude": float(lat)}
        message["location"] = location
        if venue:
            message["venue"] = {"location": location, "title": venue.get("title", "Venue"),
                                "address": venue.get("address", "")}
        return self._push(message)

    def inject_media(self, user_id: int, kind: str, *, caption: str | None = None, chat_id: int | None = None,
                     chat_type: str = "private", language_code: str | None = "zh-hant",
                     date: int | None = None) -> dict[str, Any]:
        """Queue a photo, document or sticker (`kind`), with an optional caption; return the update."""
        message = self._base_message(user_id, chat_id, chat_type, language_code, "Tester", date, None)
        if kind == "photo":
            message["photo"] = [{"file_id": "userphoto", "file_unique_id": "up1", "width": 800, "height": 600}]
        elif kind == "document":
            message["document"] = {"file_id": "userdoc", "file_unique_id": "ud1", "file_name": "notes.pdf",
                                   "mime_type": "application/pdf"}
        elif kind == "sticker":
            message["sticker"] = {"file_id": "usersticker", "file_unique_id": "us1", "type": "regular",
                                  "width": 512, "height": 512, "is_animated": False, "is_video": False,
                                  "emoji": "🌊"}
        else:
            raise ValueError(kind)
        if caption is not None and kind != "sticker":
            message["caption"] = caption
        return self._push(message)

    def inject_edit(self, chat_id: int, message_id: int, text: str) -> dict[str, Any]:
        """Queue an `edited_message` update: the user's message `message_id` now says `text`; return it."""
        with self._lock:
            original = dict(self._messages[(chat_id, message_id)])
            original.update(text=text, edit_date=int(time.time()))
            original.pop("entities", None)
            if text.startswith("/"):
                original["entities"] = [{"type": "bot_command", "offset": 0, "length": _u16(text.split()[0])}]
            self._messages[(chat_id, message_id)] = original
            update = {"update_id": self._next_update, "edited_message": original}
            self._next_update += 1
            self._updates.append(update)
        self._notify()
        return update

    def sent_to(self, chat_id: int) -> list[SentMessage]:
        """Return the messages sent to `chat_id` so far."""
        with self._lock:
            return [m for m in self.sent if m.chat_id == chat_id]

    def wait_for_messages(self, chat_id: int, count: int = 1, timeout: float = 30.0) -> list[SentMessage]:
        """Block until `count` messages were sent to `chat_id` (or timeout); return those sent."""
        deadline = time.monotonic() + timeout
        with self._sent_cond:
            while True:
                got = [m for m in self.sent if m.chat_id == chat_id]
                remaining = deadline - time.monotonic()
                if len(got) >= count or remaining <= 0:
                    return got
                self._sent_cond.wait(min(remaining, 0.5))

    def wait_for_total(self, count: int, timeout: float = 60.0) -> int:
        """Block until `count` messages were sent in all (or timeout); return the number sent."""
        deadline = time.monotonic() + timeout
        with self._sent_cond:
            while len(self.sent) < count and time.monotonic() < deadline:
                self._sent_cond.wait(min(0.5, max(0.0, deadline - time.monotonic())))
            return len(self.sent)

    def pending_updates(self) -> int:
        """Return the number of updates not yet confirmed by the bot."""
        with self._lock:
            return len(self._updates)

    # ------------------------------------------------------------------ test API (HTTP)
    async def _test_message(self, request: Request) -> JSONResponse:
        body = await request.json()
        update = self.inject_message(int(body["user_id"]), str(body["text"]),
                                     chat_type=body.get("chat_type", "private"),
                                     language_code=body.get("language_code", "zh-hant"))
        return JSONResponse(update)

    async def _test_location(self, request: Request) -> JSONResponse:
        body = await request.json()
        update = self.inject_location(int(body["user_id"]), float(body["lon"]), float(body["lat"]),
                                      language_code=body.get("language_code", "zh-hant"))
        return JSONResponse(update)

    async def _test_sent(self, request: Request) -> JSONResponse:
        chat = request.query_params.get("chat_id")
        with self._lock:
            rows = [m.__dict__ for m in self.sent if chat is None or str(m.chat_id) == chat]
        return JSONResponse(rows)

    # ------------------------------------------------------------------ Bot API
    async def _params(self, request: Request) -> dict[str, Any]:
        params: dict[str, Any] = dict(request.query_params)
        ctype = request.headers.get("content-type", "")
        if request.method == "POST":
            if ctype.startswith("application/json"):
                body = await request.body()
                if body:
                    params.update(json.loads(body))
                return params
            if ctype.startswith(("application/x-www-form-urlencoded", "multipart/form-data")):
                form = await request.form()
                for key, value in form.items():
                    params[key] = value
                # An uploaded file is referred to as attach://NAME (PTB does so for photos).
                for key, value in list(params.items()):
                    if isinstance(value, str) and value.startswith("attach://") and value[9:] in form:
                        params[key] = form[value[9:]]
        for key, value in list(params.items()):
            if isinstance(value, str) and key not in _STRING_PARAMS:
                try:
                    params[key] = json.loads(value)
                except ValueError:
                    pass
        return params

    async def _api(self, request: Request) -> JSONResponse:
        token = request.path_params["token"]
        method = request.path_params["method"]
        if token != self.token:
            self.rejected.append((method, 401, "Unauthorized"))
            return JSONResponse({"ok": False, "error_code": 401, "description": "Unauthorized"}, status_code=401)
        params = await self._params(request)
        with self._lock:
            self.calls.append((method, params))
        handler = getattr(self, f"_m_{method.lower()}", None)
        with self._lock:
            delays = self._delays.get(method.lower())
            delay = delays.pop(0) if delays else 0.0
        if delay:
            await asyncio.sleep(delay)
        try:
            self._check_faults(method.lower())
            if handler is None:
                raise APIError(404, "Not Found")
            result = await handler(params)
        except APIError as exc:
            with self._lock:
                self.rejected.append((method, exc.code, exc.description))
            body: dict[str, Any] = {"ok": False, "error_code": exc.code, "description": exc.description}
            if exc.retry_after is not None:
                body["parameters"] = {"retry_after": exc.retry_after}
            return JSONResponse(body, status_code=exc.code)
        return JSONResponse({"ok": True, "result": result})

    def fail_next(self, method: str, status: int = 502, count: int = 1) -> None:
        """Answer the next `count` calls of `method` (e.g. "sendMessage") with HTTP `status`."""
        with self._lock:
            self._faults.setdefault(method.lower(), []).extend([status] * count)

    def slow_next(self, method: str, seconds: float, count: int = 1) -> None:
        """Stall the next `count` calls of `method` for `seconds` before answering them."""
        with self._lock:
            self._delays.setdefault(method.lower(), []).extend([seconds] * count)

    def _check_faults(self, method: str) -> None:
        with self._lock:
            queue = self._faults.get(method)
            status = queue.pop(0) if queue else None
            if status is None and self.flood_per_second and method.startswith("send") and method != "sendchataction":
                now = time.monotonic()
                self._send_times = [t for t in self._send_times if t > now - 1.0]
                if len(self._send_times) >= self.flood_per_second:
                    self.flood_refusals += 1
                    raise APIError(429, "Too Many Requests: retry after 1", retry_after=1)
                self._send_times.append(now)
        if status is not None:
            raise APIError(status, {502: "Bad Gateway", 500: "Internal Server Error",
                                    429: "Too Many Requests: retry after 1"}.get(status, "Error"),
                           retry_after=1 if status == 429 else None)

    def inject_callback(self, user_id: int, data: str, message_id: int, *, chat_id: int | None = None,
                        language_code: str | None = "zh-hant") -> dict[str, Any]:
        """Queue a button press on the bot's message `message_id`; return the update."""
        cid = chat_id if chat_id is not None else user_id
        user: dict[str, Any] = {"id": user_id, "is_bot": False, "first_name": "Tester"}
        if language_code:
            user["language_code"] = language_code
        with self._lock:
            message = self._messages.get((cid, message_id))
            if message is None:
                raise KeyError(f"no message {message_id} in chat {cid}")
            query = {"id": str(self._next_callback), "from": user, "chat_instance": str(cid),
                     "message": {k: v for k, v in message.items() if k != "reply_to_message"}, "data": data}
            self._next_callback += 1
            update = {"update_id": self._next_update, "callback_query": query}
            self._next_update += 1
            self._updates.append(update)
        self._notify()
        return update

    def inject_inline_query(self, user_id: int, query: str, *, location: tuple[float, float] | None = None,
                            language_code: str | None = "zh-hant") -> str:
        """Queue an inline query (`@bot QUERY` typed in any chat), with the user's (lon, lat) if shared; return its id."""
        user: dict[str, Any] = {"id": user_id, "is_bot": False, "first_name": "Tester"}
        if language_code:
            user["language_code"] = language_code
        with self._lock:
            query_id = f"iq{self._next_callback}"
            self._next_callback += 1
            inline: dict[str, Any] = {"id": query_id, "from": user, "query": query, "offset": ""}
            if location is not None:
                inline["location"] = {"longitude": location[0], "latitude": location[1]}
            self.inline_queries[query_id] = inline
            self._updates.append({"update_id": self._next_update, "inline_query": inline})
            self._next_update += 1
        self._notify()
        return query_id

    def wait_for_inline_answer(self, query_id: str, timeout: float = 60.0) -> dict[str, Any]:
        """Return the accepted answer to inline query `query_id` (raises on timeout)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self._lock:
                if query_id in self.inline_answers:
                    return self.inline_answers[query_id]
            time.sleep(0.05)
        raise AssertionError(f"no answer to inline query {query_id}; rejected: {self.rejected}")

    async def _m_answerinlinequery(self, params: dict[str, Any]) -> bool:
        query_id = str(params.get("inline_query_id", ""))
        with self._lock:
            known, answered = query_id in self.inline_queries, query_id in self.inline_answers
        if not known or answered:
            raise APIError(400, "Bad Request: query is too old and response timeout expired or query ID is invalid")
        problem = inline_answer_problem(params, parse_telegram_html)
        if problem:
            raise APIError(400, f"Bad Request: {problem}")
        with self._lock:
            self.inline_answers[query_id] = params
        return True

    def _bot_user(self) -> dict[str, Any]:
        return {"id": self.bot_id, "is_bot": True, "first_name": "ODBchat", "username": self.username}

    async def _m_getme(self, params: dict[str, Any]) -> dict[str, Any]:
        return {**self._bot_user(), "can_join_groups": True, "can_read_all_group_messages": False,
                "supports_inline_queries": True, "can_connect_to_business": False, "has_main_web_app": False}

    async def _m_deletewebhook(self, params: dict[str, Any]) -> bool:
        self.webhook = None
        return True

    async def _m_setwebhook(self, params: dict[str, Any]) -> bool:
        # Real Telegram insists on HTTPS; a local Bot API server (and this emulator) accepts http.
        if not params.get("url"):
            raise APIError(400, "Bad Request: bad webhook: HTTPS url must be provided for webhook")
        secret = params.get("secret_token")
        if secret is not None and not re.fullmatch(r"[A-Za-z0-9_-]{1,256}", str(secret)):
            raise APIError(400, "Bad Request: bad webhook: secret token contains unallowed characters")
        self.webhook = {"url": params["url"], "secret_token": secret}
        return True

    async def _m_getwebhookinfo(self, params: dict[str, Any]) -> dict[str, Any]:
        url = self.webhook["url"] if self.webhook else ""
        return {"url": url, "has_custom_certificate": False, "pending_update_count": self.pending_updates()}

    async def _m_setmycommands(self, params: dict[str, Any]) -> bool:
        commands = params.get("commands")
        if not isinstance(commands, list) or len(commands) > 100:
            raise APIError(400, "Bad Request: commands must be a list")
        for cmd in commands:
            if not _COMMAND.match(str(cmd.get("command", ""))):
                raise APIError(400, "Bad Request: BOT_COMMAND_INVALID")
            if not 1 <= len(str(cmd.get("description", ""))) <= 256:
                raise APIError(400, "Bad Request: BOT_COMMAND_DESCRIPTION_INVALID")
        return True

    async def _m_deletemycommands(self, params: dict[str, Any]) -> bool:
        return True

    async def _m_getmycommands(self, params: dict[str, Any]) -> list[Any]:
        return []

    async def _m_answercallbackquery(self, params: dict[str, Any]) -> bool:
        if not params.get("callback_query_id"):
            raise APIError(400, "Bad Request: query is too old and response timeout expired or query ID is invalid")
        return True

    async def _m_sendchataction(self, params: dict[str, Any]) -> bool:
        self._need_chat(params)
        if params.get("action") not in _ACTIONS:
            raise APIError(400, "Bad Request: wrong parameter action in request")
        return True

    async def _m_close(self, params: dict[str, Any]) -> bool:
        return True

    async def _m_logout(self, params: dict[str, Any]) -> bool:
        return True

    async def _m_getupdates(self, params: dict[str, Any]) -> list[dict[str, Any]]:
        offset = int(params.get("offset") or 0)
        timeout = max(0.0, min(float(params.get("timeout") or 0), 50.0))
        limit = max(1, min(int(params.get("limit") or 100), 100))
        self.get_updates_calls += 1
        if self.webhook:
            raise APIError(409, "Conflict: can't use getUpdates method while webhook is active; "
                                "use deleteWebhook to delete the webhook first")
        assert self._loop is not None
        deadline = self._loop.time() + timeout
        while True:
            with self._lock:
                if offset:
                    # Telegram forgets updates below the offset: they count as confirmed.
                    self._updates = [u for u in self._updates if u["update_id"] >= offset]
                pending = [u for u in self._updates if u["update_id"] >= offset][:limit]
                wake = self._wake
            remaining = deadline - self._loop.time()
            if pending or remaining <= 0 or (self._server and self._server.should_exit):
                return pending
            assert wake is not None
            try:
                await asyncio.wait_for(wake.wait(), remaining)
            except asyncio.TimeoutError:
                pass

    def _need_chat(self, params: dict[str, Any]) -> int:
        chat_id = params.get("chat_id")
        if chat_id in (None, ""):
            raise APIError(400, "Bad Request: chat_id is empty")
        try:
            cid = int(chat_id)
        except (TypeError, ValueError):
            raise APIError(400, "Bad Request: chat not found") from None
        if cid not in self._chats:
            if cid > 0:  # a user who never opened a private chat with the bot
                raise APIError(403, "Forbidden: bot can't initiate conversation with a user")
            raise APIError(400, "Bad Request: chat not found")
        return cid

    def _checked_text(self, params: dict[str, Any]) -> tuple[str, str, str | None]:
        raw = params.get("text")
        raw = "" if raw is None else str(raw)
        if not raw.strip():
            raise APIError(400, "Bad Request: message text is empty")
        mode = params.get("parse_mode")
        if mode is not None and str(mode).lower() not in ("html", "markdown", "markdownv2"):
            raise APIError(400, f"Bad Request: unsupported parse_mode {mode}")
        plain = parse_telegram_html(raw) if mode and str(mode).lower() == "html" else raw
        if not plain.strip():
            raise APIError(400, "Bad Request: message text is empty")
        if _u16(plain) > TEXT_LIMIT:
            raise APIError(400, "Bad Request: message is too long")
        return raw, plain, mode

    async def _m_sendmessage(self, params: dict[str, Any]) -> dict[str, Any]:
        cid = self._need_chat(params)
        raw, plain, mode = self._checked_text(params)
        reply_to = None
        reply_parameters = params.get("reply_parameters")
        if isinstance(reply_parameters, dict):
            reply_to = reply_parameters.get("message_id")
            allow = reply_parameters.get("allow_sending_without_reply")
        else:
            reply_to = params.get("reply_to_message_id")
            allow = params.get("allow_sending_without_reply")
        with self._lock:
            if reply_to is not None and (cid, int(reply_to)) not in self._messages and not allow:
                raise APIError(400, "Bad Request: message to be replied not found")
            message_id = self._next_message
            self._next_message += 1
            message = {"message_id": message_id, "from": self._bot_user(), "chat": self._chats[cid],
                       "date": int(time.time()), "text": plain}
            if reply_to is not None and (cid, int(reply_to)) in self._messages:
                original = self._messages[(cid, int(reply_to))]
                message["reply_to_message"] = {k: v for k, v in original.items() if k != "reply_to_message"}
            self._messages[(cid, message_id)] = message
            markup = params.get("reply_markup")
            if isinstance(markup, dict) and "inline_keyboard" in markup:
                message["reply_markup"] = markup  # Telegram shows only inline keyboards in a Message
            self.sent.append(SentMessage(chat_id=cid, message_id=message_id, text=plain, raw=raw,
                                         parse_mode=mode, date=message["date"],
                                         reply_to=int(reply_to) if reply_to is not None else None,
                                         reply_markup=markup if isinstance(markup, dict) else None))
            self._sent_cond.notify_all()
        return message

    async def _m_sendphoto(self, params: dict[str, Any]) -> dict[str, Any]:
        cid = self._need_chat(params)
        photo = params.get("photo")
        if not hasattr(photo, "read"):
            raise APIError(400, "Bad Request: there is no photo in the request")
        data = await photo.read()
        if not data.startswith(b"\x89PNG") and not data.startswith(b"\xff\xd8"):
            raise APIError(400, "Bad Request: IMAGE_PROCESS_FAILED")
        raw = str(params.get("caption") or "")
        mode = params.get("parse_mode")
        plain = parse_telegram_html(raw) if mode and str(mode).lower() == "html" else raw
        if _u16(plain) > 1024:
            raise APIError(400, "Bad Request: message caption is too long")
        with self._lock:
            message_id = self._next_message
            self._next_message += 1
            message = {"message_id": message_id, "from": self._bot_user(), "chat": self._chats[cid],
                       "date": int(time.time()), "caption": plain,
                       "photo": [{"file_id": f"photo{message_id}", "file_unique_id": f"p{message_id}",
                                  "width": 1200, "height": 700, "file_size": len(data)}]}
            self._messages[(cid, message_id)] = message
            markup = params.get("reply_markup")
            self.sent.append(SentMessage(chat_id=cid, message_id=message_id, text=plain, raw=raw, parse_mode=mode,
                                         date=message["date"], photo=data,
                                         reply_markup=markup if isinstance(markup, dict) else None))
            self._sent_cond.notify_all()
        return message

    async def _m_senddocument(self, params: dict[str, Any]) -> dict[str, Any]:
        cid = self._need_chat(params)
        document = params.get("document")
        if not hasattr(document, "read"):
            raise APIError(400, "Bad Request: there is no document in the request")
        data = await document.read()
        if not data:
            raise APIError(400, "Bad Request: file must be non-empty")
        raw = str(params.get("caption") or "")
        mode = params.get("parse_mode")
        plain = parse_telegram_html(raw) if mode and str(mode).lower() == "html" else raw
        if _u16(plain) > 1024:
            raise APIError(400, "Bad Request: message caption is too long")
        name = getattr(document, "filename", None) or "file"
        with self._lock:
            message_id = self._next_message
            self._next_message += 1
            message = {"message_id": message_id, "from": self._bot_user(), "chat": self._chats[cid],
                       "date": int(time.time()), "caption": plain,
                       "document": {"file_id": f"doc{message_id}", "file_unique_id": f"d{message_id}",
                                    "file_name": name, "file_size": len(data)}}
            self._messages[(cid, message_id)] = message
            markup = params.get("reply_markup")
            self.sent.append(SentMessage(chat_id=cid, message_id=message_id, text=plain, raw=raw, parse_mode=mode,
                                         date=message["date"], document=data, document_name=name,
                                         reply_markup=markup if isinstance(markup, dict) else None))
            self._sent_cond.notify_all()
        return message

    async def _m_editmessagetext(self, params: dict[str, Any]) -> dict[str, Any]:
        cid = self._need_chat(params)
        raw, plain, mode = self._checked_text(params)
        key = (cid, int(params.get("message_id") or 0))
        with self._lock:
            message = self._messages.get(key)
            if message is None or message.get("from", {}).get("id") != self.bot_id:
                raise APIError(400, "Bad Request: message to edit not found")
            if message.get("text") == plain:
                raise APIError(400, "Bad Request: message is not modified: specified new message content "
                                    "and reply markup are exactly the same as a current content and reply "
                                    "markup of the message")
            message["text"] = plain
            message["edit_date"] = int(time.time())
            for sent in self.sent:
                if (sent.chat_id, sent.message_id) == key:
                    sent.edits.append(plain)
                    sent.text, sent.raw = plain, raw
        return message


def main() -> int:
    """Serve the emulator until interrupted; return 0."""
    parser = argparse.ArgumentParser(description="Telegram Bot API emulator")
    parser.add_argument("--token", default="123456:TEST-TOKEN")
    parser.add_argument("--port", type=int, default=8081)
    args = parser.parse_args()
    server = BotAPIServer(args.token, port=args.port).start()
    print(f"ready {server.base_url}", flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
