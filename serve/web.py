"""``meneur web``: the read-only view in a browser (an OBS Browser Source, a second
screen), served by textual-serve.

textual-serve runs one command per page, its terminal drawn by xterm.js in the page:
here ``meneur watch`` on the campaign, with the layout and the viewer asked for, so a
page receives exactly what that viewer's terminal would. The server has no
authentication: it listens on this machine only, unless asked otherwise in so many words.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")
"""Addresses only this machine reaches."""


def watch_command(
    directory: Path,
    *,
    layout: str,
    background: str | None = None,
    lang: str | None = None,
    role: str | None = None,
    player: str | None = None,
    theme: str | None = None,
) -> str:
    """The shell command each page runs: ``meneur watch`` with these options."""
    command = [sys.executable, "-m", "meneur.cli.main", "watch", str(directory)]
    command += ["--layout", layout]
    options = (("background", background), ("lang", lang), ("role", role), ("theme", theme))
    for option, value in options:
        if value:
            command += [f"--{option}", value]
    if player:
        command += ["--as", player]
    return shlex.join(command)


def serve(command: str, *, host: str, port: int, title: str) -> None:
    """Serve ``command`` to browsers at http://host:port until interrupted."""
    from textual_serve.server import Server

    Server(command, host=host, port=port, title=title).serve()
