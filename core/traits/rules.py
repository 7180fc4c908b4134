"""Les Traits (docs/rules/traits.md#traits): d6 pools against a Difficulty, bless/curse, Coup de
poker.

A trait roll throws as many d6 as the trait, adjusted by a fixed bonus or malus and by a
variable bonus/malus die rolled first (``+d6``, ``-d4``), never fewer than 0. A die
succeeds when it shows 6, or when it is not 1 and at least the Difficulty; blessing
lowers the Difficulty by one, cursing raises it. The action needs ``need`` successes.

**Coup de poker**: only with a 6 showing, the player rerolls k of the failed dice,
1 ≤ k ≤ the successes of the first roll (and at most the failed dice). New successes add;
a 1 on any rerolled die is a *fiasco*: the whole roll counts no success.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from dataclasses import replace
from enum import StrEnum
from fractions import Fraction
from math import comb, factorial
from types import MappingProxyType
from typing import Any, ClassVar

from meneur.core.dice import Die, check_faces, draw, face_count_error
from meneur.core.errors import RulesError
from meneur.core.frozen import frozen
from meneur.core.odds import Odds
from meneur.core.records import RollRecord

SYSTEM = "traits"
OUTCOMES = ("success", "failure")
PENDING = "pending"
"""The outcome of a roll that is not final yet: a talent forces a Coup de poker this roll
allows, and the player has not chosen how many dice it rerolls."""
MAX_POOL = 100
"""Most dice one trait roll may throw (far beyond any sheet; keeps odds quick)."""
MAX_ODDS_WORK = 400_000
"""The most first-roll-and-reroll cases exact odds may count (about half a second here:
100 dice with a Coup de poker are some 180,000); beyond, odds are refused, rolls work."""


class Blessing(StrEnum):
    """Bénir (difficulty − 1) or maudire (difficulty + 1) a roll."""

    BLESS = "bless"
    CURSE = "curse"

    @property
    def shift(self) -> int:
        """What the blessing adds to the Difficulty."""
        return -1 if self is Blessing.BLESS else 1


class PokerPolicy(StrEnum):
    """When to try a Coup de poker, for odds and for rolls left to meneur.

    ``max``: with the largest k whenever allowed. ``when-short``: with the largest k,
    only when the first roll has fewer successes than needed. ``never``: not at all —
    except when a talent forces the poker, then with k = 1, the smallest risk.
    """

    NEVER = "never"
    MAX = "max"
    WHEN_SHORT = "when-short"


_BONUS_DIE = re.compile(r"\s*([+-]?)\s*d(\d{1,3})\s*", re.IGNORECASE)


@frozen
class BonusDie:
    """A variable bonus (``+d6``) or malus (``-d4``) die, rolled before the pool.

    Attributes:
        sides: the die's faces.
        sign: +1 for a bonus, −1 for a malus.
    """

    sides: int
    sign: int = 1

    def __post_init__(self) -> None:
        if self.sides < 2 or self.sign not in (1, -1):
            raise RulesError(
                f"a bonus die is +dN or -dN with N ≥ 2, not {self.text}",
                message_key="traits.bonus_die",
                value=self.text,
            )

    @property
    def text(self) -> str:
        """The die as written: ``+d6``, ``-d4``."""
        return f"{'+' if self.sign > 0 else '-'}d{self.sides}"

    @classmethod
    def parse(cls, text: str) -> BonusDie:
        """Read ``d6``, ``+d6`` or ``-d4``.

        Raises:
            RulesError: for anything else.
        """
        match = _BONUS_DIE.fullmatch(text)
        if match is None:
            raise RulesError(
                f"a bonus die is written +d6 or -d4, not {text!r}",
                message_key="traits.bonus_die",
                value=text,
            )
        return cls(int(match.group(2)), -1 if match.group(1) == "-" else 1)


@frozen
class TraitTest:
    """A trait roll.

    Attributes:
        dice: the trait's value (number of d6), 0 or more.
        difficulty: the Difficulty, 0 or more (a derived Parade or Endurance of 0 is a
            legal Difficulty; at 0 or 1 every die but a 1 succeeds; above 6 only 6s do).
        need: successes the action needs, 1 or more.
        bonus: fixed bonus (or malus, negative) to the number of dice.
        bonus_die: a variable bonus/malus die, rolled first.
        blessing: bless or curse, if any.
        blessing_after: the blessing was declared after the dice were seen (the same
            faces are read again; it must come before any Coup de poker).
        forced_poker: a talent forces a Coup de poker whenever a 6 shows.
        poker: how many dice the Coup de poker rerolls (0: none, or not chosen yet), or
            a policy that decides from the first roll; ``None`` is no poker unless a
            talent forces it.

    Raises:
        RulesError: for values the rules do not allow.
    """

    dice: int
    difficulty: int
    need: int = 1
    bonus: int = 0
    bonus_die: BonusDie | None = None
    blessing: Blessing | None = None
    blessing_after: bool = False
    forced_poker: bool = False
    poker: int | PokerPolicy | None = None

    def __post_init__(self) -> None:
        if not 0 <= self.dice <= MAX_POOL:
            raise RulesError(
                f"a trait is 0 to {MAX_POOL} dice, not {self.dice}",
                message_key="traits.pool",
                most=MAX_POOL,
                value=self.dice,
            )
        if self.difficulty < 0:
            raise RulesError(
                f"the Difficulty is 0 or more, not {self.difficulty}",
                message_key="traits.difficulty",
                value=self.difficulty,
            )
        if self.need < 1:
            raise RulesError(
                f"an action needs 1 success or more, not {self.need}",
                message_key="traits.need",
                value=self.need,
            )
        if abs(self.bonus) > MAX_POOL:
            raise RulesError(
                f"a bonus of {self.bonus} dice is beyond any pool",
                message_key="traits.bonus",
                value=self.bonus,
            )
        if self.blessing_after and self.blessing is None:
            raise RulesError(
                "only a blessing or a curse can be declared after the roll",
                message_key="traits.after_roll",
            )
        if isinstance(self.poker, int) and self.poker < 0:
            raise RulesError(
                f"a Coup de poker rerolls 1 die or more, not {self.poker}",
                message_key="traits.poker_count",
                value=self.poker,
            )

    @property
    def effective_difficulty(self) -> int:
        """The Difficulty after bless (−1) or curse (+1); never below 0, where every die
        but a 1 already succeeds."""
        return max(0, self.difficulty + (self.blessing.shift if self.blessing else 0))

    def succeeds(self, face: int) -> bool:
        """Whether a die showing ``face`` is a success: 6 always, 1 never, else ≥ D."""
        return face == 6 or (face != 1 and face >= self.effective_difficulty)

    def pool(self, bonus_face: int | None) -> int:
        """Dice to throw once the bonus die shows ``bonus_face``: never below 0."""
        variable = self.bonus_die.sign * bonus_face if self.bonus_die and bonus_face else 0
        return max(0, self.dice + self.bonus + variable)


def poker_limit(successes: int, failures: int, sixes: int) -> int:
    """The most dice a Coup de poker may reroll (0 when it is not allowed).

    It needs a 6 showing; k is at most the first roll's successes and the failed dice.
    """
    return min(successes, failures) if sixes else 0


def choose_poker(test: TraitTest, successes: int, failures: int, sixes: int) -> int:
    """How many dice the Coup de poker rerolls, from the test's choice and the first roll.

    An explicit 0 is always accepted: no Coup de poker, or not chosen yet (an interface
    then asks, and must insist when the poker is forced: see ``TraitRoll.poker_owed``).

    Raises:
        RulesError: when an explicit k is not allowed by this roll.
    """
    limit = poker_limit(successes, failures, sixes)
    forced = test.forced_poker and limit > 0
    choice = test.poker
    if isinstance(choice, int):
        if choice > limit:
            if limit == 0:
                # A 6 showing is itself a success, so only a 6 or a failed die can lack.
                raise RulesError(
                    "a Coup de poker needs a 6 showing and a failed die",
                    message_key="traits.poker_needs",
                )
            raise RulesError(
                f"this Coup de poker may reroll 1 to {limit} dice, not {choice}",
                message_key="traits.poker_limit",
                most=limit,
                value=choice,
            )
        return choice
    if choice is PokerPolicy.MAX:
        return limit
    if choice is PokerPolicy.WHEN_SHORT and successes < test.need:
        return limit
    return 1 if forced else 0


@frozen(kw_only=True)
class TraitRoll(RollRecord[TraitTest]):
    """A trait roll. ``result`` is the number of successes (final unless ``poker_owed``:
    then the outcome is :data:`PENDING` and ``success`` None until the poker is made).

    ``dice`` holds, in order: the bonus die (role ``"bonus"``), the first roll (no role;
    dice a Coup de poker replaced are not kept), then the rerolled dice (role
    ``"reroll"``).

    Attributes:
        pool: dice thrown in the first roll.
        first_successes: successes of the first roll.
        poker: dice rerolled by the Coup de poker (0 for none).
        poker_limit: the most dice a Coup de poker could reroll after the first roll.
        poker_owed: a talent forces a Coup de poker this roll allows and none was made.
        fiasco: a rerolled die showed 1: the roll counts no success.
        successes: the final successes (after poker and fiasco).
    """

    system: ClassVar[str] = SYSTEM
    pool: int
    first_successes: int
    poker: int
    poker_limit: int
    poker_owed: bool
    fiasco: bool
    successes: int


def resolve(test: TraitTest, faces: tuple[int, ...]) -> TraitRoll:
    """Read the faces of a trait roll: the bonus die (if any), the pool, then any rerolls.

    The number of rerolled dice is whatever follows the pool; it must be a Coup de poker
    the rules (and the test's choice) allow. The first failed dice are the rerolled ones.

    Raises:
        RulesError: when the faces do not fit the test.
    """
    remaining = list(faces)
    bonus_face = None
    dice: list[Die] = []
    if test.bonus_die is not None:
        if not remaining:
            raise RulesError(
                f"this roll starts with its {test.bonus_die.text}",
                message_key="traits.bonus_first",
                die=test.bonus_die.text,
            )
        bonus_face = remaining.pop(0)
        if not 1 <= bonus_face <= test.bonus_die.sides:
            raise RulesError(
                f"a d{test.bonus_die.sides} cannot show {bonus_face}",
                message_key="dice.impossible_face",
                sides=test.bonus_die.sides,
                face=bonus_face,
            )
        dice.append(Die(test.bonus_die.sides, bonus_face, role="bonus"))
    pool = test.pool(bonus_face)
    if len(remaining) < pool:
        raise face_count_error(pool, len(remaining))
    first, rerolls = remaining[:pool], remaining[pool:]
    check_faces(faces[len(dice) :], 6)
    successes = sum(1 for face in first if test.succeeds(face))
    failed = [i for i, face in enumerate(first) if not test.succeeds(face)]
    sixes = first.count(6)
    limit = poker_limit(successes, len(failed), sixes)
    expected = choose_poker(test, successes, len(failed), sixes)
    if len(rerolls) != expected:
        raise RulesError(
            f"this roll's Coup de poker rerolls {expected} dice, got {len(rerolls)} more faces",
            message_key="traits.poker_faces",
            expected=expected,
            given=len(rerolls),
        )
    replaced = set(failed[: len(rerolls)])
    dice += [Die(6, face, kept=False if i in replaced else None) for i, face in enumerate(first)]
    dice += [Die(6, face, role="reroll") for face in rerolls]
    fiasco = 1 in rerolls
    final = 0 if fiasco else successes + sum(1 for face in rerolls if test.succeeds(face))
    owed = test.forced_poker and limit > 0 and not rerolls
    return TraitRoll(
        inputs=test,
        dice=tuple(dice),
        result=final,
        # A Coup de poker still owed can change everything (a fiasco, new successes).
        outcome=PENDING if owed else "success" if final >= test.need else "failure",
        success=None if owed else final >= test.need,
        pool=pool,
        first_successes=successes,
        poker=len(rerolls),
        poker_limit=limit,
        poker_owed=owed,
        fiasco=fiasco,
        successes=final,
    )


def roll(test: TraitTest, rng: random.Random) -> TraitRoll:
    """Roll the bonus die, the pool, then the Coup de poker the test's choice calls for.

    Raises:
        RulesError: when the test asks for a Coup de poker this roll does not allow.
    """
    faces = []
    bonus_face = None
    if test.bonus_die is not None:
        bonus_face = draw(rng, test.bonus_die.sides)
        faces.append(bonus_face)
    first = [draw(rng, 6) for _ in range(test.pool(bonus_face))]
    faces += first
    failures = sum(1 for face in first if not test.succeeds(face))
    k = choose_poker(test, len(first) - failures, failures, first.count(6))
    faces += [draw(rng, 6) for _ in range(k)]
    return resolve(test, tuple(faces))


def poker_odds(record: TraitRoll, k: int) -> Fraction:
    """The chance that a Coup de poker on ``k`` of this roll's failed dice ends with at
    least the successes the test needs (no fiasco, enough new successes).

    Raises:
        RulesError: when k is not a Coup de poker this roll allows.
    """
    if not 1 <= k <= record.poker_limit:
        raise RulesError(
            f"this roll allows a Coup de poker of 1 to {record.poker_limit} dice",
            message_key="traits.poker_limit",
            most=record.poker_limit,
            value=k,
        )
    test = record.inputs
    other_successes = sum(1 for face in range(2, 6) if test.succeeds(face))
    succeeding = other_successes + 1  # the 6 too
    plain_failing = 4 - other_successes  # failing faces other than the 1
    missing = max(0, test.need - record.first_successes)
    ways = sum(
        comb(k, new) * succeeding**new * plain_failing ** (k - new) for new in range(missing, k + 1)
    )
    return Fraction(ways, 6**k)


def first_roll(test: TraitTest, rng: random.Random) -> TraitRoll:
    """Roll the bonus die and the pool only, leaving the Coup de poker to the player.

    The record's inputs say ``poker=0``; :func:`with_poker` completes it.
    """
    return roll(replace(test, poker=0), rng)


def with_poker(record: TraitRoll, k: int, rng: random.Random) -> TraitRoll:
    """The roll after the player's Coup de poker on ``k`` dice, rerolled from ``rng``.

    The returned record's inputs say ``poker=k``, so replaying it on the same seed (the
    rerolls drawn from the same generator right after the first roll) reproduces it.

    Raises:
        RulesError: when a Coup de poker was already made or k is not allowed.
    """
    if record.poker:
        raise RulesError("this roll already had its Coup de poker", message_key="traits.poker_done")
    test = replace(record.inputs, poker=k)
    sixes = sum(1 for die in record.dice if die.role is None and die.face == 6)
    choose_poker(test, record.first_successes, record.pool - record.first_successes, sixes)
    faces = tuple(die.face for die in record.dice)
    return replace(resolve(test, faces + tuple(draw(rng, 6) for _ in range(k))), seed=record.seed)


def with_poker_faces(record: TraitRoll, faces: tuple[int, ...]) -> TraitRoll:
    """The roll after a Coup de poker made with physical dice: ``faces`` are the rerolled
    dice as the player read them.

    Raises:
        RulesError: when a Coup de poker was already made, or those faces are not one this
            roll allows.
    """
    if record.poker:
        raise RulesError("this roll already had its Coup de poker", message_key="traits.poker_done")
    test = replace(record.inputs, poker=len(faces))
    return resolve(test, tuple(die.face for die in record.dice) + faces)


def declare_blessing(record: TraitRoll, blessing: Blessing) -> TraitRoll:
    """Bless or curse after the roll: the same faces are read at the new Difficulty.

    Raises:
        RulesError: after a Coup de poker (a blessing comes before it), or when the roll
            already has a blessing.
    """
    if record.poker:
        raise RulesError(
            "bless or curse the roll before its Coup de poker", message_key="traits.bless_first"
        )
    if record.inputs.blessing is not None:
        raise RulesError(
            "this roll is already blessed or cursed", message_key="traits.blessed_already"
        )
    test = replace(record.inputs, blessing=blessing, blessing_after=True)
    return replace(resolve(test, tuple(die.face for die in record.dice)), seed=record.seed)


@frozen
class TraitOdds(Odds[TraitTest]):
    """Odds of a trait roll; ``distribution`` is over final successes.

    Attributes:
        policy: the Coup de poker policy the odds assume.
        fiasco: probability that a Coup de poker ends in a fiasco.
    """

    policy: PokerPolicy = PokerPolicy.NEVER
    fiasco: Fraction = Fraction(0)


def _multinomial(n: int, *parts: int) -> int:
    result = factorial(n)
    for part in parts:
        result //= factorial(part)
    return result


def pool_distribution(
    test: TraitTest, pool: int, policy: PokerPolicy
) -> tuple[dict[int, Fraction], Fraction]:
    """Exact final-success distribution of ``pool`` dice under ``policy``, and P(fiasco).

    The first roll is counted by how many dice show 6 (a), another success (b) or fail
    (c); the policy picks k from (a, b, c); the k rerolled dice are counted by whether
    any shows 1 (fiasco) and how many succeed. Counts stay integers over the common
    denominator 6^(2·pool) (k ≤ pool), and become fractions once at the end.
    """
    other_successes = sum(1 for face in range(2, 6) if test.succeeds(face))
    failing = 5 - other_successes  # the 1 and the failing faces 2–5
    reroll_success = other_successes + 1  # a reroll succeeds on those faces or a 6
    reroll_plain_fail = failing - 1  # fails without being a 1
    counts: dict[int, int] = {}
    fiasco = 0
    rule = replace(test, poker=policy)
    for sixes in range(pool + 1):
        for others in range(pool - sixes + 1):
            failures = pool - sixes - others
            ways = _multinomial(pool, sixes, others, failures) * other_successes**others
            ways *= failing**failures
            if not ways:
                continue
            successes = sixes + others
            k = choose_poker(rule, successes, failures, sixes)
            # Scale this first roll to the common denominator: 6^pool rerolls unused.
            weight = ways * 6 ** (pool - k)
            if k == 0:
                counts[successes] = counts.get(successes, 0) + weight * 6**k
                continue
            fiascos = weight * (6**k - 5**k)
            fiasco += fiascos
            counts[0] = counts.get(0, 0) + fiascos
            for new in range(k + 1):
                count = comb(k, new) * reroll_success**new * reroll_plain_fail ** (k - new)
                if count:
                    counts[successes + new] = counts.get(successes + new, 0) + weight * count
    cases = 6 ** (2 * pool)
    distribution = {successes: Fraction(n, cases) for successes, n in counts.items()}
    return distribution, Fraction(fiasco, cases)


def pool_work(pool: int, policy: PokerPolicy, forced: bool) -> int:
    """Cases :func:`pool_distribution` counts for ``pool`` dice: each first roll (by its
    sixes and other successes), and with a Coup de poker each way of its rerolled dice."""
    states = (pool + 1) * (pool + 2) // 2
    if policy is PokerPolicy.NEVER and not forced:
        return states
    return states * (pool + 3) // 3


def odds_work(test: TraitTest, policy: PokerPolicy) -> int:
    """Cases the exact odds of ``test`` under ``policy`` count (every bonus-die face)."""
    faces: list[int | None] = (
        list(range(1, test.bonus_die.sides + 1)) if test.bonus_die is not None else [None]
    )
    return sum(pool_work(test.pool(face), policy, test.forced_poker) for face in faces)


def check_odds_work(work: int, what: str) -> None:
    """Refuse exact odds that would count more than :data:`MAX_ODDS_WORK` cases.

    Raises:
        RulesError: saying the roll itself still works.
    """
    if work > MAX_ODDS_WORK:
        raise RulesError(
            f"exact odds of {what} would take too long to compute (too many dice); "
            "rolling it still works",
            message_key="odds.too_long",
        )


def odds(test: TraitTest, policy: PokerPolicy | None = None) -> TraitOdds:
    """Exact odds of success and of each final number of successes under ``policy``.

    Without a policy, the test's own ``poker`` is used when it is a policy, else
    ``never``. A bonus die makes the pool itself random: each face is equally likely.

    Raises:
        RulesError: when they would take more than about half a second to count.
    """
    if policy is None:
        policy = test.poker if isinstance(test.poker, PokerPolicy) else PokerPolicy.NEVER
    check_odds_work(odds_work(test, policy), f"this roll of {test.dice} dice")
    faces: list[int | None] = (
        list(range(1, test.bonus_die.sides + 1)) if test.bonus_die is not None else [None]
    )
    share = Fraction(1, len(faces))
    totals: dict[int, Fraction] = {}
    fiasco = Fraction(0)
    for face in faces:
        distribution, fiasco_part = pool_distribution(test, test.pool(face), policy)
        fiasco += share * fiasco_part
        for successes, probability in distribution.items():
            totals[successes] = totals.get(successes, Fraction(0)) + share * probability
    ordered: Mapping[int, Fraction] = MappingProxyType(
        {k: p for k, p in sorted(totals.items()) if p}
    )
    success = sum((p for k, p in ordered.items() if k >= test.need), Fraction(0))
    return TraitOdds(
        system=SYSTEM,
        inputs=test,
        outcomes=MappingProxyType({"success": success, "failure": 1 - success}),
        distribution=ordered,
        policy=policy,
        fiasco=fiasco,
    )


def poker_counted(inputs: Mapping[str, Any], rerolled: object) -> bool:
    """Whether a Coup de poker's roll is weighed at its own test's odds in the luck: a
    forced one of a single die is in its test's odds (the talent makes it part of the
    roll); any other was chosen after the first roll, whose odds count instead."""
    return inputs.get("forced_poker") is True and rerolled == 1
