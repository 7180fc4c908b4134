"""The record of one die and the single place where a face is drawn."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Literal, TypeAlias

FATE: Literal["F"] = "F"
"""The ``sides`` of a Fate/Fudge die, whose faces are -1, 0 and +1."""

Sides: TypeAlias = int | Literal["F"]


@dataclass(frozen=True, slots=True)
class Die:
    """One die as it was rolled.

    Attributes:
        sides: number of faces, or ``"F"`` for a Fate die (-1, 0, +1).
        face: the face shown.
        role: what the die was for when a roll mixes purposes (``"karma"``, ``"reroll"``,
            ``"bonus"``…); ``None`` for the plain dice of a test.
        kept: whether the die counts, when the rule keeps or discards dice;
            ``None`` when every die counts.
    """

    sides: Sides
    face: int
    role: str | None = None
    kept: bool | None = None

    def to_data(self) -> dict[str, object]:
        """Plain data for JSON or TOML, leaving out ``role`` and ``kept`` when unset."""
        data: dict[str, object] = {"sides": self.sides, "face": self.face}
        if self.role is not None:
            data["role"] = self.role
        if self.kept is not None:
            data["kept"] = self.kept
        return data


def faces_of(sides: Sides) -> range:
    """Every face a die can show, lowest first: 1…sides, or -1…+1 for a Fate die."""
    return range(-1, 2) if sides == FATE else range(1, sides + 1)


def draw(rng: random.Random, sides: Sides) -> int:
    """Draw one uniformly random face of a die from the injected generator.

    Every die in meneur is drawn here, so the sequence of calls on ``rng`` (and with it
    what a seed reproduces) depends only on the order in which the rules roll dice.
    """
    if sides == FATE:
        return rng.randint(1, 3) - 2
    return rng.randint(1, sides)
