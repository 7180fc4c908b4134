"""Fixtures shared by every test package."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import TypeVar

import pytest
from hypothesis import settings

T = TypeVar("T")

# CI machines are shared and noisy: a slow example is not a failing one.
settings.register_profile("meneur", deadline=None)
settings.load_profile("meneur")


class ScriptedDice(random.Random):
    """A generator whose dice show the faces a test scripts, in order.

    Every die in meneur is drawn with ``randint(1, sides)``, so scripting ``randint`` is
    scripting the dice. Each face is checked against the die it is drawn for.
    """

    def __init__(self, faces: Iterable[tuple[int, int]]) -> None:
        super().__init__(0)
        self.script = list(faces)
        self.drawn: list[tuple[int, int]] = []

    def randint(self, a: int, b: int) -> int:
        assert a == 1, "meneur draws every die as randint(1, sides)"
        assert self.script, f"the rules drew an unscripted d{b}"
        sides, face = self.script.pop(0)
        assert sides == b, f"the rules drew a d{b} where the script has a d{sides}"
        self.drawn.append((sides, face))
        return face


@pytest.fixture
def scripted() -> Callable[..., ScriptedDice]:
    """Make a generator from ``(sides, face)`` pairs: ``scripted((6, 4), (6, 6), (6, 2))``."""

    def make(*faces: tuple[int, int]) -> ScriptedDice:
        return ScriptedDice(faces)

    return make


class _NeedMore(Exception):
    """Raised by :class:`_PathDice` when a roll asks for a die beyond its path."""

    def __init__(self, sides: int) -> None:
        self.sides = sides


class _PathDice(random.Random):
    """Dice showing a fixed path of faces; asking for one more raises ``_NeedMore``."""

    def __init__(self, path: list[int]) -> None:
        super().__init__(0)
        self.path = path
        self.position = 0

    def randint(self, a: int, b: int) -> int:
        assert a == 1, "meneur draws every die as randint(1, sides)"
        if self.position == len(self.path):
            raise _NeedMore(b)
        face = self.path[self.position]
        self.position += 1
        return face


def every_roll(roll: Callable[[random.Random], T]) -> list[tuple[Fraction, T]]:
    """Run ``roll`` on every possible sequence of dice, with each sequence's probability.

    A brute-force reference for any roll function, however its later dice depend on the
    earlier ones (rerolls, pokers, attempts): it walks the tree of draws depth first.
    """
    results: list[tuple[Fraction, T]] = []
    pending: list[tuple[list[int], Fraction]] = [([], Fraction(1))]
    while pending:
        path, probability = pending.pop()
        try:
            result = roll(_PathDice(path))
        except _NeedMore as more:
            pending += [
                ([*path, face], probability / more.sides) for face in range(1, more.sides + 1)
            ]
        else:
            results.append((probability, result))
    return results


@pytest.fixture
def brute_force() -> Callable[..., list[tuple[Fraction, object]]]:
    """:func:`every_roll`, for tests that check exact odds against every dice sequence."""
    return every_roll
