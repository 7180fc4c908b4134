"""Great Cosmos piloting (docs/rules/cosmos.md#piloting, Règle de pilotage): the vehicle's die,
stress, the automatic outcomes, several pilots; odds checked against enumeration."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.core.cosmos import piloting
from meneur.core.cosmos.piloting import LADDER, VEHICLES, PilotingTest
from meneur.core.errors import RulesError
from meneur.core.records import as_data, from_data, roll_seeded
from meneur.core.replay import replay


def test_the_seeds_vehicle_classes_and_their_dice() -> None:
    dice = {vehicle: die for vehicle, (_, die) in VEHICLES.items()}
    assert dice["light_single"] == dice["fighter"] == 4  # "d4 Véhicule léger monoplace…"
    assert dice["light_multi"] == dice["two_seater"] == 6
    assert dice["medium_ship"] == 8
    assert dice["heavy"] == dice["large_ship"] == 10
    assert dice["very_heavy"] == dice["star_cruiser"] == 12
    assert dice["titan"] == 20
    assert dice["world_ship"] == 100  # "les bases stellaires mobiles et les vaisseaux mondes"


def test_success_when_the_die_shows_at_most_the_score() -> None:
    test = PilotingTest.for_vehicle("heavy", (6,))
    assert piloting.resolve(test, (6,)).success
    assert not piloting.resolve(test, (7,)).success


def test_stress_raises_the_die_one_or_two_steps() -> None:
    # "un véhicule qui nécessite un d4 … le MJ pourra exiger un d6 ou d8"
    assert PilotingTest(4, (3,), stress=1).effective_die == 6
    assert PilotingTest(4, (3,), stress=2).effective_die == 8
    assert PilotingTest(12, (3,), stress=1).effective_die == 20


def test_past_d20_the_pilot_fails_without_rolling() -> None:
    test = PilotingTest(20, (50,), stress=1)
    assert test.effective_die is None
    record = piloting.roll(test, random.Random(1))
    assert record.outcome == "failure"
    assert record.automatic == "failure"
    assert record.dice == ()
    assert piloting.odds(test).outcomes["failure"] == 1


def test_a_score_at_least_the_die_succeeds_without_rolling() -> None:
    test = PilotingTest.for_vehicle("fighter", (4,))
    record = piloting.roll(test, random.Random(1))
    assert (record.outcome, record.automatic, record.dice) == ("success", "success", ())
    with pytest.raises(RulesError, match="automatic success: no die"):
        piloting.resolve(test, (2,))


def test_several_pilots_add_their_scores() -> None:
    test = PilotingTest.for_vehicle("titan", (5, 4, 2))
    assert test.score == 11
    assert piloting.odds(test).outcomes["success"] == Fraction(11, 20)


def test_a_world_ship_keeps_its_d100_under_stress() -> None:
    test = PilotingTest.for_vehicle("world_ship", (40,), stress=2)
    assert test.effective_die == 100
    assert piloting.odds(test).outcomes["success"] == Fraction(2, 5)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"die": 7, "scores": (3,)}, "d4, d6, d8, d10, d12, d20 or d100"),
        ({"die": 6, "scores": (3,), "stress": 3}, "0, 1 or 2 steps"),
        ({"die": 6, "scores": ()}, "at least one pilot"),
        ({"die": 6, "scores": (3,), "vehicle": "fighter"}, "unknown vehicle class"),
    ],
)
def test_a_test_out_of_the_rule_is_refused(kwargs: dict, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        PilotingTest(**kwargs)


tests = st.builds(
    PilotingTest,
    die=st.sampled_from([*LADDER, 100]),
    scores=st.lists(st.integers(-5, 60), min_size=1, max_size=4).map(tuple),
    stress=st.integers(0, 2),
)


@given(tests)
def test_odds_match_brute_force_enumeration(test: PilotingTest) -> None:
    odds = piloting.odds(test)
    die = test.effective_die
    if test.automatic is not None or die is None:
        counts = {test.automatic or "failure": 1}
        total = 1
    else:
        counts = {"success": 0, "failure": 0}
        for face in range(1, die + 1):
            counts[piloting.resolve(test, (face,)).outcome or ""] += 1
        total = die
    for key in piloting.OUTCOMES:
        assert odds.outcomes[key] == Fraction(counts.get(key, 0), total)
    assert sum(odds.distribution.values()) == 1


@given(tests, st.integers(0, 2**32))
def test_a_seeded_roll_replays_from_its_inputs_as_data(test: PilotingTest, seed: int) -> None:
    record = roll_seeded(piloting.roll, test, seed)
    assert replay(record) == record
    # The journal keeps the inputs as data and replays them on the seed.
    assert from_data(PilotingTest, as_data(record.inputs)) == test
