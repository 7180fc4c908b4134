"""Roll records: immutable, complete, reproducible from their seed."""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction

import pytest

from meneur.core import expressions, oracles
from meneur.core.cosmos import rules as cosmos
from meneur.core.dice import Die
from meneur.core.errors import RulesError
from meneur.core.records import as_data, fraction_text, roll_seeded
from meneur.core.replay import replay
from meneur.core.resolution import rules as resolution
from meneur.core.systems import resolver, roller

EXAMPLES = [
    resolution.ResolutionTest(
        intrinsic=resolution.Intrinsic.ARDUE,
        interest=resolution.Interest.NEUTRAL,
        elements=(resolution.Element(1),),
    ),
    oracles.OracleQuestion(oracles.Lean.FOR, "Les renforts arrivent ?"),
    oracles.YesNoQuestion(2, "Is the guard asleep?"),
    cosmos.CosmosTest(threshold=55, karma=-7),
    cosmos.IntuitionTest(4),
    expressions.DiceInputs("4d6kh3+1d4"),
]


@pytest.mark.parametrize("inputs", EXAMPLES, ids=lambda i: type(i).__name__)
def test_a_seeded_roll_replays_identically(inputs: object) -> None:
    record = roll_seeded(roller(type(inputs)), inputs, 20261121)
    assert record.seed == 20261121
    assert replay(record) == record


@pytest.mark.parametrize("inputs", EXAMPLES, ids=lambda i: type(i).__name__)
def test_a_record_reads_back_from_its_dice(inputs: object) -> None:
    record = roll_seeded(roller(type(inputs)), inputs, 7)
    reread = resolver(type(inputs))(inputs, tuple(die.face for die in record.dice))
    assert dataclasses.replace(reread, seed=7) == record


def test_different_seeds_give_different_dice() -> None:
    inputs = expressions.DiceInputs("10d100")
    rolls = {roll_seeded(expressions.roll, inputs, seed).dice for seed in range(20)}
    assert len(rolls) == 20


def test_records_are_immutable() -> None:
    record = roll_seeded(resolution.roll, EXAMPLES[0], 1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        record.outcome = "success"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        record.dice[0].face = 6  # type: ignore[misc]
    assert isinstance(record.dice, tuple)


def test_a_record_without_seed_cannot_be_replayed() -> None:
    record = resolution.roll(EXAMPLES[0], random.Random(1))
    with pytest.raises(RulesError, match="no seed"):
        replay(record)


def test_plain_data_leaves_out_unset_fields_and_writes_fractions() -> None:
    assert Die(6, 4).to_data() == {"sides": 6, "face": 4}
    assert Die(10, 3, role="karma", kept=True).to_data() == {
        "sides": 10,
        "face": 3,
        "role": "karma",
        "kept": True,
    }
    assert fraction_text(Fraction(2, 4)) == "1/2"
    assert fraction_text(Fraction(1)) == "1/1"
    data = as_data(roll_seeded(cosmos.roll, cosmos.CosmosTest(threshold=40), 3))
    assert isinstance(data, dict)
    assert "karma_die" not in data  # None: karma 0 rolls no d10
    assert data["inputs"] == {"threshold": 40, "stats": [], "bonus": 0, "karma": 0}


def test_every_kind_in_the_registry_has_its_functions() -> None:
    from meneur.core import systems

    for kind, functions in systems.all_kinds().items():
        inputs_type = systems.class_of(kind)
        assert systems.kind_of(inputs_type) == kind
        assert callable(systems.roller(inputs_type))
        if functions.resolve is not None:
            assert callable(systems.resolver(inputs_type))
        if functions.odds is not None:
            assert callable(systems.odds_function(inputs_type))


def test_unknown_inputs_are_refused() -> None:
    from meneur.core import systems

    with pytest.raises(RulesError, match="no rules are known"):
        systems.roller(int)


def test_a_field_added_later_is_left_out_at_its_default_so_old_records_read_the_same() -> None:
    from meneur.core.cosmos import rules as cosmos
    from meneur.core.records import as_data, from_data

    plain = cosmos.CosmosTest(threshold=40)
    assert as_data(plain) == {"threshold": 40, "stats": [], "bonus": 0, "karma": 0}
    tired = cosmos.CosmosTest(threshold=40, state_bonus=-5, critical_failures=5)
    data = as_data(tired)
    assert (data["state_bonus"], data["critical_failures"]) == (-5, 5)
    assert from_data(cosmos.CosmosTest, data) == tired
