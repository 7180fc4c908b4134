"""Great Cosmos endurance (docs/rules/cosmos.md#extensions; docs/rules/cosmos.md#endurance, Règle
d'endurance), an extension rule: physical fatigue FP and mental fatigue FM.

Both gauges run from −3 to 10. A new character starts at 0 with the seed's modifiers
from Force (FP), Esprit (FM) and, with the mental-health rule, mental health (FM). They
rise with days, deprivation, lost PV, combat and its actions, and fall with rest, meals,
pauses and some potions. A gain past 10 on one gauge overflows to the other. The states:
light (4–5), moderate (6–7), extreme (8–9), exhaustion (10), total exhaustion (both 10);
only a full rest of 12 hours or more brings a gauge down from exhaustion.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meneur.core.errors import RulesError
from meneur.core.frozen import frozen
from meneur.core.sheets import whole_or

FATIGUE_MIN = -3
FATIGUE_MAX = 10
STATES = ("rested", "light", "moderate", "extreme", "exhaustion")
"""A gauge's states, by rising fatigue (``rested``: below 4)."""


def stat_modifier(value: int) -> int:
    """The starting fatigue a Force (for FP) or an Esprit (for FM) takes off: −1 from 60,
    −2 from 75, −3 above 80 (returned as the negative number)."""
    if value > 80:
        return -3
    if value >= 75:
        return -2
    if value >= 60:
        return -1
    return 0


def mental_health_modifier(mental_health: int) -> int:
    """The starting FM mental health gives: −2 above 75, +2 at 50 or less, +3 at 25 or
    less, +4 at 10 or less."""
    if mental_health > 75:
        return -2
    if mental_health <= 10:
        return 4
    if mental_health <= 25:
        return 3
    if mental_health <= 50:
        return 2
    return 0


def _clamped(value: int) -> int:
    return max(FATIGUE_MIN, min(FATIGUE_MAX, value))


@frozen
class Fatigue:
    """The two gauges.

    Raises:
        RulesError: for a gauge outside −3…10.
    """

    fp: int = 0
    fm: int = 0

    def __post_init__(self) -> None:
        for name, value in (("FP", self.fp), ("FM", self.fm)):
            if not FATIGUE_MIN <= value <= FATIGUE_MAX:
                raise RulesError(
                    f"{name} runs from {FATIGUE_MIN} to {FATIGUE_MAX}, not {value}",
                    message_key="cosmos.fatigue.range",
                    name=name,
                    low=FATIGUE_MIN,
                    high=FATIGUE_MAX,
                    value=value,
                )

    @classmethod
    def starting(cls, force: int, esprit: int, mental_health: int | None = None) -> Fatigue:
        """A new character's gauges: 0, with Force's, Esprit's and (with the mental-health
        rule) mental health's modifiers."""
        fm = stat_modifier(esprit)
        if mental_health is not None:
            fm += mental_health_modifier(mental_health)
        return cls(_clamped(stat_modifier(force)), _clamped(fm))

    @classmethod
    def from_sheet(cls, sheet: Mapping[str, Any]) -> Fatigue:
        """The gauges a sheet keeps (``fp`` and ``fm``; 0 when unset).

        Raises:
            RulesError: for a gauge outside −3…10 (the campaign's check refuses it).
        """
        return cls(whole_or(sheet.get("fp")), whole_or(sheet.get("fm")))

    @property
    def exhausted(self) -> bool:
        """Either gauge at 10 (no Light or Dark point can be used)."""
        return FATIGUE_MAX in (self.fp, self.fm)

    @property
    def extreme(self) -> bool:
        """Either gauge in an extreme fatigue (8 or 9): a concentration then asks for a
        passive Esprit test."""
        return "extreme" in (state(self.fp), state(self.fm))

    def gain(self, fp: int = 0, fm: int = 0) -> Fatigue:
        """The gauges after gaining fatigue (each ≥ 0): what would pass 10 on one gauge
        goes to the other; what passes 10 on both is lost (both are at 10)."""
        if fp < 0 or fm < 0:
            raise RulesError(
                "fatigue is gained with positive points (see recover)",
                message_key="cosmos.fatigue.gain_positive",
            )
        new_fp, new_fm = self.fp + fp, self.fm + fm
        over_fp, over_fm = max(0, new_fp - FATIGUE_MAX), max(0, new_fm - FATIGUE_MAX)
        new_fp, new_fm = min(new_fp, FATIGUE_MAX), min(new_fm, FATIGUE_MAX)
        # An overflow goes to the other gauge (which may then overflow back: both full).
        return Fatigue(min(FATIGUE_MAX, new_fp + over_fm), min(FATIGUE_MAX, new_fm + over_fp))

    def recover(self, fp: int = 0, fm: int = 0, *, floor: int = FATIGUE_MIN,
                full_rest_12h: bool = False) -> Fatigue:  # fmt: skip
        """The gauges after recovering ``fp`` and ``fm`` points (each ≥ 0), never below
        ``floor``. An exhausted gauge (10) comes down only with ``full_rest_12h``."""
        if fp < 0 or fm < 0:
            raise RulesError(
                "fatigue is recovered with positive points (see gain)",
                message_key="cosmos.fatigue.recover_positive",
            )

        def down(value: int, points: int) -> int:
            if value == FATIGUE_MAX and not full_rest_12h:
                return value
            return max(min(value, max(floor, value - points)), FATIGUE_MIN)

        return Fatigue(down(self.fp, fp), down(self.fm, fm))


def state(value: int) -> str:
    """A gauge's state (see :data:`STATES`)."""
    if value >= FATIGUE_MAX:
        return "exhaustion"
    if value >= 8:
        return "extreme"
    if value >= 6:
        return "moderate"
    if value >= 4:
        return "light"
    return "rested"


def movement_malus(fp: int) -> int:
    """Squares of movement physical fatigue takes off: 1 when moderate, 2 when extreme
    (an exhausted character cannot move at all)."""
    return {"moderate": 1, "extreme": 2}.get(state(fp), 0)


EVENTS: dict[str, tuple[int, int]] = {
    "day": (1, 1),
    "lost_100_pv": (1, 1),
    "unconscious": (0, 3),
    "psychic_attack": (0, 2),
    "pm_100": (0, 1),
    "combat_5_turns": (1, 0),
    "extra_physical_action": (1, 0),
    "extra_magic_action": (0, 1),
    "sepulcrale_backlash": (8, 0),
    "illumination_backlash": (10, 10),
}
"""Gains of the seed's table and list: event → (FP, FM)."""


def days_without(what: str, days: int) -> tuple[int, int]:
    """The gain for ``days`` consecutive full days without food (+2X FP and FM) or
    without sleep (+(2X+1) FP and FM)."""
    if days < 1:
        raise RulesError(
            "a deprivation lasts at least one full day", message_key="cosmos.fatigue.days"
        )
    if what == "food":
        return 2 * days, 2 * days
    if what == "sleep":
        return 2 * days + 1, 2 * days + 1
    raise RulesError(
        f"deprived of food or sleep, not {what!r}",
        message_key="cosmos.fatigue.deprived",
        value=what,
    )


RECOVERIES: dict[str, tuple[int, int]] = {
    "meal": (1, 1),
    "pause": (1, 1),
    "light_dark_point": (6, 6),
}
"""Recoveries of a fixed size: meal (3 a day), a short pause (3 a day, never below 3),
using a Light or Dark point."""
PAUSE_FLOOR = 3


def short_rest(hours: int) -> tuple[int, int]:
    """A rest shorter than 8 hours: 1 FP and 1 FM per 2 full hours."""
    if not 0 <= hours < 8:
        raise RulesError(
            "a short rest lasts less than 8 hours (8 or more: a full rest)",
            message_key="cosmos.fatigue.short_rest",
        )
    return hours // 2, hours // 2


def full_rest(*, fasted: bool = False, optimal: int = 0) -> tuple[int, int]:
    """A rest of 8 hours or more: 7 FP and 7 FM, halved (rounded down) without food or
    drink in the last 24 hours, plus up to 3 more in optimal conditions."""
    if not 0 <= optimal <= 3:
        raise RulesError(
            "optimal conditions give up to 3 more points", message_key="cosmos.fatigue.optimal"
        )
    base = 7 // 2 if fasted else 7
    return base + optimal, base + optimal


def after_full_rest(
    fatigue: Fatigue,
    *,
    force: int,
    esprit: int,
    mental_health: int | None = None,
    twelve_hours: bool = False,
    fasted: bool = False,
    optimal: int = 0,
) -> Fatigue:
    """The gauges after a full rest (8 hours or more; 12 or more lifts exhaustion): 7
    points each (see :func:`full_rest`), then Force's, Esprit's and mental health's
    modifiers applied again, as at creation ("réappliqués": a −1 takes one more point
    off, a +2 puts two back)."""
    fp, fm = full_rest(fasted=fasted, optimal=optimal)
    rested = fatigue.recover(fp, fm, full_rest_12h=twelve_hours)
    start = Fatigue.starting(force, esprit, mental_health)

    def settled(before: int, after: int, modifier: int) -> int:
        if before == FATIGUE_MAX and not twelve_hours:
            return before  # exhaustion lifts only after 12 hours
        return _clamped(after + modifier)

    return Fatigue(
        settled(fatigue.fp, rested.fp, start.fp), settled(fatigue.fm, rested.fm, start.fm)
    )
