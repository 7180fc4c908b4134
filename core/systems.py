"""The registry of rule systems, and the kinds of test each owns, loaded on demand.

A rule system declares itself once, in its own package of the core, as a :class:`System`
record (the five built in are ``SYSTEM`` in ``meneur.core.<key>``; another package
registers one under the ``meneur.systems`` entry point group). Everything of the core
that depends on the system — the sheet, the options, the quick NPC, the rules of each
kind of test — asks the record here instead of naming the system. A record imports none
of its rules: its kinds load theirs when first asked (:class:`Kind`),
its sheet and NPC are named (``module`` or ``module:attribute`` of its own package) and
imported when first used, so a caller that handles one system (the CLI, a replayed
journal entry) pays for that system alone.

A record names nothing above the core: each layer keeps its own systems' rooms
(:class:`meneur.core.rooms.Rooms`: the play layer's words, the command line's tests, the
app's panel), and a plug-in system registers its rooms there itself.

A kind of test is a :class:`Kind` (its name in journals and the loader of its
:class:`Rules`); :mod:`meneur.core.kinds` finds the kind of a class or of a journal's
name, and holds the kinds that belong to no system (oracles, scenes, dice expressions,
tables, quick NPCs).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar

from .errors import RulesError

if TYPE_CHECKING:
    from .odds import Odds

InputsT = TypeVar("InputsT")


class Rules(NamedTuple, Generic[InputsT]):
    """What plays one kind of test.

    Attributes:
        inputs: the class of its inputs (a frozen dataclass of the core).
        roll: ``(inputs, rng) -> record``.
        resolve: ``(inputs, faces) -> record`` reading physical dice, or None for a test
            read only by playing it (an opposed test of Les Traits).
        odds: ``(inputs) -> Odds``, or None for a roll without odds (creation).
    """

    inputs: type[InputsT]
    roll: Callable[[InputsT, random.Random], object]
    resolve: Callable[[InputsT, tuple[int, ...]], object] | None = None
    odds: Callable[[InputsT], Odds[InputsT]] | None = None


class Kind(NamedTuple):
    """A kind of test (a named tuple: every record of a system is built at every start
    of the command line, and its kinds with it).

    Attributes:
        name: how journals name its inputs (``module.Class``, the module as
            :attr:`meneur.core.systems.System.modules` says it).
        load: its rules, imported when called (a small function of the system's package,
            typed with its own class of inputs: ``Rules[AuraTest]``).
    """

    name: str
    load: Callable[[], Rules[Any]]

    def rules(self) -> Rules[Any]:
        """Its rules, imported the first time they are asked."""
        found = _LOADED.get(self.name)
        if found is None:
            found = _LOADED[self.name] = self.load()
        return found


_LOADED: dict[str, Rules[Any]] = {}
"""The rules of each kind asked so far, by name (a long journal asks once per roll)."""


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
        kinds: each kind of its tests (``module.Class`` as journals record it, and
            the loader of the class and functions that roll, read and weigh it).
        modules: the short names its kinds give modules → the modules' full paths
            (``cosmos_creation`` → ``meneur.core.cosmos.creation``): how the name of a
            kind is read from its class (never imported from here).
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
    kinds: tuple[Kind, ...]
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


_CORE = "meneur.core"
BUILT_IN = ("resolution", "cosmos", "traits", "spherier", "systemj")
"""The five systems meneur ships, in the order they are offered: each declares itself
as ``SYSTEM`` in ``meneur.core.<key>``."""
ENTRY_POINTS = "meneur.systems"
"""The entry point group through which another package adds a system."""


def load(where: str) -> Any:
    """What a record names of its own package (its sheet, its quick NPC, a parser:
    ``module`` or ``module:attribute``, a full module path; the attribute may be dotted:
    ``module:Card.from_data``), imported."""
    module, _, attribute = where.partition(":")
    loaded: Any = importlib.import_module(module)
    for name in attribute.split(".") if attribute else ():
        loaded = getattr(loaded, name)
    return loaded


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
