"""Great Cosmos races, classes, talents and affiliations (docs/rules/cosmos.md#creation step 1, 4,
5), and the checks creation makes with them.

A race or class may bound each stat (a minimum, a maximum); both bounds of the race and
the class hold at once, within the rules' 20–80. Talents come from the race's, the
class's and the common list; *natural* talents come with the race or class and are not
among the four chosen. An affiliation brings talents of its own and an affiliation
level 0 up to its maximum (5 at most).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import field
from types import MappingProxyType

from meneur.core.errors import RulesError
from meneur.core.frozen import frozen

from .creation import POINTS_TO_MOVE, STAT_MAX, STAT_MIN, STATS

TALENTS_TO_CHOOSE = 4
AFFILIATION_MAX_LEVEL = 5
MENTAL_HEALTH = (50, 150)
"""Bounds of a race's mental-health maximum (100 unless it says otherwise)."""


@frozen
class Talent:
    """A talent: its key, French name, English gloss and what it does."""

    key: str
    name: str
    text: str = ""
    gloss: str = ""


@frozen
class Origin:
    """A race or a class: stat bounds and talents.

    Attributes:
        key: its identifier.
        name: its French name; gloss: the English one.
        text: a short description.
        minimum: stat → the lowest value allowed.
        maximum: stat → the highest value allowed.
        talents: talents a character of it may choose.
        natural: talents a character of it has without choosing.
        mental_health: (races) the mental-health maximum, 50–150.
        aura: (races) whether it has aura points (else it gathers anti-aura).
    """

    key: str
    name: str
    text: str = ""
    gloss: str = ""
    minimum: Mapping[str, int] = field(default_factory=dict)
    maximum: Mapping[str, int] = field(default_factory=dict)
    talents: tuple[str, ...] = ()
    natural: tuple[str, ...] = ()
    mental_health: int = 100
    aura: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "minimum", MappingProxyType(dict(self.minimum)))
        object.__setattr__(self, "maximum", MappingProxyType(dict(self.maximum)))
        for bounds in (self.minimum, self.maximum):
            for stat, value in bounds.items():
                if stat not in STATS:
                    raise RulesError(
                        f"no stat named {stat!r} (stats: {', '.join(STATS)})",
                        message_key="cosmos.catalogue.no_stat",
                        stat=stat,
                        known=", ".join(STATS),
                    )
                if not STAT_MIN <= value <= STAT_MAX:
                    raise RulesError(
                        f"{stat}: a bound lies within 20-80, not {value}",
                        message_key="cosmos.catalogue.bound",
                        stat_term=f"cosmos.stat.{stat}",
                        value=value,
                    )
        for stat in STATS:
            if self.minimum.get(stat, STAT_MIN) > self.maximum.get(stat, STAT_MAX):
                raise RulesError(
                    f"{stat}: the minimum is above the maximum",
                    message_key="cosmos.catalogue.min_max",
                    stat_term=f"cosmos.stat.{stat}",
                )
        if not MENTAL_HEALTH[0] <= self.mental_health <= MENTAL_HEALTH[1]:
            raise RulesError(
                f"mental health maximum lies within 50-150, not {self.mental_health}",
                message_key="cosmos.catalogue.mental_health",
                value=self.mental_health,
            )


@frozen
class Affiliation:
    """An affiliation: its talents and its highest affiliation level (0–5)."""

    key: str
    name: str
    text: str = ""
    gloss: str = ""
    talents: tuple[str, ...] = ()
    max_level: int = AFFILIATION_MAX_LEVEL

    def __post_init__(self) -> None:
        if not 0 <= self.max_level <= AFFILIATION_MAX_LEVEL:
            raise RulesError(
                f"an affiliation's level goes up to 0-5, not {self.max_level}",
                message_key="cosmos.catalogue.affiliation_level",
                value=self.max_level,
            )


@frozen
class Catalogue:
    """Every race, class, talent and affiliation a campaign offers.

    Attributes:
        talents: every talent, by key.
        common: the talents anyone may choose.

    Raises:
        RulesError: when a race, class or affiliation names a talent that is not listed.
    """

    races: Mapping[str, Origin]
    classes: Mapping[str, Origin]
    talents: Mapping[str, Talent]
    common: tuple[str, ...] = ()
    affiliations: Mapping[str, Affiliation] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name in ("races", "classes", "talents", "affiliations"):
            object.__setattr__(self, name, MappingProxyType(dict(getattr(self, name))))
        if not self.races or not self.classes:
            raise RulesError(
                "a catalogue has at least one race and one class",
                message_key="cosmos.catalogue.empty",
            )
        for where, keys in self._talent_lists():
            for key in keys:
                if key not in self.talents:
                    raise RulesError(
                        f"{where}: no talent {key!r} in the catalogue",
                        message_key="cosmos.catalogue.no_talent",
                        where=where,
                        talent=key,
                    )

    def _talent_lists(self) -> Iterable[tuple[str, tuple[str, ...]]]:
        yield "common", self.common
        for kind, table in (("races", self.races), ("classes", self.classes)):
            for key, origin in table.items():
                yield f"{kind}.{key}.talents", origin.talents
                yield f"{kind}.{key}.natural", origin.natural
        for key, affiliation in self.affiliations.items():
            yield f"affiliations.{key}.talents", affiliation.talents

    def choosable(self, race: str, klass: str) -> tuple[str, ...]:
        """Talents a character of ``race`` and ``klass`` may choose (race's, class's,
        common ones; natural ones excluded), without repeats, in that order."""
        natural = set(self.natural(race, klass))
        ordered = self.races[race].talents + self.classes[klass].talents + self.common
        return tuple(k for k in dict.fromkeys(ordered) if k not in natural)

    def natural(self, race: str, klass: str) -> tuple[str, ...]:
        """Talents ``race`` and ``klass`` give without choosing."""
        return tuple(dict.fromkeys(self.races[race].natural + self.classes[klass].natural))


@frozen
class Bounds:
    """One stat's allowed range for a race and class together."""

    low: int
    high: int


def stat_bounds(race: Origin, klass: Origin, cap: int = STAT_MAX) -> dict[str, Bounds]:
    """Each stat's range once the rules (20–``cap``), the race and the class all hold.

    A stat whose bounds contradict each other gets ``low > high``.
    """
    return {
        stat: Bounds(
            max(STAT_MIN, race.minimum.get(stat, STAT_MIN), klass.minimum.get(stat, STAT_MIN)),
            min(cap, race.maximum.get(stat, cap), klass.maximum.get(stat, cap)),
        )
        for stat in STATS
    }


def limit_breaches(stats: Mapping[str, int], bounds: Mapping[str, Bounds]) -> dict[str, int]:
    """Stats outside their bounds → by how much (negative: below the minimum)."""
    breaches = {}
    for stat, bound in bounds.items():
        value = stats[stat]
        if value < bound.low:
            breaches[stat] = value - bound.low
        elif value > bound.high:
            breaches[stat] = value - bound.high
    return breaches


def moves_needed(stats: Mapping[str, int], bounds: Mapping[str, Bounds]) -> int | None:
    """The fewest points to move (as step 4 moves them) for ``stats`` to meet
    ``bounds``, or ``None`` when no move can.

    Points moved up must equal points moved down: a shortfall is covered by taking from
    stats above their minimum, an excess given to stats below their maximum.
    """
    if any(bound.low > bound.high for bound in bounds.values()):
        return None
    up = sum(max(0, b.low - stats[s]) for s, b in bounds.items())
    down = sum(max(0, stats[s] - b.high) for s, b in bounds.items())
    spare_down = sum(max(0, min(stats[s], b.high) - b.low) for s, b in bounds.items())
    spare_up = sum(max(0, b.high - max(stats[s], b.low)) for s, b in bounds.items())
    if up > down and up - down > spare_down:
        return None
    if down > up and down - up > spare_up:
        return None
    return max(up, down)


def assignment_meeting(
    dice: Sequence[int], bounds: Mapping[str, Bounds], budget: int = POINTS_TO_MOVE
) -> dict[str, int] | None:
    """An assignment of the six dice to the stats that ``budget`` moved points can bring
    within ``bounds`` (the one needing fewest moves, in the sheet's order), or ``None``
    when there is none: then the player must change race or class."""
    best: tuple[int, dict[str, int]] | None = None
    for order in itertools.permutations(dice):
        stats = dict(zip(STATS, order, strict=True))
        needed = moves_needed(stats, bounds)
        if needed is not None and needed <= budget and (best is None or needed < best[0]):
            best = (needed, stats)
            if needed == 0:
                break
    return None if best is None else best[1]


def check_talents(catalogue: Catalogue, race: str, klass: str, chosen: Sequence[str]) -> None:
    """Check the four chosen talents.

    Raises:
        RulesError: unless exactly four different talents are chosen, all choosable by
            ``race`` and ``klass``.
    """
    choosable = set(catalogue.choosable(race, klass))
    if len(set(chosen)) != len(chosen):
        raise RulesError("a talent is chosen once", message_key="cosmos.catalogue.talent_twice")
    for key in chosen:
        if key not in choosable:
            raise RulesError(
                f"talent {key!r} is not open to this race and class",
                message_key="cosmos.catalogue.talent_closed",
                talent=key,
            )
    if len(chosen) != TALENTS_TO_CHOOSE:
        raise RulesError(
            f"choose {TALENTS_TO_CHOOSE} talents, not {len(chosen)}",
            message_key="cosmos.catalogue.talent_count",
            most=TALENTS_TO_CHOOSE,
            value=len(chosen),
        )
