"""3d6 keep-under: the engine of Résoudre une action and of both oracles.

Three six-sided dice are rolled and each die showing a face at most the score is kept.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from math import comb

from .dice import Die, draw
from .odds import distribution_from_counts

DICE = 3
"""How many d6 a keep-under roll uses."""


def kept_count(faces: Sequence[int], score: int) -> int:
    """How many of ``faces`` are kept against ``score`` (a die is kept when face ≤ score)."""
    return sum(1 for face in faces if face <= score)


def roll_keep_under(score: int, rng: random.Random) -> tuple[Die, ...]:
    """Roll 3d6 from ``rng`` and mark each die kept or not against ``score``."""
    faces = [draw(rng, 6) for _ in range(DICE)]
    return tuple(Die(6, face, kept=face <= score) for face in faces)


def kept_distribution(score: int) -> Mapping[int, Fraction]:
    """Exact probability of keeping 0, 1, 2 or 3 dice against ``score``.

    Each die is kept with probability ``s/6`` where ``s`` is the score clamped to 0…6,
    independently, so the kept count is binomial: C(3, k) · s^k · (6 − s)^(3 − k) / 216.
    """
    keepable = min(max(score, 0), 6)
    return distribution_from_counts(
        {k: comb(DICE, k) * keepable**k * (6 - keepable) ** (DICE - k) for k in range(DICE + 1)}
    )
