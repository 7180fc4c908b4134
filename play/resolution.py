"""Résoudre une action's room in ``meneur.play``: what its test says before it is rolled
(:data:`DESCRIBED`) and in a journal line (:data:`SHORT`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, cast

from meneur.content import term
from meneur.saves.state import Options

from .tested import Translate, signed


def _described(test: Any) -> list[str]:
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


def _short(test: Any, t: Translate) -> str:
    """``score 2 (Épée 2), stable`` — a declared result by its name."""
    from meneur.content import term

    if test.declared is not None:
        return term(f"resolution.declared.{test.declared.value}").fr
    elements = " + ".join(
        f"{e.name} {e.score}" + (f" {t('resolution.lent_by', name=e.lender)}" if e.lender else "")
        for e in test.elements
    )
    alteration = term(f"resolution.alteration.{test.alteration.value}").fr
    words = (
        f"score {test.score_to_beat}" + (f" ({elements})" if elements else "") + f", {alteration}"
    )
    return f"{t('resolution.group')} · {words}" if test.group else words


DESCRIBED: dict[str, Callable[[Any], list[str]]] = {"resolution.ResolutionTest": _described}
"""What each kind of its tests says before the roll, a line each."""
SHORT: dict[str, Callable[[Any, Translate], str]] = {"resolution.ResolutionTest": _short}
"""What each kind of its tests says in a journal's line, in the reader's language."""


class ResolutionOptions(Options, total=False):
    """Résoudre une action's optional rules (its record's ``options``), with those every campaign
    has."""

    opposed: bool
    environment_oracle: bool
    character_points: bool


def options_of(options: Mapping[str, Any]) -> ResolutionOptions:
    """A campaign's ``[options]`` (as checked when read), typed as Résoudre une action's."""
    return cast("ResolutionOptions", options)


if TYPE_CHECKING:  # mypy holds this room to what a play room provides
    from meneur.play import resolution as _room
    from meneur.play.rooms import PlayRoom

    _checked: PlayRoom = _room
