"""The JSON shapes the CLI prints: a contract for scripts and bots.

``odds``:   {"system", "inputs", "outcomes": {KEY: "n/d"}, "distribution": {N: "n/d"}, …}
``roll``:   {"system", "seed", "inputs", "dice": [{"sides", "face", "role"?, "kept"?}],
             "result", "outcome", "success", "label"?, …system fields}
``create``: {"system", "seed", "pv_pm_dice", "stat_dice", "dna_points", "money", "dice", …}
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from meneur.content import term
from meneur.core.odds import Odds
from meneur.core.records import RollRecord, as_data, fraction_text
from meneur.core.systems import kind_of

if TYPE_CHECKING:
    from meneur.core.cosmos import creation as cosmos_creation


def odds_data(odds: Odds[Any]) -> dict[str, object]:
    """The JSON object of ``meneur odds … --json``."""
    data: dict[str, object] = {"system": odds.system, "inputs": as_data(odds.inputs)}
    if kind_of(type(odds.inputs)) == "resolution.ResolutionTest":
        data["score_to_beat"] = odds.inputs.score_to_beat
    data["outcomes"] = {key: fraction_text(p) for key, p in odds.outcomes.items()}
    data["distribution"] = {str(value): fraction_text(p) for value, p in odds.distribution.items()}
    # Odds of some systems say more (the poker policy and fiasco, success by attempt).
    for field in dataclasses.fields(odds):
        if field.name not in data:
            data[field.name] = as_data(getattr(odds, field.name))
    return data


def roll_data(record: RollRecord[Any]) -> dict[str, object]:
    """The JSON object of ``meneur roll … --json``."""
    fields = as_data(record)
    assert isinstance(fields, dict)
    data: dict[str, object] = {"system": record.system, "seed": record.seed}
    data.update(fields)
    data["outcome"] = record.outcome
    data["success"] = record.success
    if record.outcome is not None:
        label = term(f"{record.system}.outcome.{record.outcome}")
        data["label"] = {"fr": label.fr, "en": label.en}
    return data


def creation_data(
    record: cosmos_creation.CosmosCreation | cosmos_creation.CosmosConversion,
) -> dict[str, object]:
    """The JSON object of ``meneur create cosmos --json``."""
    data: dict[str, object] = {"system": record.system, "seed": record.seed}
    from meneur.core.cosmos import (
        creation as cosmos_creation,  # a creation record has loaded it already
    )

    if isinstance(record, cosmos_creation.CosmosConversion):
        data["conversion_dice"] = list(record.dice_roll.dice)
        data["conversion_attempts"] = as_data(record.dice_roll.attempts)
    else:
        data["pv_pm_dice"] = list(record.pv_pm.dice)
        data["stat_dice"] = list(record.stats.dice)
        data["dna_points"] = record.dna_points
        data["money"] = record.money
        data["pv_pm_attempts"] = as_data(record.pv_pm.attempts)
        data["stat_attempts"] = as_data(record.stats.attempts)
        if record.pv is not None:
            data["pv"] = record.pv
            data["pm"] = record.pm
        if record.skill_points is not None:
            points = record.skill_points
            data["skill_points"] = {
                "dice": list(points.dice),
                "bonus_die": points.bonus_die,
                "best_replacement": (
                    None if points.best_replacement is None else points.best_replacement + 1
                ),
                "points": points.best_points,
            }
    data["dice"] = [die.to_data() for die in record.dice]
    return data
