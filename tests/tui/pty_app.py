"""The app as a player's shell runs it: ``meneur`` in a pseudo-terminal
(:class:`tests.pty_terminal.PtyTerminal`)."""

from __future__ import annotations

import sys
from pathlib import Path

from tests.pty_terminal import PtyTerminal


class AppTerminal(PtyTerminal):
    """``meneur ARGS`` in a pseudo-terminal of ``size``, in English, its data directory
    ``data``."""

    def __init__(self, data: Path, *args: str, size: tuple[int, int] = (120, 36)) -> None:
        super().__init__(
            [sys.executable, "-m", "meneur.cli.main", *args],
            {"TERM": "xterm-256color", "LANG": "C.UTF-8", "MENEUR_DATA_DIR": str(data)},
            size,
        )
