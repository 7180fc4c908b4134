"""The JSON shapes the CLI prints: a contract for scripts and bots.

``odds``:   {"system", "inputs", "outcomes": {KEY: "n/d"}, "distribution": {N: "n/d"}, …}
``roll``:   {"system", "seed", "inputs", "dice": [{"sides", "face", "role"?, "kept"?}],
             "result", "outcome", "success", "label"?, …system fields}
``create``: {"system", "seed", "pv_pm_dice", "stat_dice", "dna_points", "money", "dice", …}
"""

from __future__ import annotations

import dataclasses
from typing import Any

from meneur.content import term
from meneur.core.odds import Odds
from meneur.core.records import RollRecord, as_data, fraction_text

from .rooms import own


def odds_data(odds: Odds[Any]) -> dict[str, object]:
    """The JSON object of ``meneur odds … --json``."""
    data: dict[str, object] = {"system": odds.system, "inputs": as_data(odds.inputs)}
    more = own(odds.inputs, lambda room: room.ODDS_DATA)
    if more is not None:  # what a system's odds say first (Résoudre's score to beat)
        data.update(more(odds))
    data["outcomes"] = {key: fraction_text(p) for key, p in odds.outcomes.items()}
    data["distribution"] = {str(value): fraction_text(p) for value, p in odds.distribution.items()}
    # Odds of some systems say more (the poker policy and fiasco, success by attempt).
    for field in dataclasses.fields(odds):
        if field.name not in data:
            data[field.name] = as_data(getattr(odds, field.name))
    return data


def roll_data(record: RollRecord[Any], *, seed: bool = True) -> dict[str, object]:
    """The JSON object of ``meneur roll … --json`` (without its seed unless ``seed``)."""
    fields = as_data(record)
    assert isinstance(fields, dict)
    data: dict[str, object] = {"system": record.system, "seed": record.seed}
    data.update(fields)
    if not seed:
        del data["seed"]
    data["outcome"] = record.outcome
    data["success"] = record.success
    if record.outcome is not None:
        label = term(f"{record.system}.outcome.{record.outcome}")
        data["label"] = {"fr": label.fr, "en": label.en}
    return data
