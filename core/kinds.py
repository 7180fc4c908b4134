"""Kinds of test: the kind of a class of inputs or of a journal's name, and the kinds
that belong to no system.

A kind (:class:`meneur.core.systems.Kind`) is the typed handle every layer keys what it
says or does for a test by (the words before a roll, the dice lines, a panel's summary):
the name journals write (``"oracles.YesNoQuestion"``, a contract with every journal
written since) and a loader of its rules (:class:`meneur.core.systems.Rules`), called
the first time they are asked, so that holding a kind costs no import of its rules. A
rule system lists its kinds in its record (:attr:`meneur.core.systems.System.kinds`,
each its package's constant: ``meneur.core.cosmos.AURA``); those no system owns are
here (:data:`COMMON`).

Nothing looks a class up from its name: :func:`kind_of` gives the kind of a class,
:func:`named` the kind a journal names, and the class is the one its rules give.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from .errors import RulesError
from .systems import BUILT_IN, Kind, Rules, System, keys, loaded, system, systems

if TYPE_CHECKING:
    from .odds import Odds

__all__ = [
    "ANSWERED_ELSEWHERE",
    "COMMON",
    "DICE",
    "NPC",
    "ORACLE",
    "PROGRESS",
    "ROLLED_ELSEWHERE",
    "SCENE",
    "TABLE",
    "YESNO",
    "Kind",
    "Rules",
    "all_kinds",
    "class_of",
    "kind_name",
    "kind_of",
    "named",
    "odds_function",
    "resolver",
    "roller",
    "system_of",
]

_CORE = "meneur.core"


# --- The kinds no system owns ----------------------------------------------------------


if TYPE_CHECKING:
    from .elsewhere import AnsweredElsewhere, RolledElsewhere
    from .expressions import DiceInputs
    from .npcs import NpcInputs
    from .oracles import OracleQuestion, YesNoQuestion
    from .solo import ProgressTest, SceneTest
    from .tables import TableQuery


def _oracle() -> Rules[OracleQuestion]:
    from .oracles import OracleQuestion, oracle_odds, resolve_oracle, roll_oracle

    return Rules(OracleQuestion, roll_oracle, resolve_oracle, oracle_odds)


def _yesno() -> Rules[YesNoQuestion]:
    from .oracles import YesNoQuestion, resolve_yesno, roll_yesno, yesno_odds

    return Rules(YesNoQuestion, roll_yesno, resolve_yesno, yesno_odds)


def _scene() -> Rules[SceneTest]:
    from .solo import SceneTest, resolve_scene, roll_scene, scene_odds

    return Rules(SceneTest, roll_scene, resolve_scene, scene_odds)


def _progress() -> Rules[ProgressTest]:
    from .solo import ProgressTest, progress_odds, resolve_progress, roll_progress

    return Rules(ProgressTest, roll_progress, resolve_progress, progress_odds)


def _dice_odds(inputs: DiceInputs) -> Odds[DiceInputs]:
    # Exact odds of an expression are a module of their own, imported by `odds` alone.
    from .dice_odds import odds

    return odds(inputs)


def _dice() -> Rules[DiceInputs]:
    from .expressions import DiceInputs, resolve, roll

    return Rules(DiceInputs, roll, resolve, _dice_odds)


def _table() -> Rules[TableQuery]:
    from .tables import TableQuery, odds, resolve, roll

    return Rules(TableQuery, roll, resolve, odds)


def _npc() -> Rules[NpcInputs]:
    from .npcs import NpcInputs, roll

    return Rules(NpcInputs, roll)


def _rolled_elsewhere() -> Rules[RolledElsewhere]:
    from .elsewhere import RolledElsewhere, resolve_rolled, roll_rolled

    return Rules(RolledElsewhere, roll_rolled, resolve_rolled)


def _answered_elsewhere() -> Rules[AnsweredElsewhere]:
    from .elsewhere import AnsweredElsewhere, resolve_answered, roll_answered

    return Rules(AnsweredElsewhere, roll_answered, resolve_answered)


ORACLE: Kind = Kind("oracles.OracleQuestion", _oracle)
"""The environment oracle's question."""
YESNO: Kind = Kind("oracles.YesNoQuestion", _yesno)
"""The yes/no oracle's question."""
SCENE: Kind = Kind("solo.SceneTest", _scene)
"""The solo scene test."""
PROGRESS: Kind = Kind("solo.ProgressTest", _progress)
"""A progress track's challenge roll."""
DICE: Kind = Kind("expressions.DiceInputs", _dice)
"""A free dice expression (``4d6kh3``)."""
TABLE: Kind = Kind("tables.TableQuery", _table)
"""A roll on a random table."""
NPC: Kind = Kind("npcs.NpcInputs", _npc)
"""A quick NPC's sheet, rolled for any system."""

ROLLED_ELSEWHERE: Kind = Kind("elsewhere.RolledElsewhere", _rolled_elsewhere)
"""A test rolled elsewhere, brought in as it was played (a log from another tool)."""
ANSWERED_ELSEWHERE: Kind = Kind("elsewhere.AnsweredElsewhere", _answered_elsewhere)
"""A question another oracle answered, brought in as it was played."""

COMMON: tuple[Kind, ...] = (
    ORACLE, YESNO, SCENE, PROGRESS, DICE, TABLE, NPC, ROLLED_ELSEWHERE, ANSWERED_ELSEWHERE,
)  # fmt: skip
"""The kinds no system owns, their modules under meneur.core."""

_COMMON: Mapping[str, Kind] = {kind.name: kind for kind in COMMON}
"""The kinds no system owns, by name."""


# --- Finding a kind --------------------------------------------------------------------


def _short_name(module: str) -> str | None:
    """The short name a system's kinds give ``module`` (a full path), if one does: only
    the owning record is read for a module of meneur's systems."""
    parts = module.split(".")
    if module.startswith(f"{_CORE}.") and parts[2] in BUILT_IN:
        records: tuple[System, ...] = (system(parts[2]),)
    else:
        records = loaded()
    for record in records:
        for short, path in record.modules.items():
            if path == module:
                return short
    return None


def kind_name(inputs_type: type) -> str:
    """How journals name a class of inputs or records: ``module.Class``, the module named
    as a system's :attr:`System.modules` names it, else by its path under meneur.core,
    else by its full path."""
    known = _NAMES.get(inputs_type)
    if known is not None:
        return known
    module = inputs_type.__module__
    short = _short_name(module) or module.removeprefix(f"{_CORE}.")
    name = f"{short}.{inputs_type.__qualname__}"
    if module.startswith(f"{_CORE}."):
        # meneur's own classes name the same kind for ever: a long journal's replay asks
        # once per roll. (Another package's waits on its record, which may come later.)
        _NAMES[inputs_type] = name
    return name


_NAMES: dict[type, str] = {}
"""The names of meneur's own classes of inputs, once asked."""


def kind_of(inputs_type: type) -> Kind | None:
    """The kind of a class of inputs (the typed handle every layer keys a test's words
    and lines by), or None for a class that is no system's inputs."""
    return named(kind_name(inputs_type))


_OWNED: dict[str, tuple[Kind, System]] = {}
"""Each kind of a system asked about, with its system (every journal line asks)."""

_OLD_MODULES = {"mutations": "cosmos", "genes": "cosmos"}
"""The modules journals name without their system's key in front (written before each
system had its package), and the system they belong to."""


def _guess(short: str) -> System | None:
    """The built-in system a kind's first part names (``cosmos_creation``,
    ``cosmos.piloting``, ``mutations``), loading that one alone; None for another."""
    head = short.split(".")[0]
    key = _OLD_MODULES.get(head, head.split("_")[0])
    return system(key) if key in BUILT_IN else None


def _in(record: System, name: str) -> tuple[Kind, System] | None:
    for kind in record.kinds:
        if kind.name == name:
            return kind, record
    return None


def _owned(name: str) -> tuple[Kind, System] | None:
    """The kind of a system named ``name``, with its system, if any."""
    found = _OWNED.get(name)
    if found is not None:
        return found
    guessed = _guess(name.rpartition(".")[0])
    found = None if guessed is None else _in(guessed, name)
    if found is not None:
        _OWNED[name] = found  # a built-in system's kinds are its own for ever
        return found
    for record in loaded():
        found = _in(record, name)
        if found is not None:
            return found
    keys()  # looks for other packages' systems (once)
    for record in loaded():
        found = _in(record, name)
        if found is not None:
            return found
    return None


def named(name: str) -> Kind | None:
    """The kind a journal names (``"cosmos.CosmosTest"``), or None for a name no system
    knows."""
    common = _COMMON.get(name)
    if common is not None:
        return common
    found = _owned(name)
    return None if found is None else found[0]


def all_kinds() -> tuple[Kind, ...]:
    """Every kind of test: the common ones, then each system's."""
    return (*COMMON, *(kind for record in systems() for kind in record.kinds))


def system_of(kind: Kind) -> System | None:
    """The system a kind of test belongs to (None for an oracle, a table…)."""
    if kind.name in _COMMON:
        return None
    found = _owned(kind.name)
    return None if found is None else found[1]


def class_of(name: str) -> type:
    """The class of inputs the kind ``name`` names (the inverse of :func:`kind_name`), as
    its kind's rules give it.

    Raises:
        RulesError: for a name no system knows.
    """
    kind = named(name)
    if kind is None:
        raise RulesError(
            f"no rules are known for kind {name}", message_key="system.no_kind", kind=name
        )
    return kind.rules().inputs


def _rules(inputs_type: type) -> Rules[Any]:
    kind = kind_of(inputs_type)
    if kind is None:
        raise RulesError(
            f"no rules are known for inputs of kind {inputs_type.__name__}",
            message_key="system.no_kind",
            kind=inputs_type.__name__,
        )
    return kind.rules()


def roller(inputs_type: type) -> Callable[..., Any]:
    """The roll function ``(inputs, rng) -> record`` of a kind of inputs.

    Raises:
        RulesError: for an unknown kind.
    """
    return _rules(inputs_type).roll


def resolver(inputs_type: type) -> Callable[..., Any]:
    """The function ``(inputs, faces) -> record`` reading given faces.

    Raises:
        RulesError: for an unknown kind, or one read only by playing it (opposed traits).
    """
    found = _rules(inputs_type).resolve
    if found is None:
        raise RulesError(
            f"{inputs_type.__name__} is not read from faces alone",
            message_key="system.no_faces",
            kind=inputs_type.__name__,
        )
    return found


def odds_function(inputs_type: type) -> Callable[..., Any]:
    """The exact-odds function ``(inputs) -> Odds`` of a kind of inputs.

    Raises:
        RulesError: for an unknown kind, or one without odds (creation rolls).
    """
    found = _rules(inputs_type).odds
    if found is None:
        raise RulesError(
            f"{inputs_type.__name__} has no odds",
            message_key="system.no_odds",
            kind=inputs_type.__name__,
        )
    return found
