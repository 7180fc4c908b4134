"""What a rule system's room in the saves layer holds (:class:`SavesRoom`): the
top-level tables its campaigns add to campaign.toml and how they and its sheets are
checked. A system without one has nothing of its own to check (:data:`NO_ROOM`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

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


def saves_room(record: System) -> SavesRoom:
    """``record``'s saves room, or :data:`NO_ROOM` when it has none."""
    if not record.has_room("saves"):
        return NO_ROOM
    room: SavesRoom = record.room("saves")
    return room
