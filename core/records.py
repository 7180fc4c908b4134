"""The roll record every system returns, seeded rolls, and conversion to plain data."""

from __future__ import annotations

import dataclasses
import enum
import functools
import random
import types
import typing
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from meneur.core.frozen import frozen

from .dice import Die
from .errors import RulesError, refused_value, unknown_key
from .text import shown

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

InputsT = TypeVar("InputsT")
RecordT = TypeVar("RecordT", bound="DataclassInstance")


@frozen(kw_only=True)
class RollRecord(Generic[InputsT]):
    """What a roll did: enough to show it, to explain it and to reproduce it.

    Each system subclasses this record, sets :attr:`system` and may add fields of its
    own (the score to beat, karma after the test…).

    Attributes:
        inputs: the system's frozen test description (what was asked).
        dice: every die rolled, in the order it was drawn, rerolls and discarded
            dice included.
        result: the numeric result the odds' distribution describes (dice kept, total,
            modified score…).
        outcome: the outcome key (``"success_cost"``, ``"yes_but"``…), or ``None`` for
            a free dice expression, which has no outcome.
        success: whether the outcome counts as a success, ``None`` when that has no
            meaning (a free dice expression).
        seed: the seed of the ``random.Random`` the roll was drawn from, when known;
            ``replay`` needs it.
    """

    system: ClassVar[str]
    inputs: InputsT
    dice: tuple[Die, ...]
    result: int
    outcome: str | None
    success: bool | None
    seed: int | None = None


def roll_seeded(
    roll: Callable[[InputsT, random.Random], RecordT], inputs: InputsT, seed: int
) -> RecordT:
    """Roll ``inputs`` on a fresh ``random.Random(seed)`` and record the seed.

    The same roll function, inputs and seed always give an equal record.
    """
    return dataclasses.replace(roll(inputs, random.Random(seed)), seed=seed)


def fraction_text(value: Fraction) -> str:
    """A fraction as ``"n/d"``, always with its denominator (``"1/1"``, ``"0/1"``)."""
    return f"{value.numerator}/{value.denominator}"


def as_data(value: object) -> object:
    """Turn a record (or any part of one) into plain data for JSON or TOML.

    Dataclasses become dicts in field order without their ``None`` fields (TOML has no
    null), tuples become lists, enums their value, fractions ``"n/d"`` strings and
    mapping keys strings.
    """
    if type(value) in _PLAIN:  # most of a record: checked first, it is the cheapest
        return value
    if isinstance(value, Die):
        return value.to_data()
    names = _field_names(type(value))
    if names is not None:
        quiet = _QUIET_DEFAULTS[type(value)]
        return {
            name: as_data(item)
            for name in names
            if (item := getattr(value, name)) is not None
            and not (quiet and name in quiet and item == quiet[name])
        }
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Fraction):
        return fraction_text(value)
    if isinstance(value, Mapping):
        return {str(as_data(key)): as_data(item) for key, item in value.items()}
    if isinstance(value, tuple | list):
        return [as_data(item) for item in value]
    return value


_PLAIN = frozenset({int, str, bool, float})


_FIELD_NAMES: dict[type, tuple[str, ...] | None] = {}
_QUIET_DEFAULTS: dict[type, dict[str, object]] = {}

QUIET_DEFAULT = {"quiet_default": True}
"""Metadata for a field added to a record's inputs after records were written: left out
of the data while it holds its default, so a record written before it existed reads and
writes back byte for byte the same (``field(default=0, metadata=QUIET_DEFAULT)``)."""


def _field_names(kind: type) -> tuple[str, ...] | None:
    """A dataclass type's field names in order, or None for any other type (looked up
    once per type: a long journal's replay turns many records into data)."""
    if kind not in _FIELD_NAMES:
        if dataclasses.is_dataclass(kind):
            fields = dataclasses.fields(kind)
            _FIELD_NAMES[kind] = tuple(field.name for field in fields)
            _QUIET_DEFAULTS[kind] = {
                field.name: field.default for field in fields if field.metadata.get("quiet_default")
            }
        else:
            _FIELD_NAMES[kind] = None
    return _FIELD_NAMES[kind]


T = TypeVar("T")


def from_data(cls: type[T], data: object, where: str = "") -> T:
    """Rebuild a frozen dataclass (inputs of a test, say) from the plain data
    :func:`as_data` made of it.

    Fields left out take their defaults (``as_data`` leaves out ``None``); enums are read
    from their values, tuples from lists, nested dataclasses from tables.

    Args:
        cls: the dataclass to build.
        data: a mapping of its fields.
        where: the key path of ``data``, for error messages.

    Raises:
        RulesError: naming the key, for an unknown key or a value of the wrong type.
    """
    if not dataclasses.is_dataclass(cls) or not isinstance(data, Mapping):
        raise refused_value(where or cls.__name__, "table", data)
    hints, names = _fields_of(cls)
    unknown = sorted(set(data) - names)
    if unknown:
        raise unknown_key(_join(where, unknown[0]))
    values = {name: _convert(hints[name], data[name], _join(where, name)) for name in data}
    built: T = cls(**values)
    return built


@functools.cache
def _fields_of(cls: type) -> tuple[dict[str, Any], frozenset[str]]:
    """A dataclass's resolved field types and init field names: resolving the hints
    costs far more than rebuilding a record (replaying a long journal spent most of its
    time there), so it is done once per class."""
    hints = typing.get_type_hints(cls)
    return hints, frozenset(field.name for field in dataclasses.fields(cls) if field.init)


def _join(where: str, key: object) -> str:
    return f"{where}.{key}" if where else str(key)


def _convert(kind: Any, value: object, where: str) -> object:
    # The plain types first: most of a record's fields are, and they need no origin.
    if kind is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise refused_value(where, "whole", value)
        return value
    if kind is str:
        if not isinstance(value, str):
            raise refused_value(where, "text", value)
        return value
    if kind is bool:
        if not isinstance(value, bool):
            raise refused_value(where, "bool", value)
        return value
    origin = typing.get_origin(kind)
    if kind is Any or kind is object:
        return value
    if origin in (typing.Union, types.UnionType):
        options = [option for option in typing.get_args(kind) if option is not type(None)]
        if value is None and len(options) < len(typing.get_args(kind)):
            return None
        for option in options:
            try:
                return _convert(option, value, where)
            except (RulesError, TypeError, ValueError):
                continue
        raise RulesError(
            f"{where}: {shown(value)} is not one of {_names(options)}",
            message_key="value.unreadable",
            where=where,
        )
    if origin is typing.Literal:
        if value not in typing.get_args(kind):
            raise _not_one_of(where, typing.get_args(kind), value)
        return value
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise refused_value(where, "list", value)
        item = typing.get_args(kind)[0]
        return tuple(_convert(item, v, f"{where}[{i}]") for i, v in enumerate(value))
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        try:
            return kind(value)
        except ValueError:
            raise _not_one_of(where, [member.value for member in kind], value) from None
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return from_data(kind, value, where)
    raise RulesError(
        f"{where}: cannot read a value of type {kind!r}",
        message_key="value.unreadable",
        where=where,
    )


def _not_one_of(where: str, choices: typing.Iterable[object], value: object) -> RulesError:
    listed = ", ".join(shown(choice) for choice in choices)
    return RulesError(
        f"{where}: expected one of {listed}, not {shown(value)}",
        message_key="value.one_of",
        where=where,
        choices=listed,
        value=shown(value),
    )


def _names(options: list[Any]) -> str:
    return ", ".join(getattr(option, "__name__", str(option)) for option in options)
