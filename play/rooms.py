"""What a rule system's room holds in each layer, as a Protocol its module satisfies:
a room is a module (``meneur.play.cosmos``) its system's record names
(:attr:`meneur.core.systems.System.rooms`), and mypy checks it against its layer's
Protocol (each room module assigns itself to one under ``TYPE_CHECKING``). Every member
is there in every room — empty or None where the system has nothing of its own — so no
caller asks a room with ``getattr``.

This module holds the play layer's (:class:`PlayRoom`); the command line's is
:class:`meneur.cli.rooms.CliRoom`, the app's :class:`meneur.tui.widgets.panels.AppRoom`,
the saves' :class:`meneur.saves.schema_rooms.SavesRoom`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from meneur.core.systems import System
from meneur.saves.state import Options

from .tested import Translate

if TYPE_CHECKING:
    from meneur.content.strings import Strings


@runtime_checkable
class PlayRoom(Protocol):
    """A system's words for its tests, by kind of test (``"cosmos.CosmosTest"``)."""

    @property
    def DESCRIBED(self) -> Mapping[str, Callable[[Any, Strings], list[str]]]:
        """The lines that describe a test before it is rolled (its odds' heading), in
        the language of the reader's words (:class:`meneur.content.strings.Strings`)."""

    @property
    def SHORT(self) -> Mapping[str, Callable[[Any, Translate], str]]:
        """A test in a few words (the journal's line, a panel's summary)."""

    def options_of(self, options: Mapping[str, Any]) -> Options:
        """A campaign's ``[options]``, typed as the system's own (its TypedDict extends
        :class:`meneur.saves.state.Options` with what its record declares)."""

    def sheet_content(self, directory: Path | None) -> object:
        """The campaign's own rule data its sheets' values read besides the sheet (Great
        Cosmos: the gene tree, whose genes may raise a stat), or None: a system without
        any, or a file that does not read (the campaign's check says why)."""


def play_room(record: System) -> PlayRoom:
    """``record``'s play room.

    Raises:
        RulesError: when the system has none.
    """
    room: PlayRoom = record.room("play")
    return room
