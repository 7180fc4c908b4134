"""Résoudre une action (docs/rules/resolution.md#resolution): a room of the core for one system.

- ``rules`` — scales, elements, the alteration table, 3d6 keep-under tests and odds.
- ``sheet`` — the character sheet's fields and checks.
"""

from __future__ import annotations

from meneur.core.systems import Functions, System

SYSTEM = System(
    key="resolution",
    name="Résoudre une action",
    gloss="resolve an action",
    kinds={
        "resolution.ResolutionTest": Functions(
            "meneur.core.resolution.rules:roll",
            "meneur.core.resolution.rules:resolve",
            "meneur.core.resolution.rules:odds",
        ),
    },
    modules={"resolution": "meneur.core.resolution.rules"},
    sheet="meneur.core.resolution.sheet",
    options={
        "opposed": (bool, False),
        "environment_oracle": (bool, True),
        "character_points": (bool, False),
    },
    secrecy=("resolution",),
    npc="meneur.core.resolution.sheet:npc",
    rooms={
        "play": "meneur.play.resolution",
        "tui": "meneur.tui.widgets.panels.resolution",
        "cli": "meneur.cli.resolution",
    },
)
"""Résoudre une action, as every layer of meneur sees it."""
