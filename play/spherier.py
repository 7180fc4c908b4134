"""Le Sphérier's room in ``meneur.play``: what its tests say before they are rolled
(:data:`DESCRIBED`) and in a journal line (:data:`SHORT`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Literal, cast

from meneur.content import term
from meneur.saves.state import Options

from .tested import Translate, signed


def _skill_text(skill: Any) -> str:
    if skill.name:
        return str(skill.notation)
    return f"Maîtrise {skill.mastery:+d}, Limite {skill.limit}"


def _modifiers(bonus: int, malus: int) -> str:
    parts = [f"bonus {signed(bonus)}" if bonus else "", f"malus {malus}" if malus else ""]
    shown = ", ".join(part for part in parts if part)
    return f" ({shown})" if shown else ""


def _spherier_header(engine: Any, kind: str) -> str:
    return (
        f"{term('system.spherier').fr} — {term(f'spherier.test.{kind}').glossed},"
        f" {term(f'spherier.engine.{engine.value}').glossed}"
    )


def _dd_text(engine: Any, dd: int) -> str:
    from meneur.core.spherier import rules as spherier

    names = [name for name, value in spherier.DD_SCALES[engine].items() if value == dd]
    return f"DD {dd}" + (f", {term(f'spherier.dd.{names[0]}').glossed}" if names else "")


def _spherier(test: Any) -> list[str]:
    return [
        _spherier_header(test.engine, "simple"),
        f"{_skill_text(test.skill)}{_modifiers(test.bonus, test.malus)}"
        f" contre {_dd_text(test.engine, test.dd)}",
    ]


def _spherier_opposed(test: Any) -> list[str]:
    return [
        _spherier_header(test.engine, "opposed"),
        f"{_skill_text(test.attacker)}{_modifiers(test.attacker_bonus, test.attacker_malus)}"
        f" contre {_skill_text(test.defender)}",
        "Égalité au défenseur (a tie goes to the defender)",
    ]


def _spherier_extended(test: Any) -> list[str]:
    unit = f", intervalle {test.interval.text}" if test.interval.unit else ""
    return [
        _spherier_header(test.engine, "extended"),
        f"{_skill_text(test.skill)}{_modifiers(test.bonus, test.malus)} : "
        f"DD par essai {test.step_dd}, total {test.total}{unit}",
        f"Essais possibles (attempts) : {test.max_attempts}",
    ]


def _spherier_team(test: Any) -> list[str]:
    helpers = ", ".join(_skill_text(skill) for skill in test.assistants) or "aucun (none)"
    return [
        _spherier_header(test.engine, "team"),
        f"Meneur (leader) : {_skill_text(test.leader)}{_modifiers(test.bonus, test.malus)}"
        f" contre DD {test.leader_dd}",
        f"Assistants contre DD {test.assistant_dd} : {helpers}",
    ]


def skill_text(skill: Any, t: Translate) -> str:
    """A Sphérier skill as notation, or its Maîtrise and Limite when it has no name."""
    if skill.name:
        return str(skill.notation)
    return f"{t('spherier.mastery')} {signed(skill.mastery)}, {t('spherier.limit')} {skill.limit}"


def _short_simple(inputs: Any, t: Translate) -> str:
    return f"{skill_text(inputs.skill, t)} · DD {inputs.dd}"


def _short_opposed(inputs: Any, t: Translate) -> str:
    return f"{skill_text(inputs.attacker, t)} / {skill_text(inputs.defender, t)}"


def _short_extended(inputs: Any, t: Translate) -> str:
    steps = f"({inputs.step_dd}, {inputs.total}, {inputs.interval.text})"
    return f"{skill_text(inputs.skill, t)} · {steps}"


def _short_team(inputs: Any, t: Translate) -> str:
    team = f"({inputs.leader_dd}, {inputs.assistant_dd})"
    return f"{skill_text(inputs.leader, t)} · {team} · {len(inputs.assistants)}"


DESCRIBED: dict[str, Callable[[Any], list[str]]] = {
    "spherier.SkillTest": _spherier,
    "spherier.OpposedSkillTest": _spherier_opposed,
    "spherier_extended.ExtendedTest": _spherier_extended,
    "spherier_extended.TeamTest": _spherier_team,
}
"""What each kind of its tests says before the roll, a line each."""
SHORT: dict[str, Callable[[Any, Translate], str]] = {
    "spherier.SkillTest": _short_simple,
    "spherier.OpposedSkillTest": _short_opposed,
    "spherier_extended.ExtendedTest": _short_extended,
    "spherier_extended.TeamTest": _short_team,
}
"""What each kind of its tests says in a journal's line, in the reader's language."""


class SpherierOptions(Options, total=False):
    """Le Sphérier's optional rules (its record's ``options``), with those every campaign
    has."""

    engine: Literal["d6", "d20"]


def options_of(options: Mapping[str, Any]) -> SpherierOptions:
    """A campaign's ``[options]`` (as checked when read), typed as Le Sphérier's."""
    return cast("SpherierOptions", options)


if TYPE_CHECKING:  # mypy holds this room to what a play room provides
    from meneur.play import spherier as _room
    from meneur.play.rooms import PlayRoom

    _checked: PlayRoom = _room
