"""The command line's rooms: each rule system's tests and words on the command line.

A system's room on the command line lists its tests as
:class:`meneur.cli.roll_command.RollCommand` records
(``COMMANDS``: ``meneur odds|roll <name> …``) and says how their odds and rolls read
(``ROLL_LINES``, ``AFTER_OUTCOME``, ``DISTRIBUTION``, ``SHOWN_OUTCOMES``, ``ODDS_DATA``,
each by kind of test; ``SUCCESSES`` by a record's system), every member of
:class:`CliRoom` in every room. The generic command line asks here and never names a
system. This layer keeps the rooms of the systems meneur ships in :data:`ROOMS`, a
loader each that mypy holds to the Protocol; a plug-in system's package registers its own
with :func:`register_room`. The tests no system owns (oracles, dice, tables) are
:data:`COMMON` in :mod:`meneur.cli.system_arguments`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from meneur.core.kinds import Kind
from meneur.core.rooms import Rooms

from .roll_command import (
    Lines,
    OddsData,
    OddsLines,
    RollCommand,
    Run,
    ShownOutcomes,
    Successes,
)

if TYPE_CHECKING:
    pass


@runtime_checkable
class CliRoom(Protocol):
    """What a system's room on the command line holds (every member in every room: empty
    or None where the system has nothing of its own). The tables are by kind of test
    (``meneur.core.cosmos.TEST``: a roll's by the kind of its inputs) or, for
    :attr:`SUCCESSES`, by a record's system."""

    @property
    def COMMANDS(self) -> Sequence[RollCommand]:
        """Its tests after ``odds`` and ``roll``."""

    @property
    def ROLL_LINES(self) -> Mapping[Kind, Lines]:
        """A roll's lines of dice, by kind: ``lines(record, words)``, in the language of
        ``words`` (:class:`meneur.content.strings.Strings`)."""

    @property
    def DISTRIBUTION(self) -> Mapping[Kind, OddsLines]:
        """How the odds of a kind are laid out, when not by outcome: ``lines(odds,
        words)``."""

    @property
    def SHOWN_OUTCOMES(self) -> Mapping[Kind, ShownOutcomes]:
        """The outcomes the odds of a kind show, when not all."""

    @property
    def ODDS_DATA(self) -> Mapping[Kind, OddsData]:
        """What ``odds --json`` adds for a kind."""

    @property
    def SUCCESSES(self) -> Mapping[str, Successes]:
        """The outcomes that count as a success, by a record's system (a function: the
        rules hold them, loaded by then)."""

    @property
    def AFTER_OUTCOME(self) -> Mapping[Kind, Lines]:
        """The lines said after a roll's outcome, by kind: ``lines(record, words)``."""

    @property
    def RUN(self) -> Mapping[str, Run]:
        """Its own commands' functions, by command: each returns what the command
        prints, text or an object printed as JSON."""

    @property
    def add_commands(self) -> Callable[[Any], None] | None:
        """Adds its own commands to the command line's parser."""


# Each loader imports its room when first asked: a command that rolls one system loads
# that system's room alone.


def _resolution() -> CliRoom:
    from meneur.cli import resolution

    return resolution


def _cosmos() -> CliRoom:
    from meneur.cli import cosmos

    return cosmos


def _traits() -> CliRoom:
    from meneur.cli import traits

    return traits


def _spherier() -> CliRoom:
    from meneur.cli import spherier

    return spherier


def _systemj() -> CliRoom:
    from meneur.cli import systemj

    return systemj


ROOMS: Rooms[CliRoom] = Rooms(
    "cli",
    {
        "resolution": _resolution,
        "cosmos": _cosmos,
        "traits": _traits,
        "spherier": _spherier,
        "systemj": _systemj,
    },
)
"""The command line's rooms, by system."""


def register_room(system: str, load: Callable[[], CliRoom]) -> None:
    """Register a plug-in ``system``'s command-line room: ``load()`` imports and
    returns it.

    Raises:
        RulesError: for a system that has one already.
    """
    ROOMS.register(system, load)


def cli_room(key: str) -> CliRoom:
    """The command-line room of the system ``key``.

    Raises:
        RulesError: for an unknown system, or one without a room here.
    """
    return ROOMS[key]


def _rooms(*, others: bool) -> list[CliRoom]:
    """The command-line rooms of the systems meneur ships, then (``others``) of those
    other packages add."""
    return ROOMS.every() if others else ROOMS.built_in()


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


def room_of(inputs: object) -> tuple[Kind, CliRoom | None] | None:
    """The kind of ``inputs`` and the command-line room of the system they belong to
    (None for a kind no system owns, or a system without a room here); None for inputs
    of no kind."""
    from meneur.core.kinds import kind_of, system_of

    kind = kind_of(type(inputs))
    if kind is None:
        return None
    owner = system_of(kind)
    return kind, None if owner is None else ROOMS.find(owner.key)


TableT = TypeVar("TableT")


def own(inputs: object, table: Callable[[CliRoom], Mapping[Kind, TableT]]) -> TableT | None:
    """What the room of ``inputs``' system keeps for their kind in one of its tables
    (``lambda room: room.ROLL_LINES``), else None."""
    found = room_of(inputs)
    if found is None:
        return None
    kind, room = found
    return None if room is None else table(room).get(kind)


def add_room_commands(commands: Any, *, others: bool = False) -> None:
    """Add the commands of their own each system's room brings (``add_commands``)."""
    for room in _rooms(others=others):
        if room.add_commands is not None:
            room.add_commands(commands)


def runner(name: str) -> Run | None:
    """The function of a system's own command ``name`` (its room's ``RUN``), or None."""
    for others in (False, True):
        for room in _rooms(others=others):
            found = room.RUN.get(name)
            if found is not None:
                return found
    return None
