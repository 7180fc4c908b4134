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
KIND_NAMES = {
    "resolution.rules": "resolution",
    "traits.rules": "traits",
    "traits.opposed": "traits_opposed",
    "traits.derived": "traits_derived",
    "spherier.rules": "spherier",
    "spherier.extended": "spherier_extended",
    "spherier.notation": "spherier_notation",
    "systemj.rules": "systemj",
    "systemj.cards": "systemj_cards",
    "systemj.combat": "systemj_combat",
    "cosmos.rules": "cosmos",
    "cosmos.catalogue": "cosmos_catalogue",
    "cosmos.creation": "cosmos_creation",
    "cosmos.draft": "cosmos_draft",
    "cosmos.levels": "cosmos_levels",
    "cosmos.genes": "genes",
    "cosmos.mutations": "mutations",
}
"""How a kind names the module its class lives in, when that is not the module's own
path under meneur.core: the names modules had before each system got its package, which
every journal written since records (``kind = "resolution.ResolutionTest"``)."""
MODULES = {name: module for module, name in KIND_NAMES.items()}
"""The module (under meneur.core) a kind's first part names."""
KINDS: dict[str, Functions] = {
    "resolution.ResolutionTest": Functions(
        "resolution.rules:roll", "resolution.rules:resolve", "resolution.rules:odds"
    ),
    "oracles.OracleQuestion": Functions(
        "oracles:roll_oracle", "oracles:resolve_oracle", "oracles:oracle_odds"
    ),
    "oracles.YesNoQuestion": Functions(
        "oracles:roll_yesno", "oracles:resolve_yesno", "oracles:yesno_odds"
    ),
    "solo.SceneTest": Functions("solo:roll_scene", "solo:resolve_scene", "solo:scene_odds"),
    "solo.ProgressTest": Functions(
        "solo:roll_progress", "solo:resolve_progress", "solo:progress_odds"
    ),
    "cosmos.CosmosTest": Functions(
        "cosmos.rules:roll", "cosmos.rules:resolve", "cosmos.rules:odds"
    ),
    "cosmos.IntuitionTest": Functions(
        "cosmos.rules:roll_intuition",
        "cosmos.rules:resolve_intuition",
        "cosmos.rules:intuition_odds",
    ),
    "mutations.MutationInputs": Functions(
        "cosmos.mutations:roll", "cosmos.mutations:resolve", "cosmos.mutations:odds"
    ),
    "mutations.UltimateInputs": Functions(
        "cosmos.mutations:roll_ultimate", "cosmos.mutations:resolve_ultimate", None
    ),
    "cosmos_levels.LevelUpInputs": Functions("cosmos.levels:roll", None, None),
    "cosmos_creation.CreationOptions": Functions("cosmos.creation:roll_creation", None, None),
    "cosmos_creation.ConversionOptions": Functions("cosmos.creation:roll_conversion", None, None),
    "cosmos.piloting.PilotingTest": Functions(
        "cosmos.piloting:roll", "cosmos.piloting:resolve", "cosmos.piloting:odds"
    ),
    "cosmos.aura.AuraTest": Functions(
        "cosmos.aura:roll", "cosmos.aura:resolve", "cosmos.aura:odds"
    ),
    "cosmos.movement.TurnOrderInputs": Functions(
        "cosmos.movement:roll_order", "cosmos.movement:resolve_order", None
    ),
    "cosmos.combat.AutoDefence": Functions(
        "cosmos.combat:roll_auto", "cosmos.combat:resolve_auto", "cosmos.combat:auto_odds"
    ),
    "cosmos.combat.PostureDie": Functions(
        "cosmos.combat:roll_die", "cosmos.combat:resolve_die", "cosmos.combat:die_odds"
    ),
    "cosmos.skills.LevelSkillPoints": Functions(
        "cosmos.skills:roll_points", "cosmos.skills:resolve_points", "cosmos.skills:points_odds"
    ),
    "expressions.DiceInputs": Functions(
        "expressions:roll", "expressions:resolve", "dice_odds:odds"
    ),
    "traits.TraitTest": Functions("traits.rules:roll", "traits.rules:resolve", "traits.rules:odds"),
    "traits_opposed.OpposedTest": Functions("traits.opposed:play", None, "traits.opposed:odds"),
    "spherier.SkillTest": Functions(
        "spherier.rules:roll", "spherier.rules:resolve", "spherier.rules:odds"
    ),
    "spherier.OpposedSkillTest": Functions(
        "spherier.rules:roll_opposed",
        "spherier.rules:resolve_opposed",
        "spherier.rules:opposed_odds",
    ),
    "spherier_extended.ExtendedTest": Functions(
        "spherier.extended:roll_extended",
        "spherier.extended:resolve_extended",
        "spherier.extended:extended_odds",
    ),
    "spherier_extended.TeamTest": Functions(
        "spherier.extended:roll_team",
        "spherier.extended:resolve_team",
        "spherier.extended:team_odds",
    ),
    "systemj.SystemjTest": Functions(
        "systemj.rules:roll", "systemj.rules:resolve", "systemj.rules:odds"
    ),
    "tables.TableQuery": Functions("tables:roll", "tables:resolve", "tables:odds"),
    "npcs.NpcInputs": Functions("npcs:roll", None, None),
}
"""Each kind of inputs, by ``module.Class`` under meneur.core, with its functions."""


def kind_of(inputs_type: type) -> str:
    """The kind of a core class (inputs, record): ``module.Class``, the module named as
    journals name it (see :data:`KIND_NAMES`)."""
    module = inputs_type.__module__.removeprefix(f"{_CORE}.")
    return f"{KIND_NAMES.get(module, module)}.{inputs_type.__qualname__}"


def class_of(kind: str) -> type:
    """The core class a kind names (the inverse of :func:`kind_of`).

    Raises:
        RulesError: for a kind naming no core class.
    """
    module, _, name = kind.rpartition(".")
    try:
        found = getattr(importlib.import_module(f"{_CORE}.{MODULES.get(module, module)}"), name)
    except (ImportError, AttributeError, ValueError):
        raise RulesError(f"no rules are known for kind {kind}") from None
    if not isinstance(found, type):
        raise RulesError(f"no rules are known for kind {kind}")
    return found


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
