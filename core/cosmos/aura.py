"""Great Cosmos aura (docs/rules/cosmos.md#extensions; docs/rules/cosmos.md#aura, Règle d'aura), an
extension rule.

Some races gather aura points (how: their talents say), up to 4. Their holder spends one
to harm any opponent's roll: the aura roll, 1d6 on the seed's table (content:
``aura.effect.N``). Races without aura gather anti-aura points instead: one each time
they are the target of an aura, even when it has no effect. When an opponent spends an
aura point, the target may spend an anti-aura point to cancel it: then no aura roll is
made and the target gains no new anti-aura point. A character's reset sets both to 0.

This module holds the roll and what spending a point changes; the sheet keeps the points
(``aura``, ``anti_aura``).
"""

from __future__ import annotations

import random
from typing import ClassVar

from meneur.core.dice import Die, draw
from meneur.core.errors import RulesError
from meneur.core.frozen import frozen
from meneur.core.odds import Odds, distribution_from_counts, outcome_odds
from meneur.core.records import RollRecord

SYSTEM = "aura"
MAX_AURA = 4
MAX_ANTI_AURA = 99
EFFECTS = tuple(f"effect_{face}" for face in range(1, 7))
"""The outcome keys: the aura table's row the d6 shows (1: no effect … 6: a passive
Esprit test to act)."""


@frozen
class AuraTest:
    """An aura roll: one d6 on the aura table (nothing to choose: the d6 decides)."""


@frozen(kw_only=True)
class AuraRoll(RollRecord[AuraTest]):
    """An aura roll; ``result`` is the d6, ``outcome`` its row (``effect_N``)."""

    system: ClassVar[str] = SYSTEM


def resolve(test: AuraTest, faces: tuple[int, ...]) -> AuraRoll:
    """Read one d6 on the aura table.

    Raises:
        RulesError: for anything but one face 1–6.
    """
    if len(faces) != 1 or not 1 <= faces[0] <= 6:
        raise RulesError(
            "an aura roll reads one d6 showing 1 to 6", message_key="dice.read_as", count=1, sides=6
        )
    face = faces[0]
    # Row 1 is "no effect": every other row harms the opponent's roll.
    return AuraRoll(
        inputs=test,
        dice=(Die(6, face),),
        result=face,
        outcome=f"effect_{face}",
        success=face > 1,
    )


def roll(test: AuraTest, rng: random.Random) -> AuraRoll:
    """Throw the aura d6 from ``rng``."""
    return resolve(test, (draw(rng, 6),))


def odds(test: AuraTest) -> Odds[AuraTest]:
    """Exact odds: each row of the table one chance in six."""
    distribution = distribution_from_counts(dict.fromkeys(range(1, 7), 1))
    outcomes = outcome_odds(distribution, lambda face: f"effect_{face}", EFFECTS)
    return Odds(system=SYSTEM, inputs=test, outcomes=outcomes, distribution=distribution)


@frozen
class AuraUse:
    """What spending an aura point on a target changes.

    Attributes:
        holder_aura: the holder's aura points after.
        target_anti_aura: the target's anti-aura points after.
        rolled: whether the aura roll is made (not when the target cancelled it).
    """

    holder_aura: int
    target_anti_aura: int
    rolled: bool


def use(
    holder_aura: int, target_anti_aura: int, *, target_has_aura: bool, cancel: bool = False
) -> AuraUse:
    """Spend one of the holder's aura points on a target.

    A target of a race without aura may ``cancel`` by spending an anti-aura point (no
    roll, no new point); otherwise the roll is made and such a target gains one
    anti-aura point (up to :data:`MAX_ANTI_AURA`), whatever the effect.

    Raises:
        RulesError: when the holder has no aura point, or the target cannot cancel.
    """
    if holder_aura < 1:
        raise RulesError("no aura point to spend", message_key="cosmos.aura.none")
    if holder_aura > MAX_AURA:
        raise RulesError(
            f"aura points gather up to {MAX_AURA}, not {holder_aura}",
            message_key="cosmos.aura.most",
            most=MAX_AURA,
            value=holder_aura,
        )
    if cancel:
        if target_has_aura:
            raise RulesError(
                "only a race without aura gathers anti-aura points to cancel one",
                message_key="cosmos.aura.has_aura",
            )
        if target_anti_aura < 1:
            raise RulesError(
                "no anti-aura point to cancel the aura with", message_key="cosmos.aura.no_anti"
            )
        return AuraUse(holder_aura - 1, target_anti_aura - 1, rolled=False)
    gained = 0 if target_has_aura else 1
    return AuraUse(holder_aura - 1, min(MAX_ANTI_AURA, target_anti_aura + gained), rolled=True)


def gain(aura: int, points: int = 1) -> int:
    """Aura points after gaining ``points``: they gather up to :data:`MAX_AURA`."""
    if points < 0:
        raise RulesError(
            "aura points are gained, not lost, this way", message_key="cosmos.aura.gained"
        )
    return min(MAX_AURA, aura + points)
