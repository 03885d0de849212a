"""A LINE Messaging API emulator on loopback, and signed webhook events for the bot under test.

It answers what the bot calls (reply, push, bot info, profile, loading animation), checks the
bearer token, and refuses what LINE refuses: a reply token used twice or after a minute, more
than 5 messages in a call, a text over 5,000 characters, an image without both URLs, a quick
reply label over 20 characters; and the rich-menu calls (tests/emulators/line_rich_menus.py). Everything
accepted is kept in `sent` for the tests to read.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import json
import threading
import time
import uuid
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx

from line_rich_menus import RichMenus

BOT_USER_ID = "Ubot0000000000000000000000000000"
REPLY_TOKEN_TTL = 60.0


@dataclass
class Sent:
    """One accepted reply or push: where it went, how, and its messages."""

    to: str
    via: str  # "reply" | "push"
    messages: list[dict[str, Any]]
    at: float = field(default_factory=time.monotonic)
    #: The ids LINE gave the messages (its `sentMessages`), which a user's quote names.
    ids: list[str] = field(default_factory=list)

    def texts(self) -> list[str]:
        return [m.get("text", "") for m in self.messages if m.get("type") == "text"]


def _problem(message: dict[str, Any]) -> str | None:
    kind = message.get("type")
    if kind == "text":
        text = message.get("text") or ""
        if not text or len(text.encode("utf-16-le")) // 2 > 5000:
            return "text must be 1..5000 characters"
    elif kind == "image":
        if not message.get("originalContentUrl") or not message.get("previewImageUrl"):
            return "image needs originalContentUrl and previewImageUrl"
    elif kind == "flex":
        if not message.get("altText") or not isinstance(message.get("contents"), dict):
            return "flex needs altText and contents"
    else:
        return f"unexpected message type {kind}"
    for item in (message.get("quickReply") or {}).get("items", []):
        if len((item.get("action") or {}).get("label", "")) > 20:
            return "quick reply label over 20 characters"
    return None


class LineAPIServer:
    """The emulator: `start()`, then `issue_reply_token(chat)` per event and read `sent`."""

    def __init__(self, access_token: str) -> None:
        self.access_token = access_token
        self.sent: list[Sent] = []
        self.rejected: list[tuple[str, str]] = []
        self.loading: list[str] = []
        self.profiles: dict[str, dict[str, Any]] = {}
        self._tokens: dict[str, tuple[str, float]] = {}
        self._retry_keys: set[str] = set()
        self._lock = threading.Lock()
        self._httpd: ThreadingHTTPServer | None = None
        #: Rich menus (created, pictures, aliases, default, per-user links), for the tests to read.
        self.rich_menus = RichMenus()

    @property
    def base_url(self) -> str:
        assert self._httpd is not None
        return f"http://127.0.0.1:{self._httpd.server_address[1]}"

    def issue_reply_token(self, chat: str, age_s: float = 0.0) -> str:
        """Return a fresh reply token for `chat` (already `age_s` old, to play an expired one)."""
        token = uuid.uuid4().hex
        with self._lock:
            self._tokens[token] = (chat, time.monotonic() - age_s)
        return token

    def sent_to(self, chat: str) -> list[Sent]:
        with self._lock:
            return [s for s in self.sent if s.to == chat]

    def wait_for(self, chat: str, count: int = 1, timeout: float = 60.0) -> list[Sent]:
        """Return the calls to `chat` once there are at least `count` (raises on timeout)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            got = self.sent_to(chat)
            if len(got) >= count:
                return got
            time.sleep(0.05)
        raise AssertionError(f"no reply to {chat} within {timeout}s; rejected: {self.rejected}")

    def _handle(self, method: str, path: str, headers: Any, body: bytes) -> tuple[int, dict[str, Any]]:
        if headers.get("Authorization") != f"Bearer {self.access_token}":
            return 401, {"message": "Authentication failed. Confirm that the access token is valid."}
        with self._lock:
            menus = self.rich_menus.handle(method, path, headers, body)
        if menus is not None:
            return menus
        data = json.loads(body) if body else {}
        if method == "GET" and path == "/v2/bot/info":
            return 200, {"userId": BOT_USER_ID, "basicId": "@odbchat", "displayName": "ODBchat",
                         "chatMode": "bot", "markAsReadMode": "auto"}
        if method == "GET" and path.startswith("/v2/bot/profile/"):
            profile = self.profiles.get(path.rsplit("/", 1)[1])
            return (200, profile) if profile else (404, {"message": "Not found"})
        if method == "POST" and path == "/v2/bot/chat/loading/start":
            with self._lock:
                self.loading.append(data.get("chatId", ""))
            return 202, {}
        if method != "POST" or path not in ("/v2/bot/message/reply", "/v2/bot/message/push"):
            return 404, {"message": "Not found"}
        messages = data.get("messages") or []
        problem = None if 1 <= len(messages) <= 5 else "messages must be 1..5"
        problem = problem or next((p for m in messages if (p := _problem(m))), None)
        if problem:
            self.rejected.append((path, problem))
            return 400, {"message": "The request body has 1 error(s)", "details": [{"message": problem}]}
        with self._lock:
            if path.endswith("/reply"):
                chat, issued = self._tokens.pop(data.get("replyToken", ""), ("", 0.0))
                if not chat or time.monotonic() - issued > REPLY_TOKEN_TTL:
                    self.rejected.append((path, "Invalid reply token"))
                    return 400, {"message": "Invalid reply token"}
                return 200, self._accepted(Sent(chat, "reply", messages))
            key = headers.get("X-Line-Retry-Key")
            if key and key in self._retry_keys:
                return 409, {"message": "The retry key is already accepted"}
            if key:
                self._retry_keys.add(key)
            return 200, self._accepted(Sent(data.get("to", ""), "push", messages))

    def _accepted(self, sent: Sent) -> dict[str, Any]:
        """Record `sent` (under the lock) with an id per message; return LINE's answer naming them."""
        sent.ids = [str(uuid.uuid4().int % 10**18) for _ in sent.messages]
        self.sent.append(sent)
        return {"sentMessages": [{"id": i, "quoteToken": f"q{i}"} for i in sent.ids]}

    def start(self) -> "LineAPIServer":
        emulator = self

        class Handler(BaseHTTPRequestHandler):
            def _serve(self, method: str) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                status, payload = emulator._handle(method, self.path, self.headers, self.rfile.read(length))
                out = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(out)))
                self.end_headers()
                self.wfile.write(out)

            def do_GET(self) -> None:  # noqa: N802
                self._serve("GET")

            def do_POST(self) -> None:  # noqa: N802
                self._serve("POST")

            def do_DELETE(self) -> None:  # noqa: N802
                self._serve("DELETE")

            def log_message(self, *args: Any) -> None:
                pass

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self._httpd.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()


# --------------------------------------------------------------------------- webhook events

def sign(secret: str, body: bytes) -> str:
    """Return LINE's X-Line-Signature for `body`."""
    return base64.b64encode(hmac.new(secret.encode(), body, hashlib.sha256).digest()).decode()


def post_events(url: str, secret: str, events: list[dict[str, Any]], *, signature: str | None = None) -> httpx.Response:
    """POST a webhook body with `events` to the bot, signed (or with the given `signature`)."""
    body = json.dumps({"destination": BOT_USER_ID, "events": events}, ensure_ascii=False).encode()
    return httpx.post(url, content=body, timeout=10,
                      headers={"Content-Type": "application/json",
                               "X-Line-Signature": sign(secret, body) if signature is None else signature})


def _base(kind: str, source: dict[str, Any], reply_token: str | None, event_id: str | None) -> dict[str, Any]:
    event: dict[str, Any] = {"type": kind, "mode": "active", "timestamp": int(time.time() * 1000), "source": source,
                             "webhookEventId": event_id or uuid.uuid4().hex.upper()[:26],
                             "deliveryContext": {"isRedelivery": False}}
    if reply_token:
        event["replyToken"] = reply_token
    return event


def user_source(user: str) -> dict[str, Any]:
    return {"type": "user", "userId": user}


def group_source(group: str, user: str) -> dict[str, Any]:
    return {"type": "group", "groupId": group, "userId": user}


def text_event(source: dict[str, Any], text: str, reply_token: str | None, *, event_id: str | None = None,
               mention_self: bool = False, quoted: str | None = None) -> dict[str, Any]:
    event = _base("message", source, reply_token, event_id)
    message: dict[str, Any] = {"type": "text", "id": uuid.uuid4().hex[:16], "quoteToken": "q", "text": text}
    if quoted:  # the user quoted a past message (LINE's `quotedMessageId`)
        message["quotedMessageId"] = quoted
    if mention_self:
        message["mention"] = {"mentionees": [{"index": 0, "length": len("@ODBchat"), "type": "user",
                                              "userId": BOT_USER_ID, "isSelf": True}]}
    event["message"] = message
    return event


def location_event(source: dict[str, Any], lon: float, lat: float, reply_token: str | None) -> dict[str, Any]:
    event = _base("message", source, reply_token, None)
    event["message"] = {"type": "location", "id": uuid.uuid4().hex[:16], "title": "pin", "address": "",
                        "latitude": lat, "longitude": lon}
    return event


def follow_event(user: str, reply_token: str) -> dict[str, Any]:
    event = _base("follow", user_source(user), reply_token, None)
    event["follow"] = {"isUnblocked": False}
    return event


def postback_event(user: str, data: str, reply_token: str, params: dict[str, str] | None = None) -> dict[str, Any]:
    event = _base("postback", user_source(user), reply_token, None)
    event["postback"] = {"data": data, **({"params": params} if params else {})}
    return event
