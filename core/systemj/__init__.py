"""SYSTEMJ (docs/rules/systemj.md#systemj): a room of the core for one system.

- ``rules`` — d100 tests read 00–99 under a score on 100, and their odds.
- ``cards`` — the hand of Équipement, Ressources, Savoir and Pouvoirs cards.
- ``combat`` — combat scores, initiative, who acts next.
- ``sheet`` — the character sheet's fields, checks and derived values shown.
"""

from __future__ import annotations

from meneur.core.systems import Functions, System

SYSTEM = System(
    key="systemj",
    name="SYSTEMJ",
    gloss="d100 under a score",
    kinds={
        "systemj.SystemjTest": Functions(
            "meneur.core.systemj.rules:roll",
            "meneur.core.systemj.rules:resolve",
            "meneur.core.systemj.rules:odds",
        ),
    },
    modules={
        "systemj": "meneur.core.systemj.rules",
        "systemj_cards": "meneur.core.systemj.cards",
        "systemj_combat": "meneur.core.systemj.combat",
    },
    sheet="meneur.core.systemj.sheet",
    parsers={
        "systemj.card": "meneur.core.systemj.cards:parse_card",
        "systemj.card_data": "meneur.core.systemj.cards:Card.from_data",
    },
    secrecy=("systemj",),
    npc="meneur.core.systemj.sheet:npc",
    turn_choices=("Action", "Mouvement"),
    rooms={
        "play": "meneur.play.systemj",
        "tui": "meneur.tui.widgets.panels.systemj",
        "cli": "meneur.cli.systemj",
    },
)
"""SYSTEMJ, as every layer of meneur sees it."""
