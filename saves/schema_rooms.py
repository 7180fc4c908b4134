"""What a rule system's room in the saves layer holds (:class:`SavesRoom`): the
top-level tables its campaigns add to campaign.toml and how they and its sheets are
checked. A system without one has nothing of its own to check (:data:`NO_ROOM`).

This layer keeps the saves rooms of the systems meneur ships in :data:`ROOMS`; a
plug-in system whose campaigns add tables of their own registers its room with
:func:`register_room` (see :mod:`meneur.core.rooms`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol, runtime_checkable

from meneur.core.rooms import Rooms
from meneur.core.systems import System

from .schema_checker import Checker


@runtime_checkable
class SavesRoom(Protocol):
    """A system's own part of campaign.toml."""

    @property
    def TOP_KEYS(self) -> tuple[str, ...]:
        """The top-level tables its campaigns may add."""

    def check_top(self, checker: Checker, key: str, value: object) -> Any:
        """One of :attr:`TOP_KEYS`, checked."""

    def sheet_context(self, checker: Checker, sheets: Mapping[str, Mapping[str, Any]]) -> Any:
        """What its sheets' checks read once from the campaign's files."""

    def check_character(
        self,
        checker: Checker,
        ident: str,
        sheet: Mapping[str, Any],
        options: Mapping[str, Any],
        memo: dict[str, Any],
    ) -> None:
        """Check one character's sheet beyond the generic limits."""


class _NoRoom:
    """The saves room of a system that adds nothing to campaign.toml."""

    TOP_KEYS: tuple[str, ...] = ()

    def check_top(self, checker: Checker, key: str, value: object) -> Any:
        return value

    def sheet_context(self, checker: Checker, sheets: Mapping[str, Mapping[str, Any]]) -> Any:
        return None

    def check_character(
        self,
        checker: Checker,
        ident: str,
        sheet: Mapping[str, Any],
        options: Mapping[str, Any],
        memo: dict[str, Any],
    ) -> None:
        return None


NO_ROOM: SavesRoom = _NoRoom()


def _cosmos() -> SavesRoom:
    from meneur.saves import cosmos

    return cosmos


ROOMS: Rooms[SavesRoom] = Rooms("saves", {"cosmos": _cosmos})
"""The saves rooms, by system (imported when first asked)."""


def register_room(system: str, load: Callable[[], SavesRoom]) -> None:
    """Register a plug-in ``system``'s saves room: ``load()`` imports and returns it.

    Raises:
        RulesError: for a system that has one already.
    """
    ROOMS.register(system, load)


def saves_room(record: System) -> SavesRoom:
    """``record``'s saves room, or :data:`NO_ROOM` when it has none."""
    return ROOMS.find(record.key) or NO_ROOM
