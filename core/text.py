"""Text that is safe to show: in a terminal, every control character visible (never
acted on), and in a message, long values cut.

Text in a campaign comes from anyone who wrote in it — a player's note, a name, a key
typed by hand, a folder a stranger sent. Printed raw, an escape sequence in it could
retitle, clear or drive the reader's terminal; so whatever meneur prints, in the command
line's text, the exports and its messages, goes through :func:`visible`.
"""

from __future__ import annotations

import re

_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f\x80-\x9f]")
"""C0 controls but tab and line feed, DEL, and the C1 controls (ESC, CSI, OSC, BEL…)."""

LIMIT = 120
"""Characters a value keeps in a message."""


def _picture(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code < 0x20:
        return chr(0x2400 + code)  # Unicode's control pictures: ␛ for ESC, ␇ for BEL
    if code == 0x7F:
        return "␡"
    return f"<{code:02X}>"  # a C1 control, named by its code


def visible(text: str) -> str:
    """``text`` with every control character shown rather than sent: ESC as ``␛``,
    BEL as ``␇``, a C1 control as ``<9B>``; line feeds and tabs are kept."""
    return _CONTROLS.sub(_picture, text)


def cut(text: str, limit: int = LIMIT) -> str:
    """``text`` (made :func:`visible`) cut to ``limit`` characters, saying how many more
    there were."""
    if len(text) > limit:
        text = f"{text[:limit]}… ({len(text) - limit:,} more characters)"
    return visible(text)


def shown(value: object, limit: int = LIMIT) -> str:
    """A value as a message shows it: its ``repr``, cut (see :func:`cut`)."""
    return cut(repr(value), limit)
