"""The roll record every system returns, seeded rolls, and conversion to plain data."""

from __future__ import annotations

import dataclasses
import enum
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar, Generic, TypeVar

from .dice import Die

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

InputsT = TypeVar("InputsT")
RecordT = TypeVar("RecordT", bound="DataclassInstance")


@dataclass(frozen=True, kw_only=True)
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
    if isinstance(value, Die):
        return value.to_data()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            field.name: as_data(getattr(value, field.name))
            for field in dataclasses.fields(value)
            if getattr(value, field.name) is not None
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
