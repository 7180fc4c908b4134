"""Re-running a record: every roll can be reproduced from its inputs and seed."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, TypeVar

from . import (
    cosmos,
    cosmos_creation,
    expressions,
    oracles,
    resolution,
    spherier,
    spherier_extended,
    systemj,
    traits,
    traits_opposed,
)
from .errors import RulesError
from .records import roll_seeded

RecordT = TypeVar("RecordT")

ROLLERS: dict[type, Callable[[Any, random.Random], Any]] = {
    resolution.ResolutionTest: resolution.roll,
    oracles.OracleQuestion: oracles.roll_oracle,
    oracles.YesNoQuestion: oracles.roll_yesno,
    cosmos.CosmosTest: cosmos.roll,
    cosmos.IntuitionTest: cosmos.roll_intuition,
    expressions.DiceInputs: expressions.roll,
    traits.TraitTest: traits.roll,
    traits_opposed.OpposedTest: traits_opposed.play,
    spherier.SkillTest: spherier.roll,
    spherier.OpposedSkillTest: spherier.roll_opposed,
    spherier_extended.ExtendedTest: spherier_extended.roll_extended,
    spherier_extended.TeamTest: spherier_extended.roll_team,
    systemj.SystemjTest: systemj.roll,
    cosmos_creation.CreationOptions: cosmos_creation.roll_creation,
    cosmos_creation.ConversionOptions: cosmos_creation.roll_conversion,
}
"""The roll function for each kind of inputs."""

RESOLVERS: dict[type, Callable[[Any, tuple[int, ...]], Any]] = {
    resolution.ResolutionTest: resolution.resolve,
    oracles.OracleQuestion: oracles.resolve_oracle,
    oracles.YesNoQuestion: oracles.resolve_yesno,
    cosmos.CosmosTest: cosmos.resolve,
    cosmos.IntuitionTest: cosmos.resolve_intuition,
    expressions.DiceInputs: expressions.resolve,
    traits.TraitTest: traits.resolve,
    spherier.SkillTest: spherier.resolve,
    spherier.OpposedSkillTest: spherier.resolve_opposed,
    spherier_extended.ExtendedTest: spherier_extended.resolve_extended,
    spherier_extended.TeamTest: spherier_extended.resolve_team,
    systemj.SystemjTest: systemj.resolve,
}
"""The function reading given faces as an outcome, for each kind of test."""


def replay(record: RecordT) -> RecordT:
    """Roll the record's inputs again on its seed; the result equals the record.

    Raises:
        RulesError: when the record has no seed or its inputs are of an unknown kind.
    """
    seed = getattr(record, "seed", None)
    inputs = getattr(record, "inputs", None)
    if seed is None:
        raise RulesError("this roll has no seed: it cannot be reproduced")
    roller = ROLLERS.get(type(inputs))
    if roller is None:
        raise RulesError(f"no roll is known for inputs of kind {type(inputs).__name__}")
    replayed: RecordT = roll_seeded(roller, inputs, seed)
    return replayed
