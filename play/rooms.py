"""The play layer's rooms: what each rule system says of its tests, and its options.

A system's play room is a module (``meneur.play.cosmos``) that holds what
:class:`PlayRoom` asks, every member of it (empty or None where the system has nothing
of its own), so that no caller asks a room with ``getattr``. This layer keeps the rooms
of the systems meneur ships in :data:`ROOMS`, a loader each below that mypy holds to the
Protocol; a plug-in system's package registers its own with :func:`register_room`.

What a test says is asked of :func:`meneur.play.rolls.describe` and
:func:`meneur.play.rolls.short_words`, which come here for a system's test alone. The
other layers keep theirs the same way: the saves' in
:mod:`meneur.saves.schema_rooms`, the command line's in :mod:`meneur.cli.rooms`, the
app's in :mod:`meneur.tui.widgets.panels`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from meneur.core.kinds import Kind
from meneur.core.rooms import Rooms
from meneur.core.systems import System

from .tested import Described, Short

if TYPE_CHECKING:
    from meneur.saves.state import Options  # a TypedDict: named for mypy alone


@runtime_checkable
class PlayRoom(Protocol):
    """A system's words for its tests, by kind of test (``meneur.core.cosmos.TEST``)."""

    @property
    def DESCRIBED(self) -> Mapping[Kind, Described]:
        """The lines that describe a test before it is rolled (its odds' heading), in
        the language of the reader's words (:class:`meneur.content.strings.Strings`)."""

    @property
    def SHORT(self) -> Mapping[Kind, Short]:
        """A test in a few words (the journal's line, a panel's summary)."""

    def options_of(self, options: Mapping[str, Any]) -> Options:
        """A campaign's ``[options]``, typed as the system's own (its TypedDict extends
        :class:`meneur.saves.state.Options` with what its record declares)."""

    def sheet_content(self, directory: Path | None) -> object:
        """The campaign's own rule data its sheets' values read besides the sheet (Great
        Cosmos: the gene tree, whose genes may raise a stat), or None: a system without
        any, or a file that does not read (the campaign's check says why)."""


# Each loader imports its room when first asked: a command that plays one system loads
# that system's room alone.


def _resolution() -> PlayRoom:
    from meneur.play import resolution

    return resolution


def _cosmos() -> PlayRoom:
    from meneur.play import cosmos

    return cosmos


def _traits() -> PlayRoom:
    from meneur.play import traits

    return traits


def _spherier() -> PlayRoom:
    from meneur.play import spherier

    return spherier


def _systemj() -> PlayRoom:
    from meneur.play import systemj

    return systemj


ROOMS: Rooms[PlayRoom] = Rooms(
    "play",
    {
        "resolution": _resolution,
        "cosmos": _cosmos,
        "traits": _traits,
        "spherier": _spherier,
        "systemj": _systemj,
    },
)
"""The play rooms, by system."""


def register_room(system: str, load: Callable[[], PlayRoom]) -> None:
    """Register a plug-in ``system``'s play room: ``load()`` imports and returns it.

    Raises:
        RulesError: for a system that has one already.
    """
    ROOMS.register(system, load)


def play_room(record: System) -> PlayRoom:
    """``record``'s play room.

    Raises:
        RulesError: when the system has none.
    """
    return ROOMS[record.key]
