"""Résoudre une action (docs/rules/resolution.md#resolution): a room of the core for one system.

- ``rules`` — scales, elements, the alteration table, 3d6 keep-under tests and odds.
- ``sheet`` — the character sheet's fields and checks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meneur.core.systems import Kind, Rules, System

if TYPE_CHECKING:
    from .rules import ResolutionTest


def _test() -> Rules[ResolutionTest]:
    from .rules import ResolutionTest, odds, resolve, roll

    return Rules(ResolutionTest, roll, resolve, odds)


TEST: Kind = Kind("resolution.ResolutionTest", _test)
"""Its test: 3d6 keep-under against a score to beat."""

SYSTEM = System(
    key="resolution",
    name="Résoudre une action",
    gloss="resolve an action",
    kinds=(TEST,),
    modules={"resolution": "meneur.core.resolution.rules"},
    sheet="meneur.core.resolution.sheet",
    options={
        "opposed": (bool, False),
        "environment_oracle": (bool, True),
        "character_points": (bool, False),
    },
    secrecy=("resolution",),
    npc="meneur.core.resolution.sheet:npc",
)
"""Résoudre une action, as every layer of meneur sees it."""
