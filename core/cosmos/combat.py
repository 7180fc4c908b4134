"""Great Cosmos combat (docs/rules/cosmos.md#combat: Mode de combat, and Light & Dark
Points). (Just over 600 lines: postures, defences and the two points are one round's
rules, each step checked against the others; split, each part would import the rest.)

**Postures.** Each character has a default posture, offensive or defensive, changed
before acting. Offensive: more damage, no dodge or parry. Defensive: a dodge (an Agilité
test) or a parry (a Force test) when attacked. A critical attack needs a critical
defence, a super-critical one a super-critical defence; a critical parry offers a
riposte, a critical dodge a counter-attack; some attacks are unparriable and/or
undodgeable.

**Light & Dark points.** Spending one (at any time, no action, never interrupting an
action) enters Illumination (light) or Sépulcrale (dark) for at most 3 turns. Karma is
locked at +10 (Illumination) or −10 (Sépulcrale) meanwhile. Only the Final Skill (level
5+) ends the posture early; a posture that lasted more than 2 turns brings the backlash.
No new point in the 2 turns after leaving. Illumination rolls its advantage d6 at the
start and dodges or parries automatically 7 times in 10 (not a super-critical attack,
nor an unparriable and/or undodgeable one; a failed one still allows a normal defence).
Sépulcrale: Revive once (50 % of max PV instead of a fatal blow), Apocalypse at its end
if Revive did not fire; its backlash rolls the disadvantage d6 (a 6 doubles it).

The sheet keeps the state under ``combat`` (see :class:`Stance`); this module says what
each step changes, and refuses what the rules forbid.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from typing import Any, ClassVar

from meneur.core.dice import Die, draw
from meneur.core.errors import RulesError
from meneur.core.frozen import frozen
from meneur.core.odds import Odds, distribution_from_counts, outcome_odds
from meneur.core.records import RollRecord
from meneur.core.sheets import sheet_table

DEFAULT_POSTURES = ("offensive", "defensive")
SPECIAL_POSTURES = ("illumination", "sepulcrale")
MAX_TURNS = 3
"""A special posture lasts at most 3 turns."""
BACKLASH_AFTER = 2
"""More turns than this in a special posture bring the backlash."""
COOLDOWN_TURNS = 2
BACKLASH_TURNS = 2
FINAL_SKILL_LEVEL = 5
LOCKED_KARMA = {"illumination": 10, "sepulcrale": -10}
AUTO_DEFENCE = Fraction(7, 10)

SUCCESSES = ("super_critical_success", "critical_success", "success")


# --- Defending -------------------------------------------------------------------------


def defence_holds(attack: str, defence: str) -> bool:
    """Whether a dodge or parry with outcome ``defence`` stops an attack with outcome
    ``attack`` (an attack that failed needs no defence: True)."""
    if attack not in SUCCESSES:
        return True
    if attack == "super_critical_success":
        return defence == "super_critical_success"
    if attack == "critical_success":
        return defence in ("critical_success", "super_critical_success")
    return defence in SUCCESSES


def follow_up(kind: str, defence: str, attack: str) -> str | None:
    """What a defence that held at a critical offers: ``riposte`` after a parry,
    ``counter_attack`` after a dodge; None otherwise."""
    if defence not in ("critical_success", "super_critical_success"):
        return None
    if not defence_holds(attack, defence):
        return None
    return {"parry": "riposte", "dodge": "counter_attack"}[kind]


def after_hit(stance: Stance) -> str | None:
    """What taking damage offers a character: in Sépulcrale, ``counter_attack`` — "Le
    personnage peut lorsqu'il subit des dégâts, de n'importe quel type, contre-attaquer
    derrière" (docs/rules/cosmos.md#cosmos); None otherwise."""
    return "counter_attack" if stance.special == "sepulcrale" else None


def defences(
    posture: str, *, unparriable: bool = False, undodgeable: bool = False
) -> tuple[str, ...]:
    """The defences a character in ``posture`` may try against an attack: ``dodge`` (an
    Agilité test) and ``parry`` (a Force test), none in offensive posture (nor in
    Sépulcrale, which fights as a stronger offensive)."""
    if posture not in (*DEFAULT_POSTURES, *SPECIAL_POSTURES):
        raise RulesError(
            f"unknown posture {posture!r}", message_key="cosmos.combat.posture", value=posture
        )
    if posture in ("offensive", "sepulcrale"):
        return ()
    found = []
    if not undodgeable:
        found.append("dodge")
    if not unparriable:
        found.append("parry")
    return tuple(found)


def defence_odds(attack: str, defence: Odds[Any]) -> Fraction:
    """The chance a defence test with these odds (a Great Cosmos test's) holds against
    an attack with outcome ``attack``."""
    return sum(
        (p for outcome, p in defence.outcomes.items() if defence_holds(attack, outcome)),
        Fraction(0),
    )


# --- Illumination's automatic defence -------------------------------------------------------

AUTO_SYSTEM = "auto_defence"


@frozen
class AutoDefence:
    """Illumination's automatic dodge or parry against one attack.

    Attributes:
        attack: the attack's outcome.
        unparriable, undodgeable: the attack's marks (either: no automatic defence).

    Raises:
        RulesError: when the attack allows none: "hors réussite super-critique adverse
            et attaques spéciales imparables et/ou inesquivables" (docs/rules/cosmos.md#cosmos) — a
            super-critical success, or an attack unparriable or undodgeable (the audit:
            only one both unparriable and undodgeable was refused).
    """

    attack: str = "success"
    unparriable: bool = False
    undodgeable: bool = False

    def __post_init__(self) -> None:
        if self.attack == "super_critical_success":
            raise RulesError(
                "no automatic defence against a super-critical success",
                message_key="cosmos.combat.no_auto_super",
            )
        if self.unparriable or self.undodgeable:
            raise RulesError(
                "no automatic defence against an unparriable or undodgeable attack",
                message_key="cosmos.combat.no_auto_special",
            )


@frozen(kw_only=True)
class AutoDefenceRoll(RollRecord[AutoDefence]):
    """The d10: at most 7 avoids the blow (``avoided``); else ``not_avoided`` (a normal
    dodge or parry may still be tried)."""

    system: ClassVar[str] = AUTO_SYSTEM


def resolve_auto(test: AutoDefence, faces: tuple[int, ...]) -> AutoDefenceRoll:
    """Read the d10 of Illumination's automatic defence.

    Raises:
        RulesError: for anything but one face 1–10.
    """
    if len(faces) != 1 or not 1 <= faces[0] <= 10:
        raise RulesError(
            "the automatic defence reads one d10 showing 1 to 10",
            message_key="dice.read_as",
            count=1,
            sides=10,
        )
    avoided = faces[0] <= 7
    return AutoDefenceRoll(
        inputs=test,
        dice=(Die(10, faces[0]),),
        result=faces[0],
        outcome="avoided" if avoided else "not_avoided",
        success=avoided,
    )


def roll_auto(test: AutoDefence, rng: random.Random) -> AutoDefenceRoll:
    """Roll Illumination's automatic defence from ``rng``."""
    return resolve_auto(test, (draw(rng, 10),))


def auto_odds(test: AutoDefence) -> Odds[AutoDefence]:
    """7 chances in 10."""
    distribution = distribution_from_counts(dict.fromkeys(range(1, 11), 1))
    outcomes = outcome_odds(
        distribution,
        lambda face: "avoided" if face <= 7 else "not_avoided",
        ("avoided", "not_avoided"),
    )
    return Odds(system=AUTO_SYSTEM, inputs=test, outcomes=outcomes, distribution=distribution)


# --- The posture die: Illumination's advantage, Sépulcrale's backlash ----------------------

POSTURE_DIE = "posture_die"


@frozen
class PostureDie:
    """The d6 of a special posture: ``advantage`` (Illumination, at its start) or
    ``disadvantage`` (Sépulcrale's backlash)."""

    table: str = "advantage"

    def __post_init__(self) -> None:
        if self.table not in ("advantage", "disadvantage"):
            raise RulesError(
                f"the posture die rolls on advantage or disadvantage, not {self.table}",
                message_key="cosmos.combat.posture_die",
                value=self.table,
            )


@frozen(kw_only=True)
class PostureDieRoll(RollRecord[PostureDie]):
    """The d6 and its row (``advantage_N`` or ``disadvantage_N``; 1: no effect)."""

    system: ClassVar[str] = POSTURE_DIE


def resolve_die(test: PostureDie, faces: tuple[int, ...]) -> PostureDieRoll:
    """Read the posture d6 on its table.

    Raises:
        RulesError: for anything but one face 1–6.
    """
    if len(faces) != 1 or not 1 <= faces[0] <= 6:
        raise RulesError(
            "the posture die reads one d6 showing 1 to 6",
            message_key="dice.read_as",
            count=1,
            sides=6,
        )
    face = faces[0]
    return PostureDieRoll(
        inputs=test,
        dice=(Die(6, face),),
        result=face,
        outcome=f"{test.table}_{face}",
        success=(face > 1) if test.table == "advantage" else (face == 1),
    )


def roll_die(test: PostureDie, rng: random.Random) -> PostureDieRoll:
    """Roll the posture d6 from ``rng``."""
    return resolve_die(test, (draw(rng, 6),))


def die_odds(test: PostureDie) -> Odds[PostureDie]:
    """Each row one chance in six."""
    distribution = distribution_from_counts(dict.fromkeys(range(1, 7), 1))
    keys = [f"{test.table}_{n}" for n in range(1, 7)]
    outcomes = outcome_odds(distribution, lambda face: f"{test.table}_{face}", keys)
    return Odds(system=POSTURE_DIE, inputs=test, outcomes=outcomes, distribution=distribution)


# --- The stance: what the sheet keeps ------------------------------------------------------


TWO_ACTIONS_FACE = 6
"""Illumination's advantage face that gives two actions a turn."""
EXTRA_EFFECT_FACE = 3
"""Illumination's advantage face that adds a positive effect to a successful Final Skill."""
NEGATIVE_EFFECT_FACE = 3
"""Sépulcrale's backlash face whose negative effect falls on the next action."""
DOUBLED_BACKLASH_FACE = 6
"""Sépulcrale's backlash face that doubles the backlash."""


_STANCE_KINDS: dict[str, type] = {
    "revived": bool,
    "negative_due": bool,
    "posture": str,
    "special": str,
    "backlash": str,
    "provoked_by": str,
}
"""The kind of each of the sheet's ``combat`` keys that is not a whole number."""


@frozen
class Stance:
    """A character's combat state (the sheet's ``combat`` table).

    Attributes:
        posture: the default posture, ``offensive`` or ``defensive``.
        special: ``illumination`` or ``sepulcrale`` while in one, else "".
        turns: turns spent in the special posture (0 on entering).
        advantage: Illumination's advantage d6 (0 before it is rolled).
        revived: Sépulcrale's Revive has fired.
        cooldown: turns left before a new Light or Dark point may be spent.
        backlash: ``illumination`` or ``sepulcrale`` during a backlash, else "".
        backlash_turns: turns of backlash left.
        disadvantage: Sépulcrale's backlash d6 (0 before it is rolled).
        negative_due: the backlash's disadvantage 3 — "Un effet négatif vient affecter
            la prochaine action du personnage" — waits for that next action.
        provoked_by: the character (a key) whose Sépulcrale hurt this one: "cette cible
            est dans l'obligation de diriger contre le personnage en question" its next
            offensive action; "" otherwise.
    """

    posture: str = "defensive"
    special: str = ""
    turns: int = 0
    advantage: int = 0
    revived: bool = False
    cooldown: int = 0
    backlash: str = ""
    backlash_turns: int = 0
    disadvantage: int = 0
    negative_due: bool = False
    provoked_by: str = ""

    def __post_init__(self) -> None:
        if self.posture not in DEFAULT_POSTURES:
            raise RulesError(
                f"combat.posture: offensive or defensive, not {self.posture!r}",
                message_key="cosmos.combat.posture",
                value=self.posture,
            )
        for key, kind in (("special", self.special), ("backlash", self.backlash)):
            if kind and kind not in SPECIAL_POSTURES:
                raise RulesError(
                    f"combat.{key}: illumination or sepulcrale, not {kind!r}",
                    message_key="cosmos.combat.special",
                    where=f"combat.{key}",
                    value=kind,
                )
        for key, value, most in (
            ("turns", self.turns, MAX_TURNS),
            ("advantage", self.advantage, 6),
            ("cooldown", self.cooldown, COOLDOWN_TURNS),
            ("backlash_turns", self.backlash_turns, 2 * BACKLASH_TURNS),
            ("disadvantage", self.disadvantage, 6),
        ):
            if not 0 <= value <= most:
                raise RulesError(
                    f"combat.{key}: 0 to {most}, not {value}",
                    message_key="cosmos.combat.bounds",
                    where=f"combat.{key}",
                    most=most,
                    value=value,
                )

    @classmethod
    def from_sheet(cls, sheet: Mapping[str, Any]) -> Stance:
        """The stance a sheet keeps (its defaults when it keeps none).

        Raises:
            RulesError: naming the ``combat`` key that is wrong.
        """
        kinds = {name: _STANCE_KINDS.get(name, int) for name in cls.__dataclass_fields__}
        return cls(**(sheet_table(sheet, "combat", kinds) or {}))

    def to_sheet(self) -> dict[str, Any]:
        """The sheet's ``combat`` table (defaults left out)."""
        default = Stance()
        return {
            key: getattr(self, key)
            for key in self.__dataclass_fields__
            if getattr(self, key) != getattr(default, key)
        }

    @property
    def current(self) -> str:
        """The posture that counts now: the special one while in it."""
        return self.special or self.posture

    @property
    def locked_karma(self) -> int | None:
        """The karma a special posture locks (+10 or −10), else None."""
        return LOCKED_KARMA.get(self.special)

    @property
    def acts_first(self) -> bool:
        """Illumination's Frappe éclair: acts first whatever the order."""
        return self.special == "illumination"

    @property
    def acts_last(self) -> bool:
        """Sépulcrale's backlash: acts last."""
        return self.backlash == "sepulcrale"

    def karma(self, written: int) -> int:
        """The karma the character's tests use: the sheet's ``written`` one, locked at +10
        or −10 while in Illumination or Sépulcrale."""
        locked = self.locked_karma
        return written if locked is None else locked

    def extra_actions(self, written: int) -> int:
        """The extra actions a turn gives: the sheet's ``written`` ones, and at least one
        under Illumination's advantage 6 ("2 actions / tour", not added to a like
        effect)."""
        if self.special == "illumination" and self.advantage == TWO_ACTIONS_FACE:
            return max(written, 1)
        return written

    @property
    def can_act(self) -> bool:
        """Not during Illumination's backlash (no action, dodge or parry)."""
        return self.backlash != "illumination"


def change_posture(stance: Stance, posture: str) -> Stance:
    """A new default posture (before acting).

    Raises:
        RulesError: for a posture that is not offensive or defensive.
    """
    return replace(stance, posture=posture)


def enter(stance: Stance, kind: str, points: int, *, exhausted: bool = False) -> Stance:
    """Spend a Light (``illumination``) or Dark (``sepulcrale``) point: the posture
    begins (turn 0). ``points``: the character's points of that kind.

    Raises:
        RulesError: with no point left, in a special posture or its cooldown already,
            or exhausted (the endurance rule: no Light or Dark point at FP or FM 10).
    """
    if kind not in SPECIAL_POSTURES:
        raise RulesError(
            f"a Light point enters illumination, a Dark one sepulcrale, not {kind}",
            message_key="cosmos.combat.point_kind",
            value=kind,
        )
    if points < 1:
        raise RulesError(
            f"no {'Light' if kind == 'illumination' else 'Dark'} point left",
            message_key=f"cosmos.combat.no_point_{kind}",
        )
    if stance.special:
        raise RulesError("already in a special posture", message_key="cosmos.combat.already")
    if stance.cooldown:
        raise RulesError(
            f"no new Light or Dark point for {stance.cooldown} more turn(s)",
            message_key="cosmos.combat.cooldown",
            turns=stance.cooldown,
        )
    if exhausted:
        raise RulesError(
            "an exhausted character cannot use Light or Dark points",
            message_key="cosmos.combat.exhausted",
        )
    return replace(stance, special=kind, turns=0, advantage=0, revived=False)


@frozen
class TurnEnd:
    """What the end of a turn did to a stance.

    Attributes:
        stance: the stance after.
        ended: the special posture ended (its 3 turns are over).
        backlash: a backlash began (``illumination`` or ``sepulcrale``).
        apocalypse: Sépulcrale ended without Revive: dies and comes back at 50 % PV.
    """

    stance: Stance
    ended: bool = False
    backlash: str = ""
    apocalypse: bool = False


def end_turn(stance: Stance) -> TurnEnd:
    """The character's turn is over: a special posture counts one more turn (ending after
    its third, with the backlash); a cooldown or a backlash counts one down; a
    provocation is spent ("lors de sa prochaine action")."""
    stance = replace(stance, provoked_by="")
    if stance.special:
        turns = stance.turns + 1
        if turns < MAX_TURNS:
            return TurnEnd(replace(stance, turns=turns))
        return _leave(replace(stance, turns=turns), lasted=turns)
    after = replace(
        stance,
        cooldown=max(0, stance.cooldown - 1),
        backlash_turns=max(0, stance.backlash_turns - 1),
    )
    if stance.backlash and after.backlash_turns == 0:
        after = replace(after, backlash="", disadvantage=0)
    return TurnEnd(after)


def final_skill(stance: Stance, level: int) -> TurnEnd:
    """The Final Skill (level 5+, in a special posture): the posture ends at once — with
    its backlash if it lasted more than 2 turns, the turn under way counted: "Si la
    posture a durée plus de 2 tours, le contre-coup s'applique" (docs/rules/cosmos.md#cosmos). Ended
    during its third turn, it did (the audit: finished turns alone were counted, and a posture
    ended in its third turn never brought its backlash).

    Raises:
        RulesError: below level 5, or outside Illumination and Sépulcrale.
    """
    if level < FINAL_SKILL_LEVEL:
        raise RulesError(
            f"the Final Skill needs level {FINAL_SKILL_LEVEL}, not {level}",
            message_key="cosmos.combat.final_level",
            level=level,
        )
    if not stance.special:
        raise RulesError(
            "the Final Skill is used in Illumination or Sépulcrale only",
            message_key="cosmos.combat.final_posture",
        )
    return _leave(stance, lasted=stance.turns + 1)


def _leave(stance: Stance, *, lasted: int) -> TurnEnd:
    """The special posture ends, having lasted ``lasted`` turns (the one it ends in
    counted)."""
    kind = stance.special
    backlash = kind if lasted > BACKLASH_AFTER else ""
    # "À la fin de la posture": however it ends, the Final Skill included.
    apocalypse = kind == "sepulcrale" and not stance.revived
    after = replace(
        stance,
        special="",
        turns=0,
        advantage=0,
        revived=False,
        cooldown=COOLDOWN_TURNS,
        backlash=backlash,
        backlash_turns=BACKLASH_TURNS if backlash else 0,
        disadvantage=0,
    )
    return TurnEnd(after, ended=True, backlash=backlash, apocalypse=apocalypse)


def with_advantage(stance: Stance, face: int) -> Stance:
    """Illumination's advantage d6 rolled at its start."""
    if stance.special != "illumination":
        raise RulesError(
            "the advantage die is Illumination's", message_key="cosmos.combat.advantage_die"
        )
    return replace(stance, advantage=face)


def with_disadvantage(stance: Stance, face: int) -> Stance:
    """Sépulcrale's backlash d6: a 6 doubles the backlash's length."""
    if stance.backlash != "sepulcrale":
        raise RulesError(
            "the disadvantage die is Sépulcrale's backlash",
            message_key="cosmos.combat.disadvantage_die",
        )
    turns = 2 * BACKLASH_TURNS if face == DOUBLED_BACKLASH_FACE else stance.backlash_turns
    return replace(
        stance,
        disadvantage=face,
        backlash_turns=turns,
        negative_due=face == NEGATIVE_EFFECT_FACE,
    )


def acted(stance: Stance) -> tuple[Stance, bool]:
    """The character acted: the stance after, and whether the backlash's negative effect
    (disadvantage 3) fell on this action (then it is spent)."""
    if not stance.negative_due:
        return stance, False
    return replace(stance, negative_due=False), True


def final_skill_bonus(stance: Stance, succeeded: bool) -> bool:
    """Whether a Final Skill brings Illumination's advantage 3: "Effet positif
    supplémentaire sur le Final Skill en cas de réussite"."""
    return succeeded and stance.special == "illumination" and stance.advantage == EXTRA_EFFECT_FACE


def provoke(target: Stance, by: str, attacker: Stance) -> Stance:
    """Sépulcrale's Provocation abusive: "si une cible subit des dégâts de la part du
    personnage et que celle-ci souhaite effectuer une action offensive lors de sa
    prochaine action, cette cible est dans l'obligation de la diriger contre le
    personnage en question" (docs/rules/cosmos.md#cosmos) — ``target`` marked as provoked by ``by``
    until its turn ends.

    Raises:
        RulesError: when ``attacker`` is not in Sépulcrale, or the target is the attacker.
    """
    if attacker.special != "sepulcrale":
        raise RulesError(
            "Provocation abusive is Sépulcrale's", message_key="cosmos.combat.provoke_posture"
        )
    if not by:
        raise RulesError("who provokes is named", message_key="cosmos.combat.provoker")
    return replace(target, provoked_by=by)


def revive(stance: Stance, pv_max: int) -> tuple[Stance, int]:
    """Sépulcrale's Revive, instead of a fatal blow: 50 % of max PV (rounded down), once.

    Raises:
        RulesError: outside Sépulcrale, or when it has fired already.
    """
    if stance.special != "sepulcrale":
        raise RulesError("Revive is Sépulcrale's", message_key="cosmos.combat.revive_posture")
    if stance.revived:
        raise RulesError("Revive fires once", message_key="cosmos.combat.revive_once")
    return replace(stance, revived=True), pv_max // 2
