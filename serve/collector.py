"""Python's collector held off while a change reaches every screen of a process.

When someone rolls at a shared table, each of a worker's apps takes the entry in and
draws it, one after another, some ten of them: a few milliseconds each, and the roll
has reached every screen when the last has drawn. Drawing makes many short-lived
objects, and every so often the collector runs in the middle of it: a young collection
costs 3–15 ms, a full one 35–70 ms with ten sessions (measured with
``benchmarks/shared_table.py``), and each is paid by every screen still to draw. Held
off while the change is drawn, it runs just after, when nobody is waiting (the idea of
Textual's ``App.PAUSE_GC_ON_SCROLL``, which holds it off while a scroll animates).

The hold is short and bounded: it ends :data:`HOLD_SECONDS` after the last change, and
after :data:`HOLD_AT_MOST` seconds whatever comes, so that a table that never falls
quiet still collects.
"""

from __future__ import annotations

import asyncio
import gc
import time
from collections.abc import Callable

HOLD_SECONDS = 0.3
"""How long after the last change the collector is given back (a roll reaches twenty
screens in well under this)."""

HOLD_AT_MOST = 2.0
"""The longest the collector is held off in one go."""


class CollectorHold:
    """Holds Python's collector off while changes are being drawn (see the module)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._since: float | None = None
        self._release: asyncio.TimerHandle | None = None

    @property
    def holding(self) -> bool:
        """Whether the collector is held off by this hold now."""
        return self._since is not None

    def hold(self) -> None:
        """A change is about to be drawn: hold the collector off until a moment after
        the last one (never longer than :data:`HOLD_AT_MOST` in one go). A collector
        someone else turned off is left to them."""
        now = self._clock()
        if self._since is None:
            if not gc.isenabled():
                return
            gc.disable()
            self._since = now
        elif now - self._since >= HOLD_AT_MOST:
            self.release()
            return
        if self._release is not None:
            self._release.cancel()
        self._release = asyncio.get_running_loop().call_later(HOLD_SECONDS, self.release)

    def release(self) -> None:
        """Give the collector back (it runs at its next turn, as it would have)."""
        if self._release is not None:
            self._release.cancel()
            self._release = None
        if self._since is not None:
            self._since = None
            gc.enable()
