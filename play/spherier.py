"""Le Sphérier's room in ``meneur.play``: what its tests say before they are rolled
(:data:`DESCRIBED`) and in a journal line (:data:`SHORT`)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, cast

from meneur.core.kinds import Kind
from meneur.core.spherier import EXTENDED, OPPOSED, TEAM, TEST
from meneur.saves.state import Options

from .tested import Described, Short, Translate, signed

if TYPE_CHECKING:
    from meneur.content.strings import Strings


def _modifiers(bonus: int, malus: int) -> str:
    parts = [f"bonus {signed(bonus)}" if bonus else "", f"malus {malus}" if malus else ""]
    shown = ", ".join(part for part in parts if part)
    return f" ({shown})" if shown else ""


def _spherier_header(engine: Any, kind: str, words: Strings) -> str:
    return (
        f"{words.term('system.spherier')} — {words.term(f'spherier.test.{kind}')},"
        f" {words.term(f'spherier.engine.{engine.value}')}"
    )


def _dd_text(engine: Any, dd: int, words: Strings) -> str:
    from meneur.core.spherier import rules as spherier

    names = [name for name, value in spherier.DD_SCALES[engine].items() if value == dd]
    return f"DD {dd}" + (f", {words.term(f'spherier.dd.{names[0]}')}" if names else "")


def _spherier(test: Any, words: Strings) -> list[str]:
    skill = f"{skill_text(test.skill, words.t)}{_modifiers(test.bonus, test.malus)}"
    return [
        _spherier_header(test.engine, "simple", words),
        words.t("tested.against", skill=skill, other=_dd_text(test.engine, test.dd, words)),
    ]


def _spherier_opposed(test: Any, words: Strings) -> list[str]:
    attacker = _modifiers(test.attacker_bonus, test.attacker_malus)
    return [
        _spherier_header(test.engine, "opposed", words),
        words.t(
            "tested.against",
            skill=f"{skill_text(test.attacker, words.t)}{attacker}",
            other=skill_text(test.defender, words.t),
        ),
        words.t("tested.tie"),
    ]


def _spherier_extended(test: Any, words: Strings) -> list[str]:
    skill = f"{skill_text(test.skill, words.t)}{_modifiers(test.bonus, test.malus)}"
    steps = {"skill": skill, "step": test.step_dd, "total": test.total}
    return [
        _spherier_header(test.engine, "extended", words),
        words.t("tested.per_attempt_interval", interval=test.interval.text, **steps)
        if test.interval.unit
        else words.t("tested.per_attempt", **steps),
        words.t("tested.attempts", count=test.max_attempts),
    ]


def _spherier_team(test: Any, words: Strings) -> list[str]:
    helpers = ", ".join(skill_text(skill, words.t) for skill in test.assistants)
    leader = f"{skill_text(test.leader, words.t)}{_modifiers(test.bonus, test.malus)}"
    return [
        _spherier_header(test.engine, "team", words),
        words.t("tested.leader", skill=leader, dd=test.leader_dd),
        words.t(
            "tested.assistants", dd=test.assistant_dd, helpers=helpers or words.t("tested.nobody")
        ),
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


DESCRIBED: dict[Kind, Described] = {
    TEST: _spherier,
    OPPOSED: _spherier_opposed,
    EXTENDED: _spherier_extended,
    TEAM: _spherier_team,
}
"""What each kind of its tests says before the roll, a line each."""
SHORT: dict[Kind, Short] = {
    TEST: _short_simple,
    OPPOSED: _short_opposed,
    EXTENDED: _short_extended,
    TEAM: _short_team,
}
"""What each kind of its tests says in a journal's line, in the reader's language."""


class SpherierOptions(Options, total=False):
    """Le Sphérier's optional rules (its record's ``options``), with those every campaign
    has."""

    engine: Literal["d6", "d20"]


def options_of(options: Mapping[str, Any]) -> SpherierOptions:
    """A campaign's ``[options]`` (as checked when read), typed as Le Sphérier's."""
    return cast("SpherierOptions", options)


def sheet_content(directory: Path | None) -> None:
    """No rule data of the campaign's own that its sheets read: none."""
    return None
