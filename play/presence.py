"""Who is at a served table right now (``meneur serve``), for every screen to show.

The server tells this registry who joins and leaves; each app subscribes and redraws its
list of people. What each screen is told of the others is the table's rule
(:func:`meneur.core.table_rules.presence_for`), applied by the screen before drawing.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable

from meneur.core.errors import RulesError
from meneur.core.table_rules import Present, Seat, presence_for

Listener = Callable[[], None]


class Told:
    """What screens follow: each listener is called after each change (the server's
    side calls back outside the apps' context: a listener only posts a message)."""

    def __init__(self) -> None:
        self._listeners: list[Listener] = []

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` after each change; returns what unsubscribes it."""
        self._listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return unsubscribe

    def _tell(self) -> None:
        for listener in list(self._listeners):
            listener()


class Presence(Told):
    """The people connected to one table, in the order they joined."""

    def __init__(self) -> None:
        super().__init__()
        self._present: list[Present] = []
        self.ender: Callable[[str], None] | None = None
        """What ends a connection by its session key (the server sets it)."""

    def end(self, present: Present) -> bool:
        """End ``present``'s connection (the GM's, from their app): whichever process
        plays it ends it and tells them. False when it cannot be ended from here."""
        if self.ender is None or present.session is None:
            return False
        self.ender(present.session)
        return True

    def everyone(self) -> tuple[Present, ...]:
        """Who is connected, in the order they joined."""
        return tuple(self._present)

    def join(self, present: Present) -> None:
        """Someone joined: every screen is told."""
        self._present.append(present)
        self._tell()

    def replace(self, present: Present, now: Present) -> None:
        """Someone connected plays other characters now (the GM gave them one): every
        screen is told, as a change, not as a leave and a join."""
        self._present = [now if p is present else p for p in self._present]
        self._tell()

    def leave(self, present: Present) -> None:
        """Someone left (or their connection dropped): every screen is told."""
        # By identity: two connections may look alike (the same seat, the same minute).
        kept = [p for p in self._present if p is not present]
        if len(kept) != len(self._present):
            self._present = kept
            self._tell()


PRESENCE_FD = "MENEUR_PRESENCE_FD"
"""The environment variable that names the pipe a served seat's own process (the plain
seat over SSH) is told who is at the table through."""

MAX_FED = 64 * 1024
"""What is read of the pipe at most per look (a pipe's whole buffer): it holds one short
line per change."""


def presence_line(seat: Seat, present: Iterable[Present]) -> bytes:
    """What the server writes to a seat's own process after each change: one line of
    JSON, the names and roles that seat may be told (:func:`presence_for`), nothing
    of where from or since when unless it is the GM's."""
    import json

    told = [
        {"name": p.name, "role": p.seat.role, "player": p.seat.name}
        for p in presence_for(seat, present)
    ]
    return json.dumps(told, ensure_ascii=False).encode() + b"\n"


class FedPresence(Presence):
    """Who is at a served table, as the server tells a seat's own process through a
    pipe (:func:`presence_line`): the last whole line read is who is there now. The
    pipe is read, never waited on, each time it is asked."""

    def __init__(self, fd: int) -> None:
        super().__init__()
        os.set_blocking(fd, False)
        self._fd = fd
        self._waiting = b""

    def everyone(self) -> tuple[Present, ...]:
        """Who is connected, as the server said last."""
        import json

        try:  # nothing waiting (or the server gone): what was known stays
            data = os.read(self._fd, MAX_FED)
        except OSError:
            data = b""
        *lines, waiting = (self._waiting + data).split(b"\n")
        self._waiting = waiting[-MAX_FED:]
        latest = lines[-1] if lines else None
        if latest is not None:
            try:
                told = json.loads(latest)
                self._present = [
                    Present(Seat(str(p["role"]), p.get("player") or None), str(p["name"]))
                    for p in told
                ]
            except (ValueError, TypeError, KeyError, RulesError):
                pass  # a line the server did not write: what was known stays
        return tuple(self._present)
