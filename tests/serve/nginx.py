"""A plain nginx serving a folder on 127.0.0.1, as a child of the test (or of the
benchmark): its configuration, its pid file and its error log in a temporary folder,
no daemon, no master process, nothing of the system's nginx touched."""

from __future__ import annotations

import contextlib
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").is_file() else None)
"""nginx's program, when installed (``apt-get install nginx``; .ci/run installs it)."""

CONFIG = """
daemon off;
master_process off;
worker_processes 1;
pid {scratch}/nginx.pid;
error_log {scratch}/error.log warn;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    client_body_temp_path {scratch}/body;
    proxy_temp_path {scratch}/proxy;
    fastcgi_temp_path {scratch}/fastcgi;
    uwsgi_temp_path {scratch}/uwsgi;
    scgi_temp_path {scratch}/scgi;
    types {{
        text/html html;
        text/css css;
        application/javascript js;
        application/json json;
        application/toml toml;
    }}
    server {{
        listen 127.0.0.1:{port};
        root {folder};
        index index.html;
        # The picture changes: a cache asks again each time (its ETag answers 304).
        location = /view.json {{ add_header Cache-Control "no-cache"; }}
    }}
}}
"""
"""The streamer's guide's example, made to run unprivileged in a scratch folder."""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def nginx_serving(folder: Path, nginx: str | None = NGINX) -> Iterator[int]:
    """nginx serving ``folder`` on a free port of 127.0.0.1 (tried again on another
    when that one was taken meanwhile); the port. Stopped on exit."""
    assert nginx is not None, "nginx is not installed"
    with tempfile.TemporaryDirectory(prefix="meneur-nginx-") as scratch:
        for _ in range(5):
            port = _free_port()
            config = Path(scratch) / "nginx.conf"
            config.write_text(CONFIG.format(scratch=scratch, port=port, folder=folder))
            process = subprocess.Popen(
                [nginx, "-p", scratch, "-c", str(config), "-e", f"{scratch}/error.log"],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            if _listening(port, process):
                break
        else:
            raise AssertionError("nginx never listened: " + _log(scratch))
        try:
            yield port
        finally:
            process.send_signal(signal.SIGQUIT)  # nginx's graceful stop
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _listening(port: int, process: subprocess.Popen[bytes]) -> bool:
    """Whether nginx listens on ``port``, once it does (False when it ended first)."""
    deadline = time.monotonic() + 30
    while process.poll() is None and time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return True
        time.sleep(0.02)
    if process.poll() is None:
        process.kill()
    process.wait()
    return False


def _log(scratch: str) -> str:
    with contextlib.suppress(OSError):
        return (Path(scratch) / "error.log").read_text()[-2000:]
    return ""
