"""Oracles on the 3d6 keep-under engine: the environment oracle and the yes/no oracle.

**Environment oracle** (RULES.md §1, optional rule "Aléatoire dans l'environnement"):
the GM picks a score of 2 (leaning against the player characters), 3 (no preference) or
4 (leaning for them); two kept dice or more is favourable to the players.

**Yes/no oracle** (meneur's own, built on the same engine): a likelihood from 1 (very
unlikely) to 5 (very likely) is the score the dice are kept against, so 3 is an even
chance and 1 and 5 mirror each other. The kept count is read on the Instable column of
the alteration table: 3 → "yes, and", 2 → "yes, but", 1 → "no, but", 0 → "no, and".
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from .dice import Die
from .errors import RulesError
from .keep_under import DICE, kept_count, kept_distribution, roll_keep_under
from .odds import Odds, outcome_odds
from .records import RollRecord

ORACLE = "oracle"
YESNO = "yesno"


class Lean(StrEnum):
    """Which way the GM leans for the environment oracle."""

    AGAINST = "against"
    NEUTRAL = "neutral"
    FOR = "for"

    @property
    def score(self) -> int:
        """The score the dice are kept against: 2, 3 or 4."""
        return {Lean.AGAINST: 2, Lean.NEUTRAL: 3, Lean.FOR: 4}[self]


ORACLE_OUTCOMES = ("favourable", "unfavourable")
YESNO_OUTCOMES = ("yes_and", "yes_but", "no_but", "no_and")
YESNO_SUCCESSES = frozenset({"yes_and", "yes_but"})
YESNO_BY_KEPT = ("no_and", "no_but", "yes_but", "yes_and")
"""The yes/no answer for 0, 1, 2 and 3 kept dice (the Instable column)."""
LIKELIHOODS = range(1, 6)
"""1 very unlikely, 2 unlikely, 3 even, 4 likely, 5 very likely."""


@dataclass(frozen=True)
class OracleQuestion:
    """A question to the environment oracle.

    Attributes:
        lean: which way the GM leans.
        question: what is asked, as typed, for the journal.
    """

    lean: Lean = Lean.NEUTRAL
    question: str = ""


@dataclass(frozen=True)
class YesNoQuestion:
    """A question to the yes/no oracle.

    Attributes:
        likelihood: 1 (very unlikely) … 5 (very likely).
        question: what is asked, as typed, for the journal.

    Raises:
        RulesError: when the likelihood is not 1–5.
    """

    likelihood: int = 3
    question: str = ""

    def __post_init__(self) -> None:
        if self.likelihood not in LIKELIHOODS:
            raise RulesError(f"likelihood must be 1 to 5, not {self.likelihood}")

    @property
    def score(self) -> int:
        """The score the dice are kept against: the likelihood itself."""
        return self.likelihood


@dataclass(frozen=True, kw_only=True)
class OracleAnswer(RollRecord[OracleQuestion]):
    """The environment oracle's answer; ``result`` is the number of dice kept."""

    system: ClassVar[str] = ORACLE


@dataclass(frozen=True, kw_only=True)
class YesNoAnswer(RollRecord[YesNoQuestion]):
    """The yes/no oracle's answer; ``result`` is the number of dice kept."""

    system: ClassVar[str] = YESNO


def _oracle_outcome(kept: int) -> str:
    return "favourable" if kept >= 2 else "unfavourable"


def _check_faces(faces: tuple[int, ...]) -> None:
    if len(faces) != DICE or any(not 1 <= face <= 6 for face in faces):
        raise RulesError("an oracle reads three d6, each showing 1 to 6")


def resolve_oracle(question: OracleQuestion, faces: tuple[int, ...]) -> OracleAnswer:
    """Read three d6 faces as the environment oracle's answer."""
    _check_faces(faces)
    score = question.lean.score
    kept = kept_count(faces, score)
    outcome = _oracle_outcome(kept)
    return OracleAnswer(
        inputs=question,
        dice=tuple(Die(6, face, kept=face <= score) for face in faces),
        result=kept,
        outcome=outcome,
        success=outcome == "favourable",
    )


def roll_oracle(question: OracleQuestion, rng: random.Random) -> OracleAnswer:
    """Ask the environment oracle, rolling 3d6 from ``rng``."""
    dice = roll_keep_under(question.lean.score, rng)
    return resolve_oracle(question, tuple(die.face for die in dice))


def oracle_odds(question: OracleQuestion) -> Odds[OracleQuestion]:
    """Exact odds of a favourable or unfavourable answer."""
    distribution = kept_distribution(question.lean.score)
    return Odds(
        system=ORACLE,
        inputs=question,
        outcomes=outcome_odds(distribution, _oracle_outcome, ORACLE_OUTCOMES),
        distribution=distribution,
    )


def resolve_yesno(question: YesNoQuestion, faces: tuple[int, ...]) -> YesNoAnswer:
    """Read three d6 faces as the yes/no oracle's answer."""
    _check_faces(faces)
    kept = kept_count(faces, question.score)
    outcome = YESNO_BY_KEPT[kept]
    return YesNoAnswer(
        inputs=question,
        dice=tuple(Die(6, face, kept=face <= question.score) for face in faces),
        result=kept,
        outcome=outcome,
        success=outcome in YESNO_SUCCESSES,
    )


def roll_yesno(question: YesNoQuestion, rng: random.Random) -> YesNoAnswer:
    """Ask the yes/no oracle, rolling 3d6 from ``rng``."""
    dice = roll_keep_under(question.score, rng)
    return resolve_yesno(question, tuple(die.face for die in dice))


def yesno_odds(question: YesNoQuestion) -> Odds[YesNoQuestion]:
    """Exact odds of each of the four answers."""
    distribution = kept_distribution(question.score)
    return Odds(
        system=YESNO,
        inputs=question,
        outcomes=outcome_odds(distribution, YESNO_BY_KEPT.__getitem__, YESNO_OUTCOMES),
        distribution=distribution,
    )
