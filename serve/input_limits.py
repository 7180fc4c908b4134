"""How much one seat may send, so that one person's flood — a megabyte of noise piped
into ``ssh``, a wrong file pasted — never starves the others' screens, the stream or
the GM's app.

Typed keys use a budget of bytes that refills with time (a token bucket): every key is
an event the app handles, so noise is dropped after a few kilobytes, and a seat that
keeps flooding (many times its budget dropped) is closed with a message. A bracketed
paste (what a terminal sends for a paste) is one event whatever its size: it is held
here until it ends and passes whole — the note editor's 100 KB included — or, longer
than :data:`PASTE_MOST`, is refused whole with the reason (the app never sees half a
paste, which would leave its reader inside one)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

PASTE_START = b"\x1b[200~"
PASTE_END = b"\x1b[201~"
TYPED = (8 * 1024, 4 * 1024)
"""Typed keys: bytes at once, and bytes per second the budget refills (far above any
typing; a burst of keys the terminal sends for a mouse move or a resize included)."""
PASTE_MOST = 160 * 1024
"""The longest paste let through: the note editor's 100 KB, escaped, with room."""
CLOSE_AFTER = 256 * 1024
"""Typed bytes dropped (without a pause long enough to refill the budget) that close
the seat."""


@dataclass
class Let:
    """What :meth:`InputGate.let` lets through, and what happened to the rest."""

    data: bytes
    dropped: bool = False
    """Typed keys were dropped (over the budget)."""
    refused_paste: bool = False
    """A paste longer than :data:`PASTE_MOST` was refused whole."""


class InputGate:
    """One seat's input, let through within its limits (see the module)."""

    def __init__(self, *, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._left = float(TYPED[0])
        self._when = clock()
        self._paste: bytearray | None = None
        self._too_long = False
        self._held = b""
        self.dropped = 0.0
        """Typed bytes dropped lately (forgotten as fast as the budget refills)."""
        self.taken = 0
        """Bytes let through, in all."""

    def let(self, data: bytes) -> Let:
        """What of ``data`` goes to the app now (a paste is held until it ends)."""
        now = self._clock()
        elapsed, self._when = now - self._when, now
        self._left = min(float(TYPED[0]), self._left + elapsed * TYPED[1])
        self.dropped = max(0.0, self.dropped - elapsed * TYPED[1])
        out, said = bytearray(), Let(b"")
        rest, self._held = self._held + data, b""
        while rest:
            if self._paste is None:
                start = rest.find(PASTE_START)
                if start < 0:
                    # A paste's mark cut between two packets: its first bytes wait for
                    # the rest (a lone Escape, a key of its own, is not held).
                    keep = _mark_begun(rest) if len(rest) > 1 else 0
                    typed, self._held, rest = (
                        rest[: len(rest) - keep],
                        rest[len(rest) - keep :],
                        b"",
                    )
                else:
                    typed, rest = rest[:start], rest[start + len(PASTE_START) :]
                    self._paste, self._too_long = bytearray(), False
                if typed and len(typed) <= self._left:
                    self._left -= len(typed)
                    out += typed
                elif typed:
                    self.dropped += len(typed)
                    said.dropped = True
                continue
            self._paste += rest
            rest = b""
            end = self._paste.find(PASTE_END)
            if end < 0:
                if len(self._paste) > PASTE_MOST + len(PASTE_END):
                    # Refused: only what may hold the start of its end mark is kept.
                    self._paste = self._paste[-(len(PASTE_END) - 1) :]
                    self._too_long = True
                continue
            inside, rest = bytes(self._paste[:end]), bytes(self._paste[end + len(PASTE_END) :])
            if self._too_long or len(inside) > PASTE_MOST:
                said.refused_paste = True
            else:
                out += PASTE_START + inside + PASTE_END
            self._paste = None
        self.taken += len(out)
        said.data = bytes(out)
        return said

    @property
    def flooding(self) -> bool:
        """Whether so many typed bytes were dropped that the seat should close."""
        return self.dropped >= CLOSE_AFTER


def _mark_begun(data: bytes) -> int:
    """How many of ``data``'s last bytes begin a paste's mark (0 when none do)."""
    for size in range(min(len(PASTE_START) - 1, len(data)), 0, -1):
        if PASTE_START.startswith(data[-size:]):
            return size
    return 0
