"""Character sheets of the five systems: what each holds, how an edit is read and checked,
and the values computed from it (never typed).

A sheet is plain data (the ``sheet`` table of a character in campaign.toml). This module
describes it as sections of :class:`Field` so that one screen can show and edit any
system's sheet, and every edit is read here, with the rules' limits, before it is saved:

- ``number``: a whole number at a key (``karma``, ``stats.force``), between bounds, which
  may be another field's value (current PV ≤ maximum PV);
- ``text``: free text (race, class, affiliation);
- ``named``: a table of name → number (elements and their scores, traits in dice,
  SYSTEMJ skills), with fixed names always shown and, when ``open``, names added;
- ``described``: a table of name → one line of text (what an element is typical for);
- ``bonuses``: Les Traits' equipment, name → Parade and Endurance bonuses;
- ``entries``: a list of lines in a notation (Sphérier skills and abilities, talents);
- ``cards``: a SYSTEMJ hand (:mod:`meneur.core.systemj.cards`).

Labels are term keys (``content/terms.toml``): the interface shows the French term with
its English gloss.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from typing import Any

from meneur.core.frozen import frozen

from .errors import BoundsError, RulesError, missing_key, refused_value, unknown_key
from .names import check_name as one_line_name

# Each system's rules module is imported by the functions of that system only: the table
# draws one system's compact sheet at start-up and should not load the other four.

MAX_NAME = 60
"""Longest name of an element, a trait or a skill."""
MAX_TEXT = 200
"""Longest free text on a sheet line."""


class Kind(StrEnum):
    """How a field is shown and edited (see the module's docstring)."""

    NUMBER = "number"
    TEXT = "text"
    NAMED = "named"
    DESCRIBED = "described"
    BONUSES = "bonuses"
    ENTRIES = "entries"
    CARDS = "cards"


@frozen
class Field:
    """One thing a sheet holds.

    Attributes:
        key: where it is in the sheet, dotted (``stats.force``).
        kind: see :class:`Kind`.
        term: its label's term key.
        minimum: the least a number may be (a number, or another field's key).
        maximum: the most a number may be (likewise).
        default: its value when the sheet does not say.
        names: ``named``: the names always shown (the ten generic skills).
        open: ``named``: whether other names may be added.
        parser: ``entries``: how a line is read (``spherier.skill``, ``talent``…).
        compact: shown on the table's compact panel.
    """

    key: str
    kind: Kind
    term: str
    minimum: int | str | None = None
    maximum: int | str | None = None
    default: Any = None
    names: tuple[str, ...] = ()
    open: bool = True
    parser: str = ""
    compact: bool = False

    @property
    def path(self) -> tuple[str, ...]:
        """The key as a path inside the sheet."""
        return tuple(self.key.split("."))

    def read(self, sheet: Mapping[str, Any]) -> Any:
        """The field's value on ``sheet`` (its default when missing)."""
        value: Any = sheet
        for part in self.path:
            if not isinstance(value, Mapping) or part not in value:
                return self.default
            value = value[part]
        return value

    def bounds(self, sheet: Mapping[str, Any]) -> tuple[int | None, int | None]:
        """The number's bounds on ``sheet`` (a bound naming a field reads it)."""
        return _bound(self.minimum, sheet), _bound(self.maximum, sheet)


def _bound(bound: int | str | None, sheet: Mapping[str, Any]) -> int | None:
    if isinstance(bound, str):
        value = value_of(sheet, bound)
        return value if isinstance(value, int) else None
    return bound


def value_of(sheet: Mapping[str, Any], key: str) -> Any:
    """The value at dotted ``key`` on ``sheet``, or None."""
    value: Any = sheet
    for part in key.split("."):
        if not isinstance(value, Mapping) or part not in value:
            return None
        value = value[part]
    return value


@frozen
class Section:
    """A group of fields under a heading (a term key)."""

    term: str
    fields: tuple[Field, ...]


# --- Reading an edit -------------------------------------------------------------------


def check_number(field: Field, value: int, sheet: Mapping[str, Any]) -> int:
    """``value`` if the field may hold it on ``sheet``.

    Raises:
        BoundsError: naming the field and its bounds.
    """
    low, high = field.bounds(sheet)
    if (low is not None and value < low) or (high is not None and value > high):
        raise BoundsError(field.key, low, high, value)
    return value


def parse_int(text: str, what: str) -> int:
    """A whole number typed as ``12``, ``+3`` or ``-2``.

    Raises:
        RulesError: naming ``what`` for anything else.
    """
    stripped = text.strip()
    digits = stripped.lstrip("+-")
    if (
        not digits
        or not digits.isdecimal()
        or not digits.isascii()
        or len(digits) > 9
        or len(stripped) - len(digits) > 1
    ):
        raise not_a_number(what, stripped)
    return int(stripped)


_KIND_WORDS = {int: "whole", bool: "bool", str: "text"}


def sheet_table(
    sheet: Mapping[str, Any],
    key: str,
    kinds: Mapping[str, type],
    required: Sequence[str] = (),
) -> dict[str, Any] | None:
    """The table a sheet keeps under ``key`` (a combat state, the day's meals, a square on
    the grid…) with its keys and their kinds checked, ready for the record that reads it;
    None when the sheet keeps none.

    Raises:
        RulesError: naming ``key.name`` and what is wrong — not a table, a key it does not
            know, a ``required`` one missing, a value of another kind.
    """
    data = sheet.get(key)
    if data is None:
        return None
    if not isinstance(data, Mapping):
        raise refused_value(key, "table", data)
    unknown = sorted(set(data) - set(kinds))
    if unknown:
        raise unknown_key(f"{key}.{unknown[0]}")
    for name in required:
        if name not in data:
            raise missing_key(f"{key}.{name}")
    for name, value in data.items():
        wanted = kinds[name]
        if not isinstance(value, wanted) or (wanted is int and isinstance(value, bool)):
            raise refused_value(f"{key}.{name}", _KIND_WORDS[wanted], value)
    return dict(data)


def field_error(what: str, reason: str, key: str, **values: object) -> RulesError:
    """The error for a value refused on a sheet: ``what`` is its sheet key (the message
    names it; an interface shows its label), ``key`` the message's key under ``sheet.``."""
    return RulesError(f"{what}: {reason}", message_key=f"sheet.{key}", field=what, **values)


def not_a_number(what: str, value: object) -> RulesError:
    """The error for a value that should be a whole number (``what`` is a sheet key)."""
    if isinstance(value, str) and not value.strip():
        return field_error(what, "a whole number is needed", "number_needed")
    shown = value.strip() if isinstance(value, str) else value
    return field_error(what, f"expected a whole number, not {shown!r}", "not_a_number", value=shown)


def parse_number(field: Field, text: str, sheet: Mapping[str, Any]) -> int:
    """A number typed for ``field``, checked against its bounds on ``sheet``.

    Raises:
        RulesError: naming the field.
    """
    return check_number(field, parse_int(text, field.key), sheet)


def parse_text(field: Field, text: str) -> str:
    """Free text for ``field`` (one line, at most :data:`MAX_TEXT` characters).

    Raises:
        RulesError: for an overlong or multi-line text.
    """
    if len(text) > MAX_TEXT or "\n" in text:
        raise field_error(
            field.key, f"one line of at most {MAX_TEXT} characters", "one_line", most=MAX_TEXT
        )
    return text.strip()


_NAMED = re.compile(r"^(?P<name>.*?)\s*[:=]?\s*(?P<value>[+-]?\d+)\s*$", re.DOTALL)


def check_name(text: str, what: str) -> str:
    """A name for a table row: one line without control characters (the rule of
    :mod:`meneur.core.names`), not empty, at most :data:`MAX_NAME` characters.

    Raises:
        RulesError: naming ``what``.
    """
    name = text.strip()
    one_line_name(name, "row", field=what)
    if not name or len(name) > MAX_NAME or "." in name:
        raise field_error(
            what, f"a name of 1 to {MAX_NAME} characters, without a dot", "name_rule", most=MAX_NAME
        )
    return name


def parse_named(field: Field, text: str) -> tuple[str, int]:
    """A row typed as ``Arts martiaux 3`` (or ``Arts martiaux: 3``) for ``field``.

    Raises:
        RulesError: when the name or the number is missing or out of bounds.
    """
    found = _NAMED.match(text.strip())
    if found is None:
        raise field_error(
            field.key, "expected a name and a number (Arts martiaux 3)", "expected_named"
        )
    name = check_name(found["name"], field.key)
    value = parse_int(found["value"], f"{field.key}.{name}")
    return name, check_number(field, value, {})


def parse_described(field: Field, text: str) -> tuple[str, str]:
    """A row typed as ``Arts martiaux: combat à mains nues`` for ``field``.

    Raises:
        RulesError: when the name, the colon or the text is missing, or either is too long.
    """
    name, colon, rest = text.partition(":")
    if not colon or not rest.strip():
        raise field_error(
            field.key,
            "expected a name, ':' and a text (Arts martiaux: combat)",
            "expected_described",
        )
    described = rest.strip()
    if len(described) > MAX_TEXT or "\n" in described:
        raise field_error(
            field.key, f"one line of at most {MAX_TEXT} characters", "one_line", most=MAX_TEXT
        )
    return check_name(name, field.key), described


BONUS_KEYS = ("parade", "endurance")
"""What Les Traits' equipment adds to."""
MAX_BONUS = 20
"""The largest bonus (or malus) one piece of equipment gives."""


def parse_bonuses(field: Field, text: str) -> tuple[str, dict[str, int]]:
    """Equipment typed as ``Bouclier: parade +1`` or ``Armure: endurance 2, parade 1``.

    Raises:
        RulesError: for a missing name, an unknown bonus or a number out of ±20.
    """
    name, colon, rest = text.partition(":")
    if not colon:
        raise field_error(
            field.key, "expected a name, ':' and bonuses (Bouclier: parade +1)", "expected_bonuses"
        )
    name = check_name(name, field.key)
    bonuses: dict[str, int] = {}
    for part in rest.split(","):
        words = part.split()
        if len(words) != 2 or words[0].casefold() not in BONUS_KEYS:
            raise field_error(
                f"{field.key}.{name}", "expected parade n or endurance n", "bonus_kind"
            )
        value = parse_int(words[1], f"{field.key}.{name}.{words[0]}")
        if abs(value) > MAX_BONUS:
            raise BoundsError(f"{field.key}.{name}.{words[0]}", -MAX_BONUS, MAX_BONUS, value)
        bonuses[words[0].casefold()] = value
    return name, bonuses


def _parser(name: str) -> Callable[[Any], Any]:
    """How an ``entries`` line is read: ``talent``, or a parser the system its name starts
    with declares (``spherier.skill``); each parser raises RulesError for what it
    refuses."""
    if name == "talent":
        return lambda text: check_name(text, "talents")
    from .systems import load, system

    where = system(name.split(".")[0]).parsers.get(name)
    if where is None:
        raise RulesError(f"no parser {name!r}", message_key="sheet.no_parser", name=name)
    parser: Callable[[Any], Any] = load(where)
    return parser


def parse_entries(field: Field, text: str) -> list[str]:
    """Lines typed or pasted for ``field``, separated by new lines or ``;``, each read by
    the field's parser and given back as written on the sheet.

    Raises:
        RulesError: for the first line that does not read (its message says where).
    """
    lines = [line.strip() for line in re.split(r"[;\n]", text) if line.strip()]
    if not lines:
        raise field_error(field.key, "nothing to add", "nothing_to_add")
    parse = _parser(field.parser)
    shown: list[str] = []
    for line in lines:
        if len(line) > MAX_TEXT:
            raise field_error(
                field.key, f"one line of at most {MAX_TEXT} characters", "one_line", most=MAX_TEXT
            )
        read = parse(line)
        shown.append(read.notation if hasattr(read, "notation") else str(read))
    return shown


def parse_cards(field: Field, text: str) -> list[dict[str, Any]]:
    """Cards typed or pasted for a ``cards`` field (one per line or separated by ``;``),
    as sheet data: each line read by the field's parser (``systemj.card``).

    Raises:
        RulesError: for the first card that does not read.
    """
    lines = [line.strip() for line in re.split(r"[;\n]", text) if line.strip()]
    if not lines:
        raise field_error(field.key, "nothing to add", "nothing_to_add")
    parse = _parser(field.parser)
    return [parse(line).to_data() for line in lines]


def read_cards(field: Field, value: object) -> list[Any]:
    """The cards a ``cards`` field holds, read by its parser (each with its ``notation``
    and ``name``), leaving out any that does not read."""
    read = _parser(f"{field.parser}_data")
    cards = []
    for data in value if isinstance(value, list) else []:
        if isinstance(data, Mapping):
            try:
                cards.append(read(data))
            except RulesError:
                continue
    return cards


# --- Each system's sheet (in its own package: meneur.core.<system>.sheet) --------------


def layout(
    system: str,
    options: Mapping[str, Any],
    sheet: Mapping[str, Any],
    context: Mapping[str, Any] | None = None,
) -> tuple[Section, ...]:
    """The sections of a ``system`` sheet under the campaign's ``options``.

    Args:
        context: what the campaign's own files tell the sheet's limits (Great Cosmos:
            each affiliation's highest level, from the campaign's catalogue).

    Raises:
        RulesError: for an unknown system.
    """
    return _sheet_module(system).layout(options, sheet, context)  # type: ignore[no-any-return]


def _sheet_module(system: str) -> Any:
    from .systems import load
    from .systems import system as record

    return load(record(system).sheet)


# --- Checking a whole sheet ------------------------------------------------------------


def check_sheet(
    system: str,
    options: Mapping[str, Any],
    sheet: Mapping[str, Any],
    context: Mapping[str, Any] | None = None,
) -> None:
    """Check every value a ``system`` sheet holds against the rules' limits, whoever wrote
    it (the sheet screen, ``meneur set``, a hand edit): the same checks as an edit.

    Values the sheet leaves out take their defaults and are not checked; keys the layout
    does not know (a genome, mutations) are other code's business.

    Raises:
        RulesError: naming the sheet key (``stats.force``) and what is wrong; a number
            out of bounds is a :class:`BoundsError`.
    """
    for section in layout(system, options, sheet, context):
        for field in section.fields:
            value = value_of(sheet, field.key)
            if value is not None:
                _check_value(field, value, sheet)
    check = getattr(_sheet_module(system), "check", None)
    if check is not None:
        check(options, sheet)  # what the fields alone do not say


def _whole(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise not_a_number(what, value)
    return value


def _check_value(field: Field, value: object, sheet: Mapping[str, Any]) -> None:
    key = field.key
    if field.kind is Kind.NUMBER:
        check_number(field, _whole(value, key), sheet)
    elif field.kind is Kind.TEXT:
        if not isinstance(value, str):
            raise field_error(key, "expected text", "expected_text")
        parse_text(field, value)
    elif field.kind is Kind.CARDS:
        if not isinstance(value, list):
            raise field_error(key, "expected a list of cards", "expected_cards")
        read = _parser(f"{field.parser}_data")
        for i, card in enumerate(value):
            if not isinstance(card, Mapping):
                raise field_error(f"{key}[{i}]", "expected a card (a table)", "expected_cards")
            try:
                read(card)
            except RulesError as error:
                raise field_error(
                    f"{key}[{i}]", str(error), "bad_card", detail=str(error)
                ) from error
    elif field.kind is Kind.ENTRIES:
        if not isinstance(value, list) or not all(isinstance(line, str) for line in value):
            raise field_error(key, "expected a list of lines of text", "expected_lines")
        parse = _parser(field.parser)
        for line in value:
            parse(line)
    else:
        _check_table(field, value)


def _check_table(field: Field, value: object) -> None:
    """A ``named``, ``described`` or ``bonuses`` table: its names and values."""
    key = field.key
    if not isinstance(value, Mapping):
        raise field_error(key, "expected a table of names", "expected_table")
    for name, item in value.items():
        check_name(str(name), key)
        what = f"{key}.{name}"
        if field.kind is Kind.NAMED:
            low, high = field.bounds({})
            number = _whole(item, what)
            if (low is not None and number < low) or (high is not None and number > high):
                raise BoundsError(what, low, high, number)
        elif field.kind is Kind.DESCRIBED:
            if not isinstance(item, str) or len(item) > MAX_TEXT or "\n" in item:
                raise field_error(
                    what, f"one line of at most {MAX_TEXT} characters", "one_line", most=MAX_TEXT
                )
        elif not isinstance(item, Mapping) or not set(item) <= set(BONUS_KEYS):
            raise field_error(what, "expected parade and endurance bonuses", "bonus_kind")
        else:
            for bonus, number in item.items():
                if abs(_whole(number, f"{what}.{bonus}")) > MAX_BONUS:
                    raise BoundsError(f"{what}.{bonus}", -MAX_BONUS, MAX_BONUS, number)


# --- Computed values -------------------------------------------------------------------


@frozen
class Derived:
    """A value computed from the sheet: its label's term key and the value; a value that
    is a rule term (a state of fatigue) names its term key in ``value_term``, for the
    interface to show it in French with its gloss and its hint; a value that needs a
    word on how it counts names the interface's string in ``note``, with its fields in
    ``note_values`` (a stat past the level's cap)."""

    term: str
    value: int | str
    value_term: str = ""
    note: str = ""
    note_values: tuple[tuple[str, int | str], ...] = ()


def whole_or(value: Any, default: int = 0) -> int:
    """``value`` when it is a whole number (not a bool), else ``default``: a hand-edited
    sheet with a wrong type still shows."""
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def derived(
    system: str, options: Mapping[str, Any], sheet: Mapping[str, Any], content: object = None
) -> list[Derived]:
    """The values of ``system`` computed from ``sheet`` (none for a system without any),
    with the campaign's own rule data they read besides it (``content``: Great Cosmos'
    gene tree, whose genes may raise a stat; see the play room's ``sheet_content``).

    A sheet missing a value reads its default; a value of the wrong type reads as that
    default too, so a hand-edited sheet still shows.
    """
    found = getattr(_sheet_module(system), "derived", None)
    if found is None:
        return []
    return list(found(options, sheet) if content is None else found(options, sheet, content))


def compact_fields(sections: Sequence[Section]) -> list[Field]:
    """The fields the table's compact panel shows."""
    return [f for section in sections for f in section.fields if f.compact]
