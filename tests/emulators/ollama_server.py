"""A local HTTP server speaking Ollama's chat API, for tests that must not need a real LLM.

    with OllamaServer(reply={"mode": "explain"}) as server:
        llm = LLMClient(server.url, "test-model", timeout=2.0)
        ...
        assert server.calls == 1
        body = server.requests[0]          # the JSON body the client sent

Replies are configurable at construction or later with `configure(...)`:
- `reply`: the assistant message content; a dict/list is sent as its JSON text, a callable
  gets the request body and returns the content (str or dict).
- `mode="invalid_json"`: content that is not JSON (for `chat_json` callers).
- `mode="http500"`: answer HTTP 500 with an Ollama-style error body.
- `delay`: seconds to wait before answering (longer than the client's timeout = "slow LLM").
- `mode="trickle"`: stream the reply one token every `delay` seconds and never say "done".
- `mode="hang"`: accept the request and never answer (until the server stops).
- `mode="raw"`: send `reply` (str or bytes) as the whole HTTP body, as is: junk, a body
  nested 100,000 deep, 2 MB of one line.
- `stalled_listener()`: a port whose TCP handshake never completes ("slow connect").

It runs uvicorn + starlette on 127.0.0.1 on a free port in a background thread (`ASGIServer`,
reusable for other stand-ins); `/api/chat`
(non-streaming and streaming), `/api/tags` and `/api/version` are served. Every request
body of `/api/chat` is recorded in `requests` and counted in `calls`.
"""
from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections.abc import Callable
from datetime import datetime, timezone
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

Reply = str | dict[str, Any] | list[Any] | Callable[[dict[str, Any]], Any]


class ASGIServer:
    """Run any ASGI app with uvicorn on 127.0.0.1, free port, in a background thread.

    Used by `OllamaServer` and reusable for other local stand-ins (an MCP server, a REST API):
    `with ASGIServer(app) as srv: httpx.get(srv.url + "/path")`.
    """

    def __init__(self, app: Any, lifespan: str = "off") -> None:
        self.app = app
        self.lifespan = lifespan
        self.host = "127.0.0.1"
        self.port = 0
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        """Return the server's base URL, e.g. http://127.0.0.1:41234."""
        return f"http://{self.host}:{self.port}"

    def start(self) -> "ASGIServer":
        """Start serving; returns self once the server accepts connections."""
        # Bind here (port 0 = a free port chosen by the OS) and hand the socket to uvicorn,
        # so no other process can take the port between choosing and listening.
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((self.host, 0))
        self.port = sock.getsockname()[1]
        config = uvicorn.Config(self.app, log_level="warning", lifespan=self.lifespan, access_log=False)
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, kwargs={"sockets": [sock]},
                                        name=f"asgi-stub-{self.port}", daemon=True)
        self._thread.start()
        deadline = time.monotonic() + 10
        while not self._server.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise RuntimeError("stub server did not start")
            time.sleep(0.01)
        return self

    def stop(self) -> None:
        """Stop the server and wait for its thread; returns nothing."""
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=10)
        self._server = None
        self._thread = None

    def __enter__(self) -> "ASGIServer":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

INVALID_JSON_CONTENT = '{"mode": "explain", "text": unquoted'
MODES = ("ok", "invalid_json", "http500", "trickle", "hang", "raw")


class OllamaServer:
    """Context manager running a fake Ollama `/api/chat` endpoint; see the module docstring."""

    def __init__(self, reply: Reply = "ok", *, mode: str = "ok", delay: float = 0.0,
                 model: str = "test-model") -> None:
        self.model = model
        self.requests: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self.configure(reply=reply, mode=mode, delay=delay)
        self.host = "127.0.0.1"
        self.port = 0
        self._runner: ASGIServer | None = None

    # --- configuration ---------------------------------------------------------------
    def configure(self, *, reply: Reply | None = None, mode: str | None = None,
                  delay: float | None = None) -> None:
        """Change what the next requests get; returns nothing. Unset arguments keep their value."""
        if mode is not None and mode not in MODES:
            raise ValueError(f"unknown mode {mode!r}")
        with self._lock:
            if reply is not None:
                self._reply = reply
            if mode is not None:
                self._mode = mode
            if delay is not None:
                self._delay = float(delay)

    @property
    def url(self) -> str:
        """Return the base URL to give `LLMClient` / `ollama.AsyncClient` as host."""
        return f"http://{self.host}:{self.port}"

    @property
    def calls(self) -> int:
        """Return how many `/api/chat` requests arrived."""
        with self._lock:
            return len(self.requests)

    def reset(self) -> None:
        """Forget recorded requests; returns nothing."""
        with self._lock:
            self.requests.clear()

    def messages(self, index: int = -1) -> list[dict[str, Any]]:
        """Return the `messages` of one recorded request (the last by default)."""
        with self._lock:
            return list(self.requests[index].get("messages", []))

    # --- HTTP handlers ---------------------------------------------------------------
    def _content_for(self, body: dict[str, Any]) -> str:
        reply, mode = self._reply, self._mode
        if mode == "invalid_json":
            return INVALID_JSON_CONTENT
        if callable(reply):
            reply = reply(body)
        if isinstance(reply, (dict, list)):
            return json.dumps(reply, ensure_ascii=False)
        return str(reply)

    async def _chat(self, request: Request) -> Response:
        try:
            body = await request.json()
        except json.JSONDecodeError:
            return JSONResponse({"error": "invalid request body"}, status_code=400)
        with self._lock:
            self.requests.append(body)
            mode, delay = self._mode, self._delay
        if mode == "hang":
            while not self._stopping.is_set():
                await asyncio.sleep(0.05)
            return Response(status_code=503)
        if mode == "trickle":
            return StreamingResponse(self._trickle(body, delay), media_type="application/x-ndjson")
        deadline = time.monotonic() + delay
        # Sleep in small steps so stopping the server never waits for a long "slow LLM" delay.
        while time.monotonic() < deadline and not self._stopping.is_set():
            await asyncio.sleep(min(0.05, max(0.0, deadline - time.monotonic())))
        if mode == "http500":
            return JSONResponse({"error": "model runner has unexpectedly stopped"}, status_code=500)
        if mode == "raw":
            raw = self._reply
            return Response(raw if isinstance(raw, bytes) else str(raw), media_type="application/x-ndjson")
        content = self._content_for(body)
        now = datetime.now(timezone.utc).isoformat().replace("+00:00", "Z")
        base = {"model": body.get("model", self.model), "created_at": now}
        if body.get("stream", True):
            async def chunks():  # Ollama streams NDJSON: one message chunk, then the final "done"
                yield json.dumps({**base, "message": {"role": "assistant", "content": content},
                                  "done": False}) + "\n"
                yield json.dumps({**base, "message": {"role": "assistant", "content": ""},
                                  "done": True, "done_reason": "stop"}) + "\n"
            return StreamingResponse(chunks(), media_type="application/x-ndjson")
        return JSONResponse({**base, "message": {"role": "assistant", "content": content},
                             "done": True, "done_reason": "stop", "total_duration": 1000,
                             "prompt_eval_count": 1, "eval_count": 1})

    async def _trickle(self, body: dict[str, Any], every: float):
        """Yield one Ollama stream chunk of the reply's text every `every` seconds, forever."""
        content = self._content_for(body) or "."
        base = {"model": body.get("model", self.model), "created_at": "2025-11-14T03:00:00Z"}
        position = 0
        while not self._stopping.is_set():
            token = content[position % len(content)]
            position += 1
            yield json.dumps({**base, "message": {"role": "assistant", "content": token}, "done": False}) + "\n"
            await asyncio.sleep(max(every, 0.01))

    async def _tags(self, request: Request) -> Response:
        return JSONResponse({"models": [{"name": self.model, "model": self.model}]})

    async def _version(self, request: Request) -> Response:
        return JSONResponse({"version": "0.0.0-test"})

    # --- lifecycle -------------------------------------------------------------------
    def start(self) -> "OllamaServer":
        """Start serving in a background thread; returns self once it accepts connections."""
        app = Starlette(routes=[Route("/api/chat", self._chat, methods=["POST"]),
                                Route("/api/tags", self._tags, methods=["GET"]),
                                Route("/api/version", self._version, methods=["GET"])])
        self._stopping.clear()
        self._runner = ASGIServer(app).start()
        self.port = self._runner.port
        return self

    def stop(self) -> None:
        """Stop the server and wait for its thread; returns nothing."""
        self._stopping.set()  # cut short any "slow LLM" delay in progress
        if self._runner is not None:
            self._runner.stop()
        self._runner = None

    def __enter__(self) -> "OllamaServer":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


class stalled_listener:
    """Context manager: a loopback port that listens but never accepts, its backlog already full,
    so a new connection's handshake is never completed. `url` is its base URL."""

    def __init__(self) -> None:
        self._server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._fillers: list[socket.socket] = []
        self.url = ""

    def __enter__(self) -> "stalled_listener":
        self._server.bind(("127.0.0.1", 0))
        self._server.listen(0)
        port = self._server.getsockname()[1]
        self.url = f"http://127.0.0.1:{port}"
        # Linux queues backlog + 1 completed handshakes; after that new SYNs are dropped.
        for _ in range(3):
            filler = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            filler.setblocking(False)
            filler.connect_ex(("127.0.0.1", port))
            self._fillers.append(filler)
        time.sleep(0.2)
        return self

    def __exit__(self, *exc: object) -> None:
        for sock in self._fillers:
            sock.close()
        self._server.close()


def unused_port() -> int:
    """Return a loopback TCP port nothing listens on (for "LLM is down" tests)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]
