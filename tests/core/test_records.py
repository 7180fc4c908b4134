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
from meneur.core.kinds import resolver, roller
from meneur.core.records import as_data, fraction_text, roll_seeded
from meneur.core.replay import replay
from meneur.core.resolution import rules as resolution

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


JOURNALED_KINDS = (
    "oracles.OracleQuestion",
    "oracles.YesNoQuestion",
    "solo.SceneTest",
    "solo.ProgressTest",
    "expressions.DiceInputs",
    "tables.TableQuery",
    "npcs.NpcInputs",
    "elsewhere.RolledElsewhere",
    "elsewhere.AnsweredElsewhere",
    "resolution.ResolutionTest",
    "cosmos.CosmosTest",
    "cosmos.IntuitionTest",
    "mutations.MutationInputs",
    "mutations.UltimateInputs",
    "cosmos_levels.LevelUpInputs",
    "cosmos_creation.CreationOptions",
    "cosmos_creation.ConversionOptions",
    "cosmos.piloting.PilotingTest",
    "cosmos.aura.AuraTest",
    "cosmos.movement.TurnOrderInputs",
    "cosmos.combat.AutoDefence",
    "cosmos.combat.PostureDie",
    "cosmos.skills.LevelSkillPoints",
    "traits.TraitTest",
    "traits_opposed.OpposedTest",
    "spherier.SkillTest",
    "spherier.OpposedSkillTest",
    "spherier_extended.ExtendedTest",
    "spherier_extended.TeamTest",
    "systemj.SystemjTest",
)
"""Every kind of test meneur's journals name (``kind = …`` in a roll entry)."""


def test_every_kind_in_the_registry_has_its_functions() -> None:
    from meneur.core import kinds as found

    kinds = found.all_kinds()
    # The names journals hold: a contract with every journal written (never renamed).
    assert sorted(kind.name for kind in kinds) == sorted(JOURNALED_KINDS)
    for kind in kinds:
        rules = kind.rules()
        inputs_type = found.class_of(kind.name)
        assert inputs_type is rules.inputs
        # The name journals write for the class is the kind's, and leads back to it.
        assert found.kind_name(inputs_type) == kind.name
        assert found.kind_of(inputs_type) == kind
        assert found.roller(inputs_type) is rules.roll
        if rules.resolve is not None:
            assert found.resolver(inputs_type) is rules.resolve
        if rules.odds is not None:
            assert found.odds_function(inputs_type) is rules.odds


def test_unknown_inputs_are_refused() -> None:
    from meneur.core import kinds

    with pytest.raises(RulesError, match="no rules are known"):
        kinds.roller(int)


def test_a_field_added_later_is_left_out_at_its_default_so_old_records_read_the_same() -> None:
    from meneur.core.cosmos import rules as cosmos
    from meneur.core.records import as_data, from_data

    plain = cosmos.CosmosTest(threshold=40)
    assert as_data(plain) == {"threshold": 40, "stats": [], "bonus": 0, "karma": 0}
    tired = cosmos.CosmosTest(threshold=40, state_bonus=-5, critical_failures=5)
    data = as_data(tired)
    assert (data["state_bonus"], data["critical_failures"]) == (-5, 5)
    assert from_data(cosmos.CosmosTest, data) == tired
