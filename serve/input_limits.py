"""How much one seat may send: budgets of bytes that refill with time (token buckets),
so that one person's flood — a megabyte of noise piped into ``ssh``, a wrong file
pasted — never starves the others' screens, the stream or the GM's app.

Typed keys, even fast, use a small budget: every key is an event the app handles, so
noise is dropped after a few kilobytes. A bracketed paste (what a terminal sends for a
paste) is one event whatever its size: it has its own budget, which lets the note
editor's 100 KB through. What goes beyond is dropped, and the person is told once why;
a seat that keeps flooding after that (several times its budget dropped) is closed with
a message."""

from __future__ import annotations

import time
from collections.abc import Callable

PASTE_START = b"\x1b[200~"
PASTE_END = b"\x1b[201~"
TYPED = (8 * 1024, 4 * 1024)
"""Typed keys: bytes at once, and bytes per second the budget refills (far above any
typing; a burst of keys the terminal sends for a mouse move or a resize included)."""
PASTED = (160 * 1024, 64 * 1024)
"""A bracketed paste: a 100 KB paste with room, at once; then refilled as fast."""
CLOSE_AFTER = 256 * 1024
"""Bytes dropped (without a pause long enough to refill the budget) that close the seat."""


class _Bucket:
    def __init__(self, size: int, rate: int, now: float) -> None:
        self.size, self.rate = size, rate
        self.left, self.when = float(size), now

    def take(self, size: int, now: float) -> bool:
        self.left = min(float(self.size), self.left + (now - self.when) * self.rate)
        self.when = now
        if size > self.left:
            return False
        self.left -= size
        return True


class InputBudget:
    """One seat's budgets (see the module)."""

    def __init__(self, *, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        now = clock()
        self._typed = _Bucket(*TYPED, now)
        self._pasted = _Bucket(*PASTED, now)
        self._in_paste = False
        self._when = now
        self.dropped = 0.0
        """Bytes dropped lately (forgotten as fast as typed keys refill)."""
        self.taken = 0
        """Bytes let through, in all."""

    def take(self, data: bytes) -> bool:
        """Whether ``data`` may pass now (then spent from its budget)."""
        pasting = self._in_paste or PASTE_START in data
        if PASTE_START in data:
            self._in_paste = PASTE_END not in data[data.rindex(PASTE_START) :]
        elif self._in_paste and PASTE_END in data:
            self._in_paste = False
        now = self._clock()
        bucket = self._pasted if pasting else self._typed
        self.dropped = max(0.0, self.dropped - (now - self._when) * TYPED[1])
        self._when = now
        if bucket.take(len(data), now):
            self.taken += len(data)
            return True
        self.dropped += len(data)
        return False

    @property
    def flooding(self) -> bool:
        """Whether so much was dropped that the seat should close."""
        return self.dropped >= CLOSE_AFTER
