"""Great Cosmos level-ups (docs/rules/cosmos.md#levels): the rolls, then the player's choices.

At every level-up a Chance test: on a success, +2d20 to PV or to PM (not split). Then by
the level reached: 2 — +1d10 to two stats, or +1d20 to one; 3 — the lowest stat +1d10,
and from now on stats may reach 85; 4 — PV or PM +1d100; 5 — move up to 10 stat points
and 3 more light/dark points split by the GM; 6 and on — the GM's choice (no roll). With
the genetic rule, DNA points: +1d4 at level 3, +1d6 at 6, +1d8 at 9.

The roll (:func:`roll`) is made first and recorded; :func:`apply_level_up` then applies
it with the choices the dice leave open and checks every one of them.

**Rulings**: a gain that would take a stat past its cap (80, or 85 from level 3) stops at
the cap; when several stats tie for the lowest at level 3, the player picks among them;
PV and PM gains raise the maximum and the current value alike.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import field, replace
from enum import StrEnum
from types import MappingProxyType
from typing import ClassVar

from meneur.core.dice import Die, draw
from meneur.core.errors import RulesError
from meneur.core.frozen import frozen
from meneur.core.records import RollRecord

from . import rules as cosmos
from .creation import POINTS_TO_MOVE, STATS, check_point_moves
from .creation import stat_cap as stat_cap  # where it was first (sheets and panels ask here)

SYSTEM = "cosmos"

DNA_DIE_AT = {3: 4, 6: 6, 9: 8}
"""Levels that bring DNA points, and the die rolled for them."""
LIGHT_DARK_AT_5 = 3
CHANCE_BONUS_DICE = 2
CHANCE_BONUS_SIDES = 20


class Level2(StrEnum):
    """The level-2 choice: +1d10 to two stats, or +1d20 to one."""

    TWO_STATS = "two_stats"
    ONE_STAT = "one_stat"


class Pool(StrEnum):
    """PV or PM, for gains that go to one of them."""

    PV = "pv"
    PM = "pm"


@frozen
class LevelUpInputs:
    """A level-up's rolls.

    Attributes:
        level: the level reached (2 or more).
        chance: the character's Chance, for the Chance test.
        karma: the character's karma.
        dna: whether the genetic-manipulation rule is on (DNA points at 3, 6, 9).
        level2: at level 2, which gain the player takes (decided before rolling).
        skill_points: a progressive skill sheet: the level's 1d4 − 1 skill points.
        after_zero: the last level gave no skill point (this one gives 2 more).

    Raises:
        RulesError: for a level below 2.
    """

    level: int
    chance: int
    karma: int = 0
    dna: bool = False
    level2: Level2 = Level2.TWO_STATS
    skill_points: bool = False
    after_zero: bool = False

    def __post_init__(self) -> None:
        if self.level < 2:
            raise RulesError(
                f"a level-up reaches level 2 or more, not {self.level}",
                message_key="cosmos.levels.level",
                value=self.level,
            )
        cosmos.check_karma(self.karma)


@frozen(kw_only=True)
class LevelUpRoll(RollRecord[LevelUpInputs]):
    """A level-up's dice. ``result`` and ``outcome`` are the Chance test's.

    Attributes:
        test: the Chance test.
        chance_bonus: the 2d20 won by a successful Chance test (empty otherwise).
        stat_dice: level 2's two d10 or one d20, level 3's d10 (empty otherwise).
        pool_die: level 4's d100 for PV or PM.
        dna_die: the DNA die at levels 3, 6 and 9 with the rule on.
        karma_after: karma once the Chance test has moved it.
        skill_points_die: the d4 of a progressive skill sheet's points.
    """

    system: ClassVar[str] = SYSTEM
    test: cosmos.CosmosRoll
    chance_bonus: tuple[int, ...]
    stat_dice: tuple[int, ...]
    pool_die: int | None
    dna_die: int | None
    karma_after: int
    skill_points_die: int | None = None

    @property
    def chance_points(self) -> int:
        """PV or PM won by the Chance test (0 on a failure)."""
        return sum(self.chance_bonus)

    @property
    def skill_points(self) -> int | None:
        """The skill points the level gives (None without a progressive sheet)."""
        if self.skill_points_die is None:
            return None
        from .skills import LevelSkillPoints, resolve_points

        test = LevelSkillPoints(self.inputs.after_zero)
        return resolve_points(test, (self.skill_points_die,)).result


def _stat_dice(inputs: LevelUpInputs) -> tuple[int, int]:
    """How many stat dice the level rolls, and their sides: level 2 two d10 (or one d20),
    level 3 one d10, other levels none."""
    if inputs.level == 2:
        return (2, 10) if inputs.level2 is Level2.TWO_STATS else (1, 20)
    return (1, 10) if inputs.level == 3 else (0, 10)


def roll(inputs: LevelUpInputs, rng: random.Random) -> LevelUpRoll:
    """Roll the Chance test, its 2d20 on a success, then the level's own dice."""
    test = cosmos.roll(cosmos.CosmosTest(threshold=inputs.chance, karma=inputs.karma), rng)
    bonus = (
        tuple(draw(rng, CHANCE_BONUS_SIDES) for _ in range(CHANCE_BONUS_DICE))
        if test.success
        else ()
    )
    count, stat_sides = _stat_dice(inputs)
    stat_dice = tuple(draw(rng, stat_sides) for _ in range(count))
    pool_die = draw(rng, 100) if inputs.level == 4 else None
    sides = DNA_DIE_AT.get(inputs.level)
    dna_die = draw(rng, sides) if inputs.dna and sides else None
    # Drawn last, and only with a progressive sheet: older records replay unchanged.
    skill_die = draw(rng, 4) if inputs.skill_points else None
    dice = list(test.dice)
    dice += [Die(CHANCE_BONUS_SIDES, face, role="chance_bonus") for face in bonus]
    dice += [Die(stat_sides, face, role="stat") for face in stat_dice]
    if pool_die is not None:
        dice.append(Die(100, pool_die, role="pool"))
    if dna_die is not None and sides:
        dice.append(Die(sides, dna_die, role="dna"))
    if skill_die is not None:
        dice.append(Die(4, skill_die, role="skill_points"))
    return LevelUpRoll(
        inputs=inputs,
        dice=tuple(dice),
        result=test.result,
        outcome=test.outcome,
        success=test.success,
        test=test,
        chance_bonus=bonus,
        stat_dice=stat_dice,
        pool_die=pool_die,
        dna_die=dna_die,
        karma_after=test.karma_after,
        skill_points_die=skill_die,
    )


@frozen
class Progress:
    """What a level-up changes on a Great Cosmos sheet.

    Attributes:
        level: the character's level.
        stats: the six stats by key (``force``…).
        pv: current and maximum PV.
        pm: current and maximum PM.
        dna: DNA points left to spend.
        light: light points; dark: dark points.
        skill_points: a progressive skill sheet's points to spend.
        skill_points_zero: the last level gave none (the next gives 2 more).
    """

    level: int
    stats: Mapping[str, int]
    pv: tuple[int, int]
    pm: tuple[int, int]
    dna: int = 0
    light: int = 1
    dark: int = 1
    skill_points: int = 0
    skill_points_zero: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "stats", MappingProxyType(dict(self.stats)))
        if set(self.stats) != set(STATS):
            raise RulesError(
                f"the stats are {', '.join(STATS)}",
                message_key="cosmos.levels.stats",
                known=", ".join(STATS),
            )


@frozen
class LevelUpChoices:
    """What the player (and GM) decide once the dice are rolled.

    Attributes:
        stats: level 2: the two stats (two d10, in the dice's order) or the one (d20);
            level 3: the lowest stat, needed only when several tie.
        chance_pool: where the Chance test's 2d20 go.
        level4_pool: where level 4's d100 goes.
        moved: level 5: the stats after moving up to 10 points (unchanged if omitted).
        light: level 5: how many of the 3 new points are light (the rest are dark).
    """

    stats: tuple[str, ...] = ()
    chance_pool: Pool = Pool.PV
    level4_pool: Pool = Pool.PV
    moved: Mapping[str, int] = field(default_factory=dict)
    light: int = 0


def lowest_stats(stats: Mapping[str, int]) -> tuple[str, ...]:
    """The stats tied for the lowest value, in the sheet's order."""
    low = min(stats[s] for s in STATS)
    return tuple(s for s in STATS if stats[s] == low)


def _gain(pair: tuple[int, int], points: int) -> tuple[int, int]:
    return pair[0] + points, pair[1] + points


def _add_pool(progress: Progress, pool: Pool, points: int) -> Progress:
    if pool is Pool.PV:
        return replace(progress, pv=_gain(progress.pv, points))
    return replace(progress, pm=_gain(progress.pm, points))


def apply_level_up(before: Progress, record: LevelUpRoll, choices: LevelUpChoices) -> Progress:
    """The sheet after the level-up ``record`` with ``choices``.

    Raises:
        RulesError: when the record is not for the next level, or a choice breaks a rule
            (unknown or repeated stat, a level-3 stat that is not among the lowest, points
            moved beyond the rules, more than 3 light points).
    """
    level = record.inputs.level
    if level != before.level + 1:
        raise RulesError(
            f"this level-up reaches level {level}, not {before.level + 1}",
            message_key="cosmos.levels.next",
            level=level,
            wanted=before.level + 1,
        )
    cap = stat_cap(level)
    stats = dict(before.stats)
    unknown = [s for s in choices.stats if s not in STATS]
    if unknown:
        raise RulesError(
            f"no stat named {unknown[0]!r} (stats: {', '.join(STATS)})",
            message_key="cosmos.catalogue.no_stat",
            stat=unknown[0],
            known=", ".join(STATS),
        )
    if level == 2:
        wanted = len(record.stat_dice)
        if len(set(choices.stats)) != wanted or len(choices.stats) != wanted:
            raise RulesError(
                "choose two different stats for the two d10"
                if wanted == 2
                else "choose one stat for the d20",
                message_key="level_up.two_stats" if wanted == 2 else "level_up.one_stat",
            )
        for stat, face in zip(choices.stats, record.stat_dice, strict=True):
            stats[stat] = min(cap, stats[stat] + face)
    elif level == 3:
        lowest = lowest_stats(stats)
        stat = choices.stats[0] if choices.stats else lowest[0]
        if len(choices.stats) > 1 or stat not in lowest:
            raise RulesError(
                f"level 3 raises the lowest stat: {' or '.join(lowest)}",
                message_key="level_up.lowest",
                stats_term=tuple(f"cosmos.stat.{stat}" for stat in lowest),
            )
        stats[stat] = min(cap, stats[stat] + record.stat_dice[0])
    after = replace(before, level=level, stats=stats)
    if record.chance_bonus:
        after = _add_pool(after, choices.chance_pool, record.chance_points)
    if record.pool_die is not None:
        after = _add_pool(after, choices.level4_pool, record.pool_die)
    if record.dna_die is not None:
        after = replace(after, dna=after.dna + record.dna_die)
    gained = record.skill_points
    if gained is not None:
        after = replace(
            after, skill_points=after.skill_points + gained, skill_points_zero=gained == 0
        )
    if level == 5:
        if choices.moved:
            check_point_moves(after.stats, choices.moved, budget=POINTS_TO_MOVE, stat_max=cap)
            after = replace(after, stats=choices.moved)
        if not 0 <= choices.light <= LIGHT_DARK_AT_5:
            raise RulesError(
                f"of the 3 new points, 0 to 3 are light, not {choices.light}",
                message_key="level_up.light",
                light=choices.light,
            )
        after = replace(
            after,
            light=after.light + choices.light,
            dark=after.dark + LIGHT_DARK_AT_5 - choices.light,
        )
    return after
