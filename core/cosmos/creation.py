"""Great Cosmos character creation rolls (docs/rules/cosmos.md#creation) and the pre-v4 conversion.

- PV/PM: ten d100; if their total is not within 250–750, all ten are rerolled. The
  player then gives exactly five to PV and five to PM.
- Stats: six d100, each die outside 20–80 rerolled on its own until inside; then if the
  total is not within 200–400 all six are rerolled (and the process repeats).
- DNA points (genetic-manipulation rule): 5 + 1d20. Money: 1d100.
- Skill points for a progressive skill sheet: 1d6, plus 1d6 per full 100 PM, plus a bonus
  d6 that may replace any one of those dice.
- Conversion from rules before v4: two d100 as for stats (each 20–80) with a total
  within 60–140, for Précision and Chance; then up to 20 points may move.

Every attempt is kept in the record so an interface can show the rerolls one by one.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from meneur.core.dice import Die, draw
from meneur.core.errors import RulesError
from meneur.core.frozen import frozen

SYSTEM = "cosmos"

STATS = ("force", "esprit", "charisme", "agilite", "precision", "chance")
"""The six main stats, in the order of the character sheet."""

PV_PM_DICE = 10
PV_PM_TOTAL = (250, 750)
STAT_DICE = 6
STAT_DIE_RANGE = (20, 80)
STAT_TOTAL = (200, 400)
CONVERSION_DICE = 2
CONVERSION_TOTAL = (60, 140)
DNA_BASE = 5
POINTS_TO_MOVE = 10
CONVERSION_POINTS_TO_MOVE = 20
STAT_MIN = 20
STAT_MAX = 80
STAT_MAX_FROM_LEVEL_3 = 85
PM_PER_SKILL_DIE = 100


def stat_cap(level: int) -> int:
    """The highest a stat may be at ``level``: 80, or 85 from level 3."""
    return STAT_MAX_FROM_LEVEL_3 if level >= 3 else STAT_MAX


def _within(value: int, bounds: tuple[int, int]) -> bool:
    return bounds[0] <= value <= bounds[1]


@frozen
class PvPmRoll:
    """The 10d100 for PV and PM.

    Attributes:
        attempts: every set of ten dice rolled, in order; all but the last total outside
            250–750 and were rerolled as a whole.
    """

    attempts: tuple[tuple[int, ...], ...]

    @property
    def dice(self) -> tuple[int, ...]:
        """The ten accepted dice."""
        return self.attempts[-1]


@frozen
class BoundedAttempt:
    """One attempt at a set of bounded dice (stats or conversion).

    Attributes:
        slots: for each die, every face it showed in order; the last one lies in 20–80,
            the ones before were rerolled on their own.
    """

    slots: tuple[tuple[int, ...], ...]

    @property
    def faces(self) -> tuple[int, ...]:
        """The face each die ended on."""
        return tuple(slot[-1] for slot in self.slots)

    @property
    def total(self) -> int:
        """The sum of the faces the dice ended on."""
        return sum(self.faces)


@frozen
class BoundedRoll:
    """Dice each within 20–80 whose total must fall in a range (stats, conversion).

    Attributes:
        attempts: every attempt in order; all but the last had a total out of range.
    """

    attempts: tuple[BoundedAttempt, ...]

    @property
    def dice(self) -> tuple[int, ...]:
        """The accepted dice."""
        return self.attempts[-1].faces


@frozen
class SkillPointsRoll:
    """Skill points (PC) for a progressive skill sheet.

    Attributes:
        pm: the character's PM at creation (one extra d6 per full 100).
        dice: the base d6 and one d6 per full 100 PM.
        bonus_die: the bonus d6 that may replace any one of ``dice``.
    """

    pm: int
    dice: tuple[int, ...]
    bonus_die: int

    def points(self, replace: int | None = None) -> int:
        """Total PC when the bonus die replaces ``dice[replace]`` (or nothing).

        Raises:
            RulesError: when ``replace`` is not an index of ``dice``.
        """
        if replace is None:
            return sum(self.dice)
        if not 0 <= replace < len(self.dice):
            raise RulesError(
                f"there is no skill-point die number {replace + 1}",
                message_key="cosmos.creation.no_die",
                value=replace + 1,
            )
        return sum(self.dice) - self.dice[replace] + self.bonus_die

    @property
    def best_replacement(self) -> int | None:
        """Which die the bonus die best replaces (the lowest, if the bonus is higher)."""
        lowest = min(range(len(self.dice)), key=self.dice.__getitem__)
        return lowest if self.bonus_die > self.dice[lowest] else None

    @property
    def best_points(self) -> int:
        """The most PC the player can have from these dice."""
        return self.points(self.best_replacement)


def roll_pv_pm(rng: random.Random) -> PvPmRoll:
    """Roll 10d100 until the total lies within 250–750."""
    attempts: list[tuple[int, ...]] = []
    while True:
        attempt = tuple(draw(rng, 100) for _ in range(PV_PM_DICE))
        attempts.append(attempt)
        if _within(sum(attempt), PV_PM_TOTAL):
            return PvPmRoll(tuple(attempts))


def roll_bounded(count: int, total: tuple[int, int], rng: random.Random) -> BoundedRoll:
    """Roll ``count`` d100, each rerolled alone until within 20–80, until the total fits.

    Args:
        count: how many dice (6 for stats, 2 for the conversion).
        total: inclusive bounds of the accepted total.
    """
    attempts: list[BoundedAttempt] = []
    while True:
        slots = []
        for _ in range(count):
            faces = [draw(rng, 100)]
            while not _within(faces[-1], STAT_DIE_RANGE):
                faces.append(draw(rng, 100))
            slots.append(tuple(faces))
        attempt = BoundedAttempt(tuple(slots))
        attempts.append(attempt)
        if _within(attempt.total, total):
            return BoundedRoll(tuple(attempts))


def roll_stat_dice(rng: random.Random) -> BoundedRoll:
    """The 6d100 for the six stats (each 20–80, total 200–400)."""
    return roll_bounded(STAT_DICE, STAT_TOTAL, rng)


def roll_skill_points(pm: int, rng: random.Random) -> SkillPointsRoll:
    """Roll 1d6 + 1d6 per full 100 PM, then the bonus d6."""
    dice = tuple(draw(rng, 6) for _ in range(1 + max(pm, 0) // PM_PER_SKILL_DIE))
    return SkillPointsRoll(pm=pm, dice=dice, bonus_die=draw(rng, 6))


def split_pv_pm(dice: Sequence[int], pm_positions: Sequence[int]) -> tuple[int, int]:
    """PV and PM once the player has given five of the ten dice to PM.

    Args:
        dice: the ten accepted d100.
        pm_positions: 0-based positions of the five dice that go to PM; the other five
            go to PV.

    Raises:
        RulesError: unless exactly five distinct positions among the ten are given.
    """
    chosen = set(pm_positions)
    if len(dice) != PV_PM_DICE:
        raise RulesError(
            "PV and PM are split from exactly ten dice", message_key="cosmos.creation.ten_dice"
        )
    if len(chosen) != PV_PM_DICE // 2 or len(chosen) != len(pm_positions):
        raise RulesError(
            "give exactly five different dice to PM (the other five go to PV)",
            message_key="cosmos.creation.five_pm",
        )
    if not chosen <= set(range(PV_PM_DICE)):
        raise RulesError("dice are numbered 1 to 10", message_key="cosmos.creation.numbered")
    pm = sum(dice[i] for i in chosen)
    return sum(dice) - pm, pm


def check_point_moves(
    before: Mapping[str, int],
    after: Mapping[str, int],
    *,
    budget: int = POINTS_TO_MOVE,
    stat_max: int = STAT_MAX,
) -> None:
    """Check that ``after`` only moves points between the same stats, as the rules allow.

    The increases must equal the decreases, total at most ``budget`` (10 at creation,
    20 when converting), and every stat must stay within 20…``stat_max``.

    Raises:
        RulesError: naming the first rule broken.
    """
    if set(before) != set(after):
        raise RulesError("points move between the same stats", message_key="moves.same_stats")
    increases = sum(max(0, after[s] - before[s]) for s in before)
    decreases = sum(max(0, before[s] - after[s]) for s in before)
    if increases != decreases:
        raise RulesError(
            f"points are moved, not created: +{increases} but -{decreases}",
            message_key="moves.unbalanced",
            added=increases,
            taken=decreases,
        )
    if increases > budget:
        raise RulesError(
            f"at most {budget} points may move, not {increases}",
            message_key="moves.too_many",
            budget=budget,
            moved=increases,
        )
    for stat, value in after.items():
        if not STAT_MIN <= value <= stat_max:
            raise RulesError(
                f"{stat} must stay within {STAT_MIN}-{stat_max}, not {value}",
                message_key="moves.bounds",
                stat_term=f"cosmos.stat.{stat}",
                low=STAT_MIN,
                high=stat_max,
                value=value,
            )


@frozen
class CreationOptions:
    """What a creation roll needs beyond the dice.

    Attributes:
        pm_positions: 0-based positions of the five PV/PM dice the player gives to PM;
            with them the PV/PM split is known and the skill points of a progressive
            sheet are rolled (last, so the other dice do not change).
        skill_points: whether to roll skill points once the split is known (only a
            progressive skill sheet has them).
    """

    pm_positions: tuple[int, ...] | None = None
    skill_points: bool = True


@frozen(kw_only=True)
class CosmosCreation:
    """Every roll of a new Great Cosmos character, in the order they were made.

    Attributes:
        inputs: the options the rolls were made with.
        pv_pm: the 10d100 for PV and PM, with its rerolled attempts.
        stats: the 6d100 for the six stats, with its rerolls.
        dna_die: the d20 of the DNA points (5 + this die).
        money: the d100 of starting money (the GM may override it).
        pv: PV once split (when ``inputs.pm_positions`` is given).
        pm: PM once split.
        skill_points: the skill-point dice, when the split is known.
        seed: the seed the rolls were drawn from, when known.
    """

    system: ClassVar[str] = SYSTEM
    inputs: CreationOptions
    pv_pm: PvPmRoll
    stats: BoundedRoll
    dna_die: int
    money: int
    pv: int | None = None
    pm: int | None = None
    skill_points: SkillPointsRoll | None = None
    seed: int | None = None

    @property
    def dna_points(self) -> int:
        """DNA points: 5 + 1d20."""
        return DNA_BASE + self.dna_die

    @property
    def dice(self) -> tuple[Die, ...]:
        """Every die in the order drawn; dice of rejected attempts are not kept."""
        last = len(self.pv_pm.attempts) - 1
        dice = [
            Die(100, face, role="pv_pm", kept=number == last)
            for number, attempt in enumerate(self.pv_pm.attempts)
            for face in attempt
        ]
        dice += _bounded_dice(self.stats, "stat")
        dice += [Die(20, self.dna_die, role="dna"), Die(100, self.money, role="money")]
        if self.skill_points is not None:
            dice += [Die(6, face, role="skill_points") for face in self.skill_points.dice]
            dice.append(Die(6, self.skill_points.bonus_die, role="skill_points_bonus"))
        return tuple(dice)


def _bounded_dice(roll: BoundedRoll, role: str) -> list[Die]:
    """Flatten a bounded roll into dice in draw order, marking the accepted ones kept."""
    dice = []
    for number, attempt in enumerate(roll.attempts):
        accepted = number == len(roll.attempts) - 1
        for slot in attempt.slots:
            for position, face in enumerate(slot):
                dice.append(Die(100, face, role=role, kept=accepted and position == len(slot) - 1))
    return dice


def roll_creation(options: CreationOptions, rng: random.Random) -> CosmosCreation:
    """Make every creation roll: PV/PM, stats, DNA, money, then skill points if split."""
    pv_pm = roll_pv_pm(rng)
    stats = roll_stat_dice(rng)
    dna_die = draw(rng, 20)
    money = draw(rng, 100)
    if options.pm_positions is None:
        return CosmosCreation(
            inputs=options, pv_pm=pv_pm, stats=stats, dna_die=dna_die, money=money
        )
    pv, pm = split_pv_pm(pv_pm.dice, options.pm_positions)
    return CosmosCreation(
        inputs=options,
        pv_pm=pv_pm,
        stats=stats,
        dna_die=dna_die,
        money=money,
        pv=pv,
        pm=pm,
        skill_points=roll_skill_points(pm, rng) if options.skill_points else None,
    )


@frozen
class ConversionOptions:
    """Options of the pre-v4 conversion roll (none yet; kept for the record's shape)."""


@frozen(kw_only=True)
class CosmosConversion:
    """The 2d100 of a character converted from rules before v4.

    Attributes:
        inputs: the options the roll was made with.
        dice_roll: the two dice (each 20–80, total 60–140) with their rerolls, to give to
            Précision and Chance; then up to 20 points may move among the six stats.
        seed: the seed the roll was drawn from, when known.
    """

    system: ClassVar[str] = SYSTEM
    inputs: ConversionOptions
    dice_roll: BoundedRoll
    seed: int | None = None

    @property
    def dice(self) -> tuple[Die, ...]:
        """Every die in the order drawn; rerolled dice are not kept."""
        return tuple(_bounded_dice(self.dice_roll, "conversion"))


def roll_conversion(options: ConversionOptions, rng: random.Random) -> CosmosConversion:
    """Roll the pre-v4 conversion dice."""
    return CosmosConversion(
        inputs=options, dice_roll=roll_bounded(CONVERSION_DICE, CONVERSION_TOTAL, rng)
    )


OLD_STATS = STATS[:4]
"""The four stats a character from before v4 already has (Précision and Chance are new)."""


def needs_conversion(sheet: Mapping[str, Any]) -> bool:
    """Whether a sheet is a character from before v4: Force, Esprit, Charisme and
    Agilité, but not Précision and Chance."""
    stats = sheet.get("stats", {})
    if not isinstance(stats, Mapping):
        return False
    return all(s in stats for s in OLD_STATS) and not all(s in stats for s in STATS[4:])


def converted_stats(
    old: Mapping[str, int], record: CosmosConversion, precision_die: int
) -> dict[str, int]:
    """The six stats once the conversion's two dice go to Précision (die number
    ``precision_die``, 0 or 1) and Chance (the other), before any points move.

    Raises:
        RulesError: when a die number is not 0 or 1, or one of the four stats is missing.
    """
    if precision_die not in (0, 1):
        raise RulesError(
            "Précision takes die 1 or die 2", message_key="cosmos.creation.precision_die"
        )
    missing = [s for s in OLD_STATS if not isinstance(old.get(s), int)]
    if missing:
        raise RulesError(
            f"a character from before v4 has its {missing[0]} already",
            message_key="cosmos.creation.converted",
            stat_term=f"cosmos.stat.{missing[0]}",
        )
    dice = record.dice_roll.dice
    return {
        **{s: old[s] for s in OLD_STATS},
        "precision": dice[precision_die],
        "chance": dice[1 - precision_die],
    }


def convert_sheet(
    sheet: Mapping[str, Any],
    record: CosmosConversion,
    precision_die: int,
    stats: Mapping[str, int],
) -> dict[str, Any]:
    """A character from before v4 after its conversion (docs/rules/cosmos.md#creation): Précision
    and Chance from the two dice, up to 20 points moved among the six stats, each within 20
    and the character's cap (80, or 85 from level 3). Everything else on the sheet stays
    as it was: level, PV and PM, karma, talents, light and dark points…

    Raises:
        RulesError: for a sheet that is not from before v4, or moves the rules refuse.
    """
    if not needs_conversion(sheet):
        raise RulesError(
            "only a character from before v4 (no Précision or Chance yet) converts",
            message_key="cosmos.creation.not_old",
        )
    level = sheet.get("level", 1)
    cap = stat_cap(level if isinstance(level, int) else 1)
    assigned = converted_stats(sheet["stats"], record, precision_die)
    check_point_moves(assigned, stats, budget=CONVERSION_POINTS_TO_MOVE, stat_max=cap)
    return {**sheet, "stats": {**sheet["stats"], **{s: stats[s] for s in STATS}}}
