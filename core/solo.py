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
from typing import ClassVar

from meneur.core.frozen import frozen

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


@frozen
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


@frozen(kw_only=True)
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
        raise RulesError(
            "a scene test reads one d6 showing 1 to 6", message_key="dice.read_as", count=1, sides=6
        )
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


# --- Progress rolls (Ironsworn-style): a track's filled boxes against two d10 ---------------

PROGRESS = "progress"
PROGRESS_OUTCOMES = ("strong_hit", "weak_hit", "miss")
PROGRESS_BOXES = 10
"""A track's boxes, and the challenge dice's faces."""


@frozen
class ProgressTest:
    """A progress roll: the filled boxes of a track (or a thread's progress) against two
    challenge dice (d10). Beating both is a strong hit, one a weak hit, none a miss; a
    box must be *above* a die to beat it.

    Attributes:
        boxes: the track's filled boxes, 0–10.
        track: what is rolled on, as its owner calls it, for the journal.
        tracker: the key of the campaign's track rolled on (empty for a thread): who
            may see the roll follows who may see the track.
    """

    boxes: int
    track: str = ""
    tracker: str = ""

    def __post_init__(self) -> None:
        if not 0 <= self.boxes <= PROGRESS_BOXES:
            raise RulesError(
                f"a track has 0 to {PROGRESS_BOXES} boxes filled, not {self.boxes}",
                message_key="story.progress",
                most=PROGRESS_BOXES,
                progress=self.boxes,
            )


@frozen(kw_only=True)
class ProgressRoll(RollRecord[ProgressTest]):
    """The two challenge dice, how many the boxes beat (``result``) and the outcome."""

    system: ClassVar[str] = PROGRESS


def progress_outcome(beaten: int) -> str:
    """``strong_hit`` (both challenge dice beaten), ``weak_hit`` (one) or ``miss``."""
    return PROGRESS_OUTCOMES[2 - beaten]


def resolve_progress(test: ProgressTest, faces: tuple[int, ...]) -> ProgressRoll:
    """Read two d10 as the challenge dice of a progress roll.

    Raises:
        RulesError: for anything but two faces 1–10.
    """
    if len(faces) != 2 or not all(1 <= face <= PROGRESS_BOXES for face in faces):
        raise RulesError(
            "a progress roll reads two d10 showing 1 to 10",
            message_key="dice.read_as",
            count=2,
            sides=PROGRESS_BOXES,
        )
    beaten = sum(test.boxes > face for face in faces)
    outcome = progress_outcome(beaten)
    return ProgressRoll(
        inputs=test,
        dice=tuple(Die(PROGRESS_BOXES, face, "challenge") for face in faces),
        result=beaten,
        outcome=outcome,
        success=outcome != "miss",
    )


def roll_progress(test: ProgressTest, rng: random.Random) -> ProgressRoll:
    """Roll the two challenge dice from ``rng``."""
    return resolve_progress(test, (draw(rng, PROGRESS_BOXES), draw(rng, PROGRESS_BOXES)))


def progress_odds(test: ProgressTest) -> Odds[ProgressTest]:
    """Exact odds, by the hundred pairs of challenge dice."""
    counts: dict[int, int] = {}
    for first in range(1, PROGRESS_BOXES + 1):
        for second in range(1, PROGRESS_BOXES + 1):
            beaten = (test.boxes > first) + (test.boxes > second)
            counts[beaten] = counts.get(beaten, 0) + 1
    distribution = distribution_from_counts(counts)
    outcomes = outcome_odds(distribution, progress_outcome, PROGRESS_OUTCOMES)
    return Odds(system=PROGRESS, inputs=test, outcomes=outcomes, distribution=distribution)
