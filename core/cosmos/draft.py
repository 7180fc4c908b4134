"""A Great Cosmos character being created (docs/rules/cosmos.md#creation): what each step of the
wizard has decided so far, what still stops it, and the sheet it makes.

The dice are rolled once (:func:`meneur.core.cosmos.creation.roll_creation`) before the
second step and never again: going back to change race or class keeps them, as at the
table. Each step's check returns a :class:`Problem` (a code and its values, for the
interface to word in its language) or ``None``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field, replace
from types import MappingProxyType
from typing import Any

from meneur.core.frozen import frozen

from .catalogue import (
    TALENTS_TO_CHOOSE,
    Bounds,
    Catalogue,
    Origin,
    assignment_meeting,
    limit_breaches,
    moves_needed,
    stat_bounds,
)
from .creation import (
    CONVERSION_POINTS_TO_MOVE,
    POINTS_TO_MOVE,
    PV_PM_DICE,
    STAT_MAX,
    STAT_MIN,
    STATS,
    CosmosConversion,
    CosmosCreation,
)
from .genes import Genome
from .rules import DEFAULT_INTUITION

STARTING_LIGHT_DARK = 1
"""Light and dark points at level 1 (one of each)."""


@frozen
class Problem:
    """Why a step cannot be left yet: a code (``pv_pm_count``…) and its values."""

    code: str
    values: Mapping[str, object] = field(default_factory=dict)


@frozen
class Draft:
    """A character in the making; every field is one decision of the wizard.

    Attributes:
        catalogue: the races, classes and talents on offer.
        name: the character's name.
        race, klass: keys in the catalogue.
        creation: the creation rolls (``None`` before they are made).
        conversion: for a character from rules before v4, its 2d100 instead.
        old_stats: a converted character's Force, Esprit, Charisme and Agilité.
        old_pv_pm: a converted character's PV and PM, kept as they were.
        pm_dice: positions (0–9) of the PV/PM dice given to PM; the others go to PV.
        order: for each stat in the sheet's order, the position of the die it takes.
        moves: points moved on each stat (step 4), summing to 0.
        talents: the chosen talents (natural ones are added on creation).
        affiliation: an affiliation key, or ``None``.
        genome: DNA points spent, with the genetic rule (instead of talents).
        money: the starting money (the d100, or what the GM says).
        dna_rule: whether the genetic-manipulation rule is on.
        stat_max: the most a stat may reach by moves: 80, or a converted character's cap
            (85 from level 3).
    """

    catalogue: Catalogue
    name: str = ""
    race: str = ""
    klass: str = ""
    creation: CosmosCreation | None = None
    conversion: CosmosConversion | None = None
    old_stats: Mapping[str, int] = field(default_factory=dict)
    old_pv_pm: tuple[int, int] = (0, 0)
    pm_dice: frozenset[int] = frozenset()
    order: tuple[int, ...] = tuple(range(len(STATS)))
    moves: Mapping[str, int] = field(default_factory=dict)
    talents: tuple[str, ...] = ()
    affiliation: str | None = None
    genome: Genome | None = None
    money: int | None = None
    dna_rule: bool = False
    stat_max: int = STAT_MAX

    def __post_init__(self) -> None:
        object.__setattr__(self, "moves", MappingProxyType(dict(self.moves)))
        object.__setattr__(self, "old_stats", MappingProxyType(dict(self.old_stats)))

    # --- Step 1 ---------------------------------------------------------------------

    def identity_problem(self) -> Problem | None:
        """A name, a race and a class are needed."""
        if not self.name.strip():
            return Problem("name")
        if self.race not in self.catalogue.races:
            return Problem("race")
        if self.klass not in self.catalogue.classes:
            return Problem("class")
        return None

    @property
    def bounds(self) -> dict[str, Bounds]:
        """Each stat's range for the race and class chosen (20–80 without them)."""
        blank = Origin("", "")
        race = self.catalogue.races.get(self.race, blank)
        klass = self.catalogue.classes.get(self.klass, blank)
        return stat_bounds(race, klass, self.stat_max)

    # --- Step 2: PV and PM ---------------------------------------------------------------

    def toggle_pm(self, position: int) -> Draft:
        """Give die ``position`` to PM, or back to PV (PM holds five dice at most)."""
        if position in self.pm_dice:
            return replace(self, pm_dice=self.pm_dice - {position})
        if len(self.pm_dice) >= PV_PM_DICE // 2 or not 0 <= position < PV_PM_DICE:
            return self
        return replace(self, pm_dice=self.pm_dice | {position})

    @property
    def pv_pm(self) -> tuple[int, int]:
        """PV and PM as the dice are given now (PV holds every die not given to PM)."""
        if self.conversion is not None:
            return self.old_pv_pm
        if self.creation is None:
            return 0, 0
        dice = self.creation.pv_pm.dice
        pm = sum(dice[i] for i in self.pm_dice)
        return sum(dice) - pm, pm

    def pv_pm_problem(self) -> Problem | None:
        """Exactly five dice go to PM (and so five to PV); a conversion keeps its own."""
        if self.conversion is not None:
            return None
        if len(self.pm_dice) != PV_PM_DICE // 2:
            return Problem("pv_pm_count", {"pm": len(self.pm_dice)})
        return None

    # --- Steps 3 and 4: stats --------------------------------------------------------

    @property
    def stat_dice(self) -> tuple[int, ...]:
        """The accepted stat dice (two for a conversion)."""
        if self.conversion is not None:
            return self.conversion.dice_roll.dice
        return self.creation.stats.dice if self.creation is not None else ()

    def assigned_stats(self) -> dict[str, int]:
        """The stats once the dice are assigned, before any move."""
        dice = self.stat_dice
        if self.conversion is not None:
            stats = {s: self.old_stats.get(s, STAT_MIN) for s in STATS}
            stats["precision"], stats["chance"] = (dice[i] for i in self.order[:2])
            return stats
        return {stat: dice[self.order[i]] for i, stat in enumerate(STATS)}

    def swap(self, stat: int, step: int) -> Draft:
        """Give stat number ``stat`` the next (``step`` = 1) or previous die; the stat that
        had it takes this one's. Moves made so far are cleared."""
        count = len(self.stat_dice)
        if not 0 <= stat < count:
            return self
        order = list(self.order[:count])
        other = (stat + step) % count
        order[stat], order[other] = order[other], order[stat]
        return replace(self, order=tuple(order) + self.order[count:], moves={})

    def assign(self, order: Mapping[str, int]) -> Draft:
        """Assign the dice by value (``{"force": 63, …}``, one of the dice each)."""
        remaining = list(enumerate(self.stat_dice))
        positions = []
        for stat in STATS:
            index = next(i for i, (_, face) in enumerate(remaining) if face == order[stat])
            positions.append(remaining.pop(index)[0])
        return replace(self, order=tuple(positions), moves={})

    @property
    def budget(self) -> int:
        """Points that may move: 10, or 20 for a conversion."""
        return CONVERSION_POINTS_TO_MOVE if self.conversion is not None else POINTS_TO_MOVE

    def stats(self) -> dict[str, int]:
        """The stats after the moves."""
        return {s: v + self.moves.get(s, 0) for s, v in self.assigned_stats().items()}

    @property
    def moved(self) -> int:
        """Points moved so far (the sum of the increases)."""
        return sum(max(0, delta) for delta in self.moves.values())

    def move(self, stat: str, points: int) -> Draft:
        """Add ``points`` (negative to take some) to ``stat``, within 20 and the cap."""
        value = self.stats()[stat] + points
        if not STAT_MIN <= value <= self.stat_max:
            return self
        moves = dict(self.moves)
        moves[stat] = moves.get(stat, 0) + points
        return replace(self, moves={s: d for s, d in moves.items() if d})

    def limits_reachable(self) -> bool:
        """Whether moves within the budget can bring these assigned stats within the
        race and class limits."""
        needed = moves_needed(self.assigned_stats(), self.bounds)
        return needed is not None and needed <= self.budget

    def limits_possible(self) -> bool:
        """Whether any assignment of the dice can meet the limits (if not, the player
        changes race or class). A conversion assigns only Précision and Chance."""
        if self.conversion is not None:
            return self.limits_reachable() or self.swap(0, 1).limits_reachable()
        return assignment_meeting(self.stat_dice, self.bounds, self.budget) is not None

    def suggested(self) -> Draft:
        """The dice assigned so that the fewest moves meet the limits (unchanged when no
        assignment can)."""
        found = assignment_meeting(self.stat_dice, self.bounds, self.budget)
        return self if found is None or self.conversion is not None else self.assign(found)

    def stats_problem(self) -> Problem | None:
        """The moves balance, stay within the budget and meet the limits."""
        balance = sum(self.moves.values())
        if balance:
            code = "unbalanced_added" if balance > 0 else "unbalanced_taken"
            return Problem(code, {"points": abs(balance)})
        if self.moved > self.budget:
            return Problem("too_many_moves", {"moved": self.moved, "budget": self.budget})
        breaches = limit_breaches(self.stats(), self.bounds)
        # A converted character meets the limits "as far as the player can": when no
        # moves can, the GM adjusts the sheet by hand afterwards.
        if breaches and not (self.conversion is not None and not self.limits_reachable()):
            stat, by = next(iter(breaches.items()))
            bound = self.bounds[stat]
            if self.limits_reachable():
                code = "out_of_bounds"
            elif self.limits_possible():
                code = "assignment_cannot"
            else:
                code = "limits_unreachable"
            return Problem(code, {"stat": stat, "low": bound.low, "high": bound.high, "by": by})
        return None

    # --- Step 5: talents or DNA --------------------------------------------------------

    def toggle_talent(self, key: str) -> Draft:
        """Choose talent ``key``, or drop it (four at most)."""
        if key in self.talents:
            return replace(self, talents=tuple(t for t in self.talents if t != key))
        if len(self.talents) >= TALENTS_TO_CHOOSE:
            return self
        return replace(self, talents=(*self.talents, key))

    def talents_problem(self) -> Problem | None:
        """Four talents open to the race and class. With the DNA rule nothing stops the
        step: points not spent stay on the sheet for later (the interface warns, since
        innate genes are open only now)."""
        if self.dna_rule:
            return None
        choosable = set(self.catalogue.choosable(self.race, self.klass))
        closed = [t for t in self.talents if t not in choosable]
        if closed:
            return Problem("talent_closed", {"talent": closed[0]})
        if len(self.talents) != TALENTS_TO_CHOOSE:
            return Problem("talent_count", {"chosen": len(self.talents)})
        return None

    def money_problem(self) -> Problem | None:
        """The money is a whole number within the sheet's bounds (the d100 by default,
        or what the GM says)."""
        from .sheet import MONEY

        low, high = MONEY.bounds({})
        if self.money is None or not low <= self.money <= high:  # type: ignore[operator]
            return Problem("money", {"low": low, "high": high})
        return None

    # --- The sheet -------------------------------------------------------------------

    def sheet(self) -> dict[str, Any]:
        """The new character's sheet as the campaign stores it."""
        pv, pm = self.pv_pm
        talents = list(self.catalogue.natural(self.race, self.klass))
        if not self.dna_rule:
            talents += [t for t in self.talents if t not in talents]
        if self.affiliation:
            extra = self.catalogue.affiliations[self.affiliation].talents
            talents += [t for t in extra if t not in talents]
        sheet: dict[str, Any] = {
            "level": 1,
            "race": self.race,
            "class": self.klass,
            "stats": self.stats(),
            "pv": pv,
            "pv_max": pv,
            "pm": pm,
            "pm_max": pm,
            "karma": 0,
            "intuition": DEFAULT_INTUITION,
            "light": STARTING_LIGHT_DARK,
            "dark": STARTING_LIGHT_DARK,
            "talents": talents,
            "money": self.money if self.money is not None else 0,
            "mental_health_max": self.catalogue.races[self.race].mental_health,
        }
        if self.affiliation:
            sheet["affiliation"] = self.affiliation
            sheet["affiliation_level"] = 0
        if self.dna_rule and self.genome is not None:
            confirmed = self.genome.confirm()
            sheet["dna"] = {"left": confirmed.left, "points": dict(confirmed.points)}
            sheet["pmu"] = 0
        return sheet
