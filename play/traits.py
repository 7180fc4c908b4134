"""Les Traits' room in ``meneur.play``: what its tests say before they are rolled
(:data:`DESCRIBED`) and in a journal line (:data:`SHORT`)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from meneur.content import term
from meneur.content.outcomes import colon
from meneur.core.kinds import Kind
from meneur.core.traits import OPPOSED, TEST
from meneur.saves.state import Options

from .tested import Described, Short, Translate, language_of, signed

if TYPE_CHECKING:
    from meneur.content.strings import Strings


def _pool(dice: int, bonus: int, bonus_die: Any, words: Strings) -> str:
    parts = [words.t("tested.pool", count=dice)]
    if bonus:
        parts.append(signed(bonus))
    if bonus_die is not None:
        parts.append(bonus_die.text)
    return " ".join(parts)


def _traits(test: Any, words: Strings) -> list[str]:
    from meneur.core.traits import rules as traits

    difficulty = words.t("tested.difficulty_is", difficulty=test.difficulty)
    if test.blessing is not None:
        blessing = words.term(f"traits.blessing.{test.blessing.value}")
        when = f", {words.t('tested.after_roll')}" if test.blessing_after else ""
        difficulty += f", {blessing}{when} → {test.effective_difficulty}"
    pool = _pool(test.dice, test.bonus, test.bonus_die, words)
    lines = [
        words.term("system.traits"),
        words.t("tested.roll", pool=pool, difficulty=difficulty),
        words.t("tested.successes_needed", need=test.need),
    ]
    poker = words.term("traits.poker")
    if isinstance(test.poker, traits.PokerPolicy):
        policy = words.term(f"traits.policy.{test.poker.value}")
        lines.append(words.t("tested.poker", poker=poker, policy=policy))
    if test.forced_poker:
        lines.append(words.t("tested.forced", poker=poker))
    return lines


def _traits_opposed(test: Any, words: Strings) -> list[str]:
    attacker, defender = test.attacker, test.defender
    difficulty = words.t("tested.difficulty_is", difficulty=4)
    return [
        f"{words.term('system.traits')} — {words.term('traits.opposed')}, {difficulty}",
        words.t(
            "tested.attacker",
            pool=_pool(attacker.dice, attacker.bonus, attacker.bonus_die, words),
            policy=words.term(f"traits.policy.{attacker.policy.value}"),
        ),
        words.t(
            "tested.defender",
            pool=_pool(defender.dice, defender.bonus, defender.bonus_die, words),
            policy=words.term(f"traits.policy.{defender.policy.value}"),
        ),
        words.t("tested.at_least", count=test.minimum)
        if test.minimum > 1
        else words.t("tested.tie"),
    ]


def _short_test(inputs: Any, t: Translate) -> str:
    difficulty = f"{t('traits.difficulty')} {inputs.effective_difficulty}"
    return f"{inputs.dice} {t('traits.dice')}, {difficulty}, {t('traits.need')} {inputs.need}"


def _short_opposed(inputs: Any, t: Translate) -> str:
    sides = f"{inputs.attacker.dice} / {inputs.defender.dice}"
    lang = language_of(t)
    return f"{term('traits.opposed').said(lang)}{colon(lang)}{sides} {t('traits.dice')}, 4"


DESCRIBED: dict[Kind, Described] = {
    TEST: _traits,
    OPPOSED: _traits_opposed,
}
"""What each kind of its tests says before the roll, a line each."""
SHORT: dict[Kind, Short] = {
    TEST: _short_test,
    OPPOSED: _short_opposed,
}
"""What each kind of its tests says in a journal's line, in the reader's language."""


class TraitsOptions(Options, total=False):
    """Les Traits's optional rules (its record's ``options``), with those every campaign
    has."""

    opposed_tests: bool


def options_of(options: Mapping[str, Any]) -> TraitsOptions:
    """A campaign's ``[options]`` (as checked when read), typed as Les Traits's."""
    return cast("TraitsOptions", options)


def sheet_content(directory: Path | None) -> None:
    """No rule data of the campaign's own that its sheets read: none."""
    return None
