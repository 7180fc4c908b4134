"""SYSTEMJ combat (docs/rules/systemj.md#systemj): scores from attributes, initiative, who acts
next.

Every score is the floor of its formula (plus the weapon's ATT or DEF where it applies)
and is then tested like any SYSTEMJ value. The exchange is a sequence of small pure
functions, each saying what happens next and who may act:

- melee in force: initiative by Rapidité tests; a failed attack lets the target
  counter-attack with no defence; a successful one lets the target defend;
- furtive melee: Dissimulation against Détection first; a failed Dissimulation gives the
  target a free counter-attack, a successful Détection turns it into a melee attack in
  force; a successful furtive attack allows no defence; **Ruling**: a failed one lets the
  target counter-attack, as in melee in force;
- thrown objects and ranged weapons: no initiative; the target may defend only if it can
  be aware of the attack; never a counter-attack;
- defences: dodge/feint, parry (needs a weapon) and block (needs a shield), only against
  melee in force and ranged attacks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any

from meneur.core.errors import RulesError
from meneur.core.frozen import frozen

from .rules import OUTCOMES

ATTRIBUTES = (
    "force",
    "resistance",
    "agilite",
    "rapidite",
    "intelligence",
    "personnalite",
    "chance",
)
"""The seven attributes' names, in the order of the sheet."""


@frozen
class Attributes:
    """The seven SYSTEMJ attributes, each on 100."""

    force: int
    resistance: int
    agilite: int
    rapidite: int
    intelligence: int = 50
    personnalite: int = 50
    chance: int = 50

    def __post_init__(self) -> None:
        for name in ATTRIBUTES:
            value = getattr(self, name)
            if not 0 <= value <= 100:
                raise RulesError(
                    f"{name} is on 100, not {value}",
                    message_key="systemj.attribute",
                    attribute_term=f"systemj.attribute.{name}",
                    value=value,
                )


class Attack(StrEnum):
    """The kinds of attack."""

    MELEE_FORCE = "melee-force"
    MELEE_FURTIVE = "melee-furtive"
    THROWN_OBJECT = "thrown-object"
    THROWN_WEAPON = "thrown-weapon"
    BOW = "bow"
    HANDGUN = "handgun"
    LONG_GUN = "long-gun"

    @property
    def ranged(self) -> bool:
        """Thrown objects and ranged weapons: no initiative, no counter-attack."""
        return self not in (Attack.MELEE_FORCE, Attack.MELEE_FURTIVE)

    @property
    def uses_weapon_att(self) -> bool:
        """Whether the weapon card's ATT adds to the score (the four ranged weapons)."""
        return self in (Attack.THROWN_WEAPON, Attack.BOW, Attack.HANDGUN, Attack.LONG_GUN)


class Defence(StrEnum):
    """The three defences."""

    DODGE = "dodge"
    PARRY = "parry"
    BLOCK = "block"


def attack_score(kind: Attack, a: Attributes, weapon_att: int = 0) -> int:
    """The attack score: the floor of the kind's formula, plus ATT for ranged weapons.

    Raises:
        RulesError: when an ATT is given for an attack that takes none.
    """
    if weapon_att and not kind.uses_weapon_att:
        raise RulesError(
            f"a {kind.value} attack takes no weapon ATT",
            message_key="systemj.no_att",
            attack_term=f"systemj.attack.{kind.value}",
        )
    match kind:
        case Attack.MELEE_FORCE:
            base = (a.force * 2 + a.resistance + a.rapidite) // 5
        case Attack.MELEE_FURTIVE | Attack.BOW:
            base = (a.force + a.agilite * 2 + a.rapidite) // 5
        case Attack.THROWN_OBJECT | Attack.THROWN_WEAPON:
            base = (a.force * 2 + a.agilite * 2) // 5
        case Attack.HANDGUN:
            base = (a.agilite * 3 + a.rapidite) // 5
        case Attack.LONG_GUN:
            base = (a.agilite * 2 + a.force + a.rapidite) // 5
    return base + weapon_att


def defence_score(kind: Defence, a: Attributes, equipment_def: int | None = None) -> int:
    """The defence score: the floor of the formula, plus the weapon's or shield's DEF.

    Args:
        kind: dodge/feint, parry or block.
        a: the defender's attributes.
        equipment_def: the DEF of the weapon (parry) or shield (block); ``None`` when the
            defender has none.

    Raises:
        RulesError: for a parry without a weapon or a block without a shield.
    """
    match kind:
        case Defence.DODGE:
            return (a.rapidite + a.agilite * 2 + a.chance) // 5
        case Defence.PARRY:
            if equipment_def is None:
                raise RulesError(
                    "a parry needs a weapon or an object fit for combat",
                    message_key="systemj.parry",
                )
            return (a.force * 2 + a.resistance + a.agilite) // 5 + equipment_def
        case Defence.BLOCK:
            if equipment_def is None:
                raise RulesError(
                    "a block needs a shield or an object that can serve as one",
                    message_key="systemj.block",
                )
            return (a.force * 2 + a.resistance * 2) // 5 + equipment_def


@frozen
class CombatScores:
    """A character's combat scores, as the sheet, the compact sheet and the combat helper
    all show them.

    Attributes:
        attributes: the seven attributes they come from.
        weapon_att: the ATT the first weapon card with one adds to a ranged attack (0).
        dodge: the dodge/feint score.
        parry: the parry score with the first weapon's DEF; None without a weapon.
        block: the block (Encaissement) score with the shield's DEF; None without one.
    """

    attributes: Attributes
    weapon_att: int
    dodge: int
    parry: int | None
    block: int | None

    def attack(self, kind: Attack) -> int:
        """The score of an attack of ``kind`` (a ranged weapon adds the weapon's ATT)."""
        return attack_score(kind, self.attributes, self.weapon_att if kind.uses_weapon_att else 0)

    def defences(self) -> dict[Defence, int]:
        """The defences this character can make, with their scores."""
        found = {Defence.DODGE: self.dodge}
        if self.parry is not None:
            found[Defence.PARRY] = self.parry
        if self.block is not None:
            found[Defence.BLOCK] = self.block
        return found


def scores_of(sheet: Mapping[str, Any]) -> CombatScores:
    """The combat scores of a SYSTEMJ sheet: its attributes (50 where missing or not a
    number) and its hand (the parry's weapon, the block's shield, a ranged weapon's ATT).

    Raises:
        RulesError: for an attribute outside 0–100.
    """
    from .cards import block_def, hand, parry_def, weapon_att

    raw = sheet.get("attributes", {})
    raw = raw if isinstance(raw, Mapping) else {}
    values = {
        name: value if isinstance(value, int) and not isinstance(value, bool) else 50
        for name, value in ((name, raw.get(name, 50)) for name in ATTRIBUTES)
    }
    attributes = Attributes(**values)
    cards = hand(sheet)
    parry, block = parry_def(cards), block_def(cards)
    return CombatScores(
        attributes=attributes,
        weapon_att=weapon_att(cards) or 0,
        dodge=defence_score(Defence.DODGE, attributes),
        parry=None if parry is None else defence_score(Defence.PARRY, attributes, parry),
        block=None if block is None else defence_score(Defence.BLOCK, attributes, block),
    )


class Next(StrEnum):
    """What happens next in an exchange."""

    INITIATIVE = "initiative"
    """Both sides test Rapidité for who attacks first (melee in force only)."""
    APPROACH = "approach"
    """Before a furtive attack: the attacker tests Dissimulation, the target Détection."""
    ATTACK = "attack"
    """The actor makes the attack test."""
    FURTIVE_ATTACK = "furtive-attack"
    """The approach went unnoticed: the attacker makes the furtive attack."""
    MELEE_FORCE = "melee-force"
    """The target noticed: the attack becomes a melee attack in force."""
    DEFENCE = "defence"
    """The target may defend."""
    COUNTER_ATTACK = "counter-attack"
    """The target counter-attacks; the attacker may not defend."""
    HIT = "hit"
    """The attack lands: damage from the weapon card."""
    MISS = "miss"
    """Nothing lands; the exchange is over."""


@frozen
class Step:
    """The result of one step: what happens next and who acts.

    Attributes:
        next: what happens next.
        actor: ``"attacker"`` or ``"target"`` (who acts, or who is hit), or ``None``.
        defences: the defences the target may use, when ``next`` is DEFENCE.
    """

    next: Next
    actor: str | None = None
    defences: tuple[Defence, ...] = ()


def begin(kind: Attack) -> Step:
    """How an exchange starts: initiative (melee in force), the approach (furtive), or
    straight to the attack (thrown and ranged, which need no initiative)."""
    if kind is Attack.MELEE_FORCE:
        return Step(Next.INITIATIVE)
    if kind is Attack.MELEE_FURTIVE:
        return Step(Next.APPROACH)
    return Step(Next.ATTACK, "attacker")


def furtive_approach(dissimulation_succeeded: bool, detection_succeeded: bool) -> Step:
    """Dissimulation (attacker) against Détection (target) before a furtive attack.

    A failed Dissimulation gives the target a free counter-attack (checked first); a
    successful Détection turns the attack into a melee attack in force; otherwise the
    furtive attack goes ahead.
    """
    if not dissimulation_succeeded:
        return Step(Next.COUNTER_ATTACK, "target")
    if detection_succeeded:
        return Step(Next.MELEE_FORCE, "attacker")
    return Step(Next.FURTIVE_ATTACK, "attacker")


def after_attack(
    kind: Attack,
    succeeded: bool,
    *,
    target_aware: bool = True,
    target_has_weapon: bool = False,
    target_has_shield: bool = False,
) -> Step:
    """What follows an attack test.

    Args:
        kind: the attack.
        succeeded: whether the attack test succeeded.
        target_aware: for ranged attacks, whether the target can be aware of it.
        target_has_weapon: the target may parry.
        target_has_shield: the target may block.
    """
    if kind is Attack.MELEE_FURTIVE:
        return Step(Next.HIT, "target") if succeeded else Step(Next.COUNTER_ATTACK, "target")
    if not succeeded:
        return Step(Next.MISS) if kind.ranged else Step(Next.COUNTER_ATTACK, "target")
    if kind.ranged and not target_aware:
        return Step(Next.HIT, "target")
    defences = [Defence.DODGE]
    if target_has_weapon:
        defences.append(Defence.PARRY)
    if target_has_shield:
        defences.append(Defence.BLOCK)
    return Step(Next.DEFENCE, "target", tuple(defences))


def after_defence(succeeded: bool) -> Step:
    """A successful defence stops the attack; a failed one lets it land."""
    return Step(Next.MISS) if succeeded else Step(Next.HIT, "target")


def after_counter_attack(succeeded: bool) -> Step:
    """A counter-attack allows no defence: it lands on the attacker or misses."""
    return Step(Next.HIT, "attacker") if succeeded else Step(Next.MISS)


INITIATIVE_RANK = {outcome: rank for rank, outcome in enumerate(OUTCOMES)}
"""Best outcome first: critical, notable, average, narrow, failure, critical failure."""


@frozen
class InitiativeEntry:
    """A contender's Rapidité test for initiative."""

    name: str
    rapidite: int
    outcome: str

    def __post_init__(self) -> None:
        if self.outcome not in INITIATIVE_RANK:
            raise RulesError(
                f"an initiative test's outcome is one of {', '.join(OUTCOMES)}",
                message_key="systemj.initiative",
            )


def initiative_order(entries: Sequence[InitiativeEntry]) -> tuple[tuple[str, ...], ...]:
    """Who acts first: best outcome, then higher Rapidité; still-tied names stay grouped.

    A group of more than one name is a tie the contenders break by testing again.
    """
    ordered = sorted(entries, key=lambda e: (INITIATIVE_RANK[e.outcome], -e.rapidite))
    groups: list[list[str]] = []
    previous: tuple[int, int] | None = None
    for entry in ordered:
        key = (INITIATIVE_RANK[entry.outcome], entry.rapidite)
        if key == previous:
            groups[-1].append(entry.name)
        else:
            groups.append([entry.name])
        previous = key
    return tuple(tuple(group) for group in groups)
