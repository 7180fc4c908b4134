"""SYSTEMJ's room in ``meneur.play``: what its test says before it is rolled
(:data:`DESCRIBED`) and in a journal line (:data:`SHORT`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, cast

from meneur.content import term
from meneur.saves.state import Options

from .tested import Translate, signed, stat_name


def _systemj(test: Any) -> list[str]:
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


def _short(inputs: Any, t: Translate) -> str:
    shown = f"{stat_name('systemj.attribute', inputs.label)} {inputs.value}".strip()
    effective = t("systemj.effective", score=inputs.effective)
    return f"{shown} · {effective} · {t('systemj.critical_on', value=inputs.value % 100)}"


DESCRIBED: dict[str, Callable[[Any], list[str]]] = {"systemj.SystemjTest": _systemj}
"""What each kind of its tests says before the roll, a line each."""
SHORT: dict[str, Callable[[Any, Translate], str]] = {"systemj.SystemjTest": _short}
"""What each kind of its tests says in a journal's line, in the reader's language."""


def options_of(options: Mapping[str, Any]) -> Options:
    """A campaign's ``[options]``: SYSTEMJ has none of its own, only those every
    campaign has."""
    return cast("Options", options)


if TYPE_CHECKING:  # mypy holds this room to what a play room provides
    from meneur.play import systemj as _room
    from meneur.play.rooms import PlayRoom

    _checked: PlayRoom = _room
