"""Rolling a free dice expression (``4d6kh3+2``, ``8d6>=5``) into a record."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import ClassVar

from meneur.core.frozen import frozen

from .dice import Die, Sides, draw, faces_of
from .errors import RulesError
from .notation import ConstantTerm, DiceTerm, Expression, parse
from .records import RollRecord

SYSTEM = "dice"


@frozen
class DiceInputs:
    """A dice expression as typed; it is parsed again when rolled or replayed."""

    expression: str


@frozen
class TermRoll:
    """One term of a rolled expression.

    Attributes:
        text: the term as typed (``4d6kh3``, ``3``).
        dice: its dice in the order drawn (none for a constant).
        value: what the term adds to the total, sign included.
    """

    text: str
    dice: tuple[Die, ...]
    value: int


@frozen(kw_only=True)
class DiceRoll(RollRecord[DiceInputs]):
    """A rolled dice expression. ``result`` is the total; there is no outcome.

    Attributes:
        terms: each term with its dice and value.
    """

    system: ClassVar[str] = SYSTEM
    terms: tuple[TermRoll, ...]


def kept_positions(faces: tuple[int, ...], term: DiceTerm) -> frozenset[int]:
    """Positions of the dice a term keeps; among equal faces the earlier die is kept."""
    if term.keep is None:
        return frozenset(range(len(faces)))
    number, highest = term.keep.kept(len(faces))
    order = sorted(range(len(faces)), key=lambda i: (-faces[i] if highest else faces[i], i))
    return frozenset(order[:number])


def evaluate(expression: Expression, next_face: Callable[[Sides], int]) -> tuple[TermRoll, ...]:
    """Evaluate ``expression``, asking ``next_face`` for each die in order.

    This is the whole meaning of the notation; rolling only supplies random faces.
    """
    terms = []
    for term in expression.terms:
        if isinstance(term, ConstantTerm):
            terms.append(TermRoll(term.text, (), term.sign * term.value))
            continue
        faces = tuple(next_face(term.sides) for _ in range(term.count))
        kept = kept_positions(faces, term)
        if term.condition is not None:
            value = sum(1 for i in kept if term.condition.passes(faces[i]))
        else:
            value = sum(faces[i] for i in kept)
        marks = term.keep is not None
        dice = tuple(
            Die(term.sides, face, kept=(i in kept) if marks else None)
            for i, face in enumerate(faces)
        )
        terms.append(TermRoll(term.text, dice, term.sign * value))
    return tuple(terms)


def _record(inputs: DiceInputs, terms: tuple[TermRoll, ...]) -> DiceRoll:
    return DiceRoll(
        inputs=inputs,
        dice=tuple(die for term in terms for die in term.dice),
        result=sum(term.value for term in terms),
        outcome=None,
        success=None,
        terms=terms,
    )


def roll(inputs: DiceInputs, rng: random.Random) -> DiceRoll:
    """Parse and roll the expression with dice from ``rng``.

    Raises:
        DiceNotationError: when the expression cannot be read.
    """
    return _record(inputs, evaluate(parse(inputs.expression), lambda sides: draw(rng, sides)))


def resolve(inputs: DiceInputs, faces: tuple[int, ...]) -> DiceRoll:
    """Evaluate the expression on given faces (physical dice, or a check of a record).

    Raises:
        DiceNotationError: when the expression cannot be read.
        RulesError: when there are too few or too many faces, or one is impossible.
    """
    expression = parse(inputs.expression)
    supply: Iterator[int] = iter(faces)

    def next_face(sides: Sides) -> int:
        face = next(supply, None)
        if face is None:
            raise RulesError(
                f"{inputs.expression} rolls {expression.dice_count} dice",
                message_key="dice.rolls_count",
                expression=inputs.expression,
                count=expression.dice_count,
            )
        if face not in faces_of(sides):
            raise RulesError(
                f"a d{sides} cannot show {face}",
                message_key="dice.impossible_face",
                sides=sides,
                face=face,
            )
        return face

    terms = evaluate(expression, next_face)
    if next(supply, None) is not None:
        raise RulesError(
            f"{inputs.expression} rolls {expression.dice_count} dice",
            message_key="dice.rolls_count",
            expression=inputs.expression,
            count=expression.dice_count,
        )
    return _record(inputs, terms)
