"""Dé vingt's room in meneur.play: what its test says before the roll and in a journal
line."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from meneur.content import term
from meneur.play.tested import Translate, signed


def _described(test: Any) -> list[str]:
    return [
        term("d20.test").glossed,
        f"1d20 {signed(test.modifier)} ≥ {test.difficulty}"
        f" (Talent {test.talent}, bonus {signed(test.bonus)})",
    ]


def _short(test: Any, t: Translate) -> str:
    return f"1d20 {signed(test.modifier)} ≥ {test.difficulty}"


DESCRIBED: dict[str, Callable[[Any], list[str]]] = {"d20.D20Test": _described}
SHORT: dict[str, Callable[[Any, Translate], str]] = {"d20.D20Test": _short}
