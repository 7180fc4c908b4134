"""SYSTEMJ's room in ``meneur.play``: what its test says before it is rolled
(:data:`DESCRIBED`) and in a journal line (:data:`SHORT`)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from meneur.core.kinds import Kind
from meneur.core.systemj import TEST
from meneur.saves.state import Options

from .tested import Described, Short, Translate, language_of, signed, stat_name

if TYPE_CHECKING:
    from meneur.content.strings import Strings


def _systemj(test: Any, words: Strings) -> list[str]:
    if test.automatic:
        name = words.term("systemj.modifier.extremement-simple")
        detail = words.t("tested.no_roll", name=name)
    elif test.modifier:
        detail = f"{signed(test.modifier)} → {words.t('tested.score', score=test.effective)}"
    else:
        detail = words.t("tested.score", score=test.effective)
    return [
        words.term("system.systemj"),
        words.t("tested.value", value=test.value, detail=detail),
        words.t("tested.criticals", value=f"{test.value:02d}"),
    ]


def _short(inputs: Any, t: Translate) -> str:
    shown = f"{stat_name('systemj.attribute', inputs.label, language_of(t))} {inputs.value}".strip()
    effective = t("systemj.effective", score=inputs.effective)
    return f"{shown} · {effective} · {t('systemj.critical_on', value=inputs.value % 100)}"


DESCRIBED: dict[Kind, Described] = {TEST: _systemj}
"""What each kind of its tests says before the roll, a line each."""
SHORT: dict[Kind, Short] = {TEST: _short}
"""What each kind of its tests says in a journal's line, in the reader's language."""


def options_of(options: Mapping[str, Any]) -> Options:
    """A campaign's ``[options]``: SYSTEMJ has none of its own, only those every
    campaign has."""
    return cast("Options", options)


def sheet_content(directory: Path | None) -> None:
    """No rule data of the campaign's own that its sheets read: none."""
    return None
