"""One action panel per rule system; the table loads the campaign's only.

A system's panel is its room in the app (:class:`AppRoom`), whose ``PANEL`` is the
panel's class (an :class:`meneur.tui.widgets.panels.base.ActionPanel`). The app keeps
the rooms of the systems meneur ships in :data:`ROOMS`, a loader each that mypy holds to
the Protocol; a plug-in system's package registers its own with :func:`register_room`.
Importing this package stays cheap (no textual): a plug-in's package registers here
whichever front end loads it, the command line included.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from meneur.core.rooms import Rooms


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


# Each loader imports its room when first asked: the table loads the campaign's alone.


def _resolution() -> AppRoom:
    from meneur.tui.widgets.panels import resolution

    return resolution


def _cosmos() -> AppRoom:
    from meneur.tui.widgets.panels import cosmos

    return cosmos


def _traits() -> AppRoom:
    from meneur.tui.widgets.panels import traits

    return traits


def _spherier() -> AppRoom:
    from meneur.tui.widgets.panels import spherier

    return spherier


def _systemj() -> AppRoom:
    from meneur.tui.widgets.panels import systemj

    return systemj


ROOMS: Rooms[AppRoom] = Rooms(
    "tui",
    {
        "resolution": _resolution,
        "cosmos": _cosmos,
        "traits": _traits,
        "spherier": _spherier,
        "systemj": _systemj,
    },
)
"""The app's rooms, by system."""


def register_room(system: str, load: Callable[[], AppRoom]) -> None:
    """Register a plug-in ``system``'s room in the app: ``load()`` imports and returns
    it (its panel imports textual: only when the app asks).

    Raises:
        RulesError: for a system that has one already.
    """
    ROOMS.register(system, load)


def app_room(system: str) -> AppRoom:
    """The app's room of ``system``, imported on demand.

    Raises:
        RulesError: for an unknown system, or one without a room in the app.
    """
    return ROOMS[system]


def panel_class(system: str) -> Any:
    """The action panel class of ``system``, imported on demand.

    Raises:
        RulesError: for an unknown system, or one without a panel.
    """
    return app_room(system).PANEL
