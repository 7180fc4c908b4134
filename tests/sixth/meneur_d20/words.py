"""Dé vingt's room in meneur.play: what its test says before the roll and in a journal
line."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from meneur.content import term
from meneur.play.tested import Translate, signed
from meneur.saves.state import Options

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


DESCRIBED: dict[str, Callable[[Any, Strings], list[str]]] = {"d20.D20Test": _described}
SHORT: dict[str, Callable[[Any, Translate], str]] = {"d20.D20Test": _short}


def options_of(options: Mapping[str, Any]) -> Options:
    """A campaign's ``[options]``: the d20 has none of its own."""
    return cast("Options", options)


def sheet_content(directory: Path | None) -> None:
    """No rule data of the campaign's own that its sheets read: none."""
    return None


if TYPE_CHECKING:  # mypy holds this room to what a play room provides
    from meneur.play.rooms import PlayRoom
    from meneur_d20 import words as _room

    _checked: PlayRoom = _room
