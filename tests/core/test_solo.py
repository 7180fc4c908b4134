"""Solo play's mechanics (meneur's own): the tension bending the yes/no oracle on its own
three dice, random events on a double below the tension, the scene test, the end of a
scene. Odds checked against enumeration of every face."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.core import oracles, solo
from meneur.core.errors import RulesError
from meneur.core.records import as_data, roll_seeded

FACES = list(itertools.product(range(1, 7), repeat=3))
LIKELIHOODS = st.integers(1, 5)
TENSIONS = st.integers(1, 5)
MIRROR = {"yes_and": "no_and", "yes_but": "no_but", "no_but": "yes_but", "no_and": "yes_and"}


def enumerate_answers(likelihood: int, tension: int | None) -> dict[str, Fraction]:
    question = oracles.YesNoQuestion(likelihood, tension=tension)
    counts = dict.fromkeys(oracles.YESNO_OUTCOMES, 0)
    for faces in FACES:
        counts[oracles.resolve_yesno(question, faces).outcome] += 1
    return {key: Fraction(count, 216) for key, count in counts.items()}


@given(likelihood=LIKELIHOODS, tension=TENSIONS)
def test_the_odds_under_tension_match_enumeration(likelihood: int, tension: int) -> None:
    odds = oracles.yesno_odds(oracles.YesNoQuestion(likelihood, tension=tension))
    assert dict(odds.outcomes) == enumerate_answers(likelihood, tension)


@given(likelihood=LIKELIHOODS, tension=TENSIONS)
def test_tension_never_changes_whether_the_answer_is_yes(likelihood: int, tension: int) -> None:
    plain = oracles.YesNoQuestion(likelihood)
    tense = oracles.YesNoQuestion(likelihood, tension=tension)
    for faces in FACES:
        assert (
            oracles.resolve_yesno(plain, faces).success
            == oracles.resolve_yesno(tense, faces).success
        )


@given(likelihood=LIKELIHOODS, tension=TENSIONS)
def test_the_dial_bends_yes_and_no_alike(likelihood: int, tension: int) -> None:
    # A likelihood and its mirror (1 and 5, 2 and 4, 3 and itself) give mirrored answers.
    odds = enumerate_answers(likelihood, tension)
    mirrored = enumerate_answers(6 - likelihood, tension)
    assert all(odds[key] == mirrored[MIRROR[key]] for key in odds)


@pytest.mark.parametrize("likelihood", [1, 2, 3, 4, 5])
def test_surprises_grow_with_the_tension_and_3_reads_as_without(likelihood: int) -> None:
    assert enumerate_answers(likelihood, 3) == enumerate_answers(likelihood, None)
    extremes = [
        (odds := enumerate_answers(likelihood, tension))["yes_and"] + odds["no_and"]
        for tension in range(1, 6)
    ]
    assert extremes == sorted(extremes)
    assert extremes[0] == 0  # calm: nothing goes all the way


def test_a_twist_reads_the_deciding_dice() -> None:
    # Likelihood 3 keeps 1–3. Two kept 2s decide a "yes, but": at 4 it goes all the way.
    assert oracles.resolve_yesno(oracles.YesNoQuestion(3, tension=4), (2, 2, 5)).outcome == (
        "yes_and"
    )
    assert oracles.resolve_yesno(oracles.YesNoQuestion(3, tension=4), (1, 2, 5)).outcome == (
        "yes_but"
    )
    # ... at 5 one apart is enough; the two unkept 4 and 5 decide a "no, but"
    assert oracles.resolve_yesno(oracles.YesNoQuestion(3, tension=5), (4, 5, 1)).outcome == (
        "no_and"
    )
    # At 2 an "and" softens when its three dice all differ.
    assert oracles.resolve_yesno(oracles.YesNoQuestion(3, tension=2), (1, 2, 3)).outcome == (
        "yes_but"
    )
    assert oracles.resolve_yesno(oracles.YesNoQuestion(3, tension=2), (1, 1, 3)).outcome == (
        "yes_and"
    )


@pytest.mark.parametrize(("tension", "count"), [(1, 0), (2, 16), (3, 32), (4, 48), (5, 64)])
def test_a_double_below_the_tension_brings_an_event(tension: int, count: int) -> None:
    question = oracles.YesNoQuestion(3, tension=tension)
    events = sum(oracles.resolve_yesno(question, faces).event for faces in FACES)
    assert events == count
    assert oracles.event_chance(tension) == Fraction(count, 216)
    assert oracles.event_chance(None) == 0
    assert oracles.resolve_yesno(question, (6, 6, 6)).event is False  # 6 is never below


def test_an_answer_without_tension_is_written_as_before() -> None:
    answer = roll_seeded(oracles.roll_yesno, oracles.YesNoQuestion(4, "?"), 3)
    data = as_data(answer)
    assert isinstance(data, dict)
    assert "event" not in data
    assert "tension" not in data["inputs"]


def test_a_tension_outside_1_to_5_is_refused() -> None:
    with pytest.raises(RulesError, match="tension must be 1 to 5"):
        oracles.YesNoQuestion(3, tension=6)
    with pytest.raises(RulesError, match="tension must be 1 to 5"):
        solo.SceneTest(tension=0)


@pytest.mark.parametrize("tension", [1, 2, 3, 4, 5])
def test_the_scene_test_reads_one_d6_against_the_tension(tension: int) -> None:
    test = solo.SceneTest(tension=tension)
    found = dict.fromkeys(solo.SCENE_OUTCOMES, 0)
    for face in range(1, 7):
        outcome = solo.resolve_scene(test, (face,)).outcome
        found[outcome] += 1
        if face > tension:
            assert outcome == "expected"
        else:
            assert outcome == ("altered" if face % 2 else "interrupted")
    odds = solo.scene_odds(test)
    assert dict(odds.outcomes) == {key: Fraction(n, 6) for key, n in found.items()}


@given(seed=st.integers(0, 2**63 - 1), tension=TENSIONS)
def test_a_scene_test_replays_from_its_seed(seed: int, tension: int) -> None:
    test = solo.SceneTest(tension=tension, scene="Le col")
    first = roll_seeded(solo.roll_scene, test, seed)
    assert roll_seeded(solo.roll_scene, test, seed) == first
    assert first.result == random.Random(seed).randint(1, 6)


@pytest.mark.parametrize(
    ("before", "their_way", "after"),
    [(3, True, 2), (3, False, 4), (1, True, 1), (5, False, 5), (5, True, 4)],
)
def test_the_end_of_a_scene_moves_the_tension_within_1_to_5(before, their_way, after) -> None:
    assert solo.tension_after_scene(before, their_way) == after


# --- Progress rolls --------------------------------------------------------------------------


def test_progress_odds_are_the_hundred_pairs_of_challenge_dice_counted() -> None:
    import itertools
    from fractions import Fraction

    from meneur.core.solo import ProgressTest, progress_odds, resolve_progress

    for boxes in range(11):
        test = ProgressTest(boxes, "Le col")
        counted = {"strong_hit": 0, "weak_hit": 0, "miss": 0}
        for faces in itertools.product(range(1, 11), repeat=2):
            counted[resolve_progress(test, faces).outcome or ""] += 1
        assert dict(progress_odds(test).outcomes) == {
            k: Fraction(n, 100) for k, n in counted.items()
        }


def test_a_box_must_be_above_a_challenge_die_to_beat_it() -> None:
    import pytest

    from meneur.core.errors import RulesError
    from meneur.core.solo import ProgressTest, resolve_progress

    assert resolve_progress(ProgressTest(6), (6, 5)).outcome == "weak_hit"  # a tie is no beat
    assert resolve_progress(ProgressTest(6), (5, 1)).outcome == "strong_hit"
    assert resolve_progress(ProgressTest(10), (10, 10)).outcome == "miss"
    for wrong in ((3,), (0, 4), (4, 11), (1, 2, 3)):
        with pytest.raises(RulesError):
            resolve_progress(ProgressTest(5), wrong)
    with pytest.raises(RulesError):
        ProgressTest(11)
