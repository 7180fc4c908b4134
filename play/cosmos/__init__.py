"""The Tale of Great Cosmos's room in ``meneur.play``: what its tests say before they
are rolled (:data:`DESCRIBED`) and in a journal line (:data:`SHORT`); its rules of play
are the modules beside this one (combat, fatigue, the grid, mutations, the skill
tree)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Literal, cast

from meneur.content import term
from meneur.play.tested import Translate, signed, stat_name
from meneur.saves.state import Options


def _cosmos(test: Any) -> list[str]:
    from meneur.core.cosmos import rules as cosmos

    if test.stats:
        mean = test.base_threshold
        base = f"moyenne (mean) de {', '.join(map(str, test.stats))} = {mean}"
    else:
        base = str(test.threshold)
    bonus = f", bonus {signed(test.bonus)}" if test.bonus else ""
    if test.state_bonus:
        bonus += f", état (state) {signed(test.state_bonus)}"
    if test.bonus or test.state_bonus:
        bonus += f" → {test.effective_threshold}"
    effect = term(f"cosmos.karma.{cosmos.karma_effect(test.karma)}")
    lines = [
        term("system.cosmos").glossed,
        f"Seuil (threshold) : {base}{bonus}",
        f"Karma {signed(test.karma)} : {effect.fr} ({effect.en})",
    ]
    if test.karma == cosmos.KARMA_MIN:
        lines.append("Karma −10 : pas de réussite super-critique, critique seulement sur 42")
    if test.karma == cosmos.KARMA_MAX:
        lines.append("Karma +10 : pas d'échec super-critique, critique seulement sur 66")
    if test.critical_failures:
        lines.append(
            f"Échec critique (critical failure) dès {test.critical_failure_from} "
            f"(+{test.critical_failures} %)"
        )
    if test.final_skill:
        lines.append("Final Skill : annulation critique (no critical failure)")
    if test.reroll_bonus is not None:
        lines.append(
            "Aura (ligne 5) : une réussite simple est relancée sans bonus "
            f"(a plain success is rolled again) → seuil {test.reroll_threshold}"
        )
    return lines


def _intuition(test: Any) -> list[str]:
    return [
        term("system.intuition").glossed,
        f"Intuition {test.intuition} : 1d6 ≤ {test.intuition} → vraie (true)",
    ]


def _piloting(test: Any) -> list[str]:
    die = test.effective_die
    lines = [term("system.piloting").glossed]
    if test.vehicle:
        lines.append(f"{term(f'piloting.vehicle.{test.vehicle}').glossed} : d{test.die}")
    if test.stress:
        past = f"d{die}" if die else "au-delà du d20 (past d20)"
        lines.append(f"Stress +{test.stress} : {past}")
    scores = " + ".join(str(s) for s in test.scores)
    crew = f"{scores} = {test.score}" if len(test.scores) > 1 else scores
    lines.append(f"Score (pilotes, pilots) : {crew}")
    if test.automatic == "failure":
        lines.append("Échec automatique : le dé dépasse le d20 (automatic failure)")
    elif test.automatic == "success":
        lines.append(f"Réussite automatique : score ≥ d{die} (automatic success)")
    else:
        lines.append(f"1d{die} ≤ {test.score} → réussi (success)")
    return lines


def _turns(inputs: Any) -> list[str]:
    people = ", ".join(
        f"{c.ident} {c.agilite}" + (f" (+{c.extra_actions})" if c.extra_actions else "")
        for c in inputs.combatants
    )
    return ["Ordre du round (round order) : agilité, d20 en cas d'égalité", people]


def _aura(test: Any) -> list[str]:
    return [term("system.aura").glossed, "1d6 sur la table d'aura (on the aura table)"]


def _short(inputs: Any, t: Translate) -> str:
    threshold = t("cosmos.threshold_is", threshold=inputs.effective_threshold)
    if not inputs.names:
        return threshold
    return f"{' + '.join(stat_name('cosmos.stat', name) for name in inputs.names)} · {threshold}"


DESCRIBED: dict[str, Callable[[Any], list[str]]] = {
    "cosmos.CosmosTest": _cosmos,
    "cosmos.IntuitionTest": _intuition,
    "cosmos.piloting.PilotingTest": _piloting,
    "cosmos.aura.AuraTest": _aura,
    "cosmos.movement.TurnOrderInputs": _turns,
}
"""What each kind of its tests says before the roll, a line each."""
SHORT: dict[str, Callable[[Any, Translate], str]] = {"cosmos.CosmosTest": _short}
"""What each kind of its tests says in a journal's line, in the reader's language (the
others say their description's first lines)."""


SkillSheet = Literal["none", "standard", "progressive", "fixed"]


class CosmosOptions(Options, total=False):
    """The Tale of Great Cosmos's optional rules (its record's ``options``), with those
    every campaign has."""

    karma: bool
    dna: bool
    endurance: bool
    mental_health: bool
    piloting: bool
    aura: bool
    affiliation: bool
    movement: bool
    turn_order: bool
    inventory: bool
    skill_sheet: SkillSheet


def options_of(options: Mapping[str, Any]) -> CosmosOptions:
    """A campaign's ``[options]`` (as checked when read), typed as The Tale of Great Cosmos's."""
    return cast("CosmosOptions", options)


if TYPE_CHECKING:  # mypy holds this room to what a play room provides
    from meneur.play import cosmos as _room
    from meneur.play.rooms import PlayRoom

    _checked: PlayRoom = _room
