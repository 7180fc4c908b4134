"""One action panel per rule system; the table loads the campaign's only.

A system's panel is its room in the app: the module its record names for the ``tui``
layer (:attr:`meneur.core.systems.System.rooms`), whose ``PANEL`` is the panel's class
(an :class:`meneur.tui.widgets.panels.base.ActionPanel`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class AppRoom(Protocol):
    """What a system's room in the app holds (every member in every room: None where the
    system has nothing of its own)."""

    @property
    def PANEL(self) -> type[Any]:
        """Its action panel's class (an ``ActionPanel``)."""

    @property
    def new_character(self) -> Callable[[Any, Callable[[str | None], None]], None] | None:
        """Opens its own creation screen over the table, calling back with the new
        character's id (None: the sheet as a draft, the generic way)."""

    @property
    def sheet_screen(self) -> Callable[[], type[Any]] | None:
        """Its own sheet screen's class, imported when a sheet first opens (None: the
        generic sheet)."""

    @property
    def deck_for(self) -> Callable[[Any], Any] | None:
        """The campaign's deck of cards a sheet's hand is dealt from, read from the
        campaign's folder (None: no cards)."""


def app_room(system: str) -> AppRoom:
    """The app's room of ``system``, imported on demand.

    Raises:
        RulesError: for an unknown system, or one without a room in the app.
    """
    from meneur.play.systems import room

    found: AppRoom = room(system, "tui")
    return found


def panel_class(system: str) -> Any:
    """The action panel class of ``system``, imported on demand.

    Raises:
        RulesError: for an unknown system, or one without a panel.
    """
    return app_room(system).PANEL
