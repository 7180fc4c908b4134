"""What is being tested, in a few lines, before the odds or the dice are shown."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from meneur.content import term
from meneur.core.systems import kind_of

if TYPE_CHECKING:
    from meneur.core import expressions, oracles, solo
    from meneur.core.cosmos import rules as cosmos
    from meneur.core.resolution import rules as resolution
    from meneur.core.spherier import extended as spherier_extended
    from meneur.core.spherier import rules as spherier
    from meneur.core.systemj import rules as systemj
    from meneur.core.traits import opposed as traits_opposed
    from meneur.core.traits import rules as traits

# The inputs being described come from a rules module that is loaded already; the
# functions below import from it locally so that this module loads none of them.


def signed(value: int) -> str:
    """An integer with its sign, using a true minus: ``+2``, ``−2``, ``0``."""
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def describe(inputs: object) -> list[str]:
    """The lines that say what is being tested.

    Raises:
        TypeError: for inputs no system describes (a programming error).
    """
    describer = _DESCRIBERS.get(kind_of(type(inputs)))
    if describer is None:
        raise TypeError(f"no description for {type(inputs).__name__}")
    return describer(inputs)


def _question(text: str) -> list[str]:
    return [f"« {text} »"] if text else []


def _resolution(test: resolution.ResolutionTest) -> list[str]:
    from meneur.core.resolution import rules as resolution

    lines = [term("system.resolution").glossed]
    if test.declared is not None:
        declared = term(f"resolution.declared.{test.declared.value}")
        lines.append(
            f"{declared.glossed} — sans jet, sans effet secondaire (no roll, no side effect)"
        )
        return lines
    if test.intrinsic is not None and test.interest is not None:
        intrinsic = term(f"resolution.intrinsic.{test.intrinsic.value}")
        interest = term(f"resolution.interest.{test.interest.value}")
        lines.append(
            f"Difficulté (difficulty) : {intrinsic.glossed} {signed(test.intrinsic.modifier)}"
            f", {interest.glossed} {signed(test.interest.modifier)} → {signed(test.difficulty)}"
        )
    elif test.opposing is not None:
        defender = " + ".join(str(score) for score in test.opposing) or "0"
        lines.append(
            f"Opposition (opposed) : 3 − ({defender}) → difficulté {signed(test.difficulty)}"
        )
    if test.group:
        lines.append(
            "Action de groupe à échec individuel (group action): en cas d'échec, un des"
            " personnages échoue (on failure, one character fails)"
        )
    if test.elements:
        shown = ", ".join(
            f"{element.score}"
            + (" typique (typical)" if element.typical else "")
            + (f", prêté par (lent by) {element.lender}" if element.lender else "")
            for element in test.elements
        )
        lines.append(f"Éléments (elements) : {shown}")
    score = test.score_to_beat
    automatic = resolution.automatic_kept(score)
    note = ""
    if automatic is not None:
        kind = "success" if automatic else "failure"
        note = f" — {term(f'resolution.automatic.{kind}').glossed}, sans jet (no roll)"
    lines.append(f"Score à battre (score to beat) : {score}{note}")
    alteration = term(f"resolution.alteration.{test.alteration.value}")
    lines.append(f"Altération : {alteration.glossed} — {alteration.hint_fr}")
    return lines


def _oracle(question: oracles.OracleQuestion) -> list[str]:
    lean = term(f"oracle.lean.{question.lean.value}")
    return [
        term("system.oracle").glossed,
        f"Score {question.lean.score} : {lean.glossed}",
        *_question(question.question),
    ]


def _yesno(question: oracles.YesNoQuestion) -> list[str]:
    likelihood = term(f"yesno.likelihood.{question.likelihood}")
    return [
        term("system.yesno").glossed,
        f"Probabilité (likelihood) {question.likelihood} : {likelihood.glossed}"
        f" — score {question.score}",
        *_tension(question.tension),
        *_question(question.question),
    ]


def _tension(tension: int | None) -> list[str]:
    if tension is None:
        return []
    return [f"Tension {tension} : {term(f'solo.tension.{tension}').glossed}"]


def _scene(test: solo.SceneTest) -> list[str]:
    return [term("system.scene").glossed, *_tension(test.tension), *_question(test.scene)]


def _progress(test: solo.ProgressTest) -> list[str]:
    lines = [term("system.progress").glossed, *_question(test.track)]
    return [*lines, f"Cases remplies (filled boxes) : {test.boxes}/10, contre (against) 2d10"]


def _cosmos(test: cosmos.CosmosTest) -> list[str]:
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


def _intuition(test: cosmos.IntuitionTest) -> list[str]:
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


def _dice(inputs: expressions.DiceInputs) -> list[str]:
    return [f"{term('system.dice').glossed} : {inputs.expression}"]


def _pool(dice: int, bonus: int, bonus_die: traits.BonusDie | None) -> str:
    parts = [f"{dice} dés (dice)"]
    if bonus:
        parts.append(signed(bonus))
    if bonus_die is not None:
        parts.append(bonus_die.text)
    return " ".join(parts)


def _traits(test: traits.TraitTest) -> list[str]:
    from meneur.core.traits import rules as traits

    difficulty = f"Difficulté {test.difficulty}"
    if test.blessing is not None:
        blessing = term(f"traits.blessing.{test.blessing.value}")
        when = ", après le jet (after the roll)" if test.blessing_after else ""
        difficulty += f", {blessing.fr} ({blessing.en}){when} → {test.effective_difficulty}"
    lines = [
        term("system.traits").glossed,
        f"Jet (roll) : {_pool(test.dice, test.bonus, test.bonus_die)} ; {difficulty}",
        f"Réussites requises (successes needed) : {test.need}",
    ]
    if isinstance(test.poker, traits.PokerPolicy):
        lines.append(
            f"{term('traits.poker').fr} : {term(f'traits.policy.{test.poker.value}').glossed}"
        )
    if test.forced_poker:
        lines.append(f"{term('traits.poker').fr} forcé par un talent (forced by a talent)")
    return lines


def _traits_opposed(test: traits_opposed.OpposedTest) -> list[str]:
    attacker, defender = test.attacker, test.defender
    lines = [
        f"{term('system.traits').fr} — {term('traits.opposed').glossed}, Difficulté 4",
        f"Attaquant (attacker) : {_pool(attacker.dice, attacker.bonus, attacker.bonus_die)}"
        f", {term(f'traits.policy.{attacker.policy.value}').fr}",
        f"Défenseur (defender) : {_pool(defender.dice, defender.bonus, defender.bonus_die)}"
        f", {term(f'traits.policy.{defender.policy.value}').fr}",
        "Égalité au défenseur (a tie goes to the defender)"
        + (f" ; au moins {test.minimum} réussites (at least)" if test.minimum > 1 else ""),
    ]
    return lines


def _skill_text(skill: spherier.Skill) -> str:
    if skill.name:
        return skill.notation
    return f"Maîtrise {skill.mastery:+d}, Limite {skill.limit}"


def _modifiers(bonus: int, malus: int) -> str:
    parts = [f"bonus {signed(bonus)}" if bonus else "", f"malus {malus}" if malus else ""]
    shown = ", ".join(part for part in parts if part)
    return f" ({shown})" if shown else ""


def _spherier_header(engine: spherier.Engine, kind: str) -> str:
    return (
        f"{term('system.spherier').fr} — {term(f'spherier.test.{kind}').glossed},"
        f" {term(f'spherier.engine.{engine.value}').glossed}"
    )


def _dd_text(engine: spherier.Engine, dd: int) -> str:
    from meneur.core.spherier import rules as spherier

    names = [name for name, value in spherier.DD_SCALES[engine].items() if value == dd]
    return f"DD {dd}" + (f", {term(f'spherier.dd.{names[0]}').glossed}" if names else "")


def _spherier(test: spherier.SkillTest) -> list[str]:
    return [
        _spherier_header(test.engine, "simple"),
        f"{_skill_text(test.skill)}{_modifiers(test.bonus, test.malus)}"
        f" contre {_dd_text(test.engine, test.dd)}",
    ]


def _spherier_opposed(test: spherier.OpposedSkillTest) -> list[str]:
    return [
        _spherier_header(test.engine, "opposed"),
        f"{_skill_text(test.attacker)}{_modifiers(test.attacker_bonus, test.attacker_malus)}"
        f" contre {_skill_text(test.defender)}",
        "Égalité au défenseur (a tie goes to the defender)",
    ]


def _spherier_extended(test: spherier_extended.ExtendedTest) -> list[str]:
    unit = f", intervalle {test.interval.text}" if test.interval.unit else ""
    return [
        _spherier_header(test.engine, "extended"),
        f"{_skill_text(test.skill)}{_modifiers(test.bonus, test.malus)} : "
        f"DD par essai {test.step_dd}, total {test.total}{unit}",
        f"Essais possibles (attempts) : {test.max_attempts}",
    ]


def _spherier_team(test: spherier_extended.TeamTest) -> list[str]:
    helpers = ", ".join(_skill_text(skill) for skill in test.assistants) or "aucun (none)"
    return [
        _spherier_header(test.engine, "team"),
        f"Meneur (leader) : {_skill_text(test.leader)}{_modifiers(test.bonus, test.malus)}"
        f" contre DD {test.leader_dd}",
        f"Assistants contre DD {test.assistant_dd} : {helpers}",
    ]


def _systemj(test: systemj.SystemjTest) -> list[str]:
    if test.automatic:
        detail = f"{term('systemj.modifier.extremement-simple').glossed}, sans jet (no roll)"
    elif test.modifier:
        detail = f"{signed(test.modifier)} → score {test.effective}"
    else:
        detail = f"score {test.effective}"
    return [
        f"{term('system.systemj').glossed}",
        f"Valeur (value) {test.value}, {detail}",
        f"Réussite critique sur {test.value:02d}, échec critique sur 00",
    ]


def _table(query: Any) -> list[str]:
    from meneur.core.tables import find

    table = find(query.tables, query.table)
    name = table.name if table is not None else query.table
    how = (
        f"{table.dice}"
        if table is not None and table.dice
        else f"1d{table.total_weight}"
        if table
        else ""
    )
    return [f"Table aléatoire (random table) : {name}", f"Dés (dice) : {how}"]


_DESCRIBERS: dict[str, Callable[[Any], list[str]]] = {
    "tables.TableQuery": _table,
    "resolution.ResolutionTest": _resolution,
    "oracles.OracleQuestion": _oracle,
    "oracles.YesNoQuestion": _yesno,
    "solo.SceneTest": _scene,
    "solo.ProgressTest": _progress,
    "cosmos.CosmosTest": _cosmos,
    "cosmos.IntuitionTest": _intuition,
    "cosmos.piloting.PilotingTest": _piloting,
    "cosmos.aura.AuraTest": _aura,
    "cosmos.movement.TurnOrderInputs": _turns,
    "expressions.DiceInputs": _dice,
    "traits.TraitTest": _traits,
    "traits_opposed.OpposedTest": _traits_opposed,
    "spherier.SkillTest": _spherier,
    "spherier.OpposedSkillTest": _spherier_opposed,
    "spherier_extended.ExtendedTest": _spherier_extended,
    "spherier_extended.TeamTest": _spherier_team,
    "systemj.SystemjTest": _systemj,
}
"""How each kind of inputs is described, by its registry name."""
