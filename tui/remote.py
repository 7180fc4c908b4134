"""A remote terminal's console for an app a server draws (``meneur serve``): its own
colours, and errors kept out of the server's terminal."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from textual.app import App


def remote_console(app: App[Any], environ: Mapping[str, str]) -> None:
    """Draw ``app`` in the colours a remote terminal says it has (its TERM and COLORTERM, not
    the server's), and keep its errors out of the server's terminal."""
    import io

    from rich.console import Console

    console = app.console
    app.console = Console(
        color_system="auto",
        file=console.file,
        markup=True,
        highlight=False,
        emoji=False,
        legacy_windows=False,
        _environ=dict(environ),
        force_terminal=True,
        safe_box=False,
        soft_wrap=False,
    )
    # A connection's app that fails says so in the server's log (serve), never on the
    # GM's screen, which the server process may be drawing.
    app.error_console = Console(file=io.StringIO(), markup=False, highlight=False)
