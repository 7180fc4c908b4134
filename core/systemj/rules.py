"""SYSTEMJ (docs/rules/systemj.md#systemj): d100 read 00–99 under an attribute or skill on 100.

The effective score S is the value plus bonuses minus maluses (the seed's scales:
Facilité +10, Aisé +20, Très facile +30, Extrêmement simple automatic; Petite difficulté
−10, Ardu −20, Très difficile −30, Quasiment impossible −50). Read in this order: 00 is
a critical failure; the unmodified value is a critical success whatever the modifiers;
at most S succeeds, with a degree by thirds of S (de justesse up to S/3, moyenne up to
2S/3, notable above); else failure.

**Ruling**: an automatic success (Extrêmement simple) rolls no die and reads as a
notable success.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import ClassVar

from meneur.core.dice import Die, draw
from meneur.core.errors import RulesError
from meneur.core.frozen import frozen
from meneur.core.odds import Odds, distribution_from_counts, outcome_odds
from meneur.core.records import RollRecord

SYSTEM = "systemj"
OUTCOMES = ("critical_success", "notable", "average", "narrow", "failure", "critical_failure")
"""Outcome keys, best first."""
SUCCESSES = frozenset(OUTCOMES[:4])
D100_SIDES = 100
MAX_VALUE = 200

BONUSES: Mapping[str, int] = MappingProxyType({"facilite": 10, "aise": 20, "tres-facile": 30})
MALUSES: Mapping[str, int] = MappingProxyType(
    {"petite-difficulte": -10, "ardu": -20, "tres-difficile": -30, "quasiment-impossible": -50}
)
AUTOMATIC = "extremement-simple"
"""The bonus step that makes the test an automatic success."""
_NUMBER = re.compile(r"[+-]?\d{1,4}")


def read_modifier(text: str) -> int | None:
    """A modifier by scale name (``ardu``) or number (``-20``); ``None`` for automatic.

    Raises:
        RulesError: for anything else.
    """
    key = text.strip().casefold()
    if key == AUTOMATIC:
        return None
    if key in BONUSES:
        return BONUSES[key]
    if key in MALUSES:
        return MALUSES[key]
    if _NUMBER.fullmatch(key):
        return int(key)
    names = ", ".join([*BONUSES, AUTOMATIC, *MALUSES])
    raise RulesError(
        f"a modifier is a number or one of {names}; not {text!r}",
        message_key="systemj.modifier",
        known=names,
        value=text,
    )


@frozen
class SystemjTest:
    """A SYSTEMJ test.

    Attributes:
        value: the attribute or skill, on 100.
        modifier: bonuses minus maluses, in points.
        automatic: the test is Extrêmement simple: success without a roll.
        label: what is tested, for the journal ("Détection").

    Raises:
        RulesError: for a value outside 0–200.
    """

    value: int
    modifier: int = 0
    automatic: bool = False
    label: str = ""

    def __post_init__(self) -> None:
        if not 0 <= self.value <= MAX_VALUE:
            raise RulesError(
                f"a SYSTEMJ value is 0 to {MAX_VALUE}, not {self.value}",
                message_key="systemj.value",
                most=MAX_VALUE,
                value=self.value,
            )

    @classmethod
    def with_modifiers(cls, value: int, modifiers: Iterable[str], label: str = "") -> SystemjTest:
        """A test whose modifiers are given by scale name or number, summed."""
        total = 0
        automatic = False
        for text in modifiers:
            step = read_modifier(text)
            if step is None:
                automatic = True
            else:
                total += step
        return cls(value, total, automatic, label)

    @property
    def effective(self) -> int:
        """The effective score S: value plus modifiers."""
        return self.value + self.modifier


def classify(roll: int, test: SystemjTest) -> str:
    """The outcome of a roll 0–99, in the rules' order."""
    if roll == 0:
        return "critical_failure"
    if roll == test.value:
        return "critical_success"
    score = test.effective
    if roll > score:
        return "failure"
    # Thirds of S compared in integers: roll ≤ S/3 ⇔ 3·roll ≤ S.
    if 3 * roll <= score:
        return "narrow"
    if 3 * roll <= 2 * score:
        return "average"
    return "notable"


@frozen(kw_only=True)
class SystemjRoll(RollRecord[SystemjTest]):
    """A SYSTEMJ test. ``result`` is the roll, 0–99 (0 when automatic).

    Attributes:
        effective: the effective score S.
        automatic: no die was rolled.
    """

    system: ClassVar[str] = SYSTEM
    effective: int
    automatic: bool


def resolve(test: SystemjTest, faces: tuple[int, ...]) -> SystemjRoll:
    """Read a d100 face 0–99 (none for an automatic success).

    Raises:
        RulesError: when the faces do not fit.
    """
    if test.automatic:
        if faces:
            raise RulesError("an automatic success rolls no die", message_key="systemj.automatic")
        return SystemjRoll(
            inputs=test,
            dice=(),
            result=0,
            outcome="notable",
            success=True,
            effective=test.effective,
            automatic=True,
        )
    if len(faces) != 1 or not 0 <= faces[0] <= 99:
        raise RulesError(
            "a SYSTEMJ test reads one d100 showing 00 to 99", message_key="systemj.d100"
        )
    outcome = classify(faces[0], test)
    return SystemjRoll(
        inputs=test,
        dice=(Die(D100_SIDES, faces[0]),),
        result=faces[0],
        outcome=outcome,
        success=outcome in SUCCESSES,
        effective=test.effective,
        automatic=False,
    )


def roll(test: SystemjTest, rng: random.Random) -> SystemjRoll:
    """Roll the d100 from ``rng``, reading its 100 as 00."""
    if test.automatic:
        return resolve(test, ())
    return resolve(test, (draw(rng, D100_SIDES) % D100_SIDES,))


def odds(test: SystemjTest) -> Odds[SystemjTest]:
    """Exact odds of each outcome and each roll."""
    if test.automatic:
        distribution: Mapping[int, Fraction] = MappingProxyType({0: Fraction(1)})
        return Odds(
            system=SYSTEM,
            inputs=test,
            outcomes=outcome_odds(distribution, lambda _: "notable", OUTCOMES),
            distribution=distribution,
        )
    distribution = distribution_from_counts(dict.fromkeys(range(100), 1))
    return Odds(
        system=SYSTEM,
        inputs=test,
        outcomes=outcome_odds(distribution, lambda face: classify(face, test), OUTCOMES),
        distribution=distribution,
    )
