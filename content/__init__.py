"""meneur.content — rule data and interface text as TOML, validated on load.

Content is data, never code: each file is read with :mod:`importlib.resources` and
:mod:`tomllib` and checked into typed records; any mistake raises :class:`ContentError`
naming the file, the key and what was expected.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from meneur.core.frozen import frozen

from .toml_reader import TomlError, loads

CONTENT = Path(__file__).parent
"""Where the shipped content lies: beside this module. (importlib.resources would find it
in a zipped install too, but its import — with zipfile — costs ~8 ms of every start-up,
and meneur, like Textual, is installed as files.)"""
TERMS_FILE = "terms.toml"
_TERM_KEYS = frozenset({"fr", "en", "hint_fr", "hint_en", "short"})


class ContentError(ValueError):
    """A content file that is missing, unreadable or wrongly shaped; the message names
    the file and the key.

    Attributes:
        message_key, values: the message as one of the interfaces' strings
            (``errors.<message_key>``), when it has one.
    """

    def __init__(self, message: str, message_key: str | None = None, **values: object) -> None:
        super().__init__(message)
        self.message_key = message_key
        self.values = values

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return _content_error, (str(self), self.message_key, self.values)


def _content_error(message: str, key: str | None, values: dict[str, object]) -> ContentError:
    return ContentError(message, key, **values)


def shipped_document(name: str) -> dict[str, Any]:
    """The shipped TOML file ``name`` (a path inside meneur.content), parsed.

    Raises:
        ContentError: naming the file, when it is missing or not TOML (a packaging mistake).
    """
    try:
        return loads(CONTENT.joinpath(name).read_text(encoding="utf-8"))
    except (OSError, TomlError) as error:
        raise ContentError(f"{name}: {error}") from error


@frozen
class Term:
    """A rule term in French with its English gloss, and optional one-line hints."""

    fr: str
    en: str
    hint_fr: str = ""
    hint_en: str = ""
    short: str = ""
    """A shorter French form, for tight rows (the odds bars)."""

    @property
    def glossed(self) -> str:
        """The French term followed by its English gloss: ``Adoucie (softened)``."""
        return self.fr if self.fr.casefold() == self.en.casefold() else f"{self.fr} ({self.en})"

    def said(self, lang: str) -> str:
        """The term as a reader of ``lang`` reads it: in French, the French term alone;
        in English, the English word with the rule's French name beside it, which the
        player needs to find the rule in the original (``Softened (Adoucie)``), or the
        English alone when they are the same word."""
        if lang == "fr":
            return self.fr
        english = self.en[:1].upper() + self.en[1:]
        return english if self.fr.casefold() == self.en.casefold() else f"{english} ({self.fr})"

    def tight(self, lang: str) -> str:
        """The term in a tight row (the odds bars, the compact sheet): in French its
        short form where it has one; in English its English words alone (wider views
        give the French name beside them)."""
        if lang == "fr":
            return self.short or self.fr
        return self.en[:1].upper() + self.en[1:]

    def hint(self, lang: str) -> str:
        """Its one-line hint in ``lang`` (empty when the seed gives none)."""
        return self.hint_fr if lang == "fr" else self.hint_en


_TERM_DEFAULTS = {"hint_fr": "", "hint_en": "", "short": ""}
"""The fields of a :class:`Term` a terms document may leave out, and their values."""


def parse_terms(data: Mapping[str, object], source: str) -> Mapping[str, Term]:
    """Flatten a terms document into ``{"resolution.outcome.success": Term, ...}``.

    A table holding ``fr`` is a term; any other table groups terms.

    Raises:
        ContentError: naming ``source`` and the key when a term lacks ``fr`` or ``en``,
            has an unknown key or a value that is not a string.
    """
    terms: dict[str, Term] = {}

    def walk(table: Mapping[str, object], path: str) -> None:
        if "fr" in table or "en" in table:
            # Every start reads the ~300 shipped terms before its first frame: the common
            # case, a well-formed term, is checked with as few steps as the checks allow.
            if not table.keys() <= _TERM_KEYS:
                unknown = sorted(set(table) - _TERM_KEYS)
                raise ContentError(f"{source}: {path}: unknown key {unknown[0]!r}")
            if "fr" not in table or "en" not in table:
                for key in ("fr", "en"):
                    if key not in table:
                        raise ContentError(f"{source}: {path}: missing {key!r}")
            for key, value in table.items():
                if not isinstance(value, str) or not value.strip():
                    raise ContentError(f"{source}: {path}.{key}: expected non-empty text")
            # Made without Term's __init__, which sets each field of a frozen dataclass
            # through object.__setattr__: the same object as Term(**table).
            made = object.__new__(Term)
            made.__dict__.update(_TERM_DEFAULTS)
            made.__dict__.update({key: str(value) for key, value in table.items()})
            terms[path] = made
            return
        for key, value in table.items():
            where = f"{path}.{key}" if path else key
            if not isinstance(value, dict):
                raise ContentError(f"{source}: {where}: expected a table with fr and en")
            walk(value, where)

    walk(data, "")
    return MappingProxyType(terms)


@cache
def terms() -> Mapping[str, Term]:
    """Every rule term shipped with meneur, by dotted key.

    Raises:
        ContentError: when the shipped file is broken (a packaging mistake).
    """
    return parse_terms(shipped_document(TERMS_FILE), TERMS_FILE)


def term(key: str) -> Term:
    """The term for a dotted key such as ``"resolution.outcome.success"``: meneur's own,
    else one a system another package adds ships (its record's ``terms``, and its name
    as ``system.KEY``), once that system is registered.

    Raises:
        ContentError: when no such term is known.
    """
    found = terms().get(key)
    if found is None:  # a term of a system another package adds (registered already)
        from meneur.core.systems import loaded

        for record in loaded():
            found = system_terms(record.key).get(key)
            if found is not None:
                break
    if found is None:
        raise ContentError(f"{TERMS_FILE}: no term {key!r}")
    return found


@cache
def system_terms(system: str) -> Mapping[str, Term]:
    """The rule terms a system another package adds ships (``package:file.toml`` in its
    record), by dotted key; none for meneur's own systems or an unknown key.

    Raises:
        ContentError: when its file does not read.
    """
    from importlib import resources

    from meneur.core.systems import BUILT_IN, is_system
    from meneur.core.systems import system as record

    if system in BUILT_IN or not is_system(system):
        return MappingProxyType({})
    own = record(system)
    # Its name, as meneur's own systems have theirs (``system.cosmos``).
    named = {f"system.{system}": Term(fr=own.name, en=own.gloss)}
    if not own.terms:
        return MappingProxyType(named)
    package, _, name = own.terms.partition(":")
    source = f"{package}:{name}"
    try:
        text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    except (OSError, ModuleNotFoundError) as error:
        raise ContentError(f"{source}: {error}") from error
    try:
        data = loads(text)
    except TomlError as error:
        raise ContentError(f"{source}: {error}") from error
    return MappingProxyType({**named, **parse_terms(data, source)})


def tables_from_data(data: Mapping[str, object], source: str) -> tuple[Any, ...]:
    """Random tables from a ``[tables.KEY]`` document (shipped, a campaign's or the
    player's library).

    Entries are ``{ text = "…", weight = N }``, ``{ text = "…", range = "01-05" }`` (as
    books print them: every row of the table then has one, and the table its ``dice``),
    or plain text (weight 1); ``again = 2`` makes a row roll twice more, keeping both.

    Raises:
        ContentError: naming ``source`` and the key of the first problem.
    """
    from meneur.core.errors import RulesError
    from meneur.core.tables import RandomTable, TableEntry, ranged

    tables = []
    for key, value in data.items():
        if not isinstance(value, dict):
            raise ContentError(f"{source}: tables.{key}: expected a table")
        rows = []
        ranges: list[str] = []
        for i, row in enumerate(value.get("entries", [])):
            where = f"{source}: tables.{key}.entries[{i}]"
            if isinstance(row, str):
                rows.append(TableEntry(row))
            elif isinstance(row, dict) and isinstance(row.get("text"), str):
                weight = row.get("weight", 1)
                again = row.get("again", 0)
                for name, number in (("weight", weight), ("again", again)):
                    if isinstance(number, bool) or not isinstance(number, int):
                        raise ContentError(f"{where}.{name}: expected a whole number")
                if isinstance(row.get("range"), str):
                    ranges.append(row["range"])
                rows.append(TableEntry(row["text"], weight, again=again))
            else:
                raise ContentError(f"{where}: expected text or {{ text = …, weight = … }}")
        dice = value.get("dice")
        name = str(value.get("name", key))
        try:
            if ranges and len(ranges) == len(rows) and isinstance(dice, str):
                tables.append(ranged(str(key), name, dice, list(zip(ranges, rows, strict=True))))
            elif ranges:
                raise ContentError(
                    f"{source}: tables.{key}: a range for every row, and the table's dice"
                )
            else:
                tables.append(
                    RandomTable(
                        str(key), name, tuple(rows), dice if isinstance(dice, str) else None
                    )
                )
        except RulesError as error:
            raise ContentError(f"{source}: tables.{key}: {error}") from error
    return tuple(tables)


@cache
def example_tables(lang: str) -> tuple[Any, ...]:
    """The random tables shipped with meneur, in ``lang`` (``fr`` or ``en``).

    Raises:
        ContentError: when a shipped file is broken (a packaging mistake).
    """
    name = f"tables/{lang}.toml"
    document = shipped_document(name)
    tables = document.get("tables", {})
    if not isinstance(tables, dict):
        raise ContentError(f"{name}: tables: expected tables")
    # The story's tables, empty here: a campaign's own lists take their place (see
    # story_tables_for), and an event's focus may roll on them anywhere.
    return (*tables_from_data(tables, name), *story_tables_for({}, lang))


def story_tables_for(lists: Mapping[str, Any], lang: str) -> tuple[Any, ...]:
    """``random_threads`` and ``random_people``: a campaign's open threads and people as
    tables, in ``lang`` (meneur.core.story.story_tables)."""
    from meneur.core.story import LISTS, story_tables

    names = {key: _said(term(f"story.random.{key}"), lang) for key in LISTS}
    nobody = {key: _said(term(f"story.none.{key}"), lang) for key in LISTS}
    return story_tables(lists, names, nobody)


def _said(found: Term, lang: str) -> str:
    return found.fr if lang == "fr" else found.en


NPC_NAMES_FILE = "npc_names.toml"


@cache
def npc_names() -> tuple[str, ...]:
    """The names a quick NPC is given (``npc_names.toml``).

    Raises:
        ContentError: naming the file and key when the list is missing or not names.
    """
    names = shipped_document(NPC_NAMES_FILE).get("names")
    if not isinstance(names, list) or not names:
        raise ContentError(f"{NPC_NAMES_FILE}: names: expected a list of names")
    for index, name in enumerate(names):
        if not isinstance(name, str) or not name.strip():
            raise ContentError(f"{NPC_NAMES_FILE}: names[{index}]: expected a name")
    return tuple(names)
