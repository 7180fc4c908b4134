"""Résoudre une action (docs/rules/resolution.md#resolution): difficulty scales, elements, 3d6
keep-under.

The score to beat is the difficulty (intrinsic + interest, or 3 − the defender's
elements when opposed, or a value set directly) plus the scores of at most two elements.
At 0 or less the action fails without a roll, at 6 or more it succeeds without a roll;
otherwise 3d6 are rolled and each die at most the score is kept. Two kept dice or more
succeed. The alteration column then reads the kept count as an outcome with or without
a side effect.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import field
from enum import StrEnum
from fractions import Fraction
from types import MappingProxyType
from typing import ClassVar

from meneur.core.dice import Die, check_faces
from meneur.core.errors import RulesError
from meneur.core.frozen import frozen
from meneur.core.keep_under import DICE, kept_count, kept_distribution, roll_keep_under
from meneur.core.odds import Odds, outcome_odds
from meneur.core.records import QUIET_DEFAULT, RollRecord

SYSTEM = "resolution"


class Intrinsic(StrEnum):
    """Échelle de difficulté intrinsèque: how hard the action is in the world."""

    SIMPLE = "simple"
    ARDUE = "ardue"
    COMPLEXE = "complexe"
    DEMENTIELLE = "dementielle"
    INSENSEE = "insensee"

    @property
    def modifier(self) -> int:
        """The value this step adds to the difficulty (+4 … −4)."""
        return _INTRINSIC_MODIFIERS[self]


class Interest(StrEnum):
    """Échelle d'intérêt scénaristique: which result makes the better story."""

    SHOULD_SUCCEED = "should-succeed"
    INTERESTING_SUCCESS = "interesting-success"
    NEUTRAL = "neutral"
    INTERESTING_FAILURE = "interesting-failure"
    SHOULD_FAIL = "should-fail"

    @property
    def modifier(self) -> int:
        """The value this step adds to the difficulty (+4 … −4)."""
        return _INTEREST_MODIFIERS[self]


_INTRINSIC_MODIFIERS = {
    Intrinsic.SIMPLE: 4,
    Intrinsic.ARDUE: 2,
    Intrinsic.COMPLEXE: 0,
    Intrinsic.DEMENTIELLE: -2,
    Intrinsic.INSENSEE: -4,
}
_INTEREST_MODIFIERS = {
    Interest.SHOULD_SUCCEED: 4,
    Interest.INTERESTING_SUCCESS: 2,
    Interest.NEUTRAL: 0,
    Interest.INTERESTING_FAILURE: -2,
    Interest.SHOULD_FAIL: -4,
}


class Alteration(StrEnum):
    """The GM's alteration: which side effects the kept count can bring."""

    STABLE = "stable"
    ADOUCIE = "adoucie"
    AMPLIFIEE = "amplifiee"
    INSTABLE = "instable"


class Declared(StrEnum):
    """An action the GM declares trivial or impossible before any score
    (docs/rules/resolution.md#resolution ruling): it succeeds or fails without a roll and without a
    side effect."""

    TRIVIAL = "trivial"
    IMPOSSIBLE = "impossible"


OUTCOMES = (
    "success_bonus",
    "success",
    "success_cost",
    "failure_bonus",
    "failure",
    "failure_cost",
)
"""Outcome keys, best first: success with a positive side effect, plain success, success
with a negative counterpart, failure with a positive counterpart, plain failure, failure
with a negative side effect."""

SUCCESSES = frozenset({"success_bonus", "success", "success_cost"})

# The alteration table of the seed, read by kept dice 0, 1, 2, 3.
ALTERATION_TABLE: Mapping[Alteration, tuple[str, str, str, str]] = MappingProxyType(
    {
        Alteration.STABLE: ("failure", "failure", "success", "success"),
        Alteration.ADOUCIE: ("failure", "failure_bonus", "success_cost", "success"),
        Alteration.AMPLIFIEE: ("failure_cost", "failure", "success", "success_bonus"),
        Alteration.INSTABLE: ("failure_cost", "failure_bonus", "success_cost", "success_bonus"),
    }
)

AUTOMATIC_FAILURE_AT = 0
"""A score to beat at or below this fails without a roll (read as 0 dice kept)."""
AUTOMATIC_SUCCESS_AT = 6
"""A score to beat at or above this succeeds without a roll (read as 3 dice kept)."""
SITUATIONAL_SCORE = 1
"""The score of a situational element unless the GM states otherwise."""
OPPOSED_BASE = 3
"""Opposed actions: the difficulty is this minus the defender's engaged elements."""
MAX_ELEMENTS = 2


@frozen
class Element:
    """An element of a character used in an action: a trait, gear, a career…

    Attributes:
        score: the element's score.
        typical: whether the action is typical for it (allows a second element).
        name: what it is, for the journal ("Arts martiaux").
        situational: borrowed from the situation (a vehicle, the scenery, a helper).
        lender: the character who lends it in a collaborative action (their name as
            the journal says it); empty for the acting character's own: "l'action est
            résolue normalement par l'initiateur, mais ceux qui l'aident peuvent lui
            prêter un élément" (docs/rules/resolution.md#resolution).
    """

    score: int = SITUATIONAL_SCORE
    typical: bool = False
    name: str = ""
    situational: bool = False
    lender: str = field(default="", metadata=QUIET_DEFAULT)


@frozen
class ResolutionTest:
    """An action to resolve; exactly one way of setting the difficulty is used.

    Either both ``intrinsic`` and ``interest`` (the two scales), or ``opposing`` (the
    scores of the defender's engaged elements, optional opposed rule), or ``score`` (a
    score to beat set directly, which then takes no elements), or ``declared`` (the GM
    declares the action trivial or impossible: no score, no elements, no roll).

    Raises:
        RulesError: on any combination the rules do not allow.
    """

    intrinsic: Intrinsic | None = None
    interest: Interest | None = None
    elements: tuple[Element, ...] = ()
    alteration: Alteration = Alteration.STABLE
    opposing: tuple[int, ...] | None = None
    score: int | None = None
    declared: Declared | None = None
    group: bool = field(default=False, metadata=QUIET_DEFAULT)
    """A group action with individual failure: "les deux éléments éventuels ne doivent pas
    provenir du même personnage. En cas d'échec, l'un des personnages dévisse"
    (docs/rules/resolution.md#resolution)."""

    def __post_init__(self) -> None:
        scales = self.intrinsic is not None or self.interest is not None
        ways = sum(
            (scales, self.opposing is not None, self.score is not None, self.declared is not None)
        )
        if ways != 1:
            raise RulesError(
                "set the difficulty one way: the two scales (intrinsic and interest), "
                "an opposed defender's elements, a score to beat, or the GM's declaration",
                message_key="resolution.one_way",
            )
        if self.declared is not None and self.elements:
            raise RulesError(
                "an action the GM declares trivial or impossible takes no elements",
                message_key="resolution.declared_elements",
            )
        if scales and (self.intrinsic is None or self.interest is None):
            raise RulesError(
                "the difficulty needs both scales: intrinsic and interest",
                message_key="resolution.both_scales",
            )
        if self.score is not None and self.elements:
            raise RulesError(
                "a score to beat set directly already includes the elements",
                message_key="resolution.score_elements",
            )
        if len(self.elements) > MAX_ELEMENTS:
            raise RulesError(
                "an action uses at most two elements", message_key="resolution.two_elements"
            )
        if len(self.elements) == MAX_ELEMENTS and not self.elements[0].typical:
            raise RulesError(
                "a second element is allowed only when the action is typical for the first",
                message_key="resolution.typical",
            )
        if self.opposing is not None and len(self.opposing) > MAX_ELEMENTS:
            raise RulesError(
                "a defender engages at most two elements", message_key="resolution.defender"
            )
        if any(element.score < 0 for element in self.elements):
            raise RulesError(
                "an element's score cannot be negative", message_key="resolution.negative"
            )
        if (
            self.group
            and len(self.elements) == MAX_ELEMENTS
            and self.elements[0].lender == self.elements[1].lender
        ):
            raise RulesError(
                "in a group action the two elements come from two different characters",
                message_key="resolution.group_lenders",
            )
        if len(self.elements) == MAX_ELEMENTS and same_element(*self.elements):
            raise RulesError(
                f"{self.elements[0].name} cannot count twice: the second element must be "
                "another one (only a situational element may be taken twice)",
                message_key="resolution.twice",
                element=self.elements[0].name,
            )

    @property
    def difficulty(self) -> int:
        """The difficulty before elements: scales summed, or 3 − the defender's elements.

        With a score to beat set directly, that score; declared trivial or impossible, the
        score that stands for it (6 or 0).
        """
        if self.declared is not None:
            return AUTOMATIC_SUCCESS_AT if self.declared is Declared.TRIVIAL else 0
        if self.score is not None:
            return self.score
        if self.opposing is not None:
            return opposed_difficulty(self.opposing)
        # __post_init__ guarantees both scales are set when neither alternative is.
        assert self.intrinsic is not None
        assert self.interest is not None
        return self.intrinsic.modifier + self.interest.modifier

    @property
    def score_to_beat(self) -> int:
        """Difficulty plus the elements' scores: dice showing at most this are kept."""
        return self.difficulty + sum(element.score for element in self.elements)


def same_element(first: Element, second: Element) -> bool:
    """Whether two elements are the same thing on the sheet, which may count only once.

    Elements are told apart by name and by whom they belong to (two characters' Escalade
    are two elements); a situational element is a different thing each time it is
    borrowed, and unnamed elements (scores typed on the command line) cannot be told
    apart, so neither is ever the same as another.
    """
    if first.situational or second.situational or not first.name:
        return False
    if first.lender != second.lender:
        return False
    return first.name.casefold() == second.name.casefold()


def opposed_difficulty(defender_elements: tuple[int, ...]) -> int:
    """Difficulty of an opposed action: 3 minus the defender's engaged element scores."""
    return OPPOSED_BASE - sum(defender_elements)


def automatic_kept(score_to_beat: int) -> int | None:
    """The kept count an automatic result stands for (0 or 3), or ``None`` if dice roll."""
    if score_to_beat <= AUTOMATIC_FAILURE_AT:
        return 0
    if score_to_beat >= AUTOMATIC_SUCCESS_AT:
        return DICE
    return None


def outcome_for(kept: int, alteration: Alteration, declared: Declared | None = None) -> str:
    """The outcome key the alteration table gives for ``kept`` dice (0–3); an action the
    GM declared succeeds or fails plainly, without a side effect, whatever the column."""
    if declared is not None:
        return "success" if declared is Declared.TRIVIAL else "failure"
    return ALTERATION_TABLE[alteration][kept]


@frozen(kw_only=True)
class ResolutionRoll(RollRecord[ResolutionTest]):
    """A resolved action. ``result`` is the number of dice kept (0–3).

    Attributes:
        score_to_beat: the score the dice were compared with.
        automatic: True when no dice were rolled (score ≤ 0 or ≥ 6).
    """

    system: ClassVar[str] = SYSTEM
    score_to_beat: int
    automatic: bool


def possible_outcomes(test: ResolutionTest) -> tuple[str, ...]:
    """The outcomes ``test`` can have: its alteration's column, or for an action the GM
    declared, a plain success or failure."""
    if test.declared is not None:
        return ("success", "failure")
    return ALTERATION_TABLE[test.alteration]


def resolve(test: ResolutionTest, faces: tuple[int, ...]) -> ResolutionRoll:
    """Read three d6 faces (or none, for an automatic result) as the action's outcome.

    This is the whole rule; :func:`roll` only draws the faces. It lets a test check
    that every recorded outcome follows from its dice, and lets players type the faces
    of physical dice.

    Raises:
        RulesError: when the number of faces does not match (three, or none when the
            score makes the result automatic), or a face is not 1–6.
    """
    score = test.score_to_beat
    automatic = automatic_kept(score)
    expected = 0 if automatic is not None else DICE
    if len(faces) != expected:
        raise RulesError(
            f"score to beat {score} needs {expected} dice, got {len(faces)}"
            if expected
            else f"score to beat {score} is automatic: no dice are rolled",
            message_key="resolution.faces" if expected else "resolution.automatic",
            score=score,
            expected=expected,
            given=len(faces),
        )
    check_faces(faces, 6)
    kept = automatic if automatic is not None else kept_count(faces, score)
    outcome = outcome_for(kept, test.alteration, test.declared)
    return ResolutionRoll(
        inputs=test,
        dice=tuple(Die(6, face, kept=face <= score) for face in faces),
        result=kept,
        outcome=outcome,
        success=outcome in SUCCESSES,
        score_to_beat=score,
        automatic=automatic is not None,
    )


def roll(test: ResolutionTest, rng: random.Random) -> ResolutionRoll:
    """Resolve ``test``, rolling 3d6 from ``rng`` unless the result is automatic."""
    if automatic_kept(test.score_to_beat) is not None:
        return resolve(test, ())
    return resolve(test, tuple(die.face for die in roll_keep_under(test.score_to_beat, rng)))


def odds(test: ResolutionTest) -> Odds[ResolutionTest]:
    """Exact probability of each outcome and of each kept count for ``test``."""
    score = test.score_to_beat
    automatic = automatic_kept(score)
    distribution = (
        MappingProxyType({automatic: Fraction(1)})
        if automatic is not None
        else kept_distribution(score)
    )
    return Odds(
        system=SYSTEM,
        inputs=test,
        outcomes=outcome_odds(
            distribution,
            lambda kept: outcome_for(kept, test.alteration, test.declared),
            OUTCOMES,
        ),
        distribution=distribution,
    )
