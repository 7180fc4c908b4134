"""The command line's door to each rule system's room (``meneur.cli.<system>``).

A system's room on the command line lists its tests as :class:`RollCommand` records
(``COMMANDS``: ``meneur odds|roll <name> …``) and says how their odds and rolls read
(``ROLL_LINES``, ``AFTER_OUTCOME``, ``DISTRIBUTION``, ``SHOWN_OUTCOMES``, ``SUCCESSES``,
each by kind; any may be left out). The generic command line asks here and never names a
system. The tests no system owns (oracles, dice, tables) are :data:`COMMON` in
:mod:`meneur.cli.system_arguments`.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple, Protocol, runtime_checkable

from .argument_kinds import Parser


class RollCommand(NamedTuple):
    """One test on the command line (a named tuple: cheaper to define than a dataclass,
    at every start of the command line).

    Attributes:
        name: its word after ``odds`` or ``roll``.
        summary: its line in ``meneur roll --help``.
        description: what ``meneur roll NAME --help`` says first (may be empty).
        options: adds its options to its parser (``rolling``: for ``roll``, not ``odds``).
        inputs: its options as the core's inputs (raising UsageError for options that
            do not go together).
        rolled_only: rolled, never weighed (a round's order has no outcomes).
        for_odds: what odds weigh instead of the rolled inputs (a policy for a choice
            the roll makes as it goes).
        where: how a roll that cannot complete says where it stood (default: its seed).
        from_sheet: with ``--campaign --character``: reads the sheet into ``args`` and
            gives the karma the test rolls with (its movement is journaled).
        after_roll: after a roll by a character: the changes it brings and its label.
        after_journal: after the entry is journaled (a posture that ends).
    """

    name: str
    summary: str
    description: str
    options: Callable[[Parser, bool], None]
    inputs: Callable[[argparse.Namespace], Any]
    rolled_only: bool = False
    for_odds: Callable[[argparse.Namespace, Any], Any] | None = None
    where: Callable[[argparse.Namespace, Any, int], str] | None = None
    from_sheet: Callable[[argparse.Namespace, Any], int] | None = None
    after_roll: Callable[[argparse.Namespace, Any, str], tuple[list[Any], str]] | None = None
    after_journal: Callable[[argparse.Namespace, Any], None] | None = None


@runtime_checkable
class CliRoom(Protocol):
    """What a system's room on the command line holds (every member in every room: empty
    or None where the system has nothing of its own). The tables are by kind of test
    (``"cosmos.CosmosTest"``) or, for :attr:`SUCCESSES`, by system."""

    @property
    def COMMANDS(self) -> Sequence[RollCommand]:
        """Its tests after ``odds`` and ``roll``."""

    @property
    def ROLL_LINES(self) -> Mapping[str, Callable[..., list[str]]]:
        """A roll's lines of dice, by kind: ``lines(record, words)``, in the language of
        ``words`` (:class:`meneur.content.strings.Strings`)."""

    @property
    def DISTRIBUTION(self) -> Mapping[str, Any]:
        """How the odds of a kind are laid out, when not by outcome: ``lines(odds,
        words)``."""

    @property
    def SHOWN_OUTCOMES(self) -> Mapping[str, Any]:
        """The outcomes the odds of a kind show, when not all."""

    @property
    def ODDS_DATA(self) -> Mapping[str, Any]:
        """What ``odds --json`` adds for a kind."""

    @property
    def SUCCESSES(self) -> Mapping[str, Any]:
        """Where the outcomes that count as a success are, by system."""

    @property
    def AFTER_OUTCOME(self) -> Mapping[str, Any]:
        """The lines said after a roll's outcome, by kind: ``lines(record, words)``."""

    @property
    def RUN(self) -> Mapping[str, str]:
        """Its own commands' functions (``module:function``), by command."""

    @property
    def add_commands(self) -> Callable[[Any], None] | None:
        """Adds its own commands to the command line's parser."""


def _rooms(*, others: bool) -> list[CliRoom]:
    """The command-line rooms of the systems meneur ships, then (``others``) of those
    other packages add."""
    from meneur.play.systems import BUILT_IN, system, systems

    records = systems() if others else [system(key) for key in BUILT_IN]
    return [record.room("cli") for record in records if record.has_room("cli")]


def commands(*, others: bool = False) -> dict[str, RollCommand]:
    """Every test the command line rolls, by name: the common ones, then each system's
    (``others``: also those of systems other packages add)."""
    found = _COMMANDS.get(others)
    if found is None:
        from .system_arguments import COMMON

        found = {command.name: command for command in COMMON}
        for room in _rooms(others=others):
            found.update({command.name: command for command in room.COMMANDS})
        _COMMANDS[others] = found
    return dict(found)


_COMMANDS: dict[bool, dict[str, RollCommand]] = {}
"""The tests found, once per process (with and without other packages' systems)."""


def find(name: str) -> RollCommand | None:
    """The test ``name`` (a system's, or a common one), or None."""
    found = commands()
    if name not in found:
        found = commands(others=True)
    return found.get(name)


def command(name: str) -> RollCommand:
    """The test ``name`` (a system's, or a common one).

    Raises:
        KeyError: for a name no test has.
    """
    found = find(name)
    if found is None:
        raise KeyError(name)
    return found


def room_of(inputs: Any) -> CliRoom | None:
    """The command-line room of the system ``inputs`` belong to, or None."""
    from meneur.core.systems import kind_of
    from meneur.play.systems import system_of

    owner = system_of(kind_of(type(inputs)))
    return owner.room("cli") if owner is not None and owner.has_room("cli") else None


def hook(inputs: Any, table: str, kind: str) -> Any:
    """What the room of ``inputs``' system keeps for ``kind`` in its ``table``: a
    function (``ROLL_LINES``, ``DISTRIBUTION``…) or where a value is (``SUCCESSES``),
    else None."""
    room = room_of(inputs)
    if room is None:
        return None
    tables: Mapping[str, Mapping[str, Any]] = {
        "ROLL_LINES": room.ROLL_LINES,
        "DISTRIBUTION": room.DISTRIBUTION,
        "SHOWN_OUTCOMES": room.SHOWN_OUTCOMES,
        "ODDS_DATA": room.ODDS_DATA,
        "SUCCESSES": room.SUCCESSES,
        "AFTER_OUTCOME": room.AFTER_OUTCOME,
    }
    return tables[table].get(kind)


def add_room_commands(commands: Any, *, others: bool = False) -> None:
    """Add the commands of their own each system's room brings (``add_commands``)."""
    for room in _rooms(others=others):
        if room.add_commands is not None:
            room.add_commands(commands)


def runner(name: str) -> Callable[[argparse.Namespace], object] | None:
    """The function of a system's own command ``name`` (its room's ``RUN``), or None."""
    from meneur.core.systems import load

    for others in (False, True):
        for room in _rooms(others=others):
            where = room.RUN.get(name)
            if where is not None:
                found: Callable[[argparse.Namespace], object] = load(where)
                return found
    return None
