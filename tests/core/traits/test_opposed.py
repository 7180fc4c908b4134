"""Les Traits' opposed test: order of rolls and pokers, ties, minimum, exact odds."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from meneur.core.errors import RulesError
from meneur.core.records import roll_seeded
from meneur.core.replay import replay
from meneur.core.traits import opposed
from meneur.core.traits.opposed import OpposedSide, OpposedTest, Stage
from meneur.core.traits.rules import Blessing, PokerPolicy


def played(test: OpposedTest, faces: list[tuple[int, int]], scripted) -> opposed.OpposedRoll:
    return opposed.play(test, scripted(*faces))


def d6(*faces: int) -> list[tuple[int, int]]:
    return [(6, face) for face in faces]


def test_both_sides_roll_at_difficulty_4(scripted) -> None:
    test = OpposedTest(OpposedSide(3), OpposedSide(2), script=("roll", "roll"))
    result = played(test, d6(4, 3, 2, 5, 4), scripted)
    assert result.attacker.successes == 1
    assert result.defender.successes == 2
    assert result.outcome == "failure"


def test_a_tie_goes_to_the_defender(scripted) -> None:
    test = OpposedTest(OpposedSide(2), OpposedSide(2), script=("roll", "roll"))
    assert played(test, d6(4, 2, 5, 3), scripted).outcome == "failure"


def test_the_attacker_may_need_a_minimum_of_successes(scripted) -> None:
    test = OpposedTest(OpposedSide(3), OpposedSide(1), minimum=3, script=("roll", "roll"))
    result = played(test, d6(4, 5, 2, 1), scripted)
    assert result.attacker.successes == 2
    assert result.defender.successes == 0
    assert result.outcome == "failure"


def test_blessing_applies_to_a_side(scripted) -> None:
    test = OpposedTest(
        OpposedSide(2, blessing=Blessing.BLESS), OpposedSide(1), script=("roll", "roll")
    )
    assert played(test, d6(3, 3, 2), scripted).attacker.successes == 2


def test_the_attacker_pokers_at_once_then_the_defender(scripted) -> None:
    state = opposed.start(OpposedTest(OpposedSide(3), OpposedSide(3)))
    rng = scripted(*d6(6, 2, 3), *d6(5), *d6(6, 4, 1), *d6(5))
    state = opposed.act(state, "roll", rng)
    assert state.stage is Stage.ATTACKER_POKER
    assert opposed.allowed_actions(state) == ("poker 1", "wait", "pass")
    state = opposed.act(state, "poker 1", rng)
    assert state.stage is Stage.DEFENDER_ROLLS
    state = opposed.act(state, "roll", rng)
    assert state.stage is Stage.DEFENDER_POKER
    assert opposed.allowed_actions(state) == ("poker 1", "pass")
    state = opposed.act(state, "poker 1", rng)
    assert state.stage is Stage.DONE
    result = opposed.finish(state)
    assert (result.attacker.successes, result.defender.successes) == (2, 3)
    assert result.outcome == "failure"
    assert result.actions == ("roll", "poker 1", "roll", "poker 1")


def test_a_waiting_attacker_pokers_after_the_defender_who_may_answer(scripted) -> None:
    rng = scripted(*d6(6, 2, 3), *d6(6, 4, 1), *d6(5), *d6(4))
    state = opposed.start(OpposedTest(OpposedSide(3), OpposedSide(3)))
    for action in ("roll", "wait", "roll"):
        state = opposed.act(state, action, rng)
    assert state.stage is Stage.DEFENDER_POKER
    state = opposed.act(state, "pass", rng)  # the defender keeps its answer
    assert state.stage is Stage.ATTACKER_LATE_POKER
    state = opposed.act(state, "poker 1", rng)
    assert state.stage is Stage.DEFENDER_ANSWER
    state = opposed.act(state, "poker 1", rng)
    result = opposed.finish(state)
    assert (result.attacker.successes, result.defender.successes) == (2, 3)
    assert result.outcome == "failure"


def test_a_defender_who_pokered_cannot_answer(scripted) -> None:
    rng = scripted(*d6(6, 2, 3), *d6(6, 4, 1), *d6(4), *d6(5))
    state = opposed.start(OpposedTest(OpposedSide(3), OpposedSide(3)))
    for action in ("roll", "wait", "roll", "poker 1", "poker 1"):
        state = opposed.act(state, action, rng)
    assert state.stage is Stage.DONE


def test_a_forced_poker_cannot_wait_or_pass(scripted) -> None:
    state = opposed.start(OpposedTest(OpposedSide(3, forced_poker=True), OpposedSide(1)))
    state = opposed.act(state, "roll", scripted(*d6(6, 2, 3)))
    assert opposed.allowed_actions(state) == ("poker 1",)
    with pytest.raises(RulesError, match="not allowed"):
        opposed.act(state, "wait", scripted())


def test_a_side_without_a_six_skips_its_poker(scripted) -> None:
    state = opposed.act(
        opposed.start(OpposedTest(OpposedSide(2), OpposedSide(1))), "roll", scripted(*d6(5, 2))
    )
    assert state.stage is Stage.DEFENDER_ROLLS


def test_an_unfinished_test_has_no_result() -> None:
    with pytest.raises(RulesError, match="not over"):
        opposed.finish(opposed.start(OpposedTest(OpposedSide(1), OpposedSide(1))))


def test_the_record_holds_the_decisions_and_replays() -> None:
    test = OpposedTest(
        OpposedSide(4, policy=PokerPolicy.MAX),
        OpposedSide(3, policy=PokerPolicy.WHEN_SHORT),
        attacker_waits=True,
    )
    for seed in range(30):
        result = roll_seeded(opposed.play, test, seed)
        assert result.inputs.script == result.actions
        assert replay(result) == result
        roles = {die.role for die in result.dice}
        assert roles <= {"attacker", "attacker-reroll", "defender", "defender-reroll"}


def test_a_script_that_stops_early_is_refused() -> None:
    with pytest.raises(RulesError, match="stops before the end"):
        opposed.play(
            OpposedTest(OpposedSide(1), OpposedSide(1), script=("roll",)), random.Random(1)
        )


@pytest.mark.parametrize(
    "test",
    [
        OpposedTest(OpposedSide(2), OpposedSide(1)),
        OpposedTest(OpposedSide(2, policy=PokerPolicy.MAX), OpposedSide(2, policy=PokerPolicy.MAX)),
        OpposedTest(
            OpposedSide(2, policy=PokerPolicy.WHEN_SHORT),
            OpposedSide(2, policy=PokerPolicy.WHEN_SHORT),
            minimum=2,
        ),
        OpposedTest(
            OpposedSide(1, blessing=Blessing.CURSE, forced_poker=True),
            OpposedSide(2, policy=PokerPolicy.MAX),
        ),
    ],
    ids=["plain", "max-max", "short-short-min2", "forced-curse"],
)
def test_odds_equal_every_sequence_of_dice(test: OpposedTest, brute_force) -> None:
    success = Fraction(0)
    for probability, result in brute_force(lambda rng: opposed.play(test, rng)):
        success += probability if result.success else 0
    assert opposed.odds(test).outcomes["success"] == success


def test_odds_refuse_a_waiting_attacker() -> None:
    with pytest.raises(RulesError, match="right after its own roll"):
        opposed.odds(OpposedTest(OpposedSide(2), OpposedSide(2), attacker_waits=True))


def test_large_opposed_odds_answer_or_are_refused_never_hang() -> None:
    # Play-tested: 100 dice against 100 with the defender poking "max" took 6.1 s; the
    # defender's distribution does not depend on the attacker's successes then.
    big = OpposedTest(OpposedSide(100), OpposedSide(100, policy=PokerPolicy.MAX))
    assert sum(opposed.odds(big).outcomes.values()) == 1
    short = OpposedTest(OpposedSide(100), OpposedSide(100, policy=PokerPolicy.WHEN_SHORT))
    with pytest.raises(RulesError, match="too long") as refused:
        opposed.odds(short)
    assert refused.value.message_key == "odds.too_long"
