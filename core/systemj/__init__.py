"""SYSTEMJ (docs/rules/systemj.md#systemj): a room of the core for one system.

- ``rules`` — d100 tests read 00–99 under a score on 100, and their odds.
- ``cards`` — the hand of Équipement, Ressources, Savoir and Pouvoirs cards.
- ``combat`` — combat scores, initiative, who acts next.
- ``sheet`` — the character sheet's fields, checks and derived values shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meneur.core.systems import Kind, Rules, System

if TYPE_CHECKING:
    from .rules import SystemjTest


def _test() -> Rules[SystemjTest]:
    from .rules import SystemjTest, odds, resolve, roll

    return Rules(SystemjTest, roll, resolve, odds)


TEST: Kind = Kind("systemj.SystemjTest", _test)
"""Its test: d100 under a score."""

SYSTEM = System(
    key="systemj",
    name="SYSTEMJ",
    gloss="d100 under a score",
    kinds=(TEST,),
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
)
"""SYSTEMJ, as every layer of meneur sees it."""
