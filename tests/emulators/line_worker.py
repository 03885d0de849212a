"""The real `odbchat line` worker as a subprocess for end-to-end tests: its environment (every
outside service on a closed loopback port, the LINE API at the emulator) and a context manager
that starts it, waits for /healthz, and stops it with SIGTERM (exit 0 asserted)."""
from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx

from line_api_server import LineAPIServer
from telegram_harness import ROOT, free_port


def line_env(tmp: Path, api: LineAPIServer, port: int, secret: str, access: str, **extra: str) -> dict[str, str]:
    """Return the worker's environment: nothing reachable but the emulator, the store under `tmp`."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("TELEGRAM_", "ODBCHAT_", "DISCORD_", "OLLAMA_", "METOCEAN_", "OPEN_METEO", "ERDDAP",
                                "LINE_", "CWA_"))
           and k.lower() not in ("http_proxy", "https_proxy", "all_proxy")}
    env.update({
        "HOME": str(tmp), "PYTHONUNBUFFERED": "1", "NO_PROXY": "127.0.0.1,localhost",
        "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p),
        "METOCEAN_MCP_URL": f"http://127.0.0.1:{free_port()}/mcp/metocean",
        "OPEN_METEO_URL": f"http://127.0.0.1:{free_port()}/v1/forecast",
        "ERDDAP_URL": f"http://127.0.0.1:{free_port()}/erddap",
        "ODBCHAT_BACKEND": "local", "OLLAMA_HOST": f"http://127.0.0.1:{free_port()}", "ODBCHAT_LLM_TIMEOUT": "3",
        "ODBCHAT_DB": str(tmp / "odbchat.db"), "ODBCHAT_LOG_LEVEL": "DEBUG", "ODBCHAT_DEFAULT_TZ": "Asia/Taipei",
        "LINE_CHANNEL_SECRET": secret, "LINE_CHANNEL_ACCESS_TOKEN": access, "LINE_API_BASE_URL": api.base_url,
        "LINE_API_DATA_URL": api.base_url, "LINE_WEBHOOK_PORT": str(port),
        "LINE_PUBLIC_URL": f"http://127.0.0.1:{port}",
    })
    env.update(extra)
    return env


@contextlib.contextmanager
def running_line_worker(tmp: Path, api: LineAPIServer, secret: str, access: str) -> Iterator[tuple[str, Path]]:
    """Run `odbchat line` until the block ends; yield (its base URL, its log file)."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log_path = tmp / "bot.log"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen([sys.executable, "-m", "bots.cli", "line"], cwd=str(ROOT),
                                env=line_env(tmp, api, port, secret, access), stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert proc.poll() is None, log_path.read_text(errors="replace")
            try:
                if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        yield base, log_path
    finally:
        proc.terminate()
        assert proc.wait(60) == 0, log_path.read_text(errors="replace")
