"""A real nginx on loopback as the load balancer in front of several bot workers (tests only).

Started with a generated configuration in a temporary directory (its own pid file, logs and
temp paths, no root needed to listen on a high port) and stopped by PID. When nginx is not
installed the caller gets a clear error: `make test` installs it (`nginx-light`) when root.
"""
from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"

_CONF = """
worker_processes 1;
daemon off;
pid {tmp}/nginx.pid;
error_log {tmp}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {tmp}/body;
    proxy_temp_path {tmp}/proxy;
    fastcgi_temp_path {tmp}/fastcgi;
    uwsgi_temp_path {tmp}/uwsgi;
    scgi_temp_path {tmp}/scgi;
    upstream odbchat_workers {{
{servers}
    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://odbchat_workers;
            # A worker that is stopping refuses connections: try the next one.
            proxy_next_upstream error timeout http_502 http_503;
            proxy_connect_timeout 2s;
            proxy_set_header Host $host;
        }}
    }}
}}
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class NginxServer:
    """nginx balancing `backends` (host:port strings) on a free loopback port."""

    def __init__(self, tmp: Path, backends: list[str]) -> None:
        self.tmp = tmp
        self.backends = backends
        self.port = _free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """Return the balancer's base URL."""
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> "NginxServer":
        """Write the configuration, start nginx and wait until it accepts connections; return self."""
        if not (os.path.exists(NGINX) and os.access(NGINX, os.X_OK)):
            raise RuntimeError("nginx is not installed: run `make test` as root (it installs nginx-light) "
                               "or `apt-get install nginx-light`")
        self.tmp.mkdir(parents=True, exist_ok=True)
        servers = "\n".join(f"        server {b} max_fails=1 fail_timeout=1s;" for b in self.backends)
        conf = self.tmp / "nginx.conf"
        conf.write_text(_CONF.format(tmp=self.tmp, servers=servers, port=self.port), encoding="utf-8")
        self.proc = subprocess.Popen([NGINX, "-c", str(conf), "-p", str(self.tmp)],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"nginx exited: {self.proc.stderr.read().decode(errors='replace') if self.proc.stderr else ''}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("nginx did not start listening")

    def stop(self) -> None:
        """Stop nginx (by its PID) and wait for it."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGQUIT)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.proc = None
