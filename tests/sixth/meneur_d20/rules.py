"""Dé vingt's test: 1d20 + Talent + bonus against a Difficulty, and its exact odds."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar

from meneur.core.dice import Die, draw
from meneur.core.errors import RulesError
from meneur.core.odds import Odds, distribution_from_counts, outcome_odds
from meneur.core.records import RollRecord

SYSTEM = "d20"
OUTCOMES = ("critical_success", "success", "failure", "fumble")
"""Outcome keys, best first."""
SUCCESSES = frozenset(OUTCOMES[:2])
SIDES = 20


@dataclass(frozen=True)
class D20Test:
    """A test: the acting character's Talent, a bonus (or malus) and a Difficulty.

    Raises:
        RulesError: for a Talent outside 0–10 or a Difficulty outside 1–40.
    """

    talent: int
    difficulty: int
    bonus: int = 0
    fumbles: bool = True

    def __post_init__(self) -> None:
        if not 0 <= self.talent <= 10:
            raise RulesError(f"talent: expected 0 to 10, found {self.talent}")
        if not 1 <= self.difficulty <= 40:
            raise RulesError(f"difficulty: expected 1 to 40, found {self.difficulty}")

    @property
    def modifier(self) -> int:
        """What is added to the die."""
        return self.talent + self.bonus


@dataclass(frozen=True, kw_only=True)
class D20Roll(RollRecord[D20Test]):
    """A test's die; ``result`` is the natural face."""

    system: ClassVar[str] = SYSTEM

    @property
    def total(self) -> int:
        """The face plus the Talent and the bonus."""
        return self.result + self.inputs.modifier


def classify(face: int, test: D20Test) -> str:
    """The outcome of a natural ``face``."""
    if face == SIDES:
        return "critical_success"
    if face == 1 and test.fumbles:
        return "fumble"
    return "success" if face + test.modifier >= test.difficulty else "failure"


def resolve(test: D20Test, faces: tuple[int, ...]) -> D20Roll:
    """Read one d20's face.

    Raises:
        RulesError: when the faces are not one d20's.
    """
    if len(faces) != 1 or not 1 <= faces[0] <= SIDES:
        raise RulesError("a Dé vingt test reads one d20 showing 1 to 20")
    outcome = classify(faces[0], test)
    return D20Roll(
        inputs=test,
        dice=(Die(SIDES, faces[0]),),
        result=faces[0],
        outcome=outcome,
        success=outcome in SUCCESSES,
    )


def roll(test: D20Test, rng: random.Random) -> D20Roll:
    """Roll the d20 from ``rng``."""
    return resolve(test, (draw(rng, SIDES),))


def odds(test: D20Test) -> Odds[D20Test]:
    """Exact odds of each outcome and each face."""
    distribution = distribution_from_counts(dict.fromkeys(range(1, SIDES + 1), 1))
    return Odds(
        system=SYSTEM,
        inputs=test,
        outcomes=outcome_odds(distribution, lambda face: classify(face, test), OUTCOMES),
        distribution=distribution,
    )
