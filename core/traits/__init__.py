"""Les Traits (docs/rules/traits.md#traits): a room of the core for one system.

- ``rules`` — d6 pools against a Difficulty, bless and curse, Coup de poker; odds.
- ``opposed`` — the opposed test, played step by step.
- ``derived`` — values derived from the base traits.
- ``sheet`` — the character sheet's fields, checks and derived values shown.
"""

from __future__ import annotations

from meneur.core.systems import Functions, System

SYSTEM = System(
    key="traits",
    name="Les Traits",
    gloss="d6 pools",
    kinds={
        "traits.TraitTest": Functions(
            "meneur.core.traits.rules:roll",
            "meneur.core.traits.rules:resolve",
            "meneur.core.traits.rules:odds",
        ),
        "traits_opposed.OpposedTest": Functions(
            "meneur.core.traits.opposed:play", None, "meneur.core.traits.opposed:odds"
        ),
    },
    modules={
        "traits": "meneur.core.traits.rules",
        "traits_opposed": "meneur.core.traits.opposed",
        "traits_derived": "meneur.core.traits.derived",
    },
    sheet="meneur.core.traits.sheet",
    options={"opposed_tests": (bool, True)},
    secrecy=("traits",),
    npc="meneur.core.traits.sheet:npc",
    rooms={
        "play": "meneur.play.traits",
        "tui": "meneur.tui.widgets.panels.traits",
        "cli": "meneur.cli.traits",
    },
    continues="poker",
    continued_counts="meneur.core.traits.rules:poker_counted",
)
"""Les Traits, as every layer of meneur sees it."""
