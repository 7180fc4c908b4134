"""The table's door: who waits to be let in, and how many pages each link holds open.

A join through an invite (:mod:`meneur.play.invites`) knocks unless the invite said
otherwise: the GM's app shows "Bob wants to join — admit / refuse" and the join waits for
the answer. Nobody to answer (a table served ``--headless``) means no: an empty list of
people who may decide never means "everyone".

The door lives in the process the GM's app runs in; a worker process asks it through
its control socket (:class:`meneur.serve.workers.RelayedDoor`), so every worker's
knocks reach the same GM and the same counts.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable

from meneur.core.frozen import frozen
from meneur.core.table_rules import Seat

from .presence import Told

KNOCK_SECONDS = 300.0
"""How long a knock waits for the GM before it is turned away."""
PAGES_PER_LINK = 2
"""Browser pages one link may hold open at once (a phone and a laptop)."""
PAGES_IN_ALL = 32
"""Browser pages the whole table may hold open at once."""


@frozen
class Knock:
    """Someone at the door."""

    ticket: int
    name: str
    """How the table calls them (a player's name; "viewer" words are the screen's)."""
    seat: Seat
    via: str
    """``ssh`` or ``web``."""
    where: str
    """The address they connect from (shown to the GM only)."""


class Door(Told):
    """Knocks waiting for the GM, and the browser pages open, per link; listeners
    (:meth:`subscribe`) are told when someone knocks or is answered."""

    def __init__(self, *, per_link: int = PAGES_PER_LINK, in_all: int = PAGES_IN_ALL) -> None:
        super().__init__()
        self.per_link = per_link
        self.in_all = in_all
        self._tickets = itertools.count(1)
        self._waiting: dict[int, tuple[Knock, asyncio.Future[bool]]] = {}
        self._answerers = 0
        self._pages: dict[str, int] = {}

    # --- Knocks ----------------------------------------------------------------------

    def answering(self) -> Callable[[], None]:
        """Someone (the GM's app) answers knocks from now on; returns what stops it.
        When the last one stops, the knocks still waiting are turned away."""
        self._answerers += 1

        def stop() -> None:
            self._answerers -= 1
            if self._answerers <= 0:
                for ticket in list(self._waiting):
                    self.answer(ticket, False)

        return stop

    async def knock(
        self, name: str, seat: Seat, via: str, where: str, wait: float = KNOCK_SECONDS
    ) -> bool:
        """Wait for the GM's answer (False: refused, nobody to answer, or no answer in
        ``wait`` seconds)."""
        if self._answerers <= 0:
            return False
        knock = Knock(next(self._tickets), name, seat, via, where)
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._waiting[knock.ticket] = (knock, future)
        self._tell()
        try:
            return await asyncio.wait_for(asyncio.shield(future), wait)
        except TimeoutError:
            return False
        finally:
            if self._waiting.pop(knock.ticket, None) is not None:
                self._tell()

    def waiting(self) -> tuple[Knock, ...]:
        """Who is at the door, first come first."""
        return tuple(knock for knock, _ in self._waiting.values())

    def answer(self, ticket: int, admit: bool) -> None:
        """The GM's answer to knock ``ticket`` (one that left meanwhile is ignored)."""
        found = self._waiting.pop(ticket, None)
        if found is None:
            return
        if not found[1].done():
            found[1].set_result(admit)
        self._tell()

    # --- Pages -----------------------------------------------------------------------

    def open_page(self, link: str) -> bool:
        """A page asks to open through ``link`` (an invite's id): False when that link,
        or the table, holds as many as it may."""
        if self._pages.get(link, 0) >= self.per_link or sum(self._pages.values()) >= self.in_all:
            return False
        self._pages[link] = self._pages.get(link, 0) + 1
        return True

    async def enter(self, link: str) -> bool:
        """:meth:`open_page`, as a worker's relay asks it."""
        return self.open_page(link)

    def leave(self, link: str) -> None:
        """:meth:`close_page`, as a worker's relay says it."""
        self.close_page(link)

    def close_page(self, link: str) -> None:
        """A page ``link`` opened closed."""
        left = self._pages.get(link, 0) - 1
        if left > 0:
            self._pages[link] = left
        else:
            self._pages.pop(link, None)
