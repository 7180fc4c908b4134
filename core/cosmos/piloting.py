"""Great Cosmos piloting (docs/rules/cosmos.md#extensions; docs/rules/cosmos.md#piloting, Règle de
pilotage), an extension rule.

Each character has two piloting scores, planetary and astral. A piloting roll throws the
die the vehicle's class gives (d4 … d20; d100 for mobile star bases and world-ships) and
succeeds when it shows at most the score. Stress raises the die one or two steps on the
ladder d4 → d6 → d8 → d10 → d12 → d20; past d20 the pilot fails without rolling. A
score at least the die's faces succeeds without rolling. Several pilots together sum
their scores.

**Rulings** (README): a d100 vehicle is off the ladder, so stress does not change its
die; the automatic failure past d20 comes before the automatic success (there is no die
left to beat); a score of 0 or less never succeeds on a roll.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import ClassVar

from meneur.core.dice import Die, draw
from meneur.core.errors import RulesError
from meneur.core.frozen import frozen
from meneur.core.odds import Odds, distribution_from_counts, outcome_odds
from meneur.core.records import RollRecord

SYSTEM = "piloting"
LADDER = (4, 6, 8, 10, 12, 20)
"""The dice stress climbs, smallest first."""
WORLD_SHIP_DIE = 100
"""Mobile star bases and world-ships: off the ladder."""
MAX_STRESS = 2
MAX_SCORE = 999
OUTCOMES = ("success", "failure")

VEHICLES: dict[str, tuple[str, int]] = {
    "light_single": ("planetary", 4),
    "light_multi": ("planetary", 6),
    "heavy": ("planetary", 10),
    "very_heavy": ("planetary", 12),
    "fighter": ("astral", 4),
    "two_seater": ("astral", 6),
    "medium_ship": ("astral", 8),
    "large_ship": ("astral", 10),
    "star_cruiser": ("astral", 12),
    "titan": ("astral", 20),
    "world_ship": ("astral", WORLD_SHIP_DIE),
}
"""The seed's vehicle classes: their kind of piloting and their die."""
PILOTING_NAMES = ("Planétaire", "Astral")
"""The sheet's two piloting scores (``piloting = { Planétaire = N, Astral = N }``)."""
KIND_NAMES = {"planetary": "Planétaire", "astral": "Astral"}


def sheet_score(piloting: object, kind: str) -> int | None:
    """A sheet's piloting score for ``kind`` (``planetary`` or ``astral``), whatever the
    case and accents of its key; None when the sheet has none."""
    from meneur.core.words import folded

    if not isinstance(piloting, Mapping):
        return None
    wanted = folded(KIND_NAMES[kind])
    for name, value in piloting.items():
        if folded(str(name)) in (wanted, kind) and isinstance(value, int):
            return None if isinstance(value, bool) else value
    return None


@frozen
class PilotingTest:
    """A piloting roll.

    Attributes:
        die: the vehicle's die (4, 6, 8, 10, 12, 20 or 100), before stress.
        scores: each pilot's score (their sum is the crew's).
        stress: 0, 1 or 2 steps the GM adds.
        vehicle: the vehicle class's key (see :data:`VEHICLES`), when one was named.

    Raises:
        RulesError: for a die, a stress or a score out of the rule.
    """

    die: int
    scores: tuple[int, ...]
    stress: int = 0
    vehicle: str = ""

    def __post_init__(self) -> None:
        if self.die not in (*LADDER, WORLD_SHIP_DIE):
            raise RulesError(
                f"a piloting die is d4, d6, d8, d10, d12, d20 or d100, not d{self.die}",
                message_key="cosmos.piloting.die",
                value=self.die,
            )
        if not 0 <= self.stress <= MAX_STRESS:
            raise RulesError(
                f"stress raises the die 0, 1 or 2 steps, not {self.stress}",
                message_key="cosmos.piloting.stress",
                value=self.stress,
            )
        if not self.scores:
            raise RulesError(
                "a piloting roll needs at least one pilot's score",
                message_key="cosmos.piloting.no_score",
            )
        for score in self.scores:
            if not -MAX_SCORE <= score <= MAX_SCORE:
                raise RulesError(
                    f"a piloting score is within ±{MAX_SCORE}, not {score}",
                    message_key="cosmos.piloting.score",
                    most=MAX_SCORE,
                    value=score,
                )
        if self.vehicle and VEHICLES.get(self.vehicle, ("", 0))[1] != self.die:
            raise RulesError(
                f"unknown vehicle class {self.vehicle!r} for a d{self.die}",
                message_key="cosmos.piloting.vehicle_die",
                vehicle=self.vehicle,
                die=self.die,
            )

    @classmethod
    def for_vehicle(cls, vehicle: str, scores: tuple[int, ...], stress: int = 0) -> PilotingTest:
        """The test for a vehicle class of the seed (its die).

        Raises:
            RulesError: for an unknown class (naming the known ones).
        """
        if vehicle not in VEHICLES:
            raise RulesError(
                f"unknown vehicle class {vehicle!r} (the classes: {', '.join(VEHICLES)})",
                message_key="cosmos.piloting.vehicle",
                vehicle=vehicle,
                known=", ".join(VEHICLES),
            )
        return cls(VEHICLES[vehicle][1], scores, stress, vehicle)

    @property
    def score(self) -> int:
        """The crew's score: the pilots' scores summed."""
        return sum(self.scores)

    @property
    def effective_die(self) -> int | None:
        """The die thrown once stress is counted; None past d20 (automatic failure)."""
        if self.die == WORLD_SHIP_DIE:
            return WORLD_SHIP_DIE
        step = LADDER.index(self.die) + self.stress
        return LADDER[step] if step < len(LADDER) else None

    @property
    def automatic(self) -> str | None:
        """``"failure"`` past d20, ``"success"`` when the score reaches the die's faces,
        else None (the die is thrown)."""
        die = self.effective_die
        if die is None:
            return "failure"
        return "success" if self.score >= die else None


@frozen(kw_only=True)
class PilotingRoll(RollRecord[PilotingTest]):
    """A piloting roll; ``result`` is the die's face (0 when nothing was thrown).

    Attributes:
        automatic: ``"success"`` or ``"failure"`` when no die was thrown.
    """

    system: ClassVar[str] = SYSTEM
    automatic: str | None = None


def resolve(test: PilotingTest, faces: tuple[int, ...]) -> PilotingRoll:
    """Read the die's face (no face when the outcome is automatic).

    Raises:
        RulesError: for faces that do not fit the test.
    """
    automatic = test.automatic
    if automatic is not None:
        if faces:
            raise RulesError(
                f"this piloting roll is an automatic {automatic}: no die is thrown",
                message_key="cosmos.piloting.automatic",
            )
        return PilotingRoll(
            inputs=test,
            dice=(),
            result=0,
            outcome=automatic,
            success=automatic == "success",
            automatic=automatic,
        )
    die = test.effective_die
    assert die is not None
    if len(faces) != 1 or not 1 <= faces[0] <= die:
        raise RulesError(
            f"a piloting roll reads one d{die} showing 1 to {die}",
            message_key="dice.read_as",
            count=1,
            sides=die,
        )
    success = faces[0] <= test.score
    return PilotingRoll(
        inputs=test,
        dice=(Die(die, faces[0]),),
        result=faces[0],
        outcome="success" if success else "failure",
        success=success,
    )


def roll(test: PilotingTest, rng: random.Random) -> PilotingRoll:
    """Throw the piloting die from ``rng`` (nothing when the outcome is automatic)."""
    die = test.effective_die
    if test.automatic is not None or die is None:
        return resolve(test, ())
    return resolve(test, (draw(rng, die),))


def odds(test: PilotingTest) -> Odds[PilotingTest]:
    """Exact odds: the score out of the die's faces, or certainty when automatic (no
    die: the result 0)."""
    automatic = test.automatic
    die = test.effective_die
    if automatic is not None or die is None:
        distribution = distribution_from_counts({0: 1})
        outcomes = outcome_odds(distribution, lambda _: automatic or "failure", OUTCOMES)
    else:
        distribution = distribution_from_counts(dict.fromkeys(range(1, die + 1), 1))
        outcomes = outcome_odds(
            distribution, lambda face: "success" if face <= test.score else "failure", OUTCOMES
        )
    return Odds(system=SYSTEM, inputs=test, outcomes=outcomes, distribution=distribution)
