"""Les Traits' room in ``meneur.play``: what its tests say before they are rolled
(:data:`DESCRIBED`) and in a journal line (:data:`SHORT`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, cast

from meneur.content import term
from meneur.saves.state import Options

from .tested import Translate, signed


def _pool(dice: int, bonus: int, bonus_die: Any) -> str:
    parts = [f"{dice} dés (dice)"]
    if bonus:
        parts.append(signed(bonus))
    if bonus_die is not None:
        parts.append(bonus_die.text)
    return " ".join(parts)


def _traits(test: Any) -> list[str]:
    from meneur.core.traits import rules as traits

    difficulty = f"Difficulté {test.difficulty}"
    if test.blessing is not None:
        blessing = term(f"traits.blessing.{test.blessing.value}")
        when = ", après le jet (after the roll)" if test.blessing_after else ""
        difficulty += f", {blessing.fr} ({blessing.en}){when} → {test.effective_difficulty}"
    lines = [
        term("system.traits").glossed,
        f"Jet (roll) : {_pool(test.dice, test.bonus, test.bonus_die)} ; {difficulty}",
        f"Réussites requises (successes needed) : {test.need}",
    ]
    if isinstance(test.poker, traits.PokerPolicy):
        lines.append(
            f"{term('traits.poker').fr} : {term(f'traits.policy.{test.poker.value}').glossed}"
        )
    if test.forced_poker:
        lines.append(f"{term('traits.poker').fr} forcé par un talent (forced by a talent)")
    return lines


def _traits_opposed(test: Any) -> list[str]:
    attacker, defender = test.attacker, test.defender
    lines = [
        f"{term('system.traits').fr} — {term('traits.opposed').glossed}, Difficulté 4",
        f"Attaquant (attacker) : {_pool(attacker.dice, attacker.bonus, attacker.bonus_die)}"
        f", {term(f'traits.policy.{attacker.policy.value}').fr}",
        f"Défenseur (defender) : {_pool(defender.dice, defender.bonus, defender.bonus_die)}"
        f", {term(f'traits.policy.{defender.policy.value}').fr}",
        "Égalité au défenseur (a tie goes to the defender)"
        + (f" ; au moins {test.minimum} réussites (at least)" if test.minimum > 1 else ""),
    ]
    return lines


def _short_test(inputs: Any, t: Translate) -> str:
    difficulty = f"{t('traits.difficulty')} {inputs.effective_difficulty}"
    return f"{inputs.dice} {t('traits.dice')}, {difficulty}, {t('traits.need')} {inputs.need}"


def _short_opposed(inputs: Any, t: Translate) -> str:
    sides = f"{inputs.attacker.dice} / {inputs.defender.dice}"
    return f"{term('traits.opposed').fr} : {sides} {t('traits.dice')}, 4"


DESCRIBED: dict[str, Callable[[Any], list[str]]] = {
    "traits.TraitTest": _traits,
    "traits_opposed.OpposedTest": _traits_opposed,
}
"""What each kind of its tests says before the roll, a line each."""
SHORT: dict[str, Callable[[Any, Translate], str]] = {
    "traits.TraitTest": _short_test,
    "traits_opposed.OpposedTest": _short_opposed,
}
"""What each kind of its tests says in a journal's line, in the reader's language."""


class TraitsOptions(Options, total=False):
    """Les Traits's optional rules (its record's ``options``), with those every campaign
    has."""

    opposed_tests: bool


def options_of(options: Mapping[str, Any]) -> TraitsOptions:
    """A campaign's ``[options]`` (as checked when read), typed as Les Traits's."""
    return cast("TraitsOptions", options)


if TYPE_CHECKING:  # mypy holds this room to what a play room provides
    from meneur.play import traits as _room
    from meneur.play.rooms import PlayRoom

    _checked: PlayRoom = _room
