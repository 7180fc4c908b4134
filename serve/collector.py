"""Python's collector held off while a change reaches every screen of a process.

When someone rolls at a shared table, each of a worker's apps takes the entry in and
draws it, one after another, some ten of them: a few milliseconds each, and the roll
has reached every screen when the last has drawn. Drawing makes many short-lived
objects, and every so often the collector runs in the middle of it: a young collection
costs 3–15 ms, a full one 35–70 ms with ten sessions (measured with
``benchmarks/shared_table.py``), and each is paid by every screen still to draw. Held
off while the change is drawn, it runs just after, when nobody is waiting (the idea of
Textual's ``App.PAUSE_GC_ON_SCROLL``, which holds it off while a scroll animates).

The hold ends :data:`HOLD_SECONDS` after the last change. A table that never falls
quiet (a roll every half second) still collects: once the collector has been held off
:data:`HOLD_AT_MOST` seconds, it is run just after a change has been drawn
(:data:`DRAWN_SECONDS`), when nobody waits. Giving it back at the next change instead,
as this did before, made that change pay for seconds of garbage: one roll in five took
200 ms to reach twenty screens instead of 70.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import time
from collections.abc import Callable, Iterator

HOLD_SECONDS = 0.3
"""How long after the last change the collector is given back (a roll reaches twenty
screens in well under this)."""

DRAWN_SECONDS = 0.15
"""How long after a change every screen of a process has drawn it (ten screens take
50–100 ms): a collection that is due runs then."""

HOLD_AT_MOST = 2.0
"""The longest the collector is held off before it is run between two changes."""


class CollectorHold:
    """Holds Python's collector off while changes are being drawn (see the module)."""

    def __init__(
        self,
        clock: Callable[[], float] = time.monotonic,
        *,
        hold_seconds: float = HOLD_SECONDS,
        drawn_seconds: float = DRAWN_SECONDS,
    ) -> None:
        self._clock = clock
        self._hold_seconds = hold_seconds
        self._drawn_seconds = drawn_seconds
        self._since: float | None = None
        self._release: asyncio.TimerHandle | None = None
        self._drawn: asyncio.TimerHandle | None = None
        self._looking = False

    @property
    def holding(self) -> bool:
        """Whether the collector is held off by this hold now."""
        return self._since is not None

    @property
    def drawing(self) -> bool:
        """Whether the last change may still be being drawn (:data:`DRAWN_SECONDS`)."""
        return self._drawn is not None

    def hold(self) -> None:
        """A change is about to be drawn: hold the collector off until a moment after
        the last one; held off :data:`HOLD_AT_MOST` already, it is run once this change
        is drawn. A collector someone else turned off is left to them."""
        now = self._clock()
        if self._since is None:
            if not gc.isenabled() and not self._looking:
                return
            gc.disable()
            self._since = now
        elif now - self._since >= 2 * HOLD_AT_MOST:
            # Changes come faster than they are drawn, so there is never a moment
            # between two: collect now rather than never.
            self._collect()
        loop = asyncio.get_running_loop()
        for handle in (self._release, self._drawn):
            if handle is not None:
                handle.cancel()
        self._release = loop.call_later(self._hold_seconds, self.release)
        self._drawn = loop.call_later(self._drawn_seconds, self._after_drawn)

    @contextlib.contextmanager
    def looking(self) -> Iterator[None]:
        """The collector off while the campaign is looked at: reading a new entry is
        the first thing a change costs, and a young collection started by it (4–8 ms)
        would be paid before any screen draws. Held on after the look when it
        calls :meth:`hold`, given back otherwise."""
        mine = self._since is None and gc.isenabled()
        if mine:
            gc.disable()
            self._looking = True
        try:
            yield
        finally:
            if mine:
                self._looking = False
                if self._since is None:
                    gc.enable()

    def _after_drawn(self) -> None:
        """The last change is drawn: a collection held off long enough runs now."""
        self._drawn = None
        if self._since is not None and self._clock() - self._since >= HOLD_AT_MOST:
            self._collect()

    def _collect(self) -> None:
        gc.collect()
        self._since = self._clock()

    def release(self) -> None:
        """Give the collector back (it runs at its next turn, as it would have)."""
        for handle in (self._release, self._drawn):
            if handle is not None:
                handle.cancel()
        self._release = self._drawn = None
        if self._since is not None:
            self._since = None
            gc.enable()
