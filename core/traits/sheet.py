"""Les Traits' character sheet: the five attributes and the skills (all dice), equipment
with its bonuses, and the values derived from them (see :mod:`meneur.core.sheets`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meneur.core.errors import RulesError
from meneur.core.sheets import Derived, Field, Kind, Section, whole_or
from meneur.core.words import dashed

from .derived import DEFAULT_DEPLACEMENT, derived_values


def layout(
    options: Mapping[str, Any],
    sheet: Mapping[str, Any],
    context: Mapping[str, Any] | None = None,
) -> tuple[Section, ...]:
    """Les Traits: the five attributes and the skills share one table (all are dice)."""
    return (
        Section(
            "sheet.section.attributes",
            (
                Field(
                    "traits",
                    Kind.NAMED,
                    "sheet.traits",
                    0,
                    20,
                    {},
                    names=("Agilité", "Savoir", "Mental", "Force", "Vigueur"),
                    compact=True,
                ),
            ),
        ),
        Section(
            "sheet.section.equipment",
            (
                Field("equipment", Kind.BONUSES, "sheet.equipment", default={}),
                Field(
                    "deplacement",
                    Kind.NUMBER,
                    "sheet.deplacement",
                    0,
                    20,
                    DEFAULT_DEPLACEMENT,
                ),
            ),
        ),
    )


def _folded(names: Mapping[str, Any], wanted: str) -> Any:
    """The value under ``wanted``, whatever the case and accents of the sheet's key."""
    for name, value in names.items():
        if dashed(name) == wanted:
            return value
    return None


def derived(options: Mapping[str, Any], sheet: Mapping[str, Any]) -> list[Derived]:
    """Parade, Endurance and Déplacement as the sheet's traits and equipment make them."""
    traits = sheet.get("traits", {})
    traits = traits if isinstance(traits, Mapping) else {}
    melee = _folded(traits, "melee")
    vigueur = whole_or(_folded(traits, "vigueur"))
    equipment = sheet.get("equipment", {})
    parade_bonus = endurance_bonus = 0
    if isinstance(equipment, Mapping):
        for bonuses in equipment.values():
            if isinstance(bonuses, Mapping):
                parade_bonus += whole_or(bonuses.get("parade"))
                endurance_bonus += whole_or(bonuses.get("endurance"))
    try:
        values = derived_values(
            melee=whole_or(melee) if melee is not None else None,
            vigueur=max(vigueur, 0),
            parade_bonus=parade_bonus,
            endurance_bonus=endurance_bonus,
            deplacement=max(whole_or(sheet.get("deplacement"), 1), 0),
        )
    except RulesError:
        return []
    return [
        Derived("sheet.parade", values.parade),
        Derived("sheet.parade_instinctive", values.parade_instinctive),
        Derived("sheet.endurance", values.endurance),
        Derived("sheet.endurance_naturelle", values.endurance_naturelle),
        Derived("sheet.deplacement", values.deplacement),
    ]


NPC_TRAITS = ("Agilité", "Savoir", "Mental", "Force", "Vigueur", "Mêlée")
"""What a quick NPC has: the five attributes and Mêlée."""


def npc(dice: Any) -> dict[str, Any]:
    """A quick NPC's sheet (a ruling, docs/rulings.md): the five attributes 1d3 each,
    Mêlée 1d3."""
    return {"traits": {name: dice.roll(3, name) for name in NPC_TRAITS}}
