"""Oracles on the 3d6 keep-under engine: the environment oracle and the yes/no oracle.

**Environment oracle** (docs/rules/resolution.md#resolution, optional rule "Aléatoire dans
l'environnement"): the GM picks a score of 2 (leaning against the player characters), 3 (no
preference) or 4 (leaning for them); two kept dice or more is favourable to the players.

**Yes/no oracle** (meneur's own, built on the same engine): a likelihood from 1 (very
unlikely) to 5 (very likely) is the score the dice are kept against, so 3 is an even
chance and 1 and 5 mirror each other. The kept count is read on the Instable column of
the alteration table: 3 → "yes, and", 2 → "yes, but", 1 → "no, but", 0 → "no, and".

**Tension** (meneur's own, for solo play; see :mod:`meneur.core.solo`): asked with the
campaign's tension (1 calm … 3 the middle … 5 crisis), the same three dice say more.

- *A random event* happens when two or three dice show the same face and that face is
  below the tension: never at 1, 16 times in 216 at 2, 32 at 3, 48 at 4, 64 at 5.
- *How far the answer goes* bends with the tension, never whether it is yes or no. The
  deciding dice are the kept ones for a yes, the others for a no. At 4 a "but" answer
  goes all the way ("yes, but" → "yes, and", "no, but" → "no, and") when its two
  deciding dice show the same face; at 5, when they are at most one apart. At 2 an
  "and" answer softens to a "but" when its three dice all differ; at 1 every "and"
  does. At 3 the answers read as without tension. Surprises grow with the tension, on
  the yes side and the no side alike.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import field
from enum import StrEnum
from fractions import Fraction
from typing import ClassVar

from meneur.core.frozen import frozen

from .dice import Die
from .errors import RulesError
from .keep_under import DICE, kept_count, kept_distribution, roll_keep_under
from .odds import Odds, outcome_odds
from .records import QUIET_DEFAULT, RollRecord

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
TENSIONS = range(1, 6)
"""1 calm … 5 crisis (a solo campaign starts at 3)."""
GOES_FURTHER = {"yes_but": "yes_and", "no_but": "no_and"}
"""What a twist makes of an answer with a "but"."""


@frozen
class OracleQuestion:
    """A question to the environment oracle.

    Attributes:
        lean: which way the GM leans.
        question: what is asked, as typed, for the journal.
    """

    lean: Lean = Lean.NEUTRAL
    question: str = ""


@frozen
class YesNoQuestion:
    """A question to the yes/no oracle.

    Attributes:
        likelihood: 1 (very unlikely) … 5 (very likely).
        question: what is asked, as typed, for the journal.
        tension: the campaign's tension, 1–5, when the question is asked with it (the
            dice may then twist); None without.

    Raises:
        RulesError: when the likelihood or the tension is not 1–5.
    """

    likelihood: int = 3
    question: str = ""
    tension: int | None = None

    def __post_init__(self) -> None:
        if self.likelihood not in LIKELIHOODS:
            raise RulesError(
                f"likelihood must be 1 to 5, not {self.likelihood}",
                message_key="solo.likelihood",
                value=self.likelihood,
            )
        if self.tension is not None and self.tension not in TENSIONS:
            raise RulesError(
                f"tension must be 1 to 5, not {self.tension}",
                message_key="solo.tension",
                value=self.tension,
            )

    @property
    def score(self) -> int:
        """The score the dice are kept against: the likelihood itself."""
        return self.likelihood


@frozen(kw_only=True)
class OracleAnswer(RollRecord[OracleQuestion]):
    """The environment oracle's answer; ``result`` is the number of dice kept."""

    system: ClassVar[str] = ORACLE


@frozen(kw_only=True)
class YesNoAnswer(RollRecord[YesNoQuestion]):
    """The yes/no oracle's answer; ``result`` is the number of dice kept.

    Attributes:
        event: the dice twisted under the tension: a random event happens.
    """

    system: ClassVar[str] = YESNO
    event: bool = field(default=False, metadata=QUIET_DEFAULT)


def repeated_face(faces: tuple[int, ...]) -> int | None:
    """The face two or three of the dice show, or None when all differ."""
    counts = Counter(faces)
    face, count = counts.most_common(1)[0]
    return face if count >= 2 else None


def twists(faces: tuple[int, ...], tension: int | None) -> bool:
    """Whether the dice bring a random event under ``tension``: a face shown twice or
    more, below it."""
    face = repeated_face(faces)
    return tension is not None and face is not None and face < tension


FURTHER_FROM = 4
"""The tension from which a "but" answer may go all the way."""
SOFTER_BELOW = 3
"""The tension below which an "and" answer may soften."""
SOFTENS = {"yes_and": "yes_but", "no_and": "no_but"}


def bent(outcome: str, faces: tuple[int, ...], score: int, tension: int | None) -> str:
    """The answer ``outcome`` as the ``tension`` bends it (see the module's text)."""
    if tension is None:
        return outcome
    yes = outcome in YESNO_SUCCESSES
    deciding = sorted(face for face in faces if (face <= score) == yes)
    close = bool(deciding) and deciding[-1] - deciding[0] <= tension - FURTHER_FROM
    if tension >= FURTHER_FROM and outcome in GOES_FURTHER and close:
        return GOES_FURTHER[outcome]
    differ = tension == 1 or len(set(deciding)) == len(deciding)
    if tension < SOFTER_BELOW and outcome in SOFTENS and differ:
        return SOFTENS[outcome]
    return outcome


def _oracle_outcome(kept: int) -> str:
    return "favourable" if kept >= 2 else "unfavourable"


def _check_faces(faces: tuple[int, ...]) -> None:
    if len(faces) != DICE or any(not 1 <= face <= 6 for face in faces):
        raise RulesError(
            "an oracle reads three d6, each showing 1 to 6",
            message_key="dice.read_as",
            count=DICE,
            sides=6,
        )


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
    event = twists(faces, question.tension)
    outcome = bent(YESNO_BY_KEPT[kept], faces, question.score, question.tension)
    return YesNoAnswer(
        inputs=question,
        dice=tuple(Die(6, face, kept=face <= question.score) for face in faces),
        result=kept,
        outcome=outcome,
        success=outcome in YESNO_SUCCESSES,
        event=event,
    )


def roll_yesno(question: YesNoQuestion, rng: random.Random) -> YesNoAnswer:
    """Ask the yes/no oracle, rolling 3d6 from ``rng``."""
    dice = roll_keep_under(question.score, rng)
    return resolve_yesno(question, tuple(die.face for die in dice))


def yesno_odds(question: YesNoQuestion) -> Odds[YesNoQuestion]:
    """Exact odds of each of the four answers (under the tension's twists, when asked
    with it: counted over the 216 faces the three dice can show)."""
    distribution = kept_distribution(question.score)
    if question.tension is None:
        outcomes = outcome_odds(distribution, YESNO_BY_KEPT.__getitem__, YESNO_OUTCOMES)
    else:
        counts = Counter(resolve_yesno(question, faces).outcome for faces in _ALL_FACES)
        outcomes = {key: Fraction(counts[key], len(_ALL_FACES)) for key in YESNO_OUTCOMES}
    return Odds(system=YESNO, inputs=question, outcomes=outcomes, distribution=distribution)


_ALL_FACES = tuple((a, b, c) for a in range(1, 7) for b in range(1, 7) for c in range(1, 7))


def event_chance(tension: int | None) -> Fraction:
    """The exact chance that a question asked at ``tension`` brings a random event."""
    if tension is None:
        return Fraction(0)
    return Fraction(sum(twists(faces, tension) for faces in _ALL_FACES), len(_ALL_FACES))
