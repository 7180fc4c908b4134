"""Re-running a record: every roll can be reproduced from its inputs and seed."""

from __future__ import annotations

from typing import TypeVar

from .errors import RulesError
from .kinds import roller
from .records import roll_seeded

RecordT = TypeVar("RecordT")


def replay(record: RecordT) -> RecordT:
    """Roll the record's inputs again on its seed; the result equals the record.

    Raises:
        RulesError: when the record has no seed or its inputs are of an unknown kind.
    """
    seed = getattr(record, "seed", None)
    inputs = getattr(record, "inputs", None)
    if seed is None:
        raise RulesError(
            "this roll has no seed: it cannot be reproduced", message_key="dice.no_seed"
        )
    replayed: RecordT = roll_seeded(roller(type(inputs)), inputs, seed)
    return replayed
