"""Great Cosmos movement, sprint and turn order (docs/rules/cosmos.md#extensions;
docs/rules/cosmos.md#movement, Règle de déplacement and Règle de répartition de tour), extension
rules.

**Movement**: ceil(Agilité / 20) squares a turn, halved (rounded down) by an overloaded
inventory, less 1 (moderate) or 2 (extreme) for physical fatigue; none when exhausted.
**Sprint**: instead of acting, an Agilité test: a success doubles the squares, a
critical one ×2.5, a super-critical one ×3 (rounded down); a failure leaves them.

**Turn order**: by current Agilité, highest first (Illumination's Frappe éclair before
everyone, Sépulcrale's backlash after everyone). Entities tied on a position each roll
1d20, lowest first; still tied, they act simultaneously. An entity with extra actions
places its n-th extra action at Agilité − (4 + 1d6) × n, one d6 for all of them.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from fractions import Fraction
from typing import ClassVar

from meneur.core.dice import Die, draw, impossible_face
from meneur.core.errors import RulesError
from meneur.core.frozen import frozen
from meneur.core.records import RollRecord

SPRINT = {
    "success": Fraction(2),
    "critical_success": Fraction(5, 2),
    "super_critical_success": Fraction(3),
}
"""How a sprint's Agilité test multiplies the squares (other outcomes leave them)."""
MAX_EXTRA_ACTIONS = 9


def movement_squares(agilite: int, overloaded: bool = False, fp: int = 0) -> int:
    """Squares a turn: ceil(Agilité / 20), halved (rounded down) when the inventory is
    overloaded, less what physical fatigue ``fp`` takes (none at exhaustion)."""
    from .endurance import FATIGUE_MAX, movement_malus

    if fp >= FATIGUE_MAX:
        return 0
    squares = math.ceil(max(agilite, 0) / 20)
    squares = squares // 2 if overloaded else squares
    return max(0, squares - movement_malus(fp))


def sprint_squares(squares: int, outcome: str) -> int:
    """The squares of a sprint whose Agilité test had ``outcome`` (rounded down)."""
    return math.floor(squares * SPRINT.get(outcome, Fraction(1)))


# --- Turn order ---------------------------------------------------------------------------

SYSTEM = "turn_order"


@frozen
class Combatant:
    """Someone in the round.

    Attributes:
        ident: who (a character's id, or any name).
        agilite: their current Agilité (bonuses and maluses counted).
        extra_actions: actions beyond the first this round.
        first: acts before everyone whatever the order (Illumination's Frappe éclair).
        last: acts after everyone (Sépulcrale's backlash).
    """

    ident: str
    agilite: int
    extra_actions: int = 0
    first: bool = False
    last: bool = False

    def __post_init__(self) -> None:
        if not self.ident:
            raise RulesError("a combatant needs a name", message_key="cosmos.round.name")
        if not 0 <= self.extra_actions <= MAX_EXTRA_ACTIONS:
            raise RulesError(
                f"0 to {MAX_EXTRA_ACTIONS} extra actions, not {self.extra_actions}",
                message_key="cosmos.round.extra",
                most=MAX_EXTRA_ACTIONS,
                value=self.extra_actions,
            )
        if self.first and self.last:
            raise RulesError("first or last, not both", message_key="cosmos.round.first_last")


@frozen
class TurnOrderInputs:
    """Everyone in a round, in any order.

    Raises:
        RulesError: for nobody, or a name twice.
    """

    combatants: tuple[Combatant, ...]

    def __post_init__(self) -> None:
        if not self.combatants:
            raise RulesError(
                "a round needs at least one combatant", message_key="cosmos.round.empty"
            )
        names = [c.ident for c in self.combatants]
        if len(set(names)) != len(names):
            raise RulesError("each combatant once in a round", message_key="cosmos.round.twice")


@frozen
class Slot:
    """One action's place in the round.

    Attributes:
        ident: who acts.
        action: 0 for their first action, n for their n-th extra one.
        position: where it stands (Agilité, or Agilité − (4 + d6) × n).
        together: acts simultaneously with the slot before it (a tie the d20 left).
    """

    ident: str
    action: int
    position: int
    together: bool = False


@frozen(kw_only=True)
class TurnOrderRoll(RollRecord[TurnOrderInputs]):
    """A round's order: the dice (a d6 per entity with extra actions, a d20 per entity in a
    tie) and the slots, first to act first; ``result`` is the number of slots, the
    outcome always ``ordered``."""

    system: ClassVar[str] = SYSTEM
    slots: tuple[Slot, ...]


def _order(inputs: TurnOrderInputs, take: Callable[[int, str], int]) -> TurnOrderRoll:
    dice: list[Die] = []

    def throw(sides: int, role: str) -> int:
        face = take(sides, role)
        dice.append(Die(sides, face, role))
        return face

    group = {c.ident: 0 if c.first else 2 if c.last else 1 for c in inputs.combatants}
    slots: list[tuple[str, int, int]] = []
    for combatant in inputs.combatants:
        slots.append((combatant.ident, 0, combatant.agilite))
        if combatant.extra_actions:
            step = 4 + throw(6, f"extra:{combatant.ident}")
            for n in range(1, combatant.extra_actions + 1):
                slots.append((combatant.ident, n, combatant.agilite - step * n))
    # Ties: entities sharing a place with another entity roll a d20 (once a round).
    tie_die: dict[str, int] = {}
    for ident, _, position in slots:
        tied = {who for who, _, at in slots if at == position and group[who] == group[ident]}
        if len(tied) > 1 and ident not in tie_die:
            tie_die[ident] = throw(20, f"tie:{ident}")

    def key(slot: tuple[str, int, int]) -> tuple[int, int, int]:
        return (group[slot[0]], -slot[2], tie_die.get(slot[0], 0))

    ordered = sorted(slots, key=key)  # stable: a tie the d20 left keeps the input order
    result: list[Slot] = []
    for i, (ident, action, position) in enumerate(ordered):
        together = i > 0 and key(ordered[i - 1]) == key(ordered[i]) and ident != ordered[i - 1][0]
        result.append(Slot(ident, action, position, together))
    return TurnOrderRoll(
        inputs=inputs,
        dice=tuple(dice),
        result=len(result),
        outcome="ordered",
        success=None,
        slots=tuple(result),
    )


def roll_order(inputs: TurnOrderInputs, rng: random.Random) -> TurnOrderRoll:
    """The round's order, its dice drawn from ``rng``."""
    return _order(inputs, lambda sides, _: draw(rng, sides))


def resolve_order(inputs: TurnOrderInputs, faces: tuple[int, ...]) -> TurnOrderRoll:
    """The round's order read from given faces, in the order the dice are asked for
    (each extra-action d6 in the combatants' order, then each tie's d20).

    Raises:
        RulesError: for too few or too many faces, or a face its die cannot show.
    """
    given = iter(faces)

    def take(sides: int, role: str) -> int:
        face = next(given, None)
        if face is None:
            raise RulesError(
                f"a face is missing for the d{sides} ({role})",
                message_key="dice.more_faces",
                sides=sides,
            )
        if not 1 <= face <= sides:
            raise impossible_face(sides, face)
        return face

    record = _order(inputs, take)
    if next(given, None) is not None:
        raise RulesError(
            "more faces than the round needs", message_key="cosmos.round.too_many_faces"
        )
    return record
