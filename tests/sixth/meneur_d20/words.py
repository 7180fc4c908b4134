"""Dé vingt's room in meneur.play: what its test says before the roll and in a journal
line."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from meneur.content import term
from meneur.core.kinds import Kind
from meneur.play.tested import Described, Short, Translate, signed
from meneur.saves.state import Options
from meneur_d20 import TEST

if TYPE_CHECKING:
    from meneur.content.strings import Strings


def _described(test: Any, words: Strings) -> list[str]:
    return [
        term("d20.test").said(words.lang),
        f"1d20 {signed(test.modifier)} ≥ {test.difficulty}"
        f" (Talent {test.talent}, bonus {signed(test.bonus)})",
    ]


def _short(test: Any, t: Translate) -> str:
    return f"1d20 {signed(test.modifier)} ≥ {test.difficulty}"


DESCRIBED: dict[Kind, Described] = {TEST: _described}
SHORT: dict[Kind, Short] = {TEST: _short}


def options_of(options: Mapping[str, Any]) -> Options:
    """A campaign's ``[options]``: the d20 has none of its own."""
    return cast("Options", options)


def sheet_content(directory: Path | None) -> None:
    """No rule data of the campaign's own that its sheets read: none."""
    return None
