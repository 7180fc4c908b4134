"""Which function rolls, reads and computes odds for each kind of test, loaded on demand.

Every kind of inputs (``ResolutionTest``, ``TraitTest``…) is listed here with the names
of its functions; a module is imported only when one of its tests is used, so a caller
that handles one system (the CLI, a replayed journal entry) pays for that system alone.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, NamedTuple

from .errors import RulesError


class Functions(NamedTuple):
    """Where a kind of inputs' functions live: ``module:function`` names."""

    roll: str
    resolve: str | None
    odds: str | None


_CORE = "meneur.core"
KINDS: dict[str, Functions] = {
    "resolution.ResolutionTest": Functions(
        "resolution:roll", "resolution:resolve", "resolution:odds"
    ),
    "oracles.OracleQuestion": Functions(
        "oracles:roll_oracle", "oracles:resolve_oracle", "oracles:oracle_odds"
    ),
    "oracles.YesNoQuestion": Functions(
        "oracles:roll_yesno", "oracles:resolve_yesno", "oracles:yesno_odds"
    ),
    "cosmos.CosmosTest": Functions("cosmos:roll", "cosmos:resolve", "cosmos:odds"),
    "cosmos.IntuitionTest": Functions(
        "cosmos:roll_intuition", "cosmos:resolve_intuition", "cosmos:intuition_odds"
    ),
    "mutations.MutationInputs": Functions("mutations:roll", "mutations:resolve", "mutations:odds"),
    "mutations.UltimateInputs": Functions(
        "mutations:roll_ultimate", "mutations:resolve_ultimate", None
    ),
    "cosmos_levels.LevelUpInputs": Functions("cosmos_levels:roll", None, None),
    "cosmos_creation.CreationOptions": Functions("cosmos_creation:roll_creation", None, None),
    "cosmos_creation.ConversionOptions": Functions("cosmos_creation:roll_conversion", None, None),
    "expressions.DiceInputs": Functions(
        "expressions:roll", "expressions:resolve", "dice_odds:odds"
    ),
    "traits.TraitTest": Functions("traits:roll", "traits:resolve", "traits:odds"),
    "traits_opposed.OpposedTest": Functions("traits_opposed:play", None, "traits_opposed:odds"),
    "spherier.SkillTest": Functions("spherier:roll", "spherier:resolve", "spherier:odds"),
    "spherier.OpposedSkillTest": Functions(
        "spherier:roll_opposed", "spherier:resolve_opposed", "spherier:opposed_odds"
    ),
    "spherier_extended.ExtendedTest": Functions(
        "spherier_extended:roll_extended",
        "spherier_extended:resolve_extended",
        "spherier_extended:extended_odds",
    ),
    "spherier_extended.TeamTest": Functions(
        "spherier_extended:roll_team",
        "spherier_extended:resolve_team",
        "spherier_extended:team_odds",
    ),
    "systemj.SystemjTest": Functions("systemj:roll", "systemj:resolve", "systemj:odds"),
    "tables.TableQuery": Functions("tables:roll", None, "tables:odds"),
    "npcs.NpcInputs": Functions("npcs:roll", None, None),
}
"""Each kind of inputs, by ``module.Class`` under meneur.core, with its functions."""


def kind_of(inputs_type: type) -> str:
    """The registry key of a kind of inputs: ``module.Class`` under meneur.core."""
    module = inputs_type.__module__.removeprefix(f"{_CORE}.")
    return f"{module}.{inputs_type.__qualname__}"


def _load(where: str) -> Callable[..., Any]:
    module, function = where.split(":")
    loaded: Callable[..., Any] = getattr(importlib.import_module(f"{_CORE}.{module}"), function)
    return loaded


def _functions(inputs_type: type) -> Functions:
    functions = KINDS.get(kind_of(inputs_type))
    if functions is None:
        raise RulesError(f"no rules are known for inputs of kind {inputs_type.__name__}")
    return functions


def roller(inputs_type: type) -> Callable[..., Any]:
    """The roll function ``(inputs, rng) -> record`` of a kind of inputs.

    Raises:
        RulesError: for an unknown kind.
    """
    return _load(_functions(inputs_type).roll)


def resolver(inputs_type: type) -> Callable[..., Any]:
    """The function ``(inputs, faces) -> record`` reading given faces.

    Raises:
        RulesError: for an unknown kind, or one read only by playing it (opposed traits).
    """
    where = _functions(inputs_type).resolve
    if where is None:
        raise RulesError(f"{inputs_type.__name__} is not read from faces alone")
    return _load(where)


def odds_function(inputs_type: type) -> Callable[..., Any]:
    """The exact-odds function ``(inputs) -> Odds`` of a kind of inputs.

    Raises:
        RulesError: for an unknown kind, or one without odds (creation rolls).
    """
    where = _functions(inputs_type).odds
    if where is None:
        raise RulesError(f"{inputs_type.__name__} has no odds")
    return _load(where)
