"""Le Sphérier: both engines, simple and opposed tests, extended and team tests."""

from __future__ import annotations

import dataclasses
import random
from collections import defaultdict
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.core.errors import RulesError
from meneur.core.kinds import resolver
from meneur.core.records import roll_seeded
from meneur.core.replay import replay
from meneur.core.spherier import extended as more
from meneur.core.spherier import rules as spherier
from meneur.core.spherier.extended import ExtendedTest, TeamTest
from meneur.core.spherier.notation import Interval
from meneur.core.spherier.rules import Engine, OpposedSkillTest, Skill, SkillTest

D6, D20 = Engine.D6, Engine.D20


# --- Engines -------------------------------------------------------------------------


def test_d6_counts_fives_and_sixes_capped_at_the_limit() -> None:
    test = SkillTest(D6, Skill(5, 2, "Dressage"), dd=2)
    rolled = spherier.resolve(test, (5, 6, 6, 1, 4))
    assert rolled.result == 2
    assert rolled.capped
    assert rolled.outcome == "success"
    assert rolled.margin == 0


def test_d6_pool_is_mastery_plus_bonus_minus_malus_never_negative() -> None:
    assert SkillTest(D6, Skill(3, 3), 1, bonus=2, malus=1).roller.pool == 4
    assert SkillTest(D6, Skill(1, 3), 1, malus=3).roller.pool == 0
    assert spherier.resolve(SkillTest(D6, Skill(1, 3), 1, malus=3), ()).outcome == "failure"


def test_d20_adds_mastery_capped_at_20_plus_limit() -> None:
    test = SkillTest(D20, Skill(10, 6, "Bluff"), dd=15)
    assert spherier.resolve(test, (4,)).result == 14
    assert spherier.resolve(test, (4,)).margin == 1
    assert spherier.resolve(test, (4,)).outcome == "failure"
    top = spherier.resolve(test, (19,))
    assert top.result == 26
    assert top.capped


@pytest.mark.parametrize(
    ("engine", "step", "dd"),
    [(D6, "facile", 1), (D6, "tres-difficile", 4), (D20, "moyenne", 10), (D20, "difficile", 15)],
)
def test_dd_scales(engine: Engine, step: str, dd: int) -> None:
    assert spherier.dd_from_scale(engine, step) == dd


def test_unknown_dd_step_is_refused() -> None:
    with pytest.raises(RulesError, match="facile"):
        spherier.dd_from_scale(D6, "impossible")


@pytest.mark.parametrize(
    "test",
    [
        SkillTest(D6, Skill(3, 2), 2),
        SkillTest(D6, Skill(4, 4), 1, bonus=1, malus=2),
        SkillTest(D6, Skill(0, 1), 0),
        SkillTest(D20, Skill(10, 6), 15),
        SkillTest(D20, Skill(-2, 0), 10),
        SkillTest(D20, Skill(5, 1), 25),
    ],
    ids=repr,
)
def test_simple_odds_equal_every_roll(test: SkillTest, brute_force) -> None:
    distribution: dict[int, Fraction] = defaultdict(Fraction)
    for p, rolled in brute_force(lambda rng: spherier.roll(test, rng)):
        distribution[rolled.result] += p
    odds = spherier.odds(test)
    assert dict(odds.distribution) == dict(distribution)
    assert odds.outcomes["success"] == sum(p for r, p in distribution.items() if r >= test.dd)


# --- Opposed -------------------------------------------------------------------------


def test_opposed_higher_wins_and_a_tie_goes_to_the_defender() -> None:
    test = OpposedSkillTest(D20, Skill(5, 4, "Bluff"), Skill(3, 4, "Psychologie"))
    win = spherier.resolve_opposed(test, (12, 13))
    assert (win.attacker_result, win.defender_result, win.outcome) == (17, 16, "success")
    tie = spherier.resolve_opposed(test, (11, 13))
    assert tie.outcome == "failure"
    assert tie.margin == 0
    assert [d.role for d in tie.dice] == ["attacker", "defender"]


@pytest.mark.parametrize(
    "test",
    [
        OpposedSkillTest(D6, Skill(3, 2), Skill(2, 3)),
        OpposedSkillTest(D20, Skill(5, 2), Skill(3, 6), defender_malus=2),
    ],
    ids=["d6", "d20"],
)
def test_opposed_odds_equal_every_roll(test: OpposedSkillTest, brute_force) -> None:
    success = sum(
        p
        for p, rolled in brute_force(lambda rng: spherier.roll_opposed(test, rng))
        if rolled.success
    )
    assert spherier.opposed_odds(test).outcomes["success"] == success


# --- Extended ------------------------------------------------------------------------


def test_d6_extended_loses_a_die_per_attempt_and_reports_elapsed_time() -> None:
    test = ExtendedTest(D6, Skill(3, 3, "Mecanique"), step_dd=2, total=4, interval=Interval(1, "h"))
    # Attempt 1 (3 dice): 5, 6, 1 → 2 successes, counted; attempt 2 (2 dice): 5, 2 → 1,
    # not counted; attempt 3 (1 die): 6 → 1, not counted. Total 2 of 4: failure.
    rolled = more.resolve_extended(test, (5, 6, 1, 5, 2, 6))
    assert [len(a.dice) for a in rolled.attempts] == [3, 2, 1]
    assert [a.counted for a in rolled.attempts] == [True, False, False]
    assert rolled.result == 2
    assert rolled.outcome == "failure"
    assert rolled.elapsed == Interval(3, "h")


def test_extended_stops_when_the_total_is_reached() -> None:
    test = ExtendedTest(D6, Skill(4, 4), step_dd=2, total=4, interval=Interval(10, "min"))
    rolled = more.resolve_extended(test, (5, 6, 1, 2, 6, 5, 5))
    assert len(rolled.attempts) == 2
    assert rolled.outcome == "success"
    assert rolled.elapsed.text == "20min"
    with pytest.raises(RulesError, match="used 7 dice"):
        more.resolve_extended(test, (5, 6, 1, 2, 6, 5, 5, 1))


def test_d20_extended_takes_a_cumulative_malus_until_it_equals_mastery() -> None:
    test = ExtendedTest(D20, Skill(3, 5), step_dd=10, total=100)
    assert test.max_attempts == 3
    rolled = more.resolve_extended(test, (10, 10, 10))
    assert [a.result for a in rolled.attempts] == [13, 12, 11]
    assert ExtendedTest(D20, Skill(0, 5), 10, 10).max_attempts == 1


@pytest.mark.parametrize(
    "test",
    [
        ExtendedTest(D6, Skill(2, 2), step_dd=1, total=2),
        ExtendedTest(D6, Skill(2, 2), step_dd=0, total=2, bonus=1, malus=1),
        ExtendedTest(D20, Skill(3, 1), step_dd=10, total=25),
    ],
    ids=repr,
)
def test_extended_odds_equal_every_roll(test: ExtendedTest, brute_force) -> None:
    attempts: dict[int, Fraction] = defaultdict(Fraction)
    success = Fraction(0)
    for p, rolled in brute_force(lambda rng: more.roll_extended(test, rng)):
        attempts[len(rolled.attempts)] += p
        success += p if rolled.success else 0
    odds = more.extended_odds(test)
    assert odds.outcomes["success"] == success
    assert dict(odds.distribution) == dict(attempts)
    assert sum(odds.success_by_attempt.values()) == success


# --- Team ----------------------------------------------------------------------------


def test_d6_team_assistants_give_excess_dice_and_limit() -> None:
    test = TeamTest(
        D6, Skill(2, 1, "Rituel"), (Skill(3, 3), Skill(2, 2)), leader_dd=3, assistant_dd=1
    )
    # Assistant 1: 5, 6, 6 → 3 successes, 2 extra dice; assistant 2: 1, 2 → fails.
    # Leader: 2 + 2 = 4 dice, Limite 1 + 1 = 2: 6, 6, 5, 1 → 3 successes capped at 2.
    rolled = more.resolve_team(test, (5, 6, 6, 1, 2, 6, 6, 5, 1))
    assert [a.extra_dice for a in rolled.assistants] == [2, 0]
    assert rolled.helpers == 1
    assert len(rolled.leader_dice) == 4
    assert rolled.leader_cap == 2
    assert rolled.result == 2
    assert rolled.outcome == "failure"
    assert [d.role for d in rolled.dice] == ["assistant"] * 5 + [None] * 4


def test_d20_team_assistants_give_plus_2_and_limit() -> None:
    test = TeamTest(D20, Skill(5, 0), (Skill(2, 5), Skill(2, 5)), leader_dd=25, assistant_dd=10)
    rolled = more.resolve_team(test, (8, 7, 19))
    assert rolled.helpers == 1
    assert rolled.result == 21  # 19 + 5 + 2 = 26, capped at 20 + 0 + 1
    assert rolled.leader_cap == 21


def test_team_size_bounds() -> None:
    with pytest.raises(RulesError, match="at most 1"):
        TeamTest(D6, Skill(1, 1), (Skill(1, 1), Skill(1, 1)), 1, 1, max_assistants=1)
    with pytest.raises(RulesError, match="at least 2"):
        TeamTest(D6, Skill(1, 1), (Skill(1, 1),), 1, 1, min_assistants=2)


@pytest.mark.parametrize(
    "test",
    [
        TeamTest(D6, Skill(1, 1), (Skill(2, 2), Skill(1, 1)), leader_dd=2, assistant_dd=1),
        TeamTest(D20, Skill(4, 1), (Skill(3, 2), Skill(0, 0)), leader_dd=22, assistant_dd=12),
    ],
    ids=["d6", "d20"],
)
def test_team_odds_equal_every_roll(test: TeamTest, brute_force) -> None:
    distribution: dict[int, Fraction] = defaultdict(Fraction)
    for p, rolled in brute_force(lambda rng: more.roll_team(test, rng)):
        distribution[rolled.result] += p
    odds = more.team_odds(test)
    assert dict(odds.distribution) == dict(distribution)


# --- Every record follows from its dice and replays ----------------------------------

skills = st.builds(Skill, st.integers(-2, 6), st.integers(0, 5))
engines = st.sampled_from(Engine)
any_test = st.one_of(
    st.builds(SkillTest, engines, skills, st.integers(0, 25), st.integers(0, 2), st.integers(0, 2)),
    st.builds(OpposedSkillTest, engines, skills, skills),
    st.builds(ExtendedTest, engines, skills, st.integers(0, 12), st.integers(1, 40)),
    st.builds(
        TeamTest,
        engines,
        skills,
        st.lists(skills, max_size=3).map(tuple),
        st.integers(0, 25),
        st.integers(0, 12),
    ),
)


@given(any_test, st.integers(0, 2**63))
def test_every_roll_follows_from_its_dice_and_replays(test: object, seed: int) -> None:
    roller = {
        SkillTest: spherier.roll,
        OpposedSkillTest: spherier.roll_opposed,
        ExtendedTest: more.roll_extended,
        TeamTest: more.roll_team,
    }[type(test)]
    rolled = roll_seeded(roller, test, seed)
    assert replay(rolled) == rolled
    reread = resolver(type(test))(test, tuple(d.face for d in rolled.dice))
    assert dataclasses.replace(reread, seed=seed) == rolled


@pytest.mark.parametrize(
    "test",
    [
        ExtendedTest(D6, Skill(100, 99), step_dd=1, total=10**6),
        TeamTest(D6, Skill(20, 20), (Skill(20, 20),) * 30, 5, 2),
    ],
    ids=["extended M100", "team of 30"],
)
def test_odds_that_would_hang_are_refused_and_the_roll_still_works(test: object) -> None:
    odds = more.extended_odds if isinstance(test, ExtendedTest) else more.team_odds
    roll = more.roll_extended if isinstance(test, ExtendedTest) else more.roll_team
    with pytest.raises(RulesError, match="too long"):
        odds(test)  # type: ignore[arg-type]
    assert roll(test, random.Random(2)).dice  # type: ignore[arg-type]
