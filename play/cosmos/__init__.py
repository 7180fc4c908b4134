"""The Tale of Great Cosmos's room in ``meneur.play``: what its tests say before they
are rolled (:data:`DESCRIBED`) and in a journal line (:data:`SHORT`); its rules of play
are the modules beside this one (combat, fatigue, the grid, mutations, the skill
tree)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, cast

from meneur.core.cosmos import AURA, INTUITION, PILOTING, TEST, TURN_ORDER
from meneur.core.kinds import Kind
from meneur.play.tested import Described, Short, Translate, language_of, signed, stat_name
from meneur.saves.state import Options

if TYPE_CHECKING:
    from meneur.content.strings import Strings


def _cosmos(test: Any, words: Strings) -> list[str]:
    from meneur.core.cosmos import rules as cosmos

    if test.stats:
        mean = test.base_threshold
        base = words.t("tested.mean_of", stats=", ".join(map(str, test.stats)), mean=mean)
    else:
        base = str(test.threshold)
    bonus = f", bonus {signed(test.bonus)}" if test.bonus else ""
    if test.state_bonus:
        bonus += f", {words.t('tested.state', bonus=signed(test.state_bonus))}"
    if test.bonus or test.state_bonus:
        bonus += f" → {test.effective_threshold}"
    effect = words.term(f"cosmos.karma.{cosmos.karma_effect(test.karma)}")
    lines = [
        words.term("system.cosmos"),
        words.t("tested.threshold", threshold=f"{base}{bonus}"),
        words.t("tested.karma", karma=signed(test.karma), effect=effect),
    ]
    if test.karma == cosmos.KARMA_MIN:
        lines.append(words.t("tested.karma_min"))
    if test.karma == cosmos.KARMA_MAX:
        lines.append(words.t("tested.karma_max"))
    if test.critical_failures:
        lines.append(
            words.t(
                "tested.critical_from",
                value=test.critical_failure_from,
                count=test.critical_failures,
            )
        )
    if test.final_skill:
        lines.append(words.t("tested.final_skill"))
    if test.reroll_bonus is not None:
        lines.append(words.t("tested.aura_reroll", threshold=test.reroll_threshold))
    return lines


def _intuition(test: Any, words: Strings) -> list[str]:
    return [words.term("system.intuition"), words.t("tested.intuition", value=test.intuition)]


def _piloting(test: Any, words: Strings) -> list[str]:
    die = test.effective_die
    lines = [words.term("system.piloting")]
    if test.vehicle:
        vehicle = words.term(f"piloting.vehicle.{test.vehicle}")
        lines.append(words.t("tested.vehicle", vehicle=vehicle, die=test.die))
    if test.stress:
        past = f"d{die}" if die else words.t("tested.past_d20")
        lines.append(words.t("tested.stress", stress=test.stress, die=past))
    scores = " + ".join(str(s) for s in test.scores)
    crew = f"{scores} = {test.score}" if len(test.scores) > 1 else scores
    lines.append(words.t("tested.pilots", crew=crew))
    if test.automatic == "failure":
        lines.append(words.t("tested.automatic_failure"))
    elif test.automatic == "success":
        lines.append(words.t("tested.automatic_success", die=die))
    else:
        lines.append(words.t("tested.piloting", die=die, score=test.score))
    return lines


def _turns(inputs: Any, words: Strings) -> list[str]:
    people = ", ".join(
        f"{c.ident} {c.agilite}" + (f" (+{c.extra_actions})" if c.extra_actions else "")
        for c in inputs.combatants
    )
    return [words.t("tested.round_order"), people]


def _aura(test: Any, words: Strings) -> list[str]:
    return [words.term("system.aura"), words.t("tested.aura_table")]


def _short(inputs: Any, t: Translate) -> str:
    threshold = t("cosmos.threshold_is", threshold=inputs.effective_threshold)
    if not inputs.names:
        return threshold
    lang = language_of(t)
    names = " + ".join(stat_name("cosmos.stat", name, lang) for name in inputs.names)
    return f"{names} · {threshold}"


DESCRIBED: dict[Kind, Described] = {
    TEST: _cosmos,
    INTUITION: _intuition,
    PILOTING: _piloting,
    AURA: _aura,
    TURN_ORDER: _turns,
}
"""What each kind of its tests says before the roll, a line each."""
SHORT: dict[Kind, Short] = {TEST: _short}
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


def sheet_content(directory: Path | None) -> object:
    """The campaign's gene tree (its ``genes.toml``, else the shipped example): its
    genes may raise a stat on the sheet and in the tests. None when the campaign's file
    does not read, or is not a plain file (a FIFO, a link: the campaign's check says
    why): the sheet then counts no gene. Read again only when the file changes (a sheet
    is drawn often)."""
    import os
    import stat

    from meneur.content import ContentError
    from meneur.content.cosmos import CAMPAIGN_GENES, gene_tree_for

    signature: tuple[object, ...] = (directory,)
    if directory is not None:
        try:
            found = os.lstat(directory / CAMPAIGN_GENES)
        except FileNotFoundError:
            pass
        except OSError:
            return None
        else:
            if not stat.S_ISREG(found.st_mode):
                return None
            signature += (found.st_ino, found.st_mtime_ns, found.st_size)
    if signature in _TREES:
        return _TREES[signature]
    try:
        tree = gene_tree_for(directory)
    except ContentError:
        tree = None
    if len(_TREES) >= 16:
        _TREES.clear()
    _TREES[signature] = tree
    return tree


_TREES: dict[tuple[object, ...], object] = {}
