"""The Tale of Great Cosmos (docs/rules/cosmos.md#tests): d100 tests, karma and the intuition roll.

A test rolls d100 under a threshold. Karma at −5 or less adds 1d10 to the roll (worse),
at +5 or more subtracts 1d10 (better); the modified score is clamped to 1–100 and every
band is read on it, in this order: 42 super-critical success, 66 super-critical failure,
1–10 critical success, 91–100 critical failure, then ≤ threshold success, else failure.
At karma −10 a 42 is only a critical success and 1–10 a plain success; at +10 a 66 is
only a critical failure and 91–100 a plain failure. Criticals then move karma.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import field
from typing import ClassVar

from meneur.core.dice import Die, check_faces, draw
from meneur.core.errors import RulesError
from meneur.core.frozen import frozen
from meneur.core.odds import Odds, distribution_from_counts, outcome_odds
from meneur.core.records import QUIET_DEFAULT, RollRecord

SYSTEM = "cosmos"
INTUITION = "intuition"

OUTCOMES = (
    "super_critical_success",
    "critical_success",
    "success",
    "failure",
    "critical_failure",
    "super_critical_failure",
)
"""Outcome keys, best first."""
SUCCESSES = frozenset(OUTCOMES[:3])

KARMA_MIN = -10
KARMA_MAX = 10
KARMA_DIE_FROM = 5
"""From this karma (in absolute value) a d10 modifies every test."""
KARMA_DIE_SIDES = 10
SUPER_CRITICAL_SUCCESS_FACE = 42
SUPER_CRITICAL_FAILURE_FACE = 66
CRITICAL_SUCCESS_UP_TO = 10
CRITICAL_FAILURE_FROM = 91

KARMA_MOVES = {
    "super_critical_success": -2,
    "critical_success": -1,
    "critical_failure": +1,
    "super_critical_failure": +2,
}
"""How a test's outcome moves karma; other outcomes leave it alone."""

INTUITION_OUTCOMES = ("true_intuition", "false_intuition")
DEFAULT_INTUITION = 3


def check_karma(karma: int) -> int:
    """Return ``karma`` if it lies in −10…+10.

    Raises:
        RulesError: otherwise.
    """
    if not KARMA_MIN <= karma <= KARMA_MAX:
        raise RulesError(
            f"karma lies between -10 and +10, not {karma}", message_key="cosmos.karma", value=karma
        )
    return karma


def adjust_karma(karma: int, change: int) -> int:
    """Karma after a change the GM grants or takes away.

    Raises:
        RulesError: when the new karma would leave −10…+10: the rules refuse the action
            that would cause it.
    """
    new = check_karma(karma) + change
    if not KARMA_MIN <= new <= KARMA_MAX:
        raise RulesError(
            f"karma {karma:+d} changed by {change:+d} would be {new:+d}, outside -10…+10: "
            "the action cannot take place",
            message_key="cosmos.karma_change",
            karma=f"{karma:+d}",
            change=f"{change:+d}",
            new=f"{new:+d}",
        )
    return new


def karma_after(karma: int, outcome: str) -> int:
    """Karma after a test with ``outcome``: criticals move it, clamped to −10…+10."""
    return min(KARMA_MAX, max(KARMA_MIN, karma + KARMA_MOVES.get(outcome, 0)))


def karma_die_sign(karma: int) -> int:
    """+1 when the karma die is added (karma ≤ −5), −1 when subtracted (≥ +5), else 0."""
    if karma <= -KARMA_DIE_FROM:
        return 1
    if karma >= KARMA_DIE_FROM:
        return -1
    return 0


def karma_effect(karma: int) -> str:
    """What the karma die does at ``karma``: ``add``, ``subtract`` or ``none`` (the names
    of its terms, ``cosmos.karma.<name>``)."""
    return {1: "add", -1: "subtract", 0: "none"}[karma_die_sign(karma)]


@frozen
class CosmosTest:
    """A d100 test; the threshold is given, or the floor of the mean of several stats.

    Attributes:
        threshold: the value to roll under (one stat, or a value the GM gives).
        stats: several stats whose mean (rounded down) is the threshold instead.
        bonus: bonuses in %, added to the threshold in points (negative for a malus).
        karma: the character's karma, −10…+10.
        state_bonus: what the character's state adds to the threshold in points (fatigue,
            a posture's die: see :mod:`meneur.core.cosmos.conditions`), kept apart from
            ``bonus`` so the record says why.
        critical_failures: points the critical failures' band widens by (an extreme
            fatigue: 5, reading 86–100 as a critical failure), 0–90.
        names: the stats' names as the sheet calls them, one for each of ``stats``
            (none for values given without them): what the journal says was tested.
        final_skill: the test is the Final Skill, in Illumination or Sépulcrale:
            "Annulation critique : les échecs critiques et super-critiques sont ignorés
            sur le Final Skill" (docs/rules/cosmos.md#cosmos) — the score is read against the
            threshold like any other (a 95 under a threshold of 98 succeeds), and karma does not
            move for a critical failure it did not have.
        reroll_bonus: an opponent's aura on row 5: "Oblige l'adversaire a relancer une
            fois, sans bonus ni renforcement son jet en cas de réussite (hors critiques et
            super-critiques)" (docs/rules/cosmos.md#cosmos) — a plain success is rolled again once,
            read with this bonus instead of ``bonus`` and ``state_bonus`` (theirs without the
            bonuses: the maluses only); None: no such aura.

    Raises:
        RulesError: when neither or both of ``threshold`` and ``stats`` are given,
            karma is out of range, or the reroll's bonus is above the test's.
    """

    threshold: int | None = None
    stats: tuple[int, ...] = ()
    bonus: int = 0
    karma: int = 0
    state_bonus: int = field(default=0, metadata=QUIET_DEFAULT)
    critical_failures: int = field(default=0, metadata=QUIET_DEFAULT)
    names: tuple[str, ...] = field(default=(), metadata=QUIET_DEFAULT)
    final_skill: bool = field(default=False, metadata=QUIET_DEFAULT)
    reroll_bonus: int | None = field(default=None, metadata=QUIET_DEFAULT)

    def __post_init__(self) -> None:
        if (self.threshold is None) == (not self.stats):
            raise RulesError(
                "give either a threshold or the stats whose mean is the threshold",
                message_key="cosmos.threshold_or_stats",
            )
        if self.names and len(self.names) != len(self.stats):
            raise RulesError("a name for each stat, or none", message_key="cosmos.stat_names")
        check_karma(self.karma)
        if not 0 <= self.critical_failures <= CRITICAL_FAILURE_FROM - 1:
            raise RulesError(
                f"critical failures widen by 0 to 90 points, not {self.critical_failures}",
                message_key="cosmos.critical_failures",
                value=self.critical_failures,
            )
        if self.reroll_bonus is not None and self.reroll_bonus > self.bonus + self.state_bonus:
            raise RulesError(
                "the aura's reroll takes bonuses off, it adds none",
                message_key="cosmos.reroll_bonus",
            )

    @property
    def base_threshold(self) -> int:
        """The threshold given, or the mean of the stats (rounded down), before bonuses."""
        return self.threshold if self.threshold is not None else sum(self.stats) // len(self.stats)

    @property
    def effective_threshold(self) -> int:
        """The highest score that succeeds: threshold (or mean of stats) plus both bonuses."""
        return self.base_threshold + self.bonus + self.state_bonus

    @property
    def reroll_threshold(self) -> int:
        """The threshold an aura's reroll is read against (the effective one without
        one)."""
        if self.reroll_bonus is None:
            return self.effective_threshold
        return self.base_threshold + self.reroll_bonus

    @property
    def critical_failure_from(self) -> int:
        """The lowest score read as a critical failure (91, less any widening)."""
        return CRITICAL_FAILURE_FROM - self.critical_failures


def classify(
    score: int,
    threshold: int,
    karma: int,
    critical_failure_from: int = CRITICAL_FAILURE_FROM,
    *,
    no_critical_failures: bool = False,
) -> str:
    """The outcome key of a (karma-modified) score, read in the rules' order (critical
    failures from ``critical_failure_from``: 91, or lower under an extreme fatigue; none
    with ``no_critical_failures``, the Final Skill's Annulation critique)."""
    if score == SUPER_CRITICAL_SUCCESS_FACE:
        return "critical_success" if karma == KARMA_MIN else "super_critical_success"
    if score == SUPER_CRITICAL_FAILURE_FACE and not no_critical_failures:
        return "critical_failure" if karma == KARMA_MAX else "super_critical_failure"
    if score <= CRITICAL_SUCCESS_UP_TO:
        return "success" if karma == KARMA_MIN else "critical_success"
    if score >= critical_failure_from and not no_critical_failures:
        return "failure" if karma == KARMA_MAX else "critical_failure"
    return "success" if score <= threshold else "failure"


def modified_score(natural: int, karma_die: int | None, karma: int) -> int:
    """The d100 after the karma die, clamped to 1–100."""
    shift = karma_die_sign(karma) * (karma_die or 0)
    return min(100, max(1, natural + shift))


@frozen(kw_only=True)
class CosmosRoll(RollRecord[CosmosTest]):
    """A Great Cosmos test. ``result`` is the modified score (1–100).

    Attributes:
        natural: the d100 as rolled.
        karma_die: the d10 karma added or subtracted, if karma was ±5 or beyond.
        threshold: the effective threshold the score was read against.
        karma_after: the character's karma once the outcome has moved it.
        first: under an aura's row 5, the first score, a plain success rolled again
            (the record's dice hold both rolls; ``natural``, ``karma_die`` and
            ``threshold`` are the second's); None when nothing was rolled again.
    """

    system: ClassVar[str] = SYSTEM
    natural: int
    karma_die: int | None
    threshold: int
    karma_after: int
    first: int | None = None


def _read(
    test: CosmosTest, faces: tuple[int, ...], threshold: int
) -> tuple[int, int | None, int, str]:
    """One d100 (and its karma d10) read against ``threshold``: the natural d100, the
    karma die, the modified score and the outcome.

    Raises:
        RulesError: for a face off its die.
    """
    natural = faces[0]
    karma_die = faces[1] if len(faces) > 1 else None
    check_faces([natural], 100)
    if karma_die is not None:
        check_faces([karma_die], KARMA_DIE_SIDES)
    score = modified_score(natural, karma_die, test.karma)
    outcome = classify(
        score,
        threshold,
        test.karma,
        test.critical_failure_from,
        no_critical_failures=test.final_skill,
    )
    return natural, karma_die, score, outcome


def rolled_again(test: CosmosTest, outcome: str) -> bool:
    """Whether a first roll's ``outcome`` is rolled again (an aura's row 5 and a plain
    success, "hors critiques et super-critiques")."""
    return test.reroll_bonus is not None and outcome == "success"


def resolve(test: CosmosTest, faces: tuple[int, ...]) -> CosmosRoll:
    """Read the d100 (and the karma d10 when karma calls for it) as the test's outcome;
    under an aura's row 5, a plain success reads a second d100 (and karma d10).

    Raises:
        RulesError: when the faces do not match: one d100, plus one d10 at karma ±5 or
            beyond; twice that when the first roll is rolled again.
    """
    per_roll = 1 + (karma_die_sign(test.karma) != 0)
    if len(faces) not in (per_roll, 2 * per_roll):
        raise RulesError(
            "this test reads a d100 and a karma d10" if per_roll == 2 else "this test reads a d100",
            message_key="cosmos.faces_karma" if per_roll == 2 else "cosmos.faces_d100",
        )
    natural, karma_die, score, outcome = _read(test, faces[:per_roll], test.effective_threshold)
    threshold, first = test.effective_threshold, None
    again = rolled_again(test, outcome)
    if again != (len(faces) == 2 * per_roll):
        raise RulesError(
            "the aura has this success rolled again: a second d100"
            if again
            else "only an aura's plain success is rolled again",
            message_key="cosmos.faces_again" if again else "cosmos.faces_not_again",
        )
    dice = [Die(100, natural)]
    if karma_die is not None:
        dice.append(Die(KARMA_DIE_SIDES, karma_die, role="karma"))
    if again:
        first, threshold = score, test.reroll_threshold
        natural, karma_die, score, outcome = _read(test, faces[per_roll:], threshold)
        dice.append(Die(100, natural, role="aura_reroll"))
        if karma_die is not None:
            dice.append(Die(KARMA_DIE_SIDES, karma_die, role="aura_reroll_karma"))
    return CosmosRoll(
        inputs=test,
        dice=tuple(dice),
        result=score,
        outcome=outcome,
        success=outcome in SUCCESSES,
        natural=natural,
        karma_die=karma_die,
        threshold=threshold,
        karma_after=karma_after(test.karma, outcome),
        first=first,
    )


def roll(test: CosmosTest, rng: random.Random) -> CosmosRoll:
    """Roll the test: the d100 first, then the karma d10 when karma is ±5 or beyond;
    again when an aura's row 5 has a plain success rolled again."""
    faces = [draw(rng, 100)]
    if karma_die_sign(test.karma):
        faces.append(draw(rng, KARMA_DIE_SIDES))
    if test.reroll_bonus is not None:
        outcome = _read(test, tuple(faces), test.effective_threshold)[3]
        if rolled_again(test, outcome):
            faces.append(draw(rng, 100))
            if karma_die_sign(test.karma):
                faces.append(draw(rng, KARMA_DIE_SIDES))
    return resolve(test, tuple(faces))


def odds(test: CosmosTest) -> Odds[CosmosTest]:
    """Exact probability of each outcome and of each final score (under an aura's row
    5, a plain success's share spread over the second roll's scores)."""
    sign = karma_die_sign(test.karma)
    shifts = range(1, KARMA_DIE_SIDES + 1) if sign else range(1)
    counts = Counter(
        min(100, max(1, natural + sign * shift)) for natural in range(1, 101) for shift in shifts
    )
    threshold = test.effective_threshold

    def outcome_of(score: int, against: int) -> str:
        return classify(
            score,
            against,
            test.karma,
            test.critical_failure_from,
            no_critical_failures=test.final_skill,
        )

    if test.reroll_bonus is not None:
        # A score that is not a plain success stands; a plain success's cases are spread
        # over the second roll's. The reroll's threshold is never above the first's, so
        # a score that stands reads the same against either.
        cases = sum(counts.values())
        again = sum(n for score, n in counts.items() if outcome_of(score, threshold) == "success")
        final = Counter(
            {
                score: n * cases
                for score, n in counts.items()
                if outcome_of(score, threshold) != "success"
            }
        )
        for score, n in counts.items():
            final[score] += again * n
        counts, threshold = final, test.reroll_threshold
    distribution = distribution_from_counts(counts)
    return Odds(
        system=SYSTEM,
        inputs=test,
        outcomes=outcome_odds(distribution, lambda score: outcome_of(score, threshold), OUTCOMES),
        distribution=distribution,
    )


@frozen
class IntuitionTest:
    """An intuition roll: 1d6 at most the character's Intuition is a (partly) true one.

    Raises:
        RulesError: when Intuition is not 0–6.
    """

    intuition: int = DEFAULT_INTUITION

    def __post_init__(self) -> None:
        if not 0 <= self.intuition <= 6:
            raise RulesError(
                f"Intuition is used on a d6: 0 to 6, not {self.intuition}",
                message_key="cosmos.intuition",
                value=self.intuition,
            )


@frozen(kw_only=True)
class IntuitionRoll(RollRecord[IntuitionTest]):
    """An intuition roll; ``result`` is the d6."""

    system: ClassVar[str] = INTUITION


def resolve_intuition(test: IntuitionTest, faces: tuple[int, ...]) -> IntuitionRoll:
    """Read one d6 as a true (≤ Intuition) or false intuition."""
    if len(faces) != 1 or not 1 <= faces[0] <= 6:
        raise RulesError(
            "an intuition roll reads one d6 showing 1 to 6",
            message_key="dice.read_as",
            count=1,
            sides=6,
        )
    face = faces[0]
    true = face <= test.intuition
    return IntuitionRoll(
        inputs=test,
        dice=(Die(6, face),),
        result=face,
        outcome="true_intuition" if true else "false_intuition",
        success=true,
    )


def roll_intuition(test: IntuitionTest, rng: random.Random) -> IntuitionRoll:
    """Roll the intuition d6 from ``rng``."""
    return resolve_intuition(test, (draw(rng, 6),))


def intuition_odds(test: IntuitionTest) -> Odds[IntuitionTest]:
    """Exact odds of a true or false intuition."""
    distribution = distribution_from_counts(dict.fromkeys(range(1, 7), 1))
    return Odds(
        system=INTUITION,
        inputs=test,
        outcomes=outcome_odds(
            distribution,
            lambda face: "true_intuition" if face <= test.intuition else "false_intuition",
            INTUITION_OUTCOMES,
        ),
        distribution=distribution,
    )
