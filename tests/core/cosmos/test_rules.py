"""Great Cosmos tests: the six outcomes in order, karma, intuition; brute-force odds."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.core.cosmos import rules as cosmos
from meneur.core.cosmos.rules import CosmosTest, IntuitionTest
from meneur.core.errors import RulesError
from meneur.core.records import roll_seeded


@pytest.mark.parametrize(
    ("score", "threshold", "outcome"),
    [
        (42, 20, "super_critical_success"),  # 42 whatever the threshold
        (42, 90, "super_critical_success"),
        (66, 90, "super_critical_failure"),  # 66 whatever the threshold
        (66, 20, "super_critical_failure"),
        (1, 50, "critical_success"),
        (10, 50, "critical_success"),
        (10, 5, "critical_success"),  # 1-10 is critical even above a tiny threshold
        (11, 50, "success"),  # 11 up to the threshold
        (50, 50, "success"),
        (51, 50, "failure"),
        (90, 50, "failure"),
        (91, 50, "critical_failure"),
        (100, 50, "critical_failure"),
        (95, 120, "critical_failure"),  # 91-100 is critical even under a huge threshold
    ],
)
def test_the_six_outcomes_in_the_stated_order(score: int, threshold: int, outcome: str) -> None:
    assert cosmos.classify(score, threshold, karma=0) == outcome


@pytest.mark.parametrize(
    ("score", "outcome"),
    [
        (42, "critical_success"),
        (5, "success"),
        (66, "super_critical_failure"),
        (95, "critical_failure"),
    ],
)
def test_at_karma_minus_10_criticals_come_only_from_42(score: int, outcome: str) -> None:
    assert cosmos.classify(score, 50, karma=-10) == outcome


@pytest.mark.parametrize(
    ("score", "outcome"),
    [
        (66, "critical_failure"),
        (95, "failure"),
        (42, "super_critical_success"),
        (5, "critical_success"),
    ],
)
def test_at_karma_plus_10_critical_failures_come_only_from_66(score: int, outcome: str) -> None:
    assert cosmos.classify(score, 50, karma=10) == outcome


def test_karma_minus_5_adds_a_d10_read_on_the_modified_score(scripted) -> None:
    rolled = cosmos.roll(CosmosTest(threshold=50, karma=-5), scripted((100, 38), (10, 4)))
    assert [(d.sides, d.face, d.role) for d in rolled.dice] == [(100, 38, None), (10, 4, "karma")]
    assert rolled.result == 42
    assert rolled.outcome == "super_critical_success"
    assert rolled.karma_after == -7


def test_karma_plus_5_subtracts_a_d10(scripted) -> None:
    rolled = cosmos.roll(CosmosTest(threshold=50, karma=5), scripted((100, 58), (10, 7)))
    assert rolled.result == 51
    assert rolled.outcome == "failure"
    assert rolled.karma_after == 5


@pytest.mark.parametrize("karma", range(-4, 5))
def test_karma_between_minus_4_and_4_rolls_no_karma_die(karma: int, scripted) -> None:
    rolled = cosmos.roll(CosmosTest(threshold=50, karma=karma), scripted((100, 30)))
    assert len(rolled.dice) == 1
    assert rolled.karma_die is None


def test_the_modified_score_is_clamped_to_1_100(scripted) -> None:
    assert (
        cosmos.roll(CosmosTest(threshold=50, karma=-8), scripted((100, 97), (10, 9))).result == 100
    )
    assert cosmos.roll(CosmosTest(threshold=50, karma=8), scripted((100, 3), (10, 9))).result == 1


@pytest.mark.parametrize(
    ("karma", "outcome", "after"),
    [
        (0, "critical_failure", 1),
        (0, "super_critical_failure", 2),
        (0, "critical_success", -1),
        (0, "super_critical_success", -2),
        (0, "success", 0),
        (0, "failure", 0),
        (9, "super_critical_failure", 10),
        (-9, "super_critical_success", -10),
        (-10, "critical_success", -10),
    ],
)
def test_karma_moves_after_a_test_and_stays_in_range(karma: int, outcome: str, after: int) -> None:
    assert cosmos.karma_after(karma, outcome) == after


def test_a_gm_change_beyond_10_is_refused() -> None:
    assert cosmos.adjust_karma(8, 2) == 10
    assert cosmos.adjust_karma(-10, 3) == -7
    with pytest.raises(RulesError, match="cannot take place"):
        cosmos.adjust_karma(8, 3)
    with pytest.raises(RulesError, match="cannot take place"):
        cosmos.adjust_karma(-9, -2)


def test_karma_out_of_range_is_refused() -> None:
    with pytest.raises(RulesError, match="karma"):
        CosmosTest(threshold=50, karma=11)


def test_threshold_is_the_floor_of_the_mean_plus_bonus() -> None:
    assert CosmosTest(stats=(40, 71)).effective_threshold == 55
    assert CosmosTest(stats=(40, 71, 30), bonus=10).effective_threshold == 57
    assert CosmosTest(threshold=62, bonus=-20).effective_threshold == 42


def test_threshold_is_given_one_way() -> None:
    with pytest.raises(RulesError):
        CosmosTest()
    with pytest.raises(RulesError):
        CosmosTest(threshold=50, stats=(40, 60))


def brute_force(test: CosmosTest) -> tuple[dict[str, Fraction], dict[int, Fraction]]:
    """Outcome and score probabilities from every d100 (and karma d10) through the rule."""
    karma_faces = range(1, 11) if cosmos.karma_die_sign(test.karma) else [None]
    rolls = [
        cosmos.resolve(test, (natural,) if karma is None else (natural, karma))
        for natural, karma in itertools.product(range(1, 101), karma_faces)
    ]
    outcomes = Counter(r.outcome for r in rolls)
    scores = Counter(r.result for r in rolls)
    return (
        {k: Fraction(n, len(rolls)) for k, n in outcomes.items()},
        {k: Fraction(n, len(rolls)) for k, n in scores.items()},
    )


@pytest.mark.parametrize("karma", [-10, -9, -5, -4, 0, 4, 5, 9, 10])
@pytest.mark.parametrize("threshold", [1, 10, 20, 42, 55, 66, 80, 95, 130])
def test_odds_equal_brute_force_enumeration(threshold: int, karma: int) -> None:
    test = CosmosTest(threshold=threshold, karma=karma)
    odds = cosmos.odds(test)
    outcomes, scores = brute_force(test)
    assert {k: p for k, p in odds.outcomes.items() if p} == outcomes
    assert dict(odds.distribution) == scores


def test_odds_at_threshold_50_without_karma() -> None:
    outcomes = cosmos.odds(CosmosTest(threshold=50)).outcomes
    assert outcomes["super_critical_success"] == Fraction(1, 100)
    assert outcomes["critical_success"] == Fraction(10, 100)
    assert outcomes["success"] == Fraction(39, 100)  # 11-50 except 42
    assert outcomes["failure"] == Fraction(39, 100)  # 51-90 except 66
    assert outcomes["critical_failure"] == Fraction(10, 100)


@given(
    st.integers(-10, 10),
    st.integers(1, 120),
    st.integers(0, 2**63),
)
def test_a_roll_follows_from_its_dice(karma: int, threshold: int, seed: int) -> None:
    test = CosmosTest(threshold=threshold, karma=karma)
    rolled = roll_seeded(cosmos.roll, test, seed)
    reread = cosmos.resolve(test, tuple(d.face for d in rolled.dice))
    assert (reread.outcome, reread.result, reread.karma_after) == (
        rolled.outcome,
        rolled.result,
        rolled.karma_after,
    )
    assert cosmos.odds(test).outcomes[rolled.outcome] > 0
    assert -10 <= rolled.karma_after <= 10


@given(st.integers(-10, 10), st.integers(-50, 200))
def test_odds_sum_to_one(karma: int, threshold: int) -> None:
    odds = cosmos.odds(CosmosTest(threshold=threshold, karma=karma))
    assert sum(odds.outcomes.values()) == 1
    assert sum(odds.distribution.values()) == 1


@pytest.mark.parametrize(
    ("face", "outcome"),
    [(1, "true_intuition"), (3, "true_intuition"), (4, "false_intuition"), (6, "false_intuition")],
)
def test_intuition_at_most_the_stat_is_true(face: int, outcome: str) -> None:
    assert cosmos.resolve_intuition(IntuitionTest(3), (face,)).outcome == outcome


@pytest.mark.parametrize("intuition", range(7))
def test_intuition_odds_equal_brute_force(intuition: int) -> None:
    odds = cosmos.intuition_odds(IntuitionTest(intuition))
    true = sum(
        1
        for face in range(1, 7)
        if cosmos.resolve_intuition(IntuitionTest(intuition), (face,)).success
    )
    assert odds.outcomes["true_intuition"] == Fraction(true, 6)


def test_intuition_defaults_to_3_and_stays_on_a_d6() -> None:
    assert IntuitionTest().intuition == 3
    with pytest.raises(RulesError):
        IntuitionTest(7)


@given(st.integers(-20, 130), st.integers(-10, 10), st.sampled_from([0, 5]))
def test_the_final_skill_ignores_critical_failures_and_its_odds_are_counted(
    threshold: int, karma: int, widen: int
) -> None:
    # Seed 002, Illumination and Sépulcrale: "Annulation critique : les échecs critiques
    # et super-critiques sont ignorés sur le Final Skill".
    test = CosmosTest(threshold=threshold, karma=karma, critical_failures=widen, final_skill=True)
    counts: Counter[str] = Counter()
    sides = range(1, 11) if cosmos.karma_die_sign(karma) else [None]
    for natural, die in itertools.product(range(1, 101), sides):
        faces = (natural,) if die is None else (natural, die)
        record = cosmos.resolve(test, faces)
        assert record.outcome not in ("critical_failure", "super_critical_failure")
        counts[record.outcome or ""] += 1
    total = sum(counts.values())
    odds = cosmos.odds(test).outcomes
    assert {k: v for k, v in odds.items() if v} == {
        k: Fraction(n, total) for k, n in counts.items()
    }


def test_a_final_skill_reads_a_95_against_its_threshold() -> None:
    plain = cosmos.resolve(CosmosTest(threshold=98), (95,))
    final = cosmos.resolve(CosmosTest(threshold=98, final_skill=True), (95,))
    assert (plain.outcome, final.outcome) == ("critical_failure", "success")
    assert cosmos.resolve(CosmosTest(threshold=60, final_skill=True), (100,)).outcome == "failure"
    assert final.karma_after == 0  # no critical failure, no karma moved
