"""What moves a Great Cosmos character's fatigue (docs/rules/cosmos.md#endurance, Règle
d'endurance), one step at a time, whichever screen asks: the seed's gains, its recoveries, its
items, with the day's meals and pauses counted.

- Gains: "+1 FP et +1 FM chaque jour naturellement", days without food or sleep, 100 PV
  lost, unconsciousness, and the combat table (a psychic attack, 100 PM used, five turns,
  an extra action, the postures' backlashes). What passes 10 on one gauge goes to the
  other (:meth:`Fatigue.gain`).
- Recoveries: a short rest (1 per 2 full hours), a full rest (7, halved without food or
  drink for 24 hours, up to 3 more in optimal conditions, the stats' modifiers applied
  again), "Manger un repas, jusqu'à 3 fois par jour" and "Faire une courte pause (~15
  minutes), jusqu'à 3 fois par jour … il ne peut descendre en dessous de 3 FP ou 3 FM":
  a fourth meal or pause the same day is refused. "Seul un repos total de 12h minimum
  permet de récupérer de l'état d'épuisement. Toute autre tentative ne réduira plus les
  points de FP et/ou FM": an exhausted gauge stays at 10 through anything else.
- Items ("la consommation de certains objets permettent de récupérer des points de FP /
  FM"): the healing and mana potions in three grades, the phoenix elixir, the energising
  potion (−5 FP but +3 FM), the revigoration potion ("supprime tous les effets de la
  fatigue temporairement pour 5 tours ou 15 minutes") and alcohol or drugs (the same
  while they last, "mais octroie entre +3 et +10 FM après coup").

Rulings (docs/rulings.md): a day is the Chronoste's day when the campaign counts time,
else it runs from one "a day passes" to the next; the seed's table gives the mana potion
a "+" (−1 FM) and a "Max" (−2 FM) grade and no standard one, so a standard mana potion is
refused; what a revigoration or a drink suspends is the fatigue states (light, moderate,
extreme), the table's "Fatigue" rows — an exhaustion ("Épuisement") is not lifted by it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from meneur.core.errors import RulesError
from meneur.core.frozen import frozen
from meneur.core.sheets import sheet_table

from .endurance import (
    EVENTS,
    PAUSE_FLOOR,
    Fatigue,
    after_full_rest,
    days_without,
    short_rest,
)

DAILY = 3
"""Meals, and pauses, a day ("jusqu'à 3 fois par jour")."""
REVIGORATION_TURNS = 5
"""Turns a revigoration potion suspends the fatigue's effects ("pour 5 tours ou 15
minutes")."""
AFTER_DRINK = (3, 10)
"""FM a drink or a drug gives once it wears off ("entre +3 et +10 FM après coup")."""

GRADES = ("standard", "plus", "max")
"""A potion's grades, as the seed's table names them: Standard, +, Max."""
POTIONS: dict[str, dict[str, tuple[int, int]]] = {
    "healing": {"standard": (1, 0), "plus": (2, 0), "max": (3, 0)},
    "healing_concentrated": {"standard": (2, 0), "plus": (3, 0), "max": (4, 0)},
    "mana": {"plus": (0, 1), "max": (0, 2)},
    "mana_concentrated": {"standard": (0, 2), "plus": (0, 3), "max": (0, 4)},
}
"""The graded potions: grade → (FP, FM) they take off."""
ITEMS: dict[str, tuple[int, int]] = {"phoenix_elixir": (5, 3)}
"""The items of one strength: (FP, FM) they take off."""
ENERGISING = (5, 3)
"""The energising potion: −5 FP, but +3 FM."""

STEPS = (
    "meal",
    "pause",
    "short_rest",
    "full_rest",
    "full_rest_12h",
    *POTIONS,
    *ITEMS,
    "energising",
    "revigoration",
    "drink",
    "wears_off",
    "day",
    "no_food",
    "no_sleep",
    *(key for key in EVENTS if key != "day"),
)
"""Every step, recoveries first (the order a helper offers them)."""
COUNTED = {"short_rest": "hours", "no_food": "days", "no_sleep": "days", "wears_off": "fm"}
"""The steps that take a number, and what it counts."""


@frozen
class Today:
    """The meals and pauses of the character's day (the sheet's ``today``).

    Attributes:
        day: which day: the Chronoste's day number, or the days passed since the count
            began when the campaign does not count time.
        meals, pauses: taken that day (0 to 3).
    """

    day: int = 0
    meals: int = 0
    pauses: int = 0

    def __post_init__(self) -> None:
        if self.day < 0:
            raise RulesError(
                f"today.day: 0 or more, not {self.day}",
                message_key="cosmos.fatigue.day",
                value=self.day,
            )
        for key in ("meals", "pauses"):
            if not 0 <= getattr(self, key) <= DAILY:
                raise RulesError(
                    f"today.{key}: 0 to {DAILY}, not {getattr(self, key)}",
                    message_key="cosmos.fatigue.daily",
                    where=f"today.{key}",
                    most=DAILY,
                    value=getattr(self, key),
                )

    @classmethod
    def from_sheet(cls, sheet: Mapping[str, Any]) -> Today:
        """The sheet's ``today`` (none yet: day 0, nothing taken).

        Raises:
            RulesError: naming the ``today`` key that is wrong.
        """
        kinds = dict.fromkeys(("day", "meals", "pauses"), int)
        return cls(**(sheet_table(sheet, "today", kinds) or {}))

    def to_sheet(self) -> dict[str, int]:
        return {"day": self.day, "meals": self.meals, "pauses": self.pauses}

    def on(self, day: int | None) -> Today:
        """The count on ``day`` (None: the campaign does not count time, the count's own
        day stands): a new day starts from nothing."""
        if day is None or day == self.day:
            return self
        return Today(day)


@frozen
class Suspended:
    """The fatigue's effects suspended (the sheet's ``suspended``): by a revigoration
    potion for ``turns`` more turns, or by a drink or drug (``by = "drink"``, turns 0)
    until it wears off."""

    by: str
    turns: int = 0

    def __post_init__(self) -> None:
        if self.by not in ("revigoration", "drink"):
            raise RulesError(
                f"suspended.by: revigoration or drink, not {self.by!r}",
                message_key="cosmos.fatigue.suspended_by",
                value=self.by,
            )
        if not 0 <= self.turns <= REVIGORATION_TURNS:
            raise RulesError(
                f"suspended.turns: 0 to {REVIGORATION_TURNS}, not {self.turns}",
                message_key="cosmos.fatigue.suspended_turns",
                most=REVIGORATION_TURNS,
                value=self.turns,
            )

    @classmethod
    def from_sheet(cls, sheet: Mapping[str, Any]) -> Suspended | None:
        """The sheet's ``suspended``, None when the fatigue weighs as usual.

        Raises:
            RulesError: naming the ``suspended`` key that is wrong.
        """
        data = sheet_table(sheet, "suspended", {"by": str, "turns": int})
        return None if data is None else cls(data.get("by", ""), data.get("turns", 0))

    def to_sheet(self) -> dict[str, Any]:
        return {"by": self.by, "turns": self.turns}


def turn_over(suspended: Suspended | None) -> Suspended | None:
    """A turn has passed: a revigoration counts one down and ends after its fifth; a
    drink lasts until it wears off."""
    if suspended is None or suspended.by == "drink":
        return suspended
    return replace(suspended, turns=suspended.turns - 1) if suspended.turns > 1 else None


@frozen
class Stats:
    """What a full rest applies again: Force, Esprit and (with the mental-health rule)
    mental health."""

    force: int = 50
    esprit: int = 50
    mental_health: int | None = None


_FRESH_DAY = Today()
_AVERAGE_STATS = Stats()


@frozen
class Step:
    """One thing that moves the fatigue.

    Attributes:
        key: one of :data:`STEPS`.
        count: hours of a short rest, days without food or sleep, FM a drink gives when
            it wears off (3 to 10; ignored for a revigoration).
        grade: a graded potion's, one of :data:`GRADES`.
        fasted: a full rest without food or drink in the last 24 hours (halved).
        optimal: a full rest's optimal conditions, 0 to 3 more points.
    """

    key: str
    count: int = 1
    grade: str = "standard"
    fasted: bool = False
    optimal: int = 0


@frozen
class After:
    """What a step leaves: the gauges, the day's count, what suspends the fatigue."""

    fatigue: Fatigue
    today: Today
    suspended: Suspended | None


def apply(
    fatigue: Fatigue,
    step: Step,
    *,
    today: Today = _FRESH_DAY,
    day: int | None = None,
    suspended: Suspended | None = None,
    stats: Stats = _AVERAGE_STATS,
) -> After:
    """The fatigue after ``step``, from ``fatigue``, the day's meals and pauses
    ``today``, the Chronoste's ``day`` (None when the campaign does not count time) and
    what suspends the fatigue now.

    Raises:
        RulesError: for an unknown step, a fourth meal or pause in a day, a potion's grade
            the table does not have, a short rest of 8 hours or more, a deprivation under
            a day, a drink's after-effect outside 3–10 FM, or nothing to wear off.
    """
    today = today.on(day)
    key = step.key
    if key not in STEPS:
        raise RulesError(f"no fatigue step {key!r}", message_key="cosmos.fatigue.unknown")
    if key in ("meal", "pause"):
        taken = today.meals if key == "meal" else today.pauses
        if taken >= DAILY:
            raise RulesError(
                f"{DAILY} {key}s a day at most",
                message_key=f"cosmos.fatigue.daily_{key}",
                most=DAILY,
            )
        if key == "pause":
            after = fatigue.recover(1, 1, floor=PAUSE_FLOOR)
            counted = replace(today, pauses=taken + 1)
        else:
            after = fatigue.recover(1, 1)
            counted = replace(today, meals=taken + 1)
        return After(after, counted, suspended)
    if key == "day":
        # A day passes: with no Chronoste, the day's count starts again.
        counted = Today(today.day + 1) if day is None else today
        return After(fatigue.gain(*EVENTS["day"]), counted, suspended)
    if key in EVENTS:
        return After(fatigue.gain(*EVENTS[key]), today, suspended)
    if key in ("no_food", "no_sleep"):
        return After(fatigue.gain(*days_without(key.removeprefix("no_"), step.count)), today,
                     suspended)  # fmt: skip
    if key == "short_rest":
        return After(fatigue.recover(*short_rest(step.count)), today, suspended)
    if key in ("full_rest", "full_rest_12h"):
        rested = after_full_rest(
            fatigue,
            force=stats.force,
            esprit=stats.esprit,
            mental_health=stats.mental_health,
            twelve_hours=key == "full_rest_12h",
            fasted=step.fasted,
            optimal=step.optimal,
        )
        return After(rested, today, suspended)
    if key in POTIONS:
        grades = POTIONS[key]
        if step.grade not in grades:
            raise RulesError(
                f"the table has no {step.grade} grade of this potion, only " + ", ".join(grades),
                message_key="cosmos.fatigue.grade",
                grade=step.grade,
                grades=", ".join(grades),
            )
        return After(fatigue.recover(*grades[step.grade]), today, suspended)
    if key in ITEMS:
        return After(fatigue.recover(*ITEMS[key]), today, suspended)
    if key == "energising":
        fp, fm = ENERGISING
        return After(fatigue.recover(fp, 0).gain(0, fm), today, suspended)
    if key == "revigoration":
        return After(fatigue, today, Suspended("revigoration", REVIGORATION_TURNS))
    if key == "drink":
        return After(fatigue, today, Suspended("drink"))
    # wears_off
    if suspended is None:
        raise RulesError(
            "nothing suspends the fatigue", message_key="cosmos.fatigue.nothing_wears_off"
        )
    if suspended.by == "revigoration":
        return After(fatigue, today, None)
    low, high = AFTER_DRINK
    if not low <= step.count <= high:
        raise RulesError(
            f"a drink gives {low} to {high} FM once it wears off, not {step.count}",
            message_key="cosmos.fatigue.after_drink",
            low=low,
            high=high,
            count=step.count,
        )
    return After(fatigue.gain(0, step.count), today, None)
