"""Résoudre une action's room in ``meneur.play``: what its test says before it is rolled
(:data:`DESCRIBED`) and in a journal line (:data:`SHORT`)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from meneur.content import term
from meneur.core.kinds import Kind
from meneur.core.resolution import TEST
from meneur.saves.state import Options

from .tested import Described, Short, Translate, language_of, minus, signed

if TYPE_CHECKING:
    from meneur.content.strings import Strings


def _described(test: Any, words: Strings) -> list[str]:
    from meneur.core.resolution import rules as resolution

    lines = [words.term("system.resolution")]
    if test.declared is not None:
        declared = words.term(f"resolution.declared.{test.declared.value}")
        lines.append(words.t("tested.no_roll_no_side_effect", name=declared))
        return lines
    if test.intrinsic is not None and test.interest is not None:
        lines.append(
            words.t(
                "tested.difficulty",
                intrinsic=words.term(f"resolution.intrinsic.{test.intrinsic.value}"),
                intrinsic_modifier=signed(test.intrinsic.modifier),
                interest=words.term(f"resolution.interest.{test.interest.value}"),
                interest_modifier=signed(test.interest.modifier),
                difficulty=signed(test.difficulty),
            )
        )
    elif test.opposing is not None:
        defender = " + ".join(str(score) for score in test.opposing) or "0"
        lines.append(
            words.t("tested.opposed", defender=defender, difficulty=signed(test.difficulty))
        )
    if test.group:
        lines.append(words.t("tested.group"))
    if test.elements:
        shown = ", ".join(
            f"{element.score}"
            + (f" {words.t('tested.typical')}" if element.typical else "")
            + (f", {words.t('tested.lent_by', name=element.lender)}" if element.lender else "")
            for element in test.elements
        )
        lines.append(words.t("tested.elements", elements=shown))
    score = test.score_to_beat
    automatic = resolution.automatic_kept(score)
    line = words.t("tested.score_to_beat", score=minus(score))
    if automatic is not None:
        kind = "success" if automatic else "failure"
        automatic_words = words.term(f"resolution.automatic.{kind}")
        line += f" — {words.t('tested.no_roll', name=automatic_words)}"
    lines.append(line)
    alteration = term(f"resolution.alteration.{test.alteration.value}")
    lines.append(
        words.t(
            "tested.alteration",
            name=alteration.said(words.lang),
            hint=alteration.hint(words.lang),
        )
    )
    return lines


def _short(test: Any, t: Translate) -> str:
    """``score 2 (Épée 2), stable`` — a declared result by its name."""
    lang = language_of(t)
    if test.declared is not None:
        return term(f"resolution.declared.{test.declared.value}").said(lang)
    elements = " + ".join(
        f"{e.name} {e.score}" + (f" {t('resolution.lent_by', name=e.lender)}" if e.lender else "")
        for e in test.elements
    )
    alteration = term(f"resolution.alteration.{test.alteration.value}").said(lang)
    words = (
        f"score {minus(test.score_to_beat)}"
        + (f" ({elements})" if elements else "")
        + f", {alteration}"
    )
    return f"{t('resolution.group')} · {words}" if test.group else words


DESCRIBED: dict[Kind, Described] = {TEST: _described}
"""What each kind of its tests says before the roll, a line each."""
SHORT: dict[Kind, Short] = {TEST: _short}
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


def sheet_content(directory: Path | None) -> None:
    """No rule data of the campaign's own that its sheets read: none."""
    return None
