"""Fixtures shared by every test package."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

import pytest
from hypothesis import settings

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
