"""Le Sphérier (docs/rules/spherier.md#spherier): a room of the core for one system.

- ``rules`` — the two engines: simple and opposed skill tests, and their odds.
- ``extended`` — extended and team tests, attempt by attempt.
- ``notation`` — the seed's notations for skills and tests, read exactly.
- ``sheet`` — the character sheet's fields and checks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meneur.core.systems import Kind, Rules, System

if TYPE_CHECKING:
    from .extended import ExtendedTest, TeamTest
    from .rules import OpposedSkillTest, SkillTest


def _test() -> Rules[SkillTest]:
    from .rules import SkillTest, odds, resolve, roll

    return Rules(SkillTest, roll, resolve, odds)


def _opposed() -> Rules[OpposedSkillTest]:
    from .rules import OpposedSkillTest, opposed_odds, resolve_opposed, roll_opposed

    return Rules(OpposedSkillTest, roll_opposed, resolve_opposed, opposed_odds)


def _extended() -> Rules[ExtendedTest]:
    from .extended import ExtendedTest, extended_odds, resolve_extended, roll_extended

    return Rules(ExtendedTest, roll_extended, resolve_extended, extended_odds)


def _team() -> Rules[TeamTest]:
    from .extended import TeamTest, resolve_team, roll_team, team_odds

    return Rules(TeamTest, roll_team, resolve_team, team_odds)


TEST: Kind = Kind("spherier.SkillTest", _test)
"""A skill test."""
OPPOSED: Kind = Kind("spherier.OpposedSkillTest", _opposed)
"""An opposed skill test."""
EXTENDED: Kind = Kind("spherier_extended.ExtendedTest", _extended)
"""An extended test, attempt by attempt."""
TEAM: Kind = Kind("spherier_extended.TeamTest", _team)
"""A team test."""

_RULES = "meneur.core.spherier.rules"
_EXTENDED = "meneur.core.spherier.extended"
SYSTEM = System(
    key="spherier",
    name="Le Sphérier",
    gloss="skill tests",
    kinds=(TEST, OPPOSED, EXTENDED, TEAM),
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
)
"""Le Sphérier, as every layer of meneur sees it."""
