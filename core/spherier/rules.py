"""Le Sphérier (docs/rules/spherier.md#spherier): two engines, simple and opposed skill tests.

A skill is ``Compétence<Maîtrise, Limite>``. Each campaign picks one engine:

- **d6 successes**: Maîtrise + bonus − malus d6 (never fewer than 0); each 5 or 6 is a
  success; the count is capped at the Limite.
- **d20 score**: 1d20 + Maîtrise + bonus − malus, capped at 20 + Limite.

A result at least the DD (degré de difficulté) succeeds; the margin is the distance
between result and DD. In an opposed test both sides roll and the higher result wins;
**Ruling**: a tie goes to the defender.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from enum import StrEnum
from fractions import Fraction
from math import comb
from types import MappingProxyType
from typing import ClassVar

from meneur.core.dice import Die, check_faces, draw, face_count_error
from meneur.core.errors import RulesError
from meneur.core.frozen import frozen
from meneur.core.odds import Odds, distribution_from_counts
from meneur.core.records import RollRecord

SYSTEM = "spherier"
OUTCOMES = ("success", "failure")
SUCCESS_FACES = (5, 6)
D20_BASE_CAP = 20
MAX_POOL = 100


class Engine(StrEnum):
    """The campaign's dice engine."""

    D6 = "d6"
    D20 = "d20"


DD_SCALES: Mapping[Engine, Mapping[str, int]] = MappingProxyType(
    {
        Engine.D6: MappingProxyType(
            {"facile": 1, "moyenne": 2, "difficile": 3, "tres-difficile": 4}
        ),
        Engine.D20: MappingProxyType(
            {"facile": 5, "moyenne": 10, "difficile": 15, "tres-difficile": 20}
        ),
    }
)
"""The seed's DD scale of each engine, by step name."""


def dd_from_scale(engine: Engine, step: str) -> int:
    """The DD of a named step (``facile``, ``moyenne``, ``difficile``, ``tres-difficile``).

    Raises:
        RulesError: for an unknown step.
    """
    scale = DD_SCALES[engine]
    if step not in scale:
        raise RulesError(
            f"a DD step is one of {', '.join(scale)}, not {step!r}",
            message_key="spherier.dd_step",
            known=", ".join(scale),
            value=step,
        )
    return scale[step]


@frozen
class Skill:
    """A skill, ``Compétence<Maîtrise, Limite>``.

    Attributes:
        mastery: the Maîtrise (dice on the d6 engine, bonus on the d20 engine).
        limit: the Limite (most successes on d6; the d20 result is capped at 20 + it).
        name: the Compétence's name.

    Raises:
        RulesError: for a negative Limite or a Maîtrise beyond any pool.
    """

    mastery: int
    limit: int
    name: str = ""

    def __post_init__(self) -> None:
        if self.limit < 0:
            raise RulesError(
                f"a Limite is 0 or more, not {self.limit}",
                message_key="spherier.limit",
                value=self.limit,
            )
        if abs(self.mastery) > MAX_POOL:
            raise RulesError(
                f"a Maîtrise of {self.mastery} is beyond any test",
                message_key="spherier.mastery",
                value=self.mastery,
            )

    @property
    def notation(self) -> str:
        """The skill as written on a sheet: ``Bluff<+10, 6>``."""
        return f"{self.name}<{self.mastery:+d}, {self.limit}>"


@frozen
class Ability:
    """An ability, ``Capacité<Compétence, Phase>`` (``Coup d'estoc<Armes(Epées), Combat>``).

    Attributes:
        name: the Capacité.
        skill: the name of the Compétence it uses.
        phase: the phase of play where it takes effect.
    """

    name: str
    skill: str
    phase: str

    @property
    def notation(self) -> str:
        """The ability as written on a sheet."""
        return f"{self.name}<{self.skill}, {self.phase}>"


@frozen
class Roller:
    """One side of a test: a skill on an engine with its bonus and malus."""

    engine: Engine
    skill: Skill
    bonus: int = 0
    malus: int = 0
    extra_limit: int = 0
    """Limite granted for this test only (team assistants)."""

    @property
    def pool(self) -> int:
        """d6 engine: dice thrown, Maîtrise + bonus − malus, never below 0."""
        return max(0, self.skill.mastery + self.bonus - self.malus)

    @property
    def modifier(self) -> int:
        """d20 engine: what is added to the d20."""
        return self.skill.mastery + self.bonus - self.malus

    @property
    def cap(self) -> int:
        """The highest result: the Limite (d6) or 20 + Limite (d20), plus any extra."""
        limit = self.skill.limit + self.extra_limit
        return limit if self.engine is Engine.D6 else D20_BASE_CAP + limit

    def dice_count(self) -> int:
        """How many dice one roll of this side draws."""
        return self.pool if self.engine is Engine.D6 else 1

    def sides(self) -> int:
        """The dice this side rolls."""
        return 6 if self.engine is Engine.D6 else 20

    def result(self, faces: tuple[int, ...]) -> tuple[int, bool]:
        """The result of these faces and whether the Limite capped it."""
        if self.engine is Engine.D6:
            raw = sum(1 for face in faces if face in SUCCESS_FACES)
        else:
            raw = faces[0] + self.modifier
        return min(raw, self.cap), raw > self.cap

    def check(self, faces: tuple[int, ...]) -> None:
        """Raise :class:`RulesError` unless ``faces`` are exactly this side's dice."""
        if len(faces) != self.dice_count():
            raise face_count_error(self.dice_count(), len(faces))
        check_faces(faces, self.sides())

    def roll(self, rng: random.Random) -> tuple[int, ...]:
        """Draw this side's dice."""
        return tuple(draw(rng, self.sides()) for _ in range(self.dice_count()))

    def counts(self) -> tuple[dict[int, int], int]:
        """How many of this side's equally likely rolls give each (capped) result, and
        how many rolls there are (6^pool, or 20)."""
        counts: dict[int, int] = {}
        if self.engine is Engine.D6:
            for successes in range(self.pool + 1):
                ways = comb(self.pool, successes) * 2**successes * 4 ** (self.pool - successes)
                capped = min(successes, self.cap)
                counts[capped] = counts.get(capped, 0) + ways
            return counts, 6**self.pool
        for face in range(1, 21):
            capped = min(face + self.modifier, self.cap)
            counts[capped] = counts.get(capped, 0) + 1
        return counts, 20

    def distribution(self) -> dict[int, Fraction]:
        """Exact probability of each (capped) result."""
        return dict(distribution_from_counts(self.counts()[0]))


@frozen
class SkillTest:
    """A simple test: a skill against a DD.

    Attributes:
        engine: the campaign's engine.
        skill: the skill used.
        dd: the DD to reach.
        bonus: bonus to the pool (d6) or to the d20.
        malus: malus, subtracted likewise.
    """

    engine: Engine
    skill: Skill
    dd: int
    bonus: int = 0
    malus: int = 0

    @property
    def roller(self) -> Roller:
        """The side that rolls."""
        return Roller(self.engine, self.skill, self.bonus, self.malus)


@frozen(kw_only=True)
class SkillRoll(RollRecord[SkillTest]):
    """A simple test. ``result`` is the successes (d6) or the score (d20), capped.

    Attributes:
        margin: |result − DD|, of success or of failure.
        capped: the Limite lowered the result.
    """

    system: ClassVar[str] = SYSTEM
    margin: int
    capped: bool


def resolve(test: SkillTest, faces: tuple[int, ...]) -> SkillRoll:
    """Read the dice of a simple test.

    Raises:
        RulesError: when the faces are not the test's dice.
    """
    roller = test.roller
    roller.check(faces)
    result, capped = roller.result(faces)
    success = result >= test.dd
    return SkillRoll(
        inputs=test,
        dice=tuple(Die(roller.sides(), face) for face in faces),
        result=result,
        outcome="success" if success else "failure",
        success=success,
        margin=abs(result - test.dd),
        capped=capped,
    )


def roll(test: SkillTest, rng: random.Random) -> SkillRoll:
    """Roll a simple test from ``rng``."""
    return resolve(test, test.roller.roll(rng))


def odds(test: SkillTest) -> Odds[SkillTest]:
    """Exact odds of success and of each result."""
    distribution = test.roller.distribution()
    success = sum((p for result, p in distribution.items() if result >= test.dd), Fraction(0))
    return Odds(
        system=SYSTEM,
        inputs=test,
        outcomes=MappingProxyType({"success": success, "failure": 1 - success}),
        distribution=MappingProxyType(distribution),
    )


@frozen
class OpposedSkillTest:
    """An opposed test: both sides roll, the higher result wins, a tie to the defender.

    Attributes:
        engine: the campaign's engine.
        attacker: the acting side's skill.
        defender: the opposing side's skill.
        attacker_bonus, attacker_malus, defender_bonus, defender_malus: modifiers.
    """

    engine: Engine
    attacker: Skill
    defender: Skill
    attacker_bonus: int = 0
    attacker_malus: int = 0
    defender_bonus: int = 0
    defender_malus: int = 0

    @property
    def sides(self) -> tuple[Roller, Roller]:
        """The attacker's and the defender's rollers."""
        return (
            Roller(self.engine, self.attacker, self.attacker_bonus, self.attacker_malus),
            Roller(self.engine, self.defender, self.defender_bonus, self.defender_malus),
        )


@frozen(kw_only=True)
class OpposedSkillRoll(RollRecord[OpposedSkillTest]):
    """An opposed test. ``result`` is the attacker's result minus the defender's.

    Dice carry the role ``"attacker"`` or ``"defender"``.

    Attributes:
        attacker_result: the attacker's (capped) result.
        defender_result: the defender's (capped) result.
        margin: |difference|.
    """

    system: ClassVar[str] = SYSTEM
    attacker_result: int
    defender_result: int
    margin: int


def resolve_opposed(test: OpposedSkillTest, faces: tuple[int, ...]) -> OpposedSkillRoll:
    """Read the attacker's dice then the defender's.

    Raises:
        RulesError: when the faces are not both sides' dice.
    """
    attacker, defender = test.sides
    split = attacker.dice_count()
    attacker.check(faces[:split])
    defender.check(faces[split:])
    mine, _ = attacker.result(faces[:split])
    theirs, _ = defender.result(faces[split:])
    success = mine > theirs
    dice = [Die(attacker.sides(), face, role="attacker") for face in faces[:split]]
    dice += [Die(defender.sides(), face, role="defender") for face in faces[split:]]
    return OpposedSkillRoll(
        inputs=test,
        dice=tuple(dice),
        result=mine - theirs,
        outcome="success" if success else "failure",
        success=success,
        attacker_result=mine,
        defender_result=theirs,
        margin=abs(mine - theirs),
    )


def roll_opposed(test: OpposedSkillTest, rng: random.Random) -> OpposedSkillRoll:
    """Roll the attacker's dice, then the defender's."""
    attacker, defender = test.sides
    return resolve_opposed(test, attacker.roll(rng) + defender.roll(rng))


def opposed_odds(test: OpposedSkillTest) -> Odds[OpposedSkillTest]:
    """Exact odds of the attacker winning, and of each difference of results."""
    attacker, defender = test.sides
    differences: dict[int, Fraction] = {}
    for mine, p in attacker.distribution().items():
        for theirs, q in defender.distribution().items():
            differences[mine - theirs] = differences.get(mine - theirs, Fraction(0)) + p * q
    success = sum((p for difference, p in differences.items() if difference > 0), Fraction(0))
    return Odds(
        system=SYSTEM,
        inputs=test,
        outcomes=MappingProxyType({"success": success, "failure": 1 - success}),
        distribution=MappingProxyType(dict(sorted(differences.items()))),
    )
