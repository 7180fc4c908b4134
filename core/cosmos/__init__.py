"""The Tale of Great Cosmos (docs/rules/cosmos.md#cosmos): a room of the core for one system.

- ``rules`` — d100 tests, karma, the intuition roll, and their odds.
- ``catalogue`` — races, classes, talents, affiliations, and creation's checks of them.
- ``creation`` — the creation rolls and the pre-v4 conversion.
- ``draft`` — a character being created, step by step.
- ``levels`` — level-ups: the rolls, then the player's choices.
- ``genes`` — the gene tree and the DNA points spent in it.
- ``mutations`` — the gauge Pμ, the mutation roll, escalation, the ultimate mutation.
- ``sheet`` — the character sheet's fields, checks and derived values shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meneur.core.systems import Kind, Rules, System

if TYPE_CHECKING:
    from .aura import AuraTest
    from .combat import AutoDefence, PostureDie
    from .creation import ConversionOptions, CreationOptions
    from .levels import LevelUpInputs
    from .movement import TurnOrderInputs
    from .mutations import MutationInputs, UltimateInputs
    from .piloting import PilotingTest
    from .rules import CosmosTest, IntuitionTest
    from .skills import LevelSkillPoints


def _test() -> Rules[CosmosTest]:
    from .rules import CosmosTest, odds, resolve, roll

    return Rules(CosmosTest, roll, resolve, odds)


def _intuition() -> Rules[IntuitionTest]:
    from .rules import IntuitionTest, intuition_odds, resolve_intuition, roll_intuition

    return Rules(IntuitionTest, roll_intuition, resolve_intuition, intuition_odds)


def _mutation() -> Rules[MutationInputs]:
    from .mutations import MutationInputs, odds, resolve, roll

    return Rules(MutationInputs, roll, resolve, odds)


def _ultimate() -> Rules[UltimateInputs]:
    from .mutations import UltimateInputs, resolve_ultimate, roll_ultimate

    return Rules(UltimateInputs, roll_ultimate, resolve_ultimate)


def _level_up() -> Rules[LevelUpInputs]:
    from .levels import LevelUpInputs, roll

    return Rules(LevelUpInputs, roll)


def _creation() -> Rules[CreationOptions]:
    from .creation import CreationOptions, roll_creation

    return Rules(CreationOptions, roll_creation)


def _conversion() -> Rules[ConversionOptions]:
    from .creation import ConversionOptions, roll_conversion

    return Rules(ConversionOptions, roll_conversion)


def _piloting() -> Rules[PilotingTest]:
    from .piloting import PilotingTest, odds, resolve, roll

    return Rules(PilotingTest, roll, resolve, odds)


def _aura() -> Rules[AuraTest]:
    from .aura import AuraTest, odds, resolve, roll

    return Rules(AuraTest, roll, resolve, odds)


def _turn_order() -> Rules[TurnOrderInputs]:
    from .movement import TurnOrderInputs, resolve_order, roll_order

    return Rules(TurnOrderInputs, roll_order, resolve_order)


def _auto_defence() -> Rules[AutoDefence]:
    from .combat import AutoDefence, auto_odds, resolve_auto, roll_auto

    return Rules(AutoDefence, roll_auto, resolve_auto, auto_odds)


def _posture_die() -> Rules[PostureDie]:
    from .combat import PostureDie, die_odds, resolve_die, roll_die

    return Rules(PostureDie, roll_die, resolve_die, die_odds)


def _skill_points() -> Rules[LevelSkillPoints]:
    from .skills import LevelSkillPoints, points_odds, resolve_points, roll_points

    return Rules(LevelSkillPoints, roll_points, resolve_points, points_odds)


TEST: Kind = Kind("cosmos.CosmosTest", _test)
"""The d100 test."""
INTUITION: Kind = Kind("cosmos.IntuitionTest", _intuition)
"""The intuition roll."""
MUTATION: Kind = Kind("mutations.MutationInputs", _mutation)
"""A mutation roll."""
ULTIMATE: Kind = Kind("mutations.UltimateInputs", _ultimate)
"""The ultimate mutation's roll."""
LEVEL_UP: Kind = Kind("cosmos_levels.LevelUpInputs", _level_up)
"""A level-up's rolls."""
CREATION: Kind = Kind("cosmos_creation.CreationOptions", _creation)
"""A character's creation rolls."""
CONVERSION: Kind = Kind("cosmos_creation.ConversionOptions", _conversion)
"""The rolls converting a sheet made before v4."""
PILOTING: Kind = Kind("cosmos.piloting.PilotingTest", _piloting)
"""A piloting test."""
AURA: Kind = Kind("cosmos.aura.AuraTest", _aura)
"""An aura roll."""
TURN_ORDER: Kind = Kind("cosmos.movement.TurnOrderInputs", _turn_order)
"""A round's order."""
AUTO_DEFENCE: Kind = Kind("cosmos.combat.AutoDefence", _auto_defence)
"""An automatic defence."""
POSTURE_DIE: Kind = Kind("cosmos.combat.PostureDie", _posture_die)
"""A posture's die."""
SKILL_POINTS: Kind = Kind("cosmos.skills.LevelSkillPoints", _skill_points)
"""A level's skill points."""

_C = "meneur.core.cosmos"
SYSTEM = System(
    key="cosmos",
    name="The Tale of Great Cosmos",
    gloss="Great Cosmos",
    kinds=(
        TEST,
        INTUITION,
        MUTATION,
        ULTIMATE,
        LEVEL_UP,
        CREATION,
        CONVERSION,
        PILOTING,
        AURA,
        TURN_ORDER,
        AUTO_DEFENCE,
        POSTURE_DIE,
        SKILL_POINTS,
    ),
    modules={
        "cosmos": f"{_C}.rules",
        "cosmos_catalogue": f"{_C}.catalogue",
        "cosmos_creation": f"{_C}.creation",
        "cosmos_draft": f"{_C}.draft",
        "cosmos_levels": f"{_C}.levels",
        "genes": f"{_C}.genes",
        "mutations": f"{_C}.mutations",
    },
    sheet=f"{_C}.sheet",
    options={
        "karma": (bool, True),
        "dna": (bool, False),
        "endurance": (bool, False),
        "mental_health": (bool, False),
        "piloting": (bool, False),
        "aura": (bool, False),
        "affiliation": (bool, False),
        "movement": (bool, False),
        "turn_order": (bool, False),
        "inventory": (bool, False),
        "skill_sheet": (str, "none"),
    },
    option_choices={"skill_sheet": ("none", "standard", "progressive", "fixed")},
    secrecy=("cosmos", "intuition", "aura", "piloting"),
    npc=f"{_C}.sheet:npc",
)
"""The Tale of Great Cosmos, as every layer of meneur sees it."""
