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

from meneur.core.systems import Functions, System

_C = "meneur.core.cosmos"
SYSTEM = System(
    key="cosmos",
    name="The Tale of Great Cosmos",
    gloss="Great Cosmos",
    kinds={
        "cosmos.CosmosTest": Functions(
            f"{_C}.rules:roll", f"{_C}.rules:resolve", f"{_C}.rules:odds"
        ),
        "cosmos.IntuitionTest": Functions(
            f"{_C}.rules:roll_intuition",
            f"{_C}.rules:resolve_intuition",
            f"{_C}.rules:intuition_odds",
        ),
        "mutations.MutationInputs": Functions(
            f"{_C}.mutations:roll", f"{_C}.mutations:resolve", f"{_C}.mutations:odds"
        ),
        "mutations.UltimateInputs": Functions(
            f"{_C}.mutations:roll_ultimate", f"{_C}.mutations:resolve_ultimate", None
        ),
        "cosmos_levels.LevelUpInputs": Functions(f"{_C}.levels:roll", None, None),
        "cosmos_creation.CreationOptions": Functions(f"{_C}.creation:roll_creation", None, None),
        "cosmos_creation.ConversionOptions": Functions(
            f"{_C}.creation:roll_conversion", None, None
        ),
        "cosmos.piloting.PilotingTest": Functions(
            f"{_C}.piloting:roll", f"{_C}.piloting:resolve", f"{_C}.piloting:odds"
        ),
        "cosmos.aura.AuraTest": Functions(
            f"{_C}.aura:roll", f"{_C}.aura:resolve", f"{_C}.aura:odds"
        ),
        "cosmos.movement.TurnOrderInputs": Functions(
            f"{_C}.movement:roll_order", f"{_C}.movement:resolve_order", None
        ),
        "cosmos.combat.AutoDefence": Functions(
            f"{_C}.combat:roll_auto", f"{_C}.combat:resolve_auto", f"{_C}.combat:auto_odds"
        ),
        "cosmos.combat.PostureDie": Functions(
            f"{_C}.combat:roll_die", f"{_C}.combat:resolve_die", f"{_C}.combat:die_odds"
        ),
        "cosmos.skills.LevelSkillPoints": Functions(
            f"{_C}.skills:roll_points", f"{_C}.skills:resolve_points", f"{_C}.skills:points_odds"
        ),
    },
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
    rooms={
        "play": "meneur.play.cosmos",
        "saves": "meneur.saves.cosmos",
        "tui": "meneur.tui.widgets.panels.cosmos",
        "cli": "meneur.cli.cosmos",
    },
)
"""The Tale of Great Cosmos, as every layer of meneur sees it."""
