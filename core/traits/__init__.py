"""Les Traits (docs/rules/traits.md#traits): a room of the core for one system.

- ``rules`` — d6 pools against a Difficulty, bless and curse, Coup de poker; odds.
- ``opposed`` — the opposed test, played step by step.
- ``derived`` — values derived from the base traits.
- ``sheet`` — the character sheet's fields, checks and derived values shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meneur.core.systems import Kind, Rules, System

if TYPE_CHECKING:
    from .opposed import OpposedTest
    from .rules import TraitTest


def _test() -> Rules[TraitTest]:
    from .rules import TraitTest, odds, resolve, roll

    return Rules(TraitTest, roll, resolve, odds)


def _opposed() -> Rules[OpposedTest]:
    from .opposed import OpposedTest, odds, play

    return Rules(OpposedTest, play, None, odds)


TEST: Kind = Kind("traits.TraitTest", _test)
"""Its test: a pool of d6 against a Difficulty."""
OPPOSED: Kind = Kind("traits_opposed.OpposedTest", _opposed)
"""Its opposed test, played step by step (never read from faces alone)."""

SYSTEM = System(
    key="traits",
    name="Les Traits",
    gloss="d6 pools",
    kinds=(TEST, OPPOSED),
    modules={
        "traits": "meneur.core.traits.rules",
        "traits_opposed": "meneur.core.traits.opposed",
        "traits_derived": "meneur.core.traits.derived",
    },
    sheet="meneur.core.traits.sheet",
    options={"opposed_tests": (bool, True)},
    secrecy=("traits",),
    npc="meneur.core.traits.sheet:npc",
    continues="poker",
    continued_counts="meneur.core.traits.rules:poker_counted",
)
"""Les Traits, as every layer of meneur sees it."""
