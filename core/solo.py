"""Solo play without a GM (meneur's own mechanics): the tension dial, the scene test and
the end of a scene.

**Tension** runs from 1 (calm) to 5 (crisis) and a campaign starts at 3. It bends the
yes/no oracle (see :mod:`meneur.core.oracles`: random events on a double below it, how
far answers go) and the scene test.

**Scene test**: at the start of a scene, one d6 against the tension: a face above it,
the scene goes as expected; at most the tension, it does not — an odd face *alters* it
(something in it differs), an even face *interrupts* it (something else happens
instead, a random event's focus says what).

**End of a scene**: the player says whether it went their characters' way; the tension
goes down one if it did, up one if it did not, within 1–5.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar

from .dice import Die, draw
from .errors import RulesError
from .odds import Odds, distribution_from_counts, outcome_odds
from .oracles import TENSIONS
from .records import RollRecord

SCENE = "scene"
TENSION_START = 3
"""A new campaign's tension: the middle of the dial."""
SCENE_OUTCOMES = ("expected", "altered", "interrupted")


def check_tension(tension: int) -> int:
    """``tension`` when it lies in 1–5.

    Raises:
        RulesError: otherwise.
    """
    if tension not in TENSIONS:
        raise RulesError(
            f"tension must be 1 to 5, not {tension}", message_key="solo.tension", value=tension
        )
    return tension


def tension_after_scene(tension: int, went_their_way: bool) -> int:
    """The tension once a scene ends: one down if it went the characters' way, one up if
    not, within 1–5."""
    check_tension(tension)
    moved = tension - 1 if went_their_way else tension + 1
    return min(max(moved, TENSIONS.start), TENSIONS.stop - 1)


@dataclass(frozen=True)
class SceneTest:
    """The test at the start of a scene.

    Attributes:
        tension: the campaign's tension, 1–5.
        scene: what the player expects of the scene, as typed, for the journal.
    """

    tension: int = TENSION_START
    scene: str = ""

    def __post_init__(self) -> None:
        check_tension(self.tension)


@dataclass(frozen=True, kw_only=True)
class SceneRoll(RollRecord[SceneTest]):
    """The scene test's d6 (``result``) and what it makes of the scene (``outcome``)."""

    system: ClassVar[str] = SCENE


def scene_outcome(face: int, tension: int) -> str:
    """``expected`` above the tension; at most it, ``altered`` (odd) or ``interrupted``."""
    if face > tension:
        return "expected"
    return "altered" if face % 2 else "interrupted"


def resolve_scene(test: SceneTest, faces: tuple[int, ...]) -> SceneRoll:
    """Read one d6 as the scene test.

    Raises:
        RulesError: for anything but one face 1–6.
    """
    if len(faces) != 1 or not 1 <= faces[0] <= 6:
        raise RulesError("a scene test reads one d6 showing 1 to 6")
    outcome = scene_outcome(faces[0], test.tension)
    return SceneRoll(
        inputs=test,
        dice=(Die(6, faces[0]),),
        result=faces[0],
        outcome=outcome,
        success=outcome == "expected",
    )


def roll_scene(test: SceneTest, rng: random.Random) -> SceneRoll:
    """Roll the scene test's d6 from ``rng``."""
    return resolve_scene(test, (draw(rng, 6),))


def scene_odds(test: SceneTest) -> Odds[SceneTest]:
    """Each face a sixth: expected above the tension, altered or interrupted at most it."""
    distribution = distribution_from_counts(dict.fromkeys(range(1, 7), 1))
    outcomes = outcome_odds(
        distribution, lambda face: scene_outcome(face, test.tension), SCENE_OUTCOMES
    )
    return Odds(system=SCENE, inputs=test, outcomes=outcomes, distribution=distribution)
