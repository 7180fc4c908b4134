"""No control character of a campaign's text reaches a terminal through the app.

A player's note holding ``ESC [ 2 J`` or ``ESC ] 2 ; … BEL``, a campaign named so, drawn
raw by the app clears the GM's screen or retitles their window — and the same app is
what SSH seats and browsers (xterm.js) draw. Rich and Textual strip only a few controls
(BEL, backspace, VT, FF, CR) from the text they draw, not ESC or the C1 controls.

The screen's every cell reaches the terminal through one method,
:meth:`textual.strip.Strip.render`, which wraps each piece of text in its style's escape
sequences; :func:`guard_terminal` has it drop the control characters from the text
first. They take no cell (Rich counts them zero wide), so the layout Textual worked out
is unchanged. This is the last line of defence, which nothing can forget: the journal
also shows such characters as pictures (``␛``), before anything is laid out.

Textual is pinned to an exact version (pyproject.toml); ``tests/tui/test_terminal_guard``
fails if its ``Strip.render`` ever changes shape.
"""

from __future__ import annotations

import re

from rich.color import ColorSystem
from rich.console import Console
from textual.strip import Strip

_CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f]")

_guarded = False

TEXTUAL_RENDER = Strip.render
"""Textual's own ``Strip.render``, kept to prove the guard draws what it drew."""


def harmless(text: str) -> str:
    """``text`` without control characters (most text has none: one scan, no copy)."""
    return _CONTROLS.sub("", text) if _CONTROLS.search(text) else text


def _render(self: Strip, console: Console) -> str:
    # Textual's Strip.render (8.2.8), the text made harmless before it is styled.
    if self._render_cache is None:
        color_system = console._color_system or ColorSystem.TRUECOLOR
        render = self.render_style
        self._render_cache = "".join(
            [
                harmless(text)
                if style is None
                else render(style, harmless(text), color_system=color_system)
                for text, style, _ in self._segments
            ]
        )
    return self._render_cache


def guard_terminal() -> None:
    """Make every app of this process draw no control character of its text (once)."""
    global _guarded
    if not _guarded:
        Strip.render = _render  # type: ignore[method-assign]
        _guarded = True
