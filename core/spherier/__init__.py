"""Le Sphérier (docs/rules/spherier.md#spherier): a room of the core for one system.

- ``rules`` — the two engines: simple and opposed skill tests, and their odds.
- ``extended`` — extended and team tests, attempt by attempt.
- ``notation`` — the seed's notations for skills and tests, read exactly.
- ``sheet`` — the character sheet's fields and checks.
"""

from __future__ import annotations

from meneur.core.systems import Functions, System

_RULES = "meneur.core.spherier.rules"
_EXTENDED = "meneur.core.spherier.extended"
SYSTEM = System(
    key="spherier",
    name="Le Sphérier",
    gloss="skill tests",
    kinds={
        "spherier.SkillTest": Functions(f"{_RULES}:roll", f"{_RULES}:resolve", f"{_RULES}:odds"),
        "spherier.OpposedSkillTest": Functions(
            f"{_RULES}:roll_opposed", f"{_RULES}:resolve_opposed", f"{_RULES}:opposed_odds"
        ),
        "spherier_extended.ExtendedTest": Functions(
            f"{_EXTENDED}:roll_extended",
            f"{_EXTENDED}:resolve_extended",
            f"{_EXTENDED}:extended_odds",
        ),
        "spherier_extended.TeamTest": Functions(
            f"{_EXTENDED}:roll_team", f"{_EXTENDED}:resolve_team", f"{_EXTENDED}:team_odds"
        ),
    },
    modules={
        "spherier": _RULES,
        "spherier_extended": _EXTENDED,
        "spherier_notation": "meneur.core.spherier.notation",
    },
    sheet="meneur.core.spherier.sheet",
    parsers={
        "spherier.skill": "meneur.core.spherier.notation:parse_skill",
        "spherier.ability": "meneur.core.spherier.notation:parse_ability",
        "spherier.passive": "meneur.core.spherier.passives:parse_passive",
    },
    options={"engine": (str, "d6")},
    option_choices={"engine": ("d6", "d20")},
    secrecy=("spherier",),
    npc="meneur.core.spherier.sheet:npc",
    rooms={
        "play": "meneur.play.spherier",
        "tui": "meneur.tui.widgets.panels.spherier",
        "cli": "meneur.cli.spherier",
    },
)
"""Le Sphérier, as every layer of meneur sees it."""
