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


_ANY_CONTROL = re.compile("[\x00-\x1f\x7f\x80-\x9f]")
"""As :data:`_CONTROLS`, with line feeds and tabs: a message is one line."""


def cut(text: str, limit: int = LIMIT) -> str:
    """``text`` cut to ``limit`` characters, saying how many more there were, on one
    line with every control character visible (a line feed as ``␊``): for messages."""
    if len(text) > limit:
        text = f"{text[:limit]}… ({len(text) - limit:,} more characters)"
    return _ANY_CONTROL.sub(_picture, text)


def shown(value: object, limit: int = LIMIT) -> str:
    """A value as a message shows it: as campaign.toml writes it (``"Kael"``, ``4``,
    ``true``; never Python's notation), cut (see :func:`cut`)."""
    from .changes import shown_value

    return "—" if value is None else cut(shown_value(value), limit)


_SURROGATE = re.compile("[\ud800-\udfff]")


def utf8_fault(text: str) -> tuple[int | None, int] | None:
    """Where ``text`` cannot be written as UTF-8, or None when it can: the byte that was
    not UTF-8 (None for a lone surrogate) and its character's position. A command-line
    argument that was not UTF-8 reaches Python as lone surrogates (``\\udc9b`` for the
    byte 0x9b), which a TOML file cannot hold."""
    found = _SURROGATE.search(text)
    if found is None:
        return None
    code = ord(found.group())
    return (code - 0xDC00 if 0xDC80 <= code <= 0xDCFF else None), found.start()


def not_utf8(text: str) -> str | None:
    """Why ``text`` cannot be written as UTF-8 (see :func:`utf8_fault`), in English, or
    None when it can."""
    fault = utf8_fault(text)
    if fault is None:
        return None
    byte, at = fault
    if byte is not None:
        return f"not UTF-8 (byte {byte:#04x} at character {at})"
    return f"not text (a lone surrogate at character {at})"
