"""The registry of rule systems, and which function rolls, reads and computes odds for
each kind of test, loaded on demand.

A rule system declares itself once, in its own room, as a :class:`System` record (the
five built in are ``SYSTEM`` in ``meneur.core.<key>``; another package registers one
under the ``meneur.systems`` entry point group). Everything that depends on the system —
the sheet, the options, the quick NPC, the words, the panel, the command line — asks the
record here instead of naming the system. A record holds names of modules (``module`` or
``module:attribute``), never the modules: each is imported when first used, so a caller
that handles one system (the CLI, a replayed journal entry) pays for that system alone.

The tests that belong to no system (oracles, scenes, dice expressions, tables, quick
NPCs) are listed here in :data:`COMMON_KINDS`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

from .errors import RulesError


class Functions(NamedTuple):
    """Where a kind of inputs' functions live: ``module:function`` names."""

    roll: str
    resolve: str | None
    odds: str | None


_NONE: Mapping[Any, Any] = MappingProxyType({})
"""An empty table, the default of a record's tables."""


class System(NamedTuple):
    """A rule system, as every layer of meneur sees it (a named tuple: a record is
    built at every start of the command line, where a dataclass costs a millisecond).

    Attributes:
        key: how campaign.toml names it (``system = "cosmos"``): lowercase letters,
            digits and ``_``.
        name: its French name (``Le Grand Cosmos``).
        gloss: its name in English.
        kinds: each kind of its tests' inputs (``module.Class`` as journals record it)
            and the functions that roll, read and give the odds of it.
        modules: the short names its kinds give modules → the modules' full paths
            (``cosmos_creation`` → ``meneur.core.cosmos.creation``).
        sheet: the module of its character sheet: ``layout(options, sheet, context)``,
            and optionally ``derived(options, sheet)`` and ``check(options, sheet)``.
        parsers: how its sheet's ``entries`` lines are read: parser name →
            ``module:function`` (raising RulesError for a line it refuses).
        options: its optional rules, name → (type, default).
        option_choices: the values a text option may take.
        secrecy: the kinds of roll its tests are kept secret or shown under (a key of
            ``[secrecy]``), first its main test's.
        npc: ``module:function`` making a quick NPC's sheet from dice (see
            :mod:`meneur.core.npcs`), or empty when it has none.
        turn_choices: the choices of a secret turn, when its turns have fixed ones.
        terms: package resource (``package:file.toml``) holding its rule terms, when
            they are not meneur's own.
        outcomes: its outcome keys meneur does not know already, each with its symbol
            and whether it counts as a success (``{"fumble": ("✘!", False)}``).
        strings: package folder (``package:ui``) holding its interface strings as
            ``fr.toml`` and ``en.toml``, each key under its own key (``[d20]``), when they
            are not meneur's own.
        rooms: the modules of its room in each layer above the core, by layer
            (``play``, ``saves``, ``tui``, ``cli``); each says what it provides.
        continues: the key that marks, in a roll's record and in its inputs, a roll
            continuing an earlier one on the same seed (Les Traits' Coup de poker:
            ``poker``, the number of dice rerolled); empty when its rolls never do.
        continued_counts: ``module:function`` saying whether such a roll is weighed at
            its own test's odds in the luck (given its inputs and its continuation's
            value), rather than left to the first roll's; empty: never.
    """

    key: str
    name: str
    gloss: str
    kinds: Mapping[str, Functions]
    modules: Mapping[str, str]
    sheet: str
    parsers: Mapping[str, str] = _NONE
    options: Mapping[str, tuple[type, object]] = _NONE
    option_choices: Mapping[str, tuple[str, ...]] = _NONE
    secrecy: tuple[str, ...] = ()
    npc: str = ""
    turn_choices: tuple[str, ...] = ()
    terms: str = ""
    strings: str = ""
    outcomes: Mapping[str, tuple[str, bool]] = _NONE
    rooms: Mapping[str, str] = _NONE
    continues: str = ""
    continued_counts: str = ""

    @property
    def glossed(self) -> str:
        """``Le Grand Cosmos (The Tale of Great Cosmos)``."""
        return f"{self.name} ({self.gloss})"

    def said(self, lang: str) -> str:
        """Its name as a reader of ``lang`` reads it: the game's own name in French; in
        English what it is, its own name beside it (``A d20 against a Difficulty (Dé
        vingt)``), or its name alone when that is the English too."""
        if lang == "fr" or self.gloss.casefold() == self.name.casefold():
            return self.name
        return f"{self.gloss[:1].upper()}{self.gloss[1:]} ({self.name})"

    def room(self, layer: str) -> Any:
        """Its room's module in ``layer`` (``play``, ``cli``…), imported.

        Raises:
            RulesError: when the system has no room there.
        """
        where = self.rooms.get(layer)
        if not where:
            raise RulesError(
                f"the {self.key} rules have no {layer} room",
                message_key="system.no_room",
                system=self.key,
                room=layer,
            )
        return load(where)

    def has_room(self, layer: str) -> bool:
        """Whether it has a room in ``layer``."""
        return bool(self.rooms.get(layer))


_CORE = "meneur.core"
BUILT_IN = ("resolution", "cosmos", "traits", "spherier", "systemj")
"""The five systems meneur ships, in the order they are offered: each declares itself
as ``SYSTEM`` in ``meneur.core.<key>``."""
ENTRY_POINTS = "meneur.systems"
"""The entry point group through which another package adds a system."""


def load(where: str) -> Any:
    """What ``module`` or ``module:attribute`` names (a full module path; the attribute
    may be dotted: ``module:Card.from_data``), imported."""
    module, _, attribute = where.partition(":")
    loaded: Any = importlib.import_module(module)
    for name in attribute.split(".") if attribute else ():
        loaded = getattr(loaded, name)
    return loaded


def _common(roll: str, resolve: str | None, odds: str | None) -> Functions:
    return Functions(
        f"{_CORE}.{roll}",
        None if resolve is None else f"{_CORE}.{resolve}",
        None if odds is None else f"{_CORE}.{odds}",
    )


COMMON_KINDS: Mapping[str, Functions] = {
    "oracles.OracleQuestion": _common(
        "oracles:roll_oracle", "oracles:resolve_oracle", "oracles:oracle_odds"
    ),
    "oracles.YesNoQuestion": _common(
        "oracles:roll_yesno", "oracles:resolve_yesno", "oracles:yesno_odds"
    ),
    "solo.SceneTest": _common("solo:roll_scene", "solo:resolve_scene", "solo:scene_odds"),
    "solo.ProgressTest": _common(
        "solo:roll_progress", "solo:resolve_progress", "solo:progress_odds"
    ),
    "expressions.DiceInputs": _common("expressions:roll", "expressions:resolve", "dice_odds:odds"),
    "tables.TableQuery": _common("tables:roll", "tables:resolve", "tables:odds"),
    "npcs.NpcInputs": _common("npcs:roll", None, None),
}
"""The kinds of inputs no system owns, by ``module.Class`` under meneur.core."""


# --- The registry ----------------------------------------------------------------------

_SYSTEMS: dict[str, System] = {}
_PLUGINS_LOADED = False


def _register(record: object, where: str) -> System:
    if not isinstance(record, System):
        raise RulesError(
            f"{where} does not name a rule system (a meneur.core.systems.System)",
            message_key="system.not_system",
            where=where,
        )
    known = _SYSTEMS.get(record.key)
    if known is not None and known is not record:
        raise RulesError(
            f"two rule systems are named {record.key!r} ({where})",
            message_key="system.twice",
            system=record.key,
            where=where,
        )
    _SYSTEMS[record.key] = record
    return record


def _built_in(key: str) -> System:
    found = _SYSTEMS.get(key)
    if found is None:
        where = f"{_CORE}.{key}"
        found = _register(importlib.import_module(where).SYSTEM, where)
    return found


def _load_plugins() -> None:
    """Register the systems other packages add through :data:`ENTRY_POINTS` (read once:
    importing importlib.metadata costs more than meneur's own start-up budget allows,
    so only a system meneur does not ship pays for it)."""
    global _PLUGINS_LOADED
    if _PLUGINS_LOADED:
        return
    _PLUGINS_LOADED = True
    from importlib.metadata import entry_points

    for point in entry_points(group=ENTRY_POINTS):
        if point.name in BUILT_IN:
            continue  # a plugin may not replace a system meneur ships
        try:
            _register(point.load(), f"entry point {point.name} = {point.value}")
        except (ImportError, AttributeError) as error:
            raise RulesError(
                f"the rule system {point.name!r} ({point.value}) does not load: {error}",
                message_key="system.does_not_load",
                system=point.name,
                where=point.value,
                error=str(error),
            ) from error


def system(key: str) -> System:
    """The rule system ``key`` names.

    Raises:
        RulesError: for a key no system has.
    """
    if key in BUILT_IN:
        return _built_in(key)
    found = _SYSTEMS.get(key)
    if found is None and isinstance(key, str) and key.isidentifier():
        _load_plugins()
        found = _SYSTEMS.get(key)
    if found is None:
        raise RulesError(
            f"unknown system {key!r}: expected one of {', '.join(keys())}",
            message_key="system.unknown",
            system=str(key),
            known=", ".join(keys()),
        )
    return found


def continuation(key: object) -> str:
    """The key that marks a roll of system ``key`` as continuing an earlier one (see
    :attr:`System.continues`), or empty. Asks only the systems already loaded: a roll's
    system is loaded once it was rolled, and a roll's ``system`` may name no system at
    all (``yesno``), which must not cost a look at the installed packages."""
    if not isinstance(key, str):
        return ""
    found = _built_in(key) if key in BUILT_IN else _SYSTEMS.get(key)
    return found.continues if found is not None else ""


def continued(roll: Mapping[str, Any]) -> Any:
    """A roll's continuation of an earlier one (Les Traits: how many dice a Coup de
    poker rerolled), or None when it continues none."""
    key = continuation(roll.get("system"))
    return roll.get(key) if key else None


def keys() -> tuple[str, ...]:
    """Every rule system's key: the five meneur ships, then those other packages add."""
    _load_plugins()
    added = sorted(key for key in _SYSTEMS if key not in BUILT_IN)
    return (*BUILT_IN, *added)


def systems() -> tuple[System, ...]:
    """Every rule system, in the order of :func:`keys`."""
    return tuple(system(key) for key in keys())


def loaded() -> tuple[System, ...]:
    """The systems registered so far (none is looked for)."""
    return tuple(_SYSTEMS.values())


def is_system(key: object) -> bool:
    """Whether ``key`` names a rule system."""
    if not isinstance(key, str):
        return False
    try:
        system(key)
    except RulesError:
        return False
    return True


# --- Kinds of inputs -------------------------------------------------------------------


def _short_name(module: str) -> str | None:
    """The short name a system's kinds give ``module`` (a full path), if one does: only
    the owning record is read for a module of meneur's systems."""
    parts = module.split(".")
    if module.startswith(f"{_CORE}.") and parts[2] in BUILT_IN:
        records: tuple[System, ...] = (_built_in(parts[2]),)
    else:
        records = tuple(_SYSTEMS.values())
    for record in records:
        for short, path in record.modules.items():
            if path == module:
                return short
    return None


def kind_of(inputs_type: type) -> str:
    """The kind of a class of inputs or records: ``module.Class``, the module named as
    journals name it (a system's :attr:`System.modules`, else its path under
    meneur.core, else its full path)."""
    known = _KINDS.get(inputs_type)
    if known is not None:
        return known
    module = inputs_type.__module__
    short = _short_name(module) or module.removeprefix(f"{_CORE}.")
    kind = f"{short}.{inputs_type.__qualname__}"
    if module.startswith(f"{_CORE}."):
        # meneur's own classes name the same kind for ever: a long journal's replay asks
        # once per roll. (Another package's waits on its record, which may come later.)
        _KINDS[inputs_type] = kind
    return kind


_KINDS: dict[type, str] = {}
"""The kinds of meneur's own classes of inputs, once asked."""


_OWNERS: dict[str, System] = {}
"""The built-in system of each kind asked about (every journal line asks)."""

_OLD_MODULES = {"mutations": "cosmos", "genes": "cosmos"}
"""The modules journals name without their system's key in front (written before each
system had its package), and the system they belong to."""


def _guess(short: str) -> System | None:
    """The built-in system a kind's first part names (``cosmos_creation``,
    ``cosmos.piloting``, ``mutations``), loading that one alone; None for another."""
    head = short.split(".")[0]
    key = _OLD_MODULES.get(head, head.split("_")[0])
    return _built_in(key) if key in BUILT_IN else None


def _owner(kind: str) -> System | None:
    """The system whose tests include ``kind``, if any."""
    if kind in COMMON_KINDS:
        return None
    owner = _OWNERS.get(kind)
    if owner is not None:
        return owner
    guessed = _guess(kind.rpartition(".")[0])
    if guessed is not None and kind in guessed.kinds:
        _OWNERS[kind] = guessed  # a built-in system's kinds are its own for ever
        return guessed
    for record in list(_SYSTEMS.values()):
        if kind in record.kinds:
            return record
    _load_plugins()
    for record in list(_SYSTEMS.values()):
        if kind in record.kinds:
            return record
    return None


def functions(kind: str) -> Functions | None:
    """The functions of a kind of inputs, or None for a kind no system knows."""
    common = COMMON_KINDS.get(kind)
    if common is not None:
        return common
    owner = _owner(kind)
    return None if owner is None else owner.kinds[kind]


def all_kinds() -> dict[str, Functions]:
    """Every kind of inputs with its functions: the common ones, then each system's."""
    found = dict(COMMON_KINDS)
    for record in systems():
        found.update(record.kinds)
    return found


def system_of(kind: str) -> System | None:
    """The system a kind of inputs belongs to (None for an oracle, a table…)."""
    return None if kind in COMMON_KINDS else _owner(kind)


def class_of(kind: str) -> type:
    """The core class a kind names (the inverse of :func:`kind_of`).

    Raises:
        RulesError: for a kind naming no known class.
    """
    known = _CLASSES.get(kind)
    if known is not None:
        return known
    module, _, name = kind.rpartition(".")
    path = _module_path(module)
    try:
        found = getattr(importlib.import_module(path), name)
    except (ImportError, AttributeError, ValueError):
        raise RulesError(
            f"no rules are known for kind {kind}", message_key="system.no_kind", kind=kind
        ) from None
    if not isinstance(found, type):
        raise RulesError(
            f"no rules are known for kind {kind}", message_key="system.no_kind", kind=kind
        )
    if path.startswith(f"{_CORE}."):
        _CLASSES[kind] = found  # meneur's own: every roll of a long journal asks
    return found


_CLASSES: dict[str, type] = {}
"""The classes of meneur's own kinds, once found."""


def _module_path(short: str) -> str:
    """The full path of the module a kind's first part names."""
    guessed = _guess(short)
    if guessed is not None and short in guessed.modules:
        return guessed.modules[short]
    for record in list(_SYSTEMS.values()):
        if short in record.modules:
            return record.modules[short]
    if guessed is not None or _is_core(short):
        return f"{_CORE}.{short}"
    _load_plugins()
    for record in list(_SYSTEMS.values()):
        if short in record.modules:
            return record.modules[short]
    return f"{_CORE}.{short}"


def _is_core(short: str) -> bool:
    return any(kind.startswith(f"{short}.") for kind in COMMON_KINDS)


def _functions(inputs_type: type) -> Functions:
    found = functions(kind_of(inputs_type))
    if found is None:
        raise RulesError(
            f"no rules are known for inputs of kind {inputs_type.__name__}",
            message_key="system.no_kind",
            kind=inputs_type.__name__,
        )
    return found


def roller(inputs_type: type) -> Callable[..., Any]:
    """The roll function ``(inputs, rng) -> record`` of a kind of inputs.

    Raises:
        RulesError: for an unknown kind.
    """
    loaded: Callable[..., Any] = load(_functions(inputs_type).roll)
    return loaded


def resolver(inputs_type: type) -> Callable[..., Any]:
    """The function ``(inputs, faces) -> record`` reading given faces.

    Raises:
        RulesError: for an unknown kind, or one read only by playing it (opposed traits).
    """
    where = _functions(inputs_type).resolve
    if where is None:
        raise RulesError(
            f"{inputs_type.__name__} is not read from faces alone",
            message_key="system.no_faces",
            kind=inputs_type.__name__,
        )
    loaded: Callable[..., Any] = load(where)
    return loaded


def odds_function(inputs_type: type) -> Callable[..., Any]:
    """The exact-odds function ``(inputs) -> Odds`` of a kind of inputs.

    Raises:
        RulesError: for an unknown kind, or one without odds (creation rolls).
    """
    where = _functions(inputs_type).odds
    if where is None:
        raise RulesError(
            f"{inputs_type.__name__} has no odds",
            message_key="system.no_odds",
            kind=inputs_type.__name__,
        )
    loaded: Callable[..., Any] = load(where)
    return loaded
